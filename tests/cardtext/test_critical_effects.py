""" "If you deal critical damage with this attack, you may use 2 critical damage effects
instead of 1." (2016 CRITICAL DAMAGE; engine.panini.cardtext.critical; docs/rulings.md 280)."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text

ATTACK = "Energy attack costing 2 stages. DAMAGE: 6 life cards. "


@pytest.mark.parametrize(
    ("sentence", "gains"),
    [
        (
            "If you deal critical damage with this attack, you may use 2 critical damage "
            "effects instead of 1.",
            {"do": "attack_gains", "critical_effects": 2},
        ),
        (
            "If you deal critical damage with this attack, you may use two critical effects "
            "instead of one.",
            {"do": "attack_gains", "critical_effects": 2},
        ),
        (
            "If this attack deals critical damage, you may use three different critical damage "
            "effects instead of one.",
            {"do": "attack_gains", "critical_effects": 3, "critical_different": True},
        ),
    ],
)
def test_more_critical_effects(sentence: str, gains: dict[str, object]) -> None:
    result = compile_text(ATTACK + sentence, CardType.ENERGY_COMBAT)
    assert result.status == "automated", result.unread
    assert result.fields["attack"]["effects"] == [gains]


@pytest.mark.parametrize(
    "sentence",
    [
        # "instead of" another number than one, or one for one: not the rule's one effect
        "If you deal critical damage with this attack, you may use 2 critical damage effects "
        "instead of 3.",
        "If you deal critical damage with this attack, you may use 1 critical damage effect "
        "instead of 1.",
        # no "this attack": which Critical Damage is meant is not said
        "If you deal critical damage, you may use 2 critical damage effects instead of 1.",
        "You may use 2 critical damage effects instead of 1.",
    ],
)
def test_near_misses_stay_unread(sentence: str) -> None:
    assert compile_text(ATTACK + sentence, CardType.ENERGY_COMBAT).unread == [sentence]


def test_not_outside_an_attack() -> None:
    text = ("POWER: If you deal critical damage with this attack, you may use 2 critical damage "
            "effects instead of 1.")  # fmt: skip
    assert compile_text(text, CardType.MASTERY).status == "manual"


def test_your_other_attacks_are_considered_to_deal_critical_damage() -> None:
    text = ("Physical attack. DAMAGE: AT +3 stages. For the remainder of combat, all of your other "
            "attacks are considered to deal critical damage.")  # fmt: skip
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.status == "automated", result.unread
    assert result.fields["attack"]["effects"] == [
        {"do": "until_end_of_turn", "modifier": {"mod": "critical", "amount": 0, "other": True}}
    ]
    # "successful" is implied (a stopped attack deals no damage): it may go unsaid
    text = "POWER: Your energy attacks are considered to deal critical damage this combat."
    modifier = compile_text(text, CardType.EVENT).fields["action"]["effects"][0]["modifier"]
    assert modifier == {"mod": "critical", "amount": 0, "attacks": "energy"}


@pytest.mark.parametrize(
    "sentence",
    [
        # how long, said twice or not at all (a constant "other" is no card's)
        "For the remainder of combat, all of your other attacks are considered to deal "
        "critical damage this combat.",
        "All of your other attacks are considered to deal critical damage.",
        "Your opponent's other attacks are considered to deal critical damage this combat.",
    ],
)
def test_other_attacks_near_misses_stay_unread(sentence: str) -> None:
    text = "Physical attack. DAMAGE: AT +3 stages. " + sentence
    assert compile_text(text, CardType.PHYSICAL_COMBAT).unread == [sentence]


def test_a_combat_card_whose_text_is_a_power_is_an_action() -> None:
    text = "POWER: Use a critical damage effect."
    result = compile_text(text, CardType.ENERGY_COMBAT)
    assert result.status == "automated", result.unread
    assert result.fields["action"] == {"effects": [{"do": "critical_effect"}]}
    # not labelled, or with a sentence left unread: not read as an Action
    unlabelled, unread = "Use a critical damage effect.", "POWER: Draw a card. Swap hands."
    for near in (unlabelled, unread):
        assert "action" not in compile_text(near, CardType.ENERGY_COMBAT).fields, near
