""" "<A> or <B>" compiles to `do: either` with the two effect lists (docs/rulings.md 122);
an "or" inside one effect, or one that splits two ways, does not."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.panini.cards import CardType, load_card_file
from engine.panini.cardtext import compile_text, reproduces


def test_two_effects_joined_by_or_are_a_choice() -> None:
    found = compile_text("Gain 5 stages or Rejuvenate 2.", CardType.EVENT)
    assert found.fields["action"]["effects"] == [
        {"do": "either",
         "options": [[{"do": "gain_stages", "amount": 5}], [{"do": "rejuvenate", "amount": 2}]]}
    ]  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "Raise or lower your anger 1 level.",  # one effect with "or" inside
        "Destroy a Setup or Drill.",
    ],
)
def test_an_or_inside_one_effect_is_no_choice(text: str) -> None:
    found = compile_text(text, CardType.EVENT)
    assert found.status == "automated"
    assert all(effect["do"] != "either" for effect in found.fields["action"]["effects"])


@pytest.mark.parametrize(
    "text",
    [
        "Draw a card or you may gain 2 stages.",  # "you may" inside an option
        "Draw a card, or gain 2 stages or Rejuvenate 1.",  # three options / two splits
        "Draw a card or gain X stages. X = your anger.",  # X inside an option
        "Draw a card or or gain 2 stages.",
    ],
)
def test_other_ors_stay_for_players(text: str) -> None:
    found = compile_text(text, CardType.EVENT)
    assert found.status != "automated"


def test_the_scenario_cards_are_what_their_text_compiles_to() -> None:
    for card in load_card_file(Path(__file__).parents[1] / "cards" / "either.yaml"):
        assert reproduces(card), card.name
