"""A model's d20 roll with its modifiers named, so the log shows how every total was made
("d20 12 +4 FOC -6 Brace +2 Last One Standing = 12") and players can check it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.primetime.damage import last_standing
from engine.primetime.data import StatName
from engine.primetime.stats import stat

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState


@dataclass(frozen=True)
class Rolled:
    die: int
    total: int
    text: str  # "d20 12 +4 FOC = 16"


def roll(game: PrimeTimeGame, m: ModelState, stat_name: StatName | None,
         *terms: tuple[str, int]) -> Rolled:  # fmt: skip
    """Roll for `m`: d20 + its `stat_name` + `terms` + Last One Standing (zero terms are
    left out of the text)."""
    die = game.d20()
    parts = [(stat_name.upper(), stat(game, m, stat_name))] if stat_name else []
    parts += [*terms, ("Last One Standing", last_standing(game, m))]
    total = die + sum(value for _, value in parts)
    shown = "".join(f" {value:+d} {name}" for name, value in parts if value)
    return Rolled(die, total, f"d20 {die}{shown} = {total}")
