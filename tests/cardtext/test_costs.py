"""A Power opening "<cost> to <effect>" compiles the cost as the Power's (`cost`), paid in
full or the Power is not offered; a cost anywhere else stays for players (docs/rulings.md
121)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.cards import CardType, load_card_file
from engine.cardtext import compile_text, reproduces

MP, EV, PC = CardType.MAIN_PERSONALITY, CardType.EVENT, CardType.PHYSICAL_COMBAT


@pytest.mark.parametrize(
    ("text", "card_type", "effects"),
    [
        ("POWER: Destroy the top card of your Life Deck to draw a card.", MP,
         [{"do": "move", "position": "top", "amount": 1, "source": "life_deck",
           "to": "discard", "cost": True}, {"do": "draw", "amount": 1, "if_you_do": True}]),
        ("Lower your anger 2 levels to draw a card.", EV,
         [{"do": "lower_anger", "amount": 2, "cost": True},
          {"do": "draw", "amount": 1, "if_you_do": True}]),
        ("POWER: Discard a card from your hand to draw a card and raise your anger 1 level.", MP,
         [{"do": "discard_from_hand", "amount": 1, "cost": True},
          {"do": "draw", "amount": 1, "if_you_do": True},
          {"do": "raise_anger", "amount": 1, "if_you_do": True}]),
    ],
)  # fmt: skip
def test_a_cost_opening_a_power_is_the_powers(
    text: str, card_type: CardType, effects: list[dict[str, object]]
) -> None:
    found = compile_text(text, card_type)
    assert found.status == "automated", found
    assert found.fields["action"]["effects"] == effects


@pytest.mark.parametrize(
    ("text", "card_type", "left"),
    [
        # who pays on a HIT, and whether they must, is not said
        ("Physical attack. DAMAGE: AT. HIT: Discard a card from your hand to draw a card.", PC,
         "HIT: Discard a card from your hand to draw a card."),
        # a cost after the Power has begun: the Power was offered without it
        ("Draw a card. Lower your anger 1 level to draw a card.", EV,
         "Lower your anger 1 level to draw a card."),
        ("Lower your anger 1 level to to draw a card.", EV,
         "Lower your anger 1 level to to draw a card."),
    ],
)  # fmt: skip
def test_a_cost_elsewhere_stays_for_players(text: str, card_type: CardType, left: str) -> None:
    found = compile_text(text, card_type)
    assert found.status != "automated"
    assert left in found.manual


def test_the_scenario_cards_are_what_their_text_compiles_to() -> None:
    for card in load_card_file(Path(__file__).parents[1] / "cards" / "costs.yaml"):
        assert reproduces(card), card.name
