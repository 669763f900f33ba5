"""What a game tells the world: events, each public or private to one player, and the
outcome of an answer (docs/games.md). Views and logs are built from these; a private
event is only ever shown to the player it names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    text: str
    private_to: int | None = None  # None: public; else only this player may see it
    data: tuple[tuple[str, Any], ...] = ()

    @property
    def public(self) -> bool:
        return self.private_to is None


@dataclass(frozen=True, slots=True)
class Outcome:
    """An answer accepted (with what it caused) or rejected (with a reason): a rejected
    answer changes nothing."""

    ok: bool
    reason: str = ""
    events: tuple[Event, ...] = ()


class EngineError(RuntimeError):
    """A bug in the engine (never bad input): the state machine ran out of work."""
