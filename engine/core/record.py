"""The canonical record of a game, for every family: ruleset, seed, the two decks and the
ordered answers (DESIGN.md "Engine contract"). The state at any point is the replay of a
prefix; a judge's rollback is a replay to an earlier answer. What a deck is belongs to
the family, so the record stores decks as given and serialises them with the family's
own codec."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

DeckT = TypeVar("DeckT")

# Recorded answers that are not options of a decision: a player giving up.
GIVE_UP = {"@concede": "concede", "@forfeit": "forfeit"}


@dataclass(frozen=True, slots=True)
class Answer:
    player: int
    option: str  # an option id of the pending decision, a correction, or a key of GIVE_UP


@dataclass
class GameRecord(Generic[DeckT]):
    ruleset: str
    seed: int
    decks: tuple[DeckT, DeckT]
    decisions: list[Answer] = field(default_factory=list)

    def to_json(self, deck_data: Callable[[DeckT], dict[str, Any]]) -> str:
        data: dict[str, Any] = {
            "version": 1,
            "ruleset": self.ruleset,
            "seed": self.seed,
            "decks": [deck_data(deck) for deck in self.decks],
            "decisions": [[answer.player, answer.option] for answer in self.decisions],
        }
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, deck_from_data: Callable[[dict[str, Any]], DeckT]
                  ) -> GameRecord[DeckT]:  # fmt: skip
        data = json.loads(text)
        decks = tuple(deck_from_data(deck) for deck in data["decks"])
        if len(decks) != 2:
            raise ValueError("a game record has two decks")
        return cls(
            ruleset=data["ruleset"],
            seed=data["seed"],
            decks=(decks[0], decks[1]),
            decisions=[Answer(player, option) for player, option in data["decisions"]],
        )
