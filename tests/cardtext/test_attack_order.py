"""Where an attack's sentences stand on the card: an effect without HIT: is immediate
wherever it is printed (2016 ATTACK TIMING SUMMARY step 2, GLOSSARY "Effects": "Immediate
effects are the effects on a card that take place as soon as they are played. HIT effects
require an attack to be successful"; docs/rulings.md 41)."""

from __future__ import annotations

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text


def test_an_effect_printed_after_the_damage_is_immediate() -> None:
    text = "Physical attack. DAMAGE: AT +5 stages. Raise your anger 1 level."
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.status == "automated"
    attack = result.fields["attack"]
    assert attack["effects"] == [{"do": "raise_anger", "amount": 1}]
    assert "hit" not in attack


def test_effects_before_and_after_the_damage_keep_their_printed_order() -> None:
    text = (
        "Energy attack costing 1 stage. Draw a card. DAMAGE: 2 life cards. "
        "Raise your anger 2 levels. HIT: Lower your opponent's anger 1 level."
    )
    attack = compile_text(text, CardType.ENERGY_COMBAT).fields["attack"]
    assert attack["effects"] == [
        {"do": "draw", "amount": 1},
        {"do": "raise_anger", "amount": 2},
    ]
    assert attack["hit"] == [{"do": "lower_anger", "amount": 1, "who": "opponent"}]


def test_if_you_do_across_the_damage_line_is_left_to_players() -> None:
    """ "If you do" refers to the sentence just before it: here the DAMAGE: line."""
    text = (
        "Physical attack. You may discard a card from your hand. DAMAGE: AT. "
        "If you do, draw a card."
    )
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.status == "partial"
    assert result.manual == ["If you do, draw a card."]
