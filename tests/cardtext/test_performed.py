"""A Power "<cost> to perform a [non-]Styled physical / energy attack dealing <damage>" is
the card's attack with its cost (`pay`) and style (docs/rulings.md 236)."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text

DR, AL, MP, EV = CardType.DRILL, CardType.ALLY, CardType.MAIN_PERSONALITY, CardType.EVENT
DISCARD = [{"do": "discard_from_hand", "amount": 1, "cost": True}]


@pytest.mark.parametrize(
    ("text", "card_type", "attack"),
    [
        ("POWER: Discard a card from your hand to perform a non-Styled physical attack "
         "dealing AT +2 stages.", DR,
         {"type": "physical", "damage": {"kind": "at", "amount": 2}, "styled": False,
          "pay": DISCARD}),
        ("POWER: Discard a card from your hand to perform a non-Styled physical attack "
         "dealing 2 life cards of damage.", AL,
         {"type": "physical", "damage": {"kind": "life", "amount": 2}, "styled": False,
          "pay": DISCARD}),
        ("POWER: Lower your anger 2 levels to perform a Styled energy attack dealing "
         "4 life cards.", MP,
         {"type": "energy", "damage": {"kind": "life", "amount": 4}, "styled": True,
          "pay": [{"do": "lower_anger", "amount": 2, "cost": True}]}),
        ("POWER: Discard 2 cards from your hand to perform a physical attack dealing AT.", MP,
         {"type": "physical", "damage": {"kind": "at", "amount": 0},
          "pay": [{"do": "discard_from_hand", "amount": 2, "cost": True}]}),
    ],
)  # fmt: skip
def test_a_power_pays_to_perform_an_attack(
    text: str, card_type: CardType, attack: dict[str, object]
) -> None:
    found = compile_text(text, card_type)
    assert found.status == "automated", found
    assert found.fields["attack"] == attack


@pytest.mark.parametrize(
    ("text", "card_type"),
    [
        # a kind of card from the hidden hand: the offer would tell what it holds; and X
        ("POWER: Discard a Styled card with Endurance from your hand to perform a non-Styled "
         "physical attack dealing 1+X stages of damage.", CardType.MASTERY),
        ("POWER: Discard a Drill from your hand to perform a physical attack dealing AT.", MP),
        # an Event has no Power of its own to pay with from play
        ("Discard a card from your hand to perform a physical attack dealing AT.", EV),
        # not under a POWER label
        ("Discard a card from your hand to perform a physical attack dealing AT.", MP),
        # damage not read whole
        ("POWER: Discard a card from your hand to perform a physical attack dealing AT twice.",
         MP),
        # not an attack it performs
        ("POWER: Discard a card from your hand to perform a copy of that attack.", MP),
    ],
)  # fmt: skip
def test_other_attacks_performed_stay_for_players(text: str, card_type: CardType) -> None:
    found = compile_text(text, card_type)
    assert "attack" not in found.fields
    assert found.status != "automated"
