""" "If this attack is stopped, <effect>." (2016 ATTACK TIMING SUMMARY step 3: a stopped
attack does not hit; docs/rulings.md 45)."""

from __future__ import annotations

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text

PC = CardType.PHYSICAL_COMBAT


def test_if_stopped_effects_go_with_the_attack_wherever_printed() -> None:
    for text in (
        "Physical attack. DAMAGE: AT +2 stages. If this attack is stopped, draw a card.",
        "Physical attack. If this attack is stopped, draw a card. DAMAGE: AT +2 stages.",
    ):
        attack = compile_text(text, PC).fields["attack"]
        assert attack["stopped"] == [{"do": "draw", "amount": 1}], text
        assert "effects" not in attack and "hit" not in attack


def test_if_stopped_elsewhere_or_unread_leaves_the_card_to_players() -> None:
    cases = [
        ("If this attack is stopped, draw a card.", CardType.EVENT),
        ("Physical attack. DAMAGE: AT. HIT: If this attack is stopped, draw a card.", PC),
        ("Physical attack. DAMAGE: AT. If this attack is stopped, swap hands.", PC),
        ("Physical attack. DAMAGE: AT. If this attack is stopped by a judge, draw a card.", PC),
    ]
    for text, card_type in cases:
        result = compile_text(text, card_type)
        assert result.status == "manual", text


def test_if_stopped_without_this_attack_is_the_same() -> None:
    text = "Physical attack. DAMAGE: AT. If stopped, draw a card."
    attack = compile_text(text, PC).fields["attack"]
    assert attack["stopped"] == [{"do": "draw", "amount": 1}]
    near = "If stopped cold, draw a card."
    assert compile_text(f"Physical attack. DAMAGE: AT. {near}", PC).unread == [near]


def test_stopped_by_card_types_and_any_other_read_against_the_sentence_before() -> None:
    text = (
        "Physical attack. DAMAGE: AT. If this attack is stopped by a Physical Combat or Energy"
        " Combat card, draw a card. If this attack is stopped by any other card type or by a"
        " floating effect, gain 2 stages."
    )
    result = compile_text(text, PC)
    assert result.status == "automated", result.unread
    first, second = result.fields["attack"]["stopped"]
    assert first["if"] == {"stopped_by": {"card_types": ["physical_combat", "energy_combat"]}}
    assert second["if"]["stopped_by"]["effect"] is True
    assert set(second["if"]["stopped_by"]["card_types"]) == {
        "event", "setup", "drill", "ally", "mastery", "main_personality", "dragon_ball",
    }  # fmt: skip
    ally = "Physical attack. DAMAGE: AT. If this attack is stopped by an Ally, draw a card."
    stopped = compile_text(ally, PC).fields["attack"]["stopped"]
    assert stopped == [{"do": "draw", "amount": 1, "if": {"stopped_by": {"card_types": ["ally"]}}}]


def test_any_other_with_nothing_named_before_leaves_the_card_to_players() -> None:
    for text in (
        "If this attack is stopped by any other card type, draw a card.",
        "If this attack is stopped by a Physical Combat hat, draw a card.",
    ):
        assert compile_text(f"Physical attack. DAMAGE: AT. {text}", PC).status == "manual", text
