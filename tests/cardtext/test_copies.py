"""Copies of attacks (engine/cardtext/copies.py, engine.copies; docs/rulings.md 308)."""

from __future__ import annotations

import pytest

from engine.cards import Card, CardType
from engine.cardtext import compile_text, reproduces

COPY = {"do": "copy_attack", "that_attack": True, "next_action": True}


@pytest.mark.parametrize(
    "sentence",
    [
        "You may discard a card from your hand to perform a copy of that attack for your "
        "next action.",
        "You may discard a card from your hand to perform a copy of that attack as your "
        "next action this combat.",
    ],
)
def test_a_defense_copies_the_attack_for_the_next_action(sentence: str) -> None:
    text = f"Stops an energy attack. {sentence}"
    result = compile_text(text, CardType.ENERGY_COMBAT)
    assert result.status == "automated"
    assert result.fields["defense"]["effects"] == [
        {"do": "discard_from_hand", "amount": 1, "may": True},
        {**COPY, "if_you_do": True},
    ]
    card = Card.model_validate({"name": "Mirror Guard", "type": "energy_combat", "text": text,
                                **result.fields})  # fmt: skip
    assert reproduces(card)


@pytest.mark.parametrize(
    ("text", "card_type"),
    [
        # "that attack" outside a defense: no attack it answers
        ("Physical attack. You may discard a card from your hand to perform a copy of that "
         "attack for your next action.", CardType.PHYSICAL_COMBAT),
        # a copy at once: "that attack" may be a card just moved
        ("Stops a physical attack. If you do, perform a copy of that attack.",
         CardType.PHYSICAL_COMBAT),
        ("Stops a physical attack. Perform a copy of that attack.", CardType.PHYSICAL_COMBAT),
        # another attack than the one defended against
        ("Stops a physical attack. Perform a copy of your last attack for your next action.",
         CardType.PHYSICAL_COMBAT),
    ],
)  # fmt: skip
def test_other_copies_stay_unread(text: str, card_type: CardType) -> None:
    result = compile_text(text, card_type)
    assert result.status != "automated"
    assert "copy_attack" not in str(result.fields)
