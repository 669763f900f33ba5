"""Several chosen cards and "those cards" (engine.panini.cardtext.those): a sentence on "those
cards" compiles only right after a read choice of several cards, in the same effect list,
of the player whose zone it names."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.panini.cards import CardType, load_card_file
from engine.panini.cardtext import compile_text, reproduces
from engine.panini.cardtext.patterns import parse_effect

CHOICES: dict[str, dict[str, Any]] = {
    "Choose 3 cards in your opponent's discard pile": {
        "what": "cards", "amount": 3, "source": "discard_pile", "who": "opponent"},
    "Choose 4 cards in your discard pile": {"what": "cards", "amount": 4,
                                            "source": "discard_pile"},
    "Choose two cards from your Banished Zone": {"what": "cards", "amount": 2,
                                                 "source": "banished"},
    "Reveal the top 3 cards of your Life Deck": {"what": "top_cards", "amount": 3,
                                                 "reveal": True},
    "Reveal the top 3 cards of your Life Deck to all players": {
        "what": "top_cards", "amount": 3, "reveal": True},
    "Look at the top four cards of your Life Deck": {"what": "top_cards", "amount": 4},
    "Your opponent chooses 3 cards in your discard pile": {
        "what": "cards", "amount": 3, "source": "discard_pile", "chooser": "opponent"},
    "Search your discard pile for 2 Drills": {
        "what": "cards", "amount": 2, "source": "discard_pile", "card_types": ["drill"]},
    "Search your opponent's discard pile for three Setups or Drills": {
        "what": "cards", "amount": 3, "source": "discard_pile",
        "card_types": ["drill", "setup"], "who": "opponent"},
    "Your opponent chooses 2 cards from his or her Banished Zone": {
        "what": "cards", "amount": 2, "source": "banished", "who": "opponent",
        "chooser": "opponent"},
}  # fmt: skip

THOSE: dict[str, dict[str, Any]] = {
    "Your opponent Rejuvenates those cards": {"to": "rejuvenate", "who": "opponent",
                                              "every": True},
    "Rejuvenate those cards": {"to": "rejuvenate", "every": True},
    "Your opponent shuffles those cards into his Life Deck": {
        "to": "life_shuffle", "who": "opponent", "every": True},
    "Your opponent shuffles those cards into his or her Life Deck": {
        "to": "life_shuffle", "who": "opponent", "every": True},
    "Banish 2 of those cards": {"to": "banish", "amount": 2},
    "Shuffle the remaining into your Life Deck": {"to": "life_shuffle", "who": "self",
                                                  "every": True},
    "Place the remaining cards at the bottom of your Life Deck": {
        "to": "life_bottom", "who": "self", "every": True},
    "Place 1 of those cards on top of your Life Deck": {"to": "life_top", "who": "self",
                                                        "amount": 1},
    "Place one of those cards into your hand": {"to": "hand", "who": "self", "amount": 1},
    "Banish the remaining cards": {"to": "banish", "every": True},
    "Banish the revealed cards": {"to": "banish", "every": True},
    "Rejuvenate 1 of them": {"to": "rejuvenate", "amount": 1},
    "Place the other into play": {"to": "place", "every": True},
    "Place the others into play": {"to": "place", "every": True},
    "Place 1 revealed card into your hand": {"to": "hand", "who": "self", "amount": 1},
    "Place the remaining cards at the bottom of your Life Deck in any order": {
        "to": "life_bottom", "who": "self", "every": True, "any_order": True},
    "Put the remaining cards on top of your Life Deck in any order": {
        "to": "life_top", "who": "self", "every": True, "any_order": True},
}  # fmt: skip

NEAR_MISSES = [
    "Choose 3 cards in your opponent's hand",  # a secret zone: not this choice
    "Choose a card in your discard pile and 3 cards in your opponent's",
    "Your opponent shuffles those cards into your Life Deck",  # whose deck?
    "Shuffle those cards into his Life Deck",
    "Your opponent banish those cards",
    "Banishes those cards",
    "Shuffle those cards",  # where to?
    "Place those cards",
    "Banish those cards into your hand",
    "Banish some of those cards",
    "Your opponent chooses 3 cards in your hand",
    "Search your discard pile for a Drill",  # one card: a move, elsewhere
    "Search your discard pile for 2 Styled cards",  # a filter a choice does not keep
    "Search your discard pile for up to 2 Drills",
    "Search your Life Deck for 2 Drills",  # a secret zone
    "Rejuvenate them",  # "them" alone: not read here
    "Place the other into your play",
    "Your opponent chooses a card in your discard pile",  # one card: "that card"
    "Your opponent choose 3 cards in your discard pile",
    "Reveal the top 3 cards of your opponent's Life Deck",  # not read yet
    "Reveal the top 3 cards of your discard pile",
    "Place the remaining cards at the bottom of your Life Deck in some order",
    "Banish the remaining cards in any order",  # an order only where cards are placed
    "Place 1 revealed card on top of your discard pile",  # placed, not destroyed: unread
]


@pytest.mark.parametrize("sentence", CHOICES)
def test_choices(sentence: str) -> None:
    assert parse_effect(sentence) == {"do": "choose", **CHOICES[sentence]}


@pytest.mark.parametrize("sentence", THOSE)
def test_those(sentence: str) -> None:
    assert parse_effect(sentence) == {"do": "move", "source": "those", **THOSE[sentence]}


@pytest.mark.parametrize("sentence", NEAR_MISSES)
def test_near_misses_stay_unread(sentence: str) -> None:
    assert parse_effect(sentence) is None


def test_the_card_file_is_what_its_texts_say() -> None:
    for card in load_card_file(Path(__file__).parents[1] / "cards" / "those.yaml"):
        assert reproduces(card), card.name


def _manual(text: str) -> list[str]:
    return compile_text(text, CardType.EVENT).manual


def test_banish_some_and_shuffle_the_remaining() -> None:
    result = compile_text(
        "Choose 4 cards in your discard pile. Banish 2 of those cards and shuffle the "
        "remaining into your Life Deck.",
        CardType.EVENT,
    )
    assert result.manual == []
    effects = result.fields["action"]["effects"]
    assert [e.get("source") for e in effects] == ["discard_pile", "those", "those"]


def test_those_cards_need_several_chosen_just_before() -> None:
    assert _manual("Draw a card. Banish those cards.") == ["Banish those cards."]
    # one card chosen: "those cards" is not it; several chosen: "that card" is not one
    assert _manual("Choose a card in your discard pile. Banish those cards.") != []
    assert _manual("Choose 3 cards in your discard pile. Banish that card.") != []


def test_those_cards_name_the_chosen_players_zone() -> None:
    # the opponent's cards cannot be shuffled into "your" Life Deck, nor yours into his
    assert (
        _manual(
            "Choose 3 cards in your opponent's discard pile. Shuffle those cards "
            "into your Life Deck."
        )
        != []
    )
    assert (
        _manual(
            "Choose 3 cards in your discard pile. Your opponent shuffles those "
            "cards into his Life Deck."
        )
        != []
    )
    assert (
        _manual(
            "Choose 3 cards in your opponent's discard pile. Your opponent shuffles "
            "those cards into his Life Deck."
        )
        == []
    )


def test_an_unread_sentence_between_breaks_those_cards() -> None:
    manual = _manual("Choose 3 cards in your discard pile. Frobnicate a Drill. Banish those cards.")
    assert "Banish those cards." in manual


def test_revealed_cards_are_several_that_card_is_one() -> None:
    reveal = "Reveal the top 3 cards of your Life Deck. "
    assert _manual(reveal + "Place that card into your hand.") != []
    assert _manual("Reveal the top card of your Life Deck. Place those cards into your hand.")
    assert (
        _manual(
            reveal + "You may place 1 revealed card into your hand. Place the remaining cards "
            "at the bottom of your Life Deck in any order."
        )
        == []
    )


LOOK_AND: dict[str, dict[str, Any]] = {
    "Look at the top 3 cards of your discard pile and banish any amount of them": {
        "source": "discard_pile", "depth": 3, "every": True, "up_to": True, "to": "banish"},
    "Look at the top 3 cards of your Life Deck and place 1 of them into your hand": {
        "source": "life_deck", "depth": 3, "amount": 1, "to": "hand"},
    "Look at the top 4 cards of your opponent's Life Deck and banish up to two of them": {
        "source": "life_deck", "depth": 4, "amount": 2, "up_to": True, "to": "banish",
        "who": "opponent"},
}  # fmt: skip

LOOK_AND_MISSES = [
    "Look at the top 3 cards of your Life Deck and frob 1 of them",
    "Look at the top 3 cards of your discard pile and banish any amount of those",
    "Look at the top 3 cards of your hand and banish 1 of them",
    "Look at the top 3 cards of your Life Deck and place 1 of them into play at will",
]


@pytest.mark.parametrize("sentence", LOOK_AND)
def test_look_at_the_top_cards_and_move_some_of_them(sentence: str) -> None:
    assert parse_effect(sentence) == {"do": "move", **LOOK_AND[sentence]}


@pytest.mark.parametrize("sentence", LOOK_AND_MISSES)
def test_look_at_the_top_cards_near_misses(sentence: str) -> None:
    assert parse_effect(sentence) is None


def test_search_then_one_of_them_and_the_other() -> None:
    text = (
        "Search your discard pile for 2 Drills. Rejuvenate 1 of them and place the other into play."
    )
    assert _manual(text) == []
    assert _manual("Rejuvenate 1 of them and place the other into play.") != []


def test_a_look_with_an_unread_sentence_after_it_stays_unread() -> None:
    look = "Look at the top 3 cards of your Life Deck."
    assert _manual(look) == []  # the controller looks: all it says
    text = f"{look} Frobnicate one of them."
    assert _manual(text) == [look, "Frobnicate one of them."]
