"""Copies of attacks (cardtext/copies.py, engine.panini.copies; docs/rulings.md 308)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panini.cards import Card, CardType
from engine.panini.cardtext import compile_text, reproduces

COPY = {"do": "copy_attack", "that_attack": True, "next_action": True}


def _automated(text: str, card_type: CardType) -> dict[str, Any]:
    """The fields of a text that must compile whole."""
    result = compile_text(text, card_type)
    assert result.status == "automated", result.unread
    return result.fields


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
        # an attack performed now inside a defense, an attack or a trigger
        ("Stops a physical attack. You may discard a card from your hand to perform the last "
         "attack your opponent used this combat.", CardType.PHYSICAL_COMBAT),
        ("Physical attack. DAMAGE: 2 stages. HIT: Perform the last attack your opponent used "
         "this combat.", CardType.PHYSICAL_COMBAT),
        ("CONSTANT POWER: Whenever you stop an attack, perform the last attack your opponent "
         "used this combat.", CardType.DRILL),
        # "that attack" with no attack performed just before it
        ("POWER: Draw a card. That attack deals an additional +2 stages of damage.",
         CardType.EVENT),
    ],
)  # fmt: skip
def test_other_copies_stay_unread(text: str, card_type: CardType) -> None:
    result = compile_text(text, card_type)
    assert result.status != "automated"
    assert "copy_attack" not in str(result.fields)


def test_first_copied_attack_each_combat_is_the_constant_about_copies() -> None:
    text = (
        "CONSTANT POWER: Whenever you stop an attack, you may raise a player's anger 1 level. "
        "Your first copied attack each combat cannot be stopped."
    )
    result = compile_text(text, CardType.DRILL)
    assert result.status == "automated"
    assert result.fields["constant"] == [
        {"mod": "unstoppable", "first_each_combat": True, "copied": True}
    ]
    result = compile_text("CONSTANT POWER: Your copied attacks deal +2 stages of damage.",
                          CardType.DRILL)  # fmt: skip
    assert result.fields["constant"] == [{"mod": "damage", "stages": 2, "copied": True}]


@pytest.mark.parametrize(
    "text",
    [
        # the opponent's copies: not read
        "CONSTANT POWER: Your opponent's first copied attack each combat cannot be stopped.",
        # a cost: known before the attack is performed, not whether it is a copy
        "CONSTANT POWER: Your copied energy attacks cost 1 less stage.",
        "CONSTANT POWER: Your copied attacks cost -1 stage to perform.",
    ],
)
def test_other_copied_constants_stay_unread(text: str) -> None:
    result = compile_text(text, CardType.DRILL)
    assert result.status == "manual"


def test_performed_a_copied_attack_this_combat_is_a_history_condition() -> None:
    text = (
        "Physical attack. DAMAGE: AT +2 stages. If you have performed a copied attack this "
        "combat, draw a card."
    )
    assert _automated(text, CardType.PHYSICAL_COMBAT)["attack"]["effects"] == [
        {"do": "draw", "amount": 1, "if": {"happened": [{"event": "attack", "copied": True}]}}
    ]
    # a hit's record does not say whether the attack was a copy
    result = compile_text(
        "POWER: If you have performed a successful copied attack this combat, draw a card.",
        CardType.EVENT,
    )
    assert result.status == "manual"


def test_this_card_stopped_an_attack_with_a_hit_effect_is_a_defense_condition() -> None:
    text = (
        "Stops a physical attack. If this card stopped an attack with a HIT effect, you may "
        "banish an Ally you control to perform a copy of that attack for your next action "
        "this combat."
    )
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.status == "automated"
    effects = result.fields["defense"]["effects"]
    assert effects[0]["if"] == {"that_attack": {"stopped": True, "hit_effect": True}}
    assert effects[1] == {**COPY, "if_you_do": True}
    result = compile_text("Stops a physical attack. If this card stops an attack, draw a card.",
                          CardType.PHYSICAL_COMBAT)  # fmt: skip
    assert result.fields["defense"]["effects"][0]["if"] == {"that_attack": {"stopped": True}}


@pytest.mark.parametrize(
    "text",
    [
        # outside a defense there is no attack this card stopped
        "Physical attack. If this card stopped an attack, draw a card.",
        # another card's stop, or an attack with other words: not read
        "Stops a physical attack. If this card stopped an attack with a CONSTANT effect, "
        "draw a card.",
        "Stops a physical attack. If your card stopped an attack, draw a card.",
    ],
)
def test_other_stopped_conditions_stay_unread(text: str) -> None:
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.status == "manual" or "that_attack" not in str(result.fields)


@pytest.mark.parametrize(
    "sentence",
    [
        "If you do, use the printed HIT effect of that card.",
        "If you do, use that card's HIT effects.",
    ],
)
def test_use_the_printed_hit_effect_of_the_card_just_discarded(sentence: str) -> None:
    text = (
        "POWER: You may discard a Styled attack card with a printed HIT effect from your "
        f"hand. {sentence}"
    )
    result = compile_text(text, CardType.EVENT)
    assert result.status == "automated"
    assert result.fields["action"]["effects"][-1] == {
        "do": "use_hit", "source": "that", "if_you_do": True}  # fmt: skip
    card = Card.model_validate({"name": "Borrowed Hit", "type": "event", "text": text,
                                **result.fields})  # fmt: skip
    assert reproduces(card)


@pytest.mark.parametrize(
    "text",
    [
        # no card chosen or moved before it
        "POWER: Use the printed HIT effect of that card.",
        # several cards moved: "that card" is ambiguous
        "POWER: Discard 2 cards from your hand. If you do, use the printed HIT effect of "
        "that card.",
        # another card's effect than its HIT
        "POWER: You may discard a card from your hand. If you do, use the printed CONSTANT "
        "effect of that card.",
    ],
)
def test_use_hit_without_one_card_before_stays_unread(text: str) -> None:
    result = compile_text(text, CardType.EVENT)
    assert "use_hit" not in str(result.fields)
    assert result.status != "automated"


def test_next_copied_attack_is_the_next_attack_effect_about_copies() -> None:
    text = "POWER: Your next copied attack this combat deals +4 stages of damage."
    result = compile_text(text, CardType.EVENT)
    assert result.status == "automated"
    assert result.fields["action"]["effects"] == [
        {"do": "until_end_of_turn", "lasts": "next_attack",
         "modifier": {"mod": "damage", "stages": 4, "copied": True}}
    ]  # fmt: skip
    for near_miss in (
        "POWER: Your next copied attack this combat costs 1 less stage.",
        "POWER: Your opponent's next copied attack this combat deals +4 stages of damage.",
    ):
        assert compile_text(near_miss, CardType.EVENT).status == "manual", near_miss


def test_a_power_performs_the_last_attack_of_the_opponent_with_its_bonus() -> None:
    text = (
        "POWER: Discard a card from your hand to perform the last attack your opponent used "
        "this combat. That attack deals an additional +2 stages of damage."
    )
    assert _automated(text, CardType.MAIN_PERSONALITY)["action"]["effects"] == [
        {"do": "discard_from_hand", "amount": 1, "cost": True},
        {"do": "copy_attack", "last_opponent": True, "if_you_do": True, "stages": 2},
    ]
