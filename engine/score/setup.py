"""Who goes first, and the Double Power Rule (score-ccg-2003-buu-saga-rulebook.txt
"Beginning a New Game", p. 21-22, steps 7, 8 and 12; "Z Power Stages", p. 48;
dbz-ocg-2016-rules.txt "How to Set Up a Game", steps 3, 4 and 7)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.core import rng
from engine.score.pat import PowerRating, Z
from engine.score.rulesets import ScoreRuleset

Alignment = Literal["hero", "villain"]  # a Rogue MP is declared one or the other (step 2)


@dataclass(frozen=True, slots=True)
class Opening:
    stages: tuple[int, int]  # each MP's Scouter, power stages above 0
    first: int  # the player who takes the first turn
    reason: Literal["double_power", "hero", "chance"]


def double_power(starting: tuple[PowerRating, PowerRating]) -> int | None:
    """The player whose MP's starting power rating is double or more the other's (step 8;
    "starting": on the Level 1 card at 5 stages above 0, where step 7 set it), or None.
    Never with a "Z" power stage (p. 48)."""
    first, second = starting
    if first == Z or second == Z or not isinstance(first, int) or not isinstance(second, int):
        return None
    if second > 0 and first >= 2 * second:
        return 0
    if first > 0 and second >= 2 * first:
        return 1
    return None


def opening(
    rules: ScoreRuleset,
    starting: tuple[PowerRating, PowerRating],
    top_stages: tuple[int, int],
    alignments: tuple[Alignment, Alignment],
    state: int,
) -> tuple[int, Opening]:
    """Each Scouter's start and who goes first, with the random state after any draw.

    Double Power Rule: the stronger MP starts at 2 above 0, the other at its highest
    power stage, and the other goes first. Otherwise both start at 5 above 0 and, in
    `score`, the hero goes first (paper-rock-scissors between two heroes or two villains:
    chosen at random here); in `ocg`, dice decide."""
    strong = double_power(starting)
    if strong is not None:
        weak = 1 - strong
        stages = [0, 0]
        stages[strong], stages[weak] = rules.double_power_stage, top_stages[weak]
        return state, Opening((stages[0], stages[1]), weak, "double_power")
    stages_at_start = (rules.mp_start_stage, rules.mp_start_stage)
    if rules.first_player == "hero" and alignments[0] != alignments[1]:
        return state, Opening(stages_at_start, alignments.index("hero"), "hero")
    state, first = rng.below(state, 2)
    return state, Opening(stages_at_start, first, "chance")
