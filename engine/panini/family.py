"""The Panini family behind the engine's contract (engine.core.family)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.family import FamilyGame
from engine.panini.cards import CardPool, load_pool
from engine.panini.game import Game
from engine.panini.invariants import violations
from engine.panini.rulesets import RULESETS
from engine.panini.view import player_view


class PaniniFamily:
    """Panini DBZ TCG, rulesets panini-2016 and panini-2014, over one card pool."""

    name = "panini"

    def __init__(self, pool: CardPool | None = None) -> None:
        self._pool = pool

    @property
    def pool(self) -> CardPool:
        if self._pool is None:
            self._pool = load_pool()
        return self._pool

    @property
    def rulesets(self) -> Mapping[str, str]:
        return {name: ruleset.title for name, ruleset in RULESETS.items()}

    def new_game(self, decks: Sequence[Any], seed: int, ruleset: str) -> Game:
        return Game.new(decks, seed, ruleset, self.pool)

    def load_game(self, text: str) -> Game:
        return Game.from_json(text, self.pool)

    def view(self, game: FamilyGame, viewer: int | None) -> dict[str, Any]:
        return player_view(self._own(game), viewer)

    def violations(self, game: FamilyGame) -> list[str]:
        return violations(self._own(game))

    @staticmethod
    def _own(game: FamilyGame) -> Game:
        if not isinstance(game, Game):
            raise TypeError(f"not a Panini game: {type(game).__name__}")
        return game
