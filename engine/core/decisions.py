"""A pending decision and its legal options: how every game family asks a player
(docs/games.md). The engine advances until it needs a human, then exposes exactly one
Decision; the caller answers with one option id, quoting the decision's `seq`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

JsonDict = dict[str, Any]


@dataclass(slots=True)
class Task:
    """A small unit of work still to do (kind, args): a game's work is data, so a game
    stopped at any decision reloads from JSON and carries on identically."""

    kind: str
    args: JsonDict


@dataclass(frozen=True, slots=True)
class Option:
    id: str  # stable within the decision: what callers send back
    label: str  # what people read (the CLI and scenario files use it too)


@dataclass(slots=True)
class Decision:
    seq: int  # the decision's number: answers quoting another number are stale
    player: int
    kind: str
    prompt: str
    options: list[Option]
    resume: Task  # what carries on once it is answered

    def option(self, option_id: str) -> Option | None:
        for option in self.options:
            if option.id == option_id:
                return option
        return None
