""" "If you discarded / banished a Styled card, ..." right after the sentence that moved
one card of the player's own (engine.panini.cardtext.you_moved; docs/rulings.md 179)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text


def last_effect(text: str, card_type: CardType = CardType.EVENT) -> Any:
    result = compile_text(text, card_type)
    assert result.status == "automated", result.unread
    return result.fields["action"]["effects"][-1]


def moved(how: str, **detail: Any) -> dict[str, Any]:
    check = {"event": "card_moved", "last": True, "by": "self", **detail, "how": how}
    return {"happened": [check]}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("POWER: Discard a card from your hand to draw a card. If you discarded a Styled card,"
         " raise your anger 1 level.", moved("discarded_from_hand", styled=True)),
        ("POWER: Discard a card from your hand to draw a card. If you discarded a Dragon Ball,"
         " raise your anger 1 level.", moved("discarded_from_hand", card_type="dragon_ball")),
        ("POWER: Banish the top card of your Life Deck to raise your anger 1 level. If you"
         " banished a Styled card, draw a card.", moved("banished_from_life_deck", styled=True)),
        ("POWER: Banish the top card of your discard pile. If you banished a non-Styled Setup,"
         " draw a card.",
         moved("banished_from_discard", card_type="setup", styled=False)),
    ],
)  # fmt: skip
def test_reads(text: str, expected: Any) -> None:
    effect = last_effect(text)
    assert effect["if"] == expected and effect["if_you_do"] is True


@pytest.mark.parametrize(
    "text",
    [
        # no move of one of your cards just before, or another verb
        "POWER: Draw a card. If you discarded a Styled card, draw a card.",
        "POWER: Discard 2 cards from your hand. If you discarded a Styled card, draw a card.",
        "POWER: Banish the top card of your Life Deck. If you discarded a Styled card, draw a"
        " card.",
        "POWER: Banish the top card of your opponent's Life Deck. If you banished a Styled"
        " card, draw a card.",
        # a "may" declined, or a discard that is no cost, may leave an older discard the last
        "POWER: You may discard a card from your hand. If you discarded a Styled card, draw a"
        " card.",
        "POWER: Discard a card from your hand. If you discarded a Styled card, draw a card.",
        # what it was must be said; "a Blue card" is not read
        "POWER: Discard a card from your hand to draw a card. If you discarded a card, draw a"
        " card.",
        "POWER: Discard a card from your hand to draw a card. If you discarded a Blue card,"
        " draw a card.",
    ],
)
def test_near_misses(text: str) -> None:
    assert compile_text(text, CardType.EVENT).status != "automated"


def test_anger_was_lowered_to_zero_right_after_lowering_it() -> None:
    text = (
        "Physical attack. DAMAGE: 4 stages. Lower your opponent's anger 1 level. If your"
        " opponent's anger was lowered to 0, lower your opponent's MP 1 level."
    )
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.status == "automated"
    effect = result.fields["attack"]["effects"][-1]
    assert effect["if"] == {
        "happened": [{"event": "anger_lowered", "who": "opponent", "this_attack": True}],
        "compare": [{"left": {"of": "anger", "who": "opponent"}, "op": "eq", "value": 0}],
    }
    assert effect["if_you_do"] is True


@pytest.mark.parametrize(
    "text",
    [
        # another player's anger, nothing lowered just before, or a "may"
        "POWER: Lower your anger 1 level. If your opponent's anger was lowered to 0, draw a card.",
        "POWER: Draw a card. If your opponent's anger was lowered to 0, draw a card.",
        "POWER: You may lower your opponent's anger 1 level. If your opponent's anger was"
        " lowered to 0, draw a card.",
        "POWER: Raise your opponent's anger 1 level. If your opponent's anger was lowered to"
        " 0, draw a card.",
        # outside an attack (what "this attack's sentences" did is not known there)
        "POWER: Lower your opponent's anger 1 level. If your opponent's anger was lowered to"
        " 0, draw a card.",
        "Stops a physical attack. Lower your opponent's anger 1 level. If your opponent's"
        " anger was lowered to 0, draw a card.",
    ],
)
def test_anger_near_misses(text: str) -> None:
    assert compile_text(text, CardType.EVENT).status != "automated"
