"""“Your opponent reveals his hand and banishes any Setups or Drills in it.”
(engine.panini.cardtext.revealed_hand, docs/rulings.md 220): the hand shown, then every card of
those kinds in it moves."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text
from engine.panini.cardtext.compiler import effect_chain


@pytest.mark.parametrize(
    "sentence",
    [
        "Your opponent reveals his or her hand and banishes any Setups or Drills in it",
        "Your opponent reveals his hand and banishes any Setups or Drills in his hand",
    ],
)
def test_the_hand_is_revealed_then_the_cards_of_those_kinds_move(sentence: str) -> None:
    assert effect_chain(sentence) == [
        {"do": "reveal_hand", "who": "opponent"},
        {"do": "move", "to": "banish", "card_types": ["drill", "setup"], "source": "hand",
         "every": True, "who": "opponent", "if_you_do": True},
    ]  # fmt: skip


def test_on_a_real_shape_the_card_is_automated() -> None:
    text = "Physical attack. DAMAGE: AT. HIT: Your opponent reveals his hand and discards any "
    text += "Styled cards in it."
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.status == "automated"
    assert result.fields["attack"]["hit"][1]["styled"] is True


@pytest.mark.parametrize(
    "sentence",
    [
        "Your opponent reveals his hand and banishes any Setups or Drills in your hand",
        "Your opponent reveals his hand and destroys any Setups in it",  # not from a hand
        "Your opponent reveals his hand and banishes any of them",
        "Your opponent reveals his hand and banishes a Setup in it",  # who chooses?
    ],
)
def test_near_misses_stay_unread(sentence: str) -> None:
    assert effect_chain(sentence) is None


def test_a_random_card_revealed_then_placed_on_the_life_deck() -> None:
    """docs/rulings.md 221."""
    sentence = (
        "Your opponent reveals a random card from his hand and places that card on top of "
        "his Life Deck"
    )
    assert effect_chain(sentence) == [
        {"do": "choose", "what": "random_hand", "who": "opponent", "reveal": True},
        {"do": "move", "source": "that", "to": "life_top", "who": "opponent",
         "if_you_do": True},
    ]  # fmt: skip
    text = "POWER: Your opponent places that card at the bottom of his Life Deck."
    assert compile_text(text, CardType.EVENT).status == "manual"  # no card chosen before it
    assert effect_chain("Your opponent places it on top of your Life Deck") is None
    assert effect_chain("Your opponent reveals a random card from your hand") is None


def test_a_bare_count_after_revealed_cards_is_that_many_of_them() -> None:
    """docs/rulings.md 222: "Place 1 into your hand and banish the other."."""
    text = (
        "POWER: Physical attack. DAMAGE: 1 life card. Reveal the top 2 cards of your Life "
        "Deck. Place 1 into your hand and banish the other."
    )
    result = compile_text(text, CardType.MAIN_PERSONALITY)
    assert result.status == "automated"
    assert result.fields["attack"]["effects"][1:] == [
        {"do": "move", "source": "those", "to": "hand", "who": "self", "amount": 1},
        {"do": "move", "source": "those", "to": "banish", "every": True, "if_you_do": True},
    ]
    # with no cards revealed just before, or another verb, it stays for players
    assert compile_text("POWER: Place 1 into your hand.", CardType.EVENT).status == "manual"
    alone = compile_text(
        "POWER: Reveal the top 2 cards of your Life Deck. Banish 1.", CardType.EVENT
    )
    assert alone.status != "automated"


def test_draw_an_end_card_of_the_life_deck_and_reveal_it() -> None:
    """docs/rulings.md 223."""
    assert effect_chain("Draw the bottom card of your Life Deck and reveal it") == [
        {"do": "choose", "what": "bottom", "reveal": True},
        {"do": "move", "source": "that", "to": "hand", "if_you_do": True},
    ]
    # whose Life Deck, and which card, must be said
    assert effect_chain("Draw the bottom card of your opponent's Life Deck and reveal it") is None
    assert effect_chain("Draw the bottom 2 cards of your Life Deck and reveal them") is None
