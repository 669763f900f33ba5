"""Conditions on cards attached to an MP, the highest power level of an MP's level card,
and "a higher personality level" (engine.panini.cardtext.comparisons, conditions)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panini.cardtext.patterns import parse_condition


def compare(left: dict[str, Any], op: str, value: int) -> dict[str, Any]:
    return {"compare": [{"left": left, "op": op, "value": value}]}


TOP = {"of": "top_power_level", "at_level": 4}


@pytest.mark.parametrize(
    ("condition", "expected"),
    [
        ("your MP has a card attached to it", compare({"of": "attached"}, "ge", 1)),
        ("your opponent's MP has no cards attached",
         compare({"of": "attached", "who": "opponent"}, "eq", 0)),
        ("there are 2 or more cards attached to your MP", compare({"of": "attached"}, "ge", 2)),
        ("the highest power level on your MP's Level 4 is 500,000 or less",
         compare(TOP, "le", 500000)),
        ("the highest power level on your MP's level 4 is more than 500,000",
         compare(TOP, "gt", 500000)),
        ("the highest power level on your opponent's MP's Level 3 is 200000 or more",
         compare({**TOP, "at_level": 3, "who": "opponent"}, "ge", 200000)),
        ("your MP is a higher personality level than your opponent's MP",
         {"compare": [{"left": {"of": "level"}, "op": "gt",
                       "right": {"of": "level", "who": "opponent"}}]}),
        ("your Main Personality's level is 3 or higher", compare({"of": "level"}, "ge", 3)),
        ("your opponent's Main Personality is level 2",
         compare({"of": "level", "who": "opponent"}, "eq", 2)),
    ],
)  # fmt: skip
def test_reads(condition: str, expected: Any) -> None:
    assert parse_condition(condition) == expected


@pytest.mark.parametrize(
    "condition",
    [
        "your MP has a card attached to his MP",
        "the highest power level on your MP's Level is 500,000 or less",  # which level?
        "the highest power level on your MP's Level 4 is about 500,000",
        "the highest power level in your Life Deck is 500,000 or less",
        "your MP is a higher personality level than your MP",
        "your Main Personality is level 2 or level",
    ],
)
def test_near_misses(condition: str) -> None:
    assert parse_condition(condition) is None
