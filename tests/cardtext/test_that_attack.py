""" "If that attack was ..." in a defense: a test on the attack it answers (2016 ATTACK
TIMING SUMMARY step 3; engine.panini.conditions.that_attack)."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text
from engine.panini.cardtext.patterns import parse_condition


def test_that_attack_is_not_that_card() -> None:
    condition = "that attack was an Energy Combat card"
    assert parse_condition(condition) == {"that_attack": {"card_types": ["energy_combat"]}}


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        ("If that attack was non-Styled", {"styled": False}),
        ("If that attack is Styled", {"styled": True}),
        ("If that attack was a Named card", {"named": True}),
        ("If that attack was a Physical Combat card", {"card_types": ["physical_combat"]}),
        ("If that attack was an Energy Combat card", {"card_types": ["energy_combat"]}),
        ("If that attack was an energy attack", {"attack_type": "energy"}),
        ("If that attack was a Red attack", {"style": "red"}),
        ("If your opponent's attack was a non-Styled attack", {"styled": False}),
    ],
)
def test_that_attack_in_a_defense(head: str, expected: dict[str, object]) -> None:
    text = f"Stops a physical attack. {head}, draw a card."
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.status == "automated", result.unread
    effect = result.fields["defense"]["effects"][0]
    assert effect == {"do": "draw", "amount": 1, "if": {"that_attack": expected}}


@pytest.mark.parametrize(
    "text",
    [
        # outside a defense "that attack" is not the attack answered
        "Physical attack. If that attack was a Named card, draw a card. DAMAGE: 3 stages.",
        "POWER: If that attack was a Named card, draw a card.",
        # kinds not read
        "Stops a physical attack. If that attack was a Named Saiyan card, draw a card.",
        "Stops a physical attack. If that attack was a Physical Combat attack, draw a card.",
        "Stops a physical attack. If that attack was blocked, draw a card.",
    ],
)
def test_near_misses_stay_for_players(text: str) -> None:
    assert compile_text(text, CardType.PHYSICAL_COMBAT).status != "automated"
