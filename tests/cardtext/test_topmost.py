"""The card of a kind nearest an end of a public pile (engine.panini.cardtext.topmost;
docs/rulings.md 295)."""

from __future__ import annotations

import pytest

from engine.panini.cardtext.patterns import parse_effect


@pytest.mark.parametrize(
    ("sentence", "fields"),
    [
        ("Put the top Physical Combat card from your discard pile at the bottom of your Life "
         "Deck", {"card_types": ["physical_combat"], "to": "life_bottom", "position": "top"}),
        ("Place the top Energy Combat card of your discard pile on top of your Life Deck",
         {"card_types": ["energy_combat"], "to": "life_top", "position": "top"}),
        ("Banish the bottom Styled card of your opponent's discard pile",
         {"styled": True, "to": "banish", "position": "bottom", "who": "opponent"}),
        ("Rejuvenate the top Ally card of your discard pile",
         {"card_types": ["ally"], "to": "rejuvenate", "position": "top"}),
    ],
)  # fmt: skip
def test_the_nearest_card_of_a_kind(sentence: str, fields: dict[str, object]) -> None:
    effect = parse_effect(sentence)
    assert effect is not None
    assert effect["do"] == "move" and effect["amount"] == 1
    assert {key: effect.get(key) for key in fields} == fields


@pytest.mark.parametrize(
    "sentence",
    [
        # a Life Deck is hidden: which is nearest its top is unknown
        "Place the top Ally card of your Life Deck into your hand",
        # several cards of a kind from an end: not read
        "Put the top 2 Styled cards from your discard pile at the bottom of your Life Deck",
        # a kind the grammar does not know
        "Put the top shiny card from your discard pile at the bottom of your Life Deck",
    ],
)
def test_near_misses_stay_unread(sentence: str) -> None:
    assert parse_effect(sentence) is None


def test_the_top_card_alone_stays_the_plain_move() -> None:
    effect = parse_effect("Put the top card from your discard pile at the bottom of your Life Deck")
    assert effect == {"do": "move", "position": "top", "amount": 1, "source": "discard_pile",
                      "to": "life_bottom"}  # fmt: skip
