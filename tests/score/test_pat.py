"""The Physical Attack Table (Score 2003 rulebook p. 34), read from its data file."""

from __future__ import annotations

import pytest

from engine.score.pat import TableError, Z, parse_table, physical_attack_table


def test_the_rulebooks_example_majin_buu_against_goku() -> None:
    # p. 39: Majin Buu Level 1 (3,045,000) attacks Goku (1,125,000): "The table reveals
    # that Goku will receive 3 power stages of damage."
    assert physical_attack_table().base_damage(3_045_000, 1_125_000) == 3


@pytest.mark.parametrize(
    ("rating", "letter"),
    [
        (0, "A"),
        (1, "B"),
        (349_999, "B"),
        (350_000, "C"),
        (1_299_999, "C"),
        (1_300_000, "D"),
        (2_399_999, "D"),
        (2_400_000, "E"),
        (3_549_999, "E"),
        (3_550_000, "F"),
        (4_749_999, "F"),
        (4_750_000, "G"),
        (5_999_999, "G"),
        (6_000_000, "H"),
        (7_299_999, "H"),
        (7_300_000, "I"),
        (50_000_000, "I"),
    ],
)
def test_brackets_as_printed(rating: int, letter: str) -> None:
    assert physical_attack_table().bracket(rating) == letter


def test_rows_and_corners_as_printed() -> None:
    table = physical_attack_table()
    assert table.base_damage(0, 0) == 1  # row A, column A
    assert table.base_damage(0, 1) == 0
    assert table.base_damage(7_300_000, 0) == 8  # row I starts 8, 8
    assert table.base_damage(7_300_000, 1) == 8
    assert table.base_damage(7_300_000, 7_300_000) == 1
    assert table.base_damage(6_000_000, 0) == 8  # row H starts 8, 7
    assert table.base_damage(6_000_000, 1) == 7
    assert table.base_damage(1, 7_300_000) == 0


def test_z_power_stages_always_deal_2() -> None:
    # p. 48 "Z Power Stages": "the Base Damage is ALWAYS 2", attacking or defending
    table = physical_attack_table()
    assert table.base_damage(Z, 0) == 2
    assert table.base_damage(7_300_000, Z) == 2


def test_a_table_file_that_is_not_the_printed_shape_is_refused() -> None:
    good = {"brackets": {"A": 0, "B": 5}, "damage": {"A": [1, 0], "B": [2, 1]}, "z_damage": 2}
    assert parse_table(good).base_damage(5, 0) == 2
    with pytest.raises(TableError, match="rising"):
        parse_table({**good, "brackets": {"A": 0, "B": 0}})
    with pytest.raises(TableError, match="2 whole numbers"):
        parse_table({**good, "damage": {"A": [1], "B": [2, 1]}})
    with pytest.raises(TableError, match="in order"):
        parse_table({**good, "damage": {"B": [2, 1], "A": [1, 0]}})
    with pytest.raises(TableError, match="needs"):
        parse_table({"brackets": {}})
    with pytest.raises(ValueError, match="negative"):
        parse_table(good).bracket(-1)
