"""The Prime Time family behind the engine's contract (engine.core.family, docs/games.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.family import FamilyGame
from engine.primetime.game import PrimeTimeGame
from engine.primetime.invariants import violations
from engine.primetime.pool import Pool, sample_pool
from engine.primetime.roster import Roster
from engine.primetime.rulesets import RULESETS
from engine.primetime.view import view


class PrimeTimeFamily:
    """DBZ: Prime Time (`prime-time`), over a pool of characters and cards (default: the
    sample under data/primetime/). Its "decks" are rosters with their 20-card decks."""

    name = "primetime"

    def __init__(self, pool: Pool | None = None) -> None:
        self._pool = pool

    @property
    def pool(self) -> Pool:
        if self._pool is None:
            self._pool = sample_pool()
        return self._pool

    @property
    def rulesets(self) -> Mapping[str, str]:
        return {name: rules.title for name, rules in RULESETS.items()}

    def new_game(self, decks: Sequence[Any], seed: int, ruleset: str) -> PrimeTimeGame:
        rosters = [d if isinstance(d, Roster) else Roster.model_validate(d) for d in decks]
        return PrimeTimeGame.new(rosters, seed, ruleset, self.pool)

    def load_game(self, text: str) -> PrimeTimeGame:
        return PrimeTimeGame.from_json(text, self.pool)

    def view(self, game: FamilyGame, viewer: int | None) -> dict[str, Any]:
        return view(self._own(game), viewer)

    def violations(self, game: FamilyGame, check_json: bool = True) -> list[str]:
        return violations(self._own(game), check_json)

    @staticmethod
    def _own(game: FamilyGame) -> PrimeTimeGame:
        if not isinstance(game, PrimeTimeGame):
            raise TypeError(f"not a Prime Time game: {type(game).__name__}")
        return game
