"""Sentences that run several effects: "<A> and <B>", "You may <cost> to <effect>" (2016
GLOSSARY "Effects": one sentence at a time; a cost is paid in full, docs/rulings.md 43)."""

from __future__ import annotations

from engine.panini.cards import Card, CardType
from engine.panini.cardtext import compile_text, reproduces


def effects(text: str, card_type: CardType = CardType.EVENT) -> list[dict[str, object]]:
    result = compile_text(text, card_type)
    assert result.status == "automated", result
    return list(result.fields["action"]["effects"])


def test_and_joins_effects_the_second_following_the_first() -> None:
    text = "Raise your anger 1 level and lower your opponent's anger 1 level."
    assert effects(text) == [
        {"do": "raise_anger", "amount": 1},
        {"do": "lower_anger", "amount": 1, "who": "opponent", "if_you_do": True},
    ]


def test_a_condition_or_a_may_covers_the_whole_sentence() -> None:
    assert effects("If your anger is 2 or more, lower your anger 2 levels and draw a card.") == [
        {"do": "lower_anger", "amount": 2, "if": {"anger_at_least": 2}},
        {"do": "draw", "amount": 1, "if_you_do": True},
    ]
    assert effects("You may discard a card from your hand and draw a card.") == [
        {"do": "discard_from_hand", "amount": 1, "may": True},
        {"do": "draw", "amount": 1, "if_you_do": True},
    ]


def test_you_may_pay_a_cost_to_get_an_effect() -> None:
    text = "POWER: You may lower your anger 2 levels to draw 2 cards."
    assert effects(text) == [
        {"do": "lower_anger", "amount": 2, "may": True},
        {"do": "draw", "amount": 2, "if_you_do": True},
    ]
    fields = compile_text(text, CardType.EVENT).fields
    card = Card.model_validate({"name": "Calm", "type": "event", "text": text, **fields})
    assert reproduces(card)


def test_joined_sentences_with_a_part_not_read_stay_unread() -> None:
    for text in (
        "Raise your anger 1 level and swap hands with your opponent.",
        # (a cost with no "You may" opening a Power: tests/cardtext/test_costs.py)
        "You may lower your anger 2 levels to have this attack deal +6 stages instead of +3 "
        "life cards.",
        "You may lower your anger 1 level to draw a card and to gain 2 stages.",
    ):
        assert compile_text(text, CardType.EVENT).unread == [text], text


def test_a_hit_sentence_joined_by_and_is_all_hit() -> None:
    text = "Physical attack. DAMAGE: AT. HIT: Gain 2 stages and draw a card."
    attack = compile_text(text, CardType.PHYSICAL_COMBAT).fields["attack"]
    assert attack["hit"] == [
        {"do": "gain_stages", "amount": 2},
        {"do": "draw", "amount": 1, "if_you_do": True},
    ]
    assert "effects" not in attack
