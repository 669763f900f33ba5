""" "Place this card on the top or bottom of your Life Deck after use." in an attack: the
controller chooses one of the two places (engine.panini.cardtext.after_use; docs/rulings.md 60,
122)."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text

_ATTACK = "Energy attack costing 1 stage. DAMAGE: 2 life cards. "
_BOTH = [[{"do": "after_use_to", "to": "top_of_life_deck"}],
         [{"do": "after_use_to", "to": "bottom_of_life_deck"}]]  # fmt: skip


@pytest.mark.parametrize(
    ("sentence", "where", "may"),
    [
        ("HIT: You may place this card on the top or bottom of your Life Deck after use.",
         "hit", True),
        ("HIT You may palce this card on the top or bottom of your Life Deck after use.",
         "hit", True),
        ("Place this card at the bottom or top of your Life Deck after use.", "effects", False),
    ],
)  # fmt: skip
def test_the_choice_of_place_is_read(sentence: str, where: str, may: bool) -> None:
    result = compile_text(_ATTACK + sentence, CardType.ENERGY_COMBAT)
    assert result.status == "automated", result.unread
    (effect,) = result.fields["attack"][where]
    assert effect["do"] == "either" and effect["options"] == _BOTH
    assert effect.get("may", False) is may


@pytest.mark.parametrize(
    "sentence",
    [
        "HIT: Place this card on the top or bottom of your discard pile after use.",
        "HIT: Place a card on the top or bottom of your Life Deck after use.",  # which card?
    ],
)
def test_a_near_miss_stays_unread(sentence: str) -> None:
    assert compile_text(_ATTACK + sentence, CardType.ENERGY_COMBAT).status != "automated"


def test_outside_an_attack_it_is_left_to_players() -> None:
    text = "POWER: Draw a card. Place this card on the top or bottom of your Life Deck after use."
    result = compile_text(text, CardType.EVENT)
    assert result.status == "partial"
    assert result.fields["manual_text"] == [
        "Place this card on the top or bottom of your Life Deck after use."
    ]
