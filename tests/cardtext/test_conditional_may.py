""" "If <condition>, you may <effect(s)>." (and "If <condition> you may ..." with no comma):
the optional sentence is asked only when the condition holds (engine.panini.effects tests the
condition first); a cost ("you may <cost> to <effect>") follows the same way."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text

ALLY = {"has_allies": True}


def test_if_condition_you_may() -> None:
    result = compile_text("POWER: If you control an Ally, you may draw a card.", CardType.EVENT)
    assert result.status == "automated"
    assert result.fields["action"]["effects"] == [
        {"do": "draw", "amount": 1, "may": True, "if": ALLY}
    ]


def test_if_condition_you_may_pay_a_cost() -> None:
    text = "POWER: If you control an Ally, you may discard a card from your hand to draw 2 cards."
    effects = compile_text(text, CardType.EVENT).fields["action"]["effects"]
    assert effects == [
        {"do": "discard_from_hand", "amount": 1, "may": True, "if": ALLY},
        {"do": "draw", "amount": 2, "if_you_do": True},
    ]


def test_in_a_trigger_with_no_comma() -> None:
    text = "CONSTANT: At the end of combat, if you control an Ally you may draw a card."
    result = compile_text(text, CardType.MASTERY)
    assert result.status == "automated", result.unread
    assert result.fields["triggers"][0]["effects"] == [
        {"do": "draw", "amount": 1, "may": True, "if": ALLY}
    ]


@pytest.mark.parametrize(
    "text",
    [
        "POWER: If you control an Ally, you may not draw a card.",  # a restriction
        "POWER: If you control an Ally, you may draw a card or gain 2 stages.",
        "POWER: If you control an Ally, if you do, draw a card.",
        "POWER: If you control an Ally, you may if you do draw a card.",
    ],
)
def test_near_misses_stay_unread(text: str) -> None:
    assert compile_text(text, CardType.EVENT).status == "manual", text
