"""The random player every family shares: a uniformly random legal option, from its own
seeded generator (engine.core.rng), so one seed replays the same choices. Families keep
their own greedy players; they know their games."""

from __future__ import annotations

from engine.core import rng
from engine.core.decisions import Decision
from engine.core.family import FamilyGame


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = seed & ((1 << 64) - 1)

    def choose(self, game: FamilyGame, decision: Decision) -> str:
        self._rng, index = rng.below(self._rng, len(decision.options))
        return decision.options[index].id
