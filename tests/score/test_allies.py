"""Allies in the Score family (Score p. 35-37 "Allies", p. 46 "Tokui-Waza"; the OCG's
"Allies")."""

from __future__ import annotations

from engine.score.allies import (
    AllyCard,
    ally_power_up,
    may_take_over,
    mp_power_up,
    placing_problem,
)
from engine.score.rulesets import OCG, SCORE

GOTEN_3 = AllyCard("Goten", 3, 2)


def test_an_ally_enters_at_the_mps_level_or_lower() -> None:
    # p. 35: "If your Main Personality is at level 2, you can place in play level 1 or
    # level 2 Allies"; the example: Goku at level 3 places "a level 3 Goten Ally without
    # having to play his level 1 and level 2 first"
    assert placing_problem(GOTEN_3, "Goku", 3, ["Goku", "Vegeta"], []) is None
    problem = placing_problem(GOTEN_3, "Goku", 2, ["Goku", "Vegeta"], [])
    assert problem == "a level 3 Ally needs your MP at level 3 or higher (it is at level 2)"


def test_no_ally_of_an_mps_personality_nor_a_second_of_one_level() -> None:
    # p. 36: "You may not place an Ally into play that is the same personality as a Main
    # Personality in play."
    problem = placing_problem(AllyCard("Vegeta", 1, 2), "Goku", 2, ["Goku", "Vegeta"], [])
    assert problem == "Vegeta is a Main Personality in play: not an Ally too"
    # p. 36's example: with a level 2 Goku Ally in play, the opponent may place a level 1
    # Goku, not a level 2 one
    field = [AllyCard("Goku", 2, 2)]
    assert placing_problem(AllyCard("Goku", 1, 2), "Cell", 2, ["Cell", "Frieza"], field) is None
    problem = placing_problem(AllyCard("Goku", 2, 2), "Cell", 2, ["Cell", "Frieza"], field)
    assert problem == "a level 2 Goku Ally is already in play"


def test_saibaimen_and_cell_jr() -> None:
    # p. 37: up to 3 Saibaimen of each level on the field; none if a Saibaimen is an MP
    saibaman = AllyCard("Saibaimen", 1, 1)
    field = [saibaman, saibaman]
    assert placing_problem(saibaman, "Nappa", 1, ["Nappa", "Goku"], field) is None
    assert placing_problem(saibaman, "Nappa", 1, ["Nappa", "Goku"], [*field, saibaman]) == (
        "the field already has 3 level 1 Saibaimen"
    )
    assert placing_problem(saibaman, "Nappa", 1, ["Nappa", "Saibaimen"], []) is not None
    # "Cell Jrs. can only be Allies for Cell when he is a Main Personality", 9 at once
    cell_jr = AllyCard("Cell Jr.", 1, 1)
    assert placing_problem(cell_jr, "Cell", 1, ["Cell", "Goku"], [cell_jr] * 8) is None
    assert placing_problem(cell_jr, "Cell", 1, ["Cell", "Goku"], [cell_jr] * 9) is not None
    assert placing_problem(cell_jr, "Frieza", 1, ["Frieza", "Cell"], []) == (
        "Cell Jr. Allies are only for a Cell Main Personality"
    )


def test_powering_up() -> None:
    # p. 35: "Allies always power up 1 power stage during your Power Up Step no matter
    # what an Ally's Power Up Rating is"; OCG: "Allies power up by their own PUR."
    assert ally_power_up(GOTEN_3, SCORE) == 1 and ally_power_up(GOTEN_3, OCG) == 2
    # p. 46: a declared Tokui-Waza gives the MP +1 PUR
    assert mp_power_up(3, True, SCORE) == 4 and mp_power_up(3, False, SCORE) == 3


def test_taking_over_combat_at_0_or_1_above_0() -> None:
    # p. 35: "An Ally can take over Combat when the MP's power stage is at 0 or 1 power
    # stage above 0."
    assert may_take_over(0) and may_take_over(1) and not may_take_over(2)
