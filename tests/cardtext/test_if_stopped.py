""" "If this attack is stopped, <effect>." (2016 ATTACK TIMING SUMMARY step 3: a stopped
attack does not hit; docs/rulings.md 45)."""

from __future__ import annotations

from engine.cards import CardType
from engine.cardtext import compile_text

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
        ("Physical attack. DAMAGE: AT. If this attack is stopped by an Ally, draw a card.", PC),
    ]
    for text, card_type in cases:
        result = compile_text(text, card_type)
        assert result.status == "manual", text
