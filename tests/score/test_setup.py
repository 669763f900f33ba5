"""Who goes first and the Double Power Rule (Score p. 21-22 steps 7, 8, 12; p. 48; the
OCG's "How to Set Up a Game" steps 3, 4 and 7)."""

from __future__ import annotations

from engine.score.pat import Z
from engine.score.rulesets import OCG, SCORE
from engine.score.setup import double_power, opening


def test_double_power_rule() -> None:
    # step 8: "double or more than your opponent's": you at 2 above 0, your opponent at
    # his highest power stage, and he goes first
    assert double_power((2_000_000, 1_000_000)) == 0
    assert double_power((1_000_000, 1_999_999)) is None
    assert double_power((500, 1_000)) == 1
    _, start = opening(SCORE, (2_000_000, 1_000_000), (10, 12), ("hero", "villain"), 7)
    assert start.stages == (2, 12) and start.first == 1 and start.reason == "double_power"
    # p. 48: "The Double Power Rule does not apply to personalities with 'Z' power stages."
    assert double_power((Z, 1)) is None and double_power((10**9, Z)) is None
    # the OCG keeps it ("The Double Power Rule is still in effect.")
    _, start = opening(OCG, (500, 1_000), (10, 11), ("hero", "villain"), 7)
    assert start.stages == (10, 2) and start.first == 0


def test_the_hero_goes_first_in_score_only() -> None:
    # step 12: "Unless the Double Power Rule was used, the hero player goes first"
    _, start = opening(SCORE, (1_000, 1_500), (10, 10), ("villain", "hero"), 7)
    assert start.stages == (5, 5) and start.first == 1 and start.reason == "hero"
    # OCG: "the Hero does not start first anymore": dice, seeded
    firsts = {opening(OCG, (1_000, 1_500), (10, 10), ("villain", "hero"), s)[1].first
              for s in range(20)}  # fmt: skip
    assert firsts == {0, 1}


def test_two_heroes_leave_it_to_chance_and_the_seed_repeats_it() -> None:
    # step 12: "If both players are heroes (or both are villains) ... paper-rock-scissors"
    runs = [opening(SCORE, (1_000, 1_500), (10, 10), ("hero", "hero"), 42) for _ in range(2)]
    assert runs[0] == runs[1] and runs[0][1].reason == "chance"
    assert runs[0][0] != 42  # the random state moved on
