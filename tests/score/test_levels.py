"""Anger and levels in the Score family (score-ccg-2003-buu-saga-rulebook.txt p. 20 and
p. 30; dbz-ocg-2016-rules.txt "Advancing Your Main Personality" and "New Rules")."""

from __future__ import annotations

from engine.score.levels import (
    Climb,
    advance_by_effect,
    lose_level,
    lower_anger,
    mppv_level,
    raise_anger,
)
from engine.score.rulesets import OCG, SCORE


def _goku(level: int = 1, anger: int = 0, levels: int = 4) -> Climb:
    return Climb(level=level, levels=levels, stage=5, top_stages=(10, 11, 12, 12, 12)[:levels],
                 anger=anger)  # fmt: skip


def test_five_anger_advances_a_level_and_anger_is_not_carried_over() -> None:
    # p. 30: "if your Warrior Sword reads 4, and your anger is raised 2 levels, your MP
    # advances a level, and you reset the Warrior Sword to 0"
    goku = _goku(anger=4)
    change = raise_anger(goku, 2, SCORE, win_level=4)
    assert (goku.level, goku.anger, goku.stage) == (2, 0, 11)  # the highest power stage
    assert change.advanced == 1 and change.drills_discarded and not change.wins_mppv
    assert raise_anger(goku, 4, SCORE, win_level=4).advanced == 0 and goku.anger == 4


def test_running_out_of_levels() -> None:
    # p. 30: at the highest level, 5 anger raises the MP to its highest power stage and
    # resets the sword; "You do not discard your Drills when this happens"
    goku = _goku(level=3, anger=3, levels=3)
    goku.stage = 2
    change = raise_anger(goku, 2, SCORE, win_level=4)
    assert (goku.level, goku.stage, goku.anger) == (3, 12, 0)
    assert change == type(change)()  # no advance, no Drill discarded, no win


def test_the_highest_level_in_play_wins_and_only_it() -> None:
    # p. 20: "If your MP can reach 4 personality levels and your opponent can only reach
    # 3, only you can win a Most Powerful Personality Victory."
    win = mppv_level((4, 3))
    three_levels = _goku(level=2, anger=4, levels=3)
    raise_anger(three_levels, 1, SCORE, win)
    assert three_levels.level == 3
    assert not raise_anger(three_levels, 5, SCORE, win).wins_mppv  # it cannot reach 4
    four_levels = _goku(level=3, anger=4)
    assert raise_anger(four_levels, 1, SCORE, win).wins_mppv


def test_anger_never_below_zero() -> None:
    goku = _goku(anger=1)
    lower_anger(goku, 3)
    assert goku.anger == 0  # p. 30 "Anger can never go below 0."


def test_losing_a_level_only_by_effects() -> None:
    # p. 30: "sets the Scouter to 5 power stages above 0 on the lower personality no
    # matter where the Scouter was before. The current anger level stays the same and any
    # Drills you have in play are discarded."
    goku = _goku(level=3, anger=3)
    goku.stage = 12
    change = lose_level(goku, SCORE)
    assert (goku.level, goku.stage, goku.anger) == (2, 5, 3) and change.drills_discarded
    assert lose_level(_goku(level=1), SCORE).advanced == 0  # no level below the first


def test_advancing_by_a_card_effect() -> None:
    # OCG: "in some other way than reaching 5 or more anger, your anger level is not
    # changed"; Score read the same (docs/rulings.md 331)
    goku = _goku(level=3, anger=2)
    change = advance_by_effect(goku, SCORE, win_level=4)
    assert (goku.level, goku.anger, goku.stage) == (4, 2, 12) and change.drills_discarded
    assert change.wins_mppv  # Score: any advance to the winning level wins
    # OCG "New Rules": "If you use a card effect to advance your MP a personality level
    # without using anger you cannot win by the Most Powerful Personality Victory for the
    # remainder of the game."
    goku = _goku(level=3, anger=4, levels=5)
    assert not advance_by_effect(goku, OCG, win_level=5).wins_mppv and goku.mppv_barred
    assert not raise_anger(goku, 1, OCG, win_level=5).wins_mppv  # level 5, but barred
    assert goku.level == 5
