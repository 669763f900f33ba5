""" "Use a critical damage effect." (2016 CRITICAL DAMAGE: the three effects)."""

from __future__ import annotations

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text


def test_use_a_critical_damage_effect_compiles_plain_optional_and_after_a_choice() -> None:
    result = compile_text("POWER: Use a critical damage effect.", CardType.EVENT)
    assert result.fields["action"]["effects"] == [{"do": "critical_effect"}]
    text = "POWER: You may discard a card from your hand. If you do, use a critical damage effect."
    effects = compile_text(text, CardType.EVENT).fields["action"]["effects"]
    assert effects[1] == {"do": "critical_effect", "if_you_do": True}
    hit = "Physical attack. DAMAGE: AT. HIT: You may use a critical damage effect."
    attack = compile_text(hit, CardType.PHYSICAL_COMBAT).fields["attack"]
    assert attack["hit"] == [{"do": "critical_effect", "may": True}]


def test_other_critical_damage_sentences_stay_unread() -> None:
    for text in (
        "Use 2 critical damage effects.",
        "If this attack is stopped by a judge, use a critical damage effect.",
    ):
        assert compile_text(text, CardType.EVENT).unread == [text], text
