"""Phrases the moves grammar gained (engine.panini.cardtext.moves): a whole hand, "your deck",
"a non-Styled Setup or non-Styled Drill", types without "card" ("a Physical Combat",
"2 Styled attacks"); and "the same number of cards" after a move
(engine.panini.cardtext.same_number, docs/rulings.md 215-216)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panini.cards import Card, CardType
from engine.panini.cardtext import compile_text, reproduces
from engine.panini.cardtext.patterns import parse_effect

CASES: dict[str, dict[str, Any]] = {
    "Shuffle your hand into your Life Deck": {
        "source": "hand", "every": True, "to": "life_shuffle"},
    "Place your hand on the bottom of your Life Deck": {
        "source": "hand", "every": True, "to": "life_bottom"},
    "Your opponent shuffles his or her hand into his or her Life Deck": {
        "source": "hand", "every": True, "to": "life_shuffle", "who": "opponent"},
    "Destroy the top 3 cards of your deck": {
        "source": "life_deck", "position": "top", "amount": 3, "to": "discard"},
    "Destroy a non-Styled Setup or non-Styled Drill": {
        "source": "in_play", "amount": 1, "styled": False, "card_types": ["drill", "setup"],
        "to": "discard", "either_player": True},
    "Choose a Physical Combat, Energy Combat, or Event from your discard pile and place it "
    "on top of your Life Deck": {
        "source": "discard_pile", "amount": 1, "to": "life_top",
        "card_types": ["energy_combat", "event", "physical_combat"]},
    "Choose 2 Styled attacks from your discard pile and shuffle them into your Life Deck": {
        "source": "discard_pile", "amount": 2, "styled": True, "to": "life_shuffle",
        "card_types": ["energy_combat", "physical_combat"]},
    "Return this Drill to your hand": {"source": "this_card", "amount": 1, "to": "hand"},
    "Return all Drills in play to their owner's hands": {
        "source": "in_play", "every": True, "card_types": ["drill"], "to": "hand",
        "either_player": True},
    'Shuffle all Allies you control with "Cell Jr." in the title into their owner\'s Life Deck': {
        "source": "in_play", "every": True, "card_types": ["ally"], "title_has": "Cell Jr.",
        "to": "life_shuffle"},
    "Destroy the top 2 of your opponent's Life Deck": {
        "source": "life_deck", "position": "top", "amount": 2, "to": "discard",
        "who": "opponent"},
    "Draw the top or bottom of your Life Deck": {
        "source": "life_deck", "position": "top_or_bottom", "amount": 1, "to": "hand"},
    "Shuffle the top and bottom cards of your discard pile into your Life Deck": {
        "source": "discard_pile", "position": "top_and_bottom", "amount": 1,
        "to": "life_shuffle"},
    "Your opponent chooses one of his Drills and destroys it": {
        "source": "in_play", "card_types": ["drill"], "amount": 1, "to": "discard",
        "chooser": "opponent", "who": "opponent"},
    "Your opponent chooses 4 Styled cards in his discard pile and Rejuvenates them": {
        "source": "discard_pile", "amount": 4, "styled": True, "to": "rejuvenate",
        "chooser": "opponent", "who": "opponent"},
    "Your opponent chooses a card from his or her hand and places it on top of his or her "
    "Life Deck": {"source": "hand", "amount": 1, "to": "life_top", "chooser": "opponent",
                  "who": "opponent"},
    "Destroy the top 2 cards of each player's Life Deck": {
        "source": "life_deck", "position": "top", "amount": 2, "to": "discard",
        "both_players": True},
    "Place a card from each player's discard pile on top of its owner's Life Deck": {
        "source": "discard_pile", "amount": 1, "to": "life_top", "both_players": True},
    "Your opponent places a card from his hand at the bottom of his Life Deck": {
        "source": "hand", "amount": 1, "to": "life_bottom", "chooser": "opponent",
        "who": "opponent"},
    "have your opponent put a card from his hand at the bottom of his Life Deck": {
        "source": "hand", "amount": 1, "to": "life_bottom", "chooser": "opponent",
        "who": "opponent"},
    "Your opponent banishes 2 cards from his discard pile": {
        "source": "discard_pile", "amount": 2, "to": "banish", "chooser": "opponent",
        "who": "opponent"},
    "Reveal up to 2 Drills from your hand and shuffle them into your Life Deck": {
        "source": "hand", "amount": 2, "up_to": True, "card_types": ["drill"],
        "to": "life_shuffle", "revealed": True},
    "Reveal a Styled card from your hand and place it at the bottom of your Life Deck": {
        "source": "hand", "amount": 1, "styled": True, "to": "life_bottom", "revealed": True},
    "Reveal 2 attack cards from your hand": {
        "source": "hand", "amount": 2, "card_types": ["energy_combat", "physical_combat"],
        "to": "reveal"},
    "Reveal a Dragon Ball from your hand": {
        "source": "hand", "amount": 1, "card_types": ["dragon_ball"], "to": "reveal"},
    "Banish all Earth Dragon Balls you own in play": {
        "source": "in_play", "every": True, "card_types": ["dragon_ball"],
        "dragon_ball_set": "Earth", "owned": True, "to": "banish", "either_player": True},
    "Banish a Dragon Ball you own under your control": {
        "source": "in_play", "amount": 1, "card_types": ["dragon_ball"], "owned": True,
        "to": "banish"},
    "Shuffle a Dragon Ball you own in play back into your Life Deck": {
        "source": "in_play", "amount": 1, "card_types": ["dragon_ball"], "owned": True,
        "to": "life_shuffle", "either_player": True},
}  # fmt: skip


@pytest.mark.parametrize("sentence", list(CASES))
def test_the_new_phrases_read_whole(sentence: str) -> None:
    assert parse_effect(sentence) == {"do": "move", **CASES[sentence]}


@pytest.mark.parametrize(
    "sentence",
    [
        "Destroy a non-Styled Setup or Styled Drill",  # two different words: not one filter
        "Your opponent shuffles his hand into your Life Deck",  # his cards into your deck
        "Shuffle your opponent's hand into your Life Deck",
        "Discard your hand into your Life Deck",
        "Place your hand into your hand",
        "Draw the same number of cards plus one",
        "Shuffle the top and bottom 2 cards of your discard pile into your Life Deck",
        "Your opponent chooses a card in his discard pile and destroys it",  # not destroyed
        "Your opponent chooses one of your Drills and destroys it",  # not theirs to choose
        "Your opponent chooses a Drill in his discard pile and places it into play",
        "Place a card from each player's discard pile on top of your Life Deck",
        "Search each player's Life Deck for a Drill and banish it",
        "Choose a Setup in each player's discard pile and place it into play",
        "Your opponent places a card from his hand on top of your Life Deck",
        "Your opponent put a card from his hand at the bottom of his Life Deck",
        "Your opponent banishes a card from his Life Deck",  # a search: who sees it?
        "Reveal a Styled card from your hand and discard it",  # a discard is no reveal
        "Reveal a card from your opponent's hand and shuffle it into his Life Deck",
        "Reveal up to 3 cards from your opponent's hand",
        "Reveal a Dragon Ball in play",
        "Return a Dragon Ball you own in play to your hand",  # whose hand: not read yet
        "Banish a Dragon Ball you own under your opponent's control",
        "Place this Drill into your hand",  # only "return" takes a card back from play
        "Return this Drill to your opponent's hand",
        "Destroy the top Drill of your Life Deck",  # an end of a pile with a filter
        "Banish all Allies you control with Android in the title in play",
    ],
)
def test_near_misses_stay_unread(sentence: str) -> None:
    assert parse_effect(sentence) is None


def test_the_same_number_counts_what_the_move_before_it_moved() -> None:
    text = "Your opponent shuffles his hand into his Life Deck and draws the same number of cards."
    result = compile_text(text, CardType.EVENT)
    assert result.status == "automated"
    assert result.fields["action"]["effects"] == [
        {"do": "move", "source": "hand", "every": True, "to": "life_shuffle", "who": "opponent"},
        {"do": "draw", "amount": 1, "who": "opponent", "per": {"of": "moved"},
         "if_you_do": True},
    ]  # fmt: skip
    card = Card.model_validate({"name": "Taunt", "type": "event", "text": text, **result.fields})
    assert reproduces(card)
    cost = "POWER: Place your hand at the bottom of your Life Deck to draw the same number of cards"
    effects = compile_text(cost, CardType.MAIN_PERSONALITY).fields["action"]["effects"]
    assert effects[1]["per"] == {"of": "moved"} and effects[0]["cost"]
    destroy = ("POWER: Banish the top 2 cards of your Life Deck. Destroy the same number of "
               "cards from the top of your opponent's Life Deck.")  # fmt: skip
    effects = compile_text(destroy, CardType.EVENT).fields["action"]["effects"]
    assert effects[1] == {"do": "move", "source": "life_deck", "position": "top", "amount": 1,
                          "to": "discard", "per": {"of": "moved"}, "who": "opponent"}  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "POWER: Draw the same number of cards.",  # nothing moved before it
        "POWER: Raise your anger 1 level. Draw the same number of cards.",  # not a move
        # a move that may not have happened: its count would be another's
        "POWER: You may banish a card from your discard pile. Draw the same number of cards.",
        "POWER: You may discard 2 cards from your hand. If you do, destroy the same number "
        "of cards from the top of your opponent's Life Deck.",  # not a `move`: not counted
    ],
)
def test_the_same_number_with_no_move_just_before_stays_unread(text: str) -> None:
    result = compile_text(text, CardType.EVENT)
    assert any("same number" in sentence for sentence in result.unread), text


def test_that_card_after_a_card_from_each_pile_is_not_one_card() -> None:
    text = ("POWER: Banish the top card of each player's discard pile. If that card was "
            "Styled, draw a card.")  # fmt: skip
    assert compile_text(text, CardType.EVENT).status != "automated"
