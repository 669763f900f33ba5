"""Sentences that choose a card and sentences that refer back to it ("that card",
engine.panini.cardtext.referents): a reference compiles only when the sentences just before it,
in the same effect list, chose; otherwise it stays for players with the choice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.panini.cards import CardType, load_card_file
from engine.panini.cardtext import compile_text, reproduces
from engine.panini.cardtext.patterns import parse_condition, parse_effect

CHOICES: dict[str, dict[str, Any]] = {
    "Look at your opponent's hand and choose a card": {"what": "hand", "who": "opponent"},
    "Look at your opponent's hand and choose a non-Dragon Ball card in it": {
        "what": "hand", "who": "opponent", "not_dragon_ball": True},
    "Choose a random card from your opponent's hand": {"what": "random_hand",
                                                       "who": "opponent"},
    "Name a card": {"what": "name"},
    "Name a non-Dragon Ball card": {"what": "name"},
    "Name a Physical Combat, Energy Combat, or Event card": {
        "what": "name", "card_types": ["energy_combat", "event", "physical_combat"]},
    "Name a Physical Combat, Energy Combat or Event card": {
        "what": "name", "card_types": ["energy_combat", "event", "physical_combat"]},
    "Choose a card in your opponent's Banished Zone": {"what": "pile", "source": "banished",
                                                       "who": "opponent"},
    "Choose a card from your discard pile": {"what": "pile", "source": "discard_pile"},
    "Look at the top card of your Life Deck": {"what": "top"},
    "Reveal the bottom card of your Life Deck": {"what": "bottom", "reveal": True},
    "Choose a personality in play": {"what": "personality"},
}  # fmt: skip

REFERENCES: dict[str, dict[str, Any]] = {
    "Your opponent discards that card": {"source": "that", "who": "opponent", "to": "discard"},
    "Your opponent shuffles that card into his or her Life Deck": {
        "source": "that", "who": "opponent", "to": "life_shuffle"},
    "Your opponent shuffles that card into his life deck": {
        "source": "that", "who": "opponent", "to": "life_shuffle"},
    "Banish that card": {"source": "that", "to": "banish"},
    "Place that card at the bottom of your Life Deck": {"source": "that", "to": "life_bottom"},
    "Search your opponent's Life Deck for all copies of that card and banish them": {
        "source": "life_deck", "who": "opponent", "copies": True, "every": True,
        "to": "banish"},
    "Your opponent searches his Life Deck for all copies of that card and banishes them": {
        "source": "life_deck", "who": "opponent", "copies": True, "every": True,
        "to": "banish"},
    "Search your opponent's Life Deck for 1 copy of that card and discard it": {
        "source": "life_deck", "who": "opponent", "copies": True, "amount": 1,
        "to": "discard"},
    "Your opponent cannot play that card for the remainder of combat": {
        "do": "until_end_of_turn", "modifier": {"mod": "no_play_that", "who": "opponent"}},
    "Search your opponent's Life Deck for a copy of the chosen card and banish it": {
        "source": "life_deck", "who": "opponent", "copies": True, "amount": 1,
        "to": "banish"},
}  # fmt: skip

NEAR_MISSES = [
    "Look at your opponent's hand and chose a card",  # a typo is not guessed at
    "Look at your opponent's hand and choose non-Dragon Ball card in it",
    "Look at your opponent's hand and choose 2 cards",
    "Choose a random card from your hand",
    "Name a Dragon Ball card",
    "Name a card not named Black Swirl",
    "Your opponent shuffles that card",  # into where?
    "Your opponent discards that card into his Life Deck",
    "Search your opponent's Life Deck for all copies of that card and banish it",
    "Search your opponent's Life Deck for a copy of that card and banish them",
    "Search your opponent's Life Deck for all copies of that card harm",
    "Your opponent searches his Life Deck for all copies of that card and banish them",
    "Place that card on top of your hand",
    "Your opponent cannot play that card",  # for how long?
    "Choose a personality you control",
    "That personality loses X stages",
    "You cannot play that card for the remainder of combat",
]


@pytest.mark.parametrize("sentence", sorted(CHOICES))
def test_choices(sentence: str) -> None:
    assert parse_effect(sentence) == {"do": "choose", **CHOICES[sentence]}


@pytest.mark.parametrize("sentence", sorted(REFERENCES))
def test_references(sentence: str) -> None:
    assert parse_effect(sentence) == {"do": "move", **REFERENCES[sentence]}


@pytest.mark.parametrize("sentence", NEAR_MISSES)
def test_near_misses_stay_unread(sentence: str) -> None:
    assert parse_effect(sentence) is None


def test_the_card_file_is_what_its_texts_say() -> None:
    path = Path(__file__).parents[1] / "cards" / "referents.yaml"
    for card in load_card_file(path):
        assert reproduces(card), card.name


def _manual(text: str, card_type: CardType = CardType.EVENT) -> list[str]:
    return compile_text(text, card_type).manual


def test_a_reference_without_a_choice_stays_unread() -> None:
    assert _manual("Draw a card. Your opponent discards that card.") == [
        "Your opponent discards that card."
    ]


def test_a_reference_after_an_unread_choice_stays_unread() -> None:
    # ("and chose a card" is read as "and choose": tests/cardtext/test_normalise.py)
    text = "Look at your opponent's hand and pick a card. Your opponent discards that card."
    assert len(_manual(text)) == 2


def test_an_unread_sentence_between_breaks_the_reference() -> None:
    # the unread sentence may have chosen another card: "that card" would be ambiguous
    text = (
        "Look at your opponent's hand and choose a card. Your opponent discards that card. "
        "Your opponent looks at your hand and chooses a card. Discard that card."
    )
    assert _manual(text) == [
        "Your opponent looks at your hand and chooses a card.",
        "Discard that card.",
    ]


def test_a_reference_across_hit_stays_unread() -> None:
    text = (
        "Physical attack. Name a card. DAMAGE: AT. "
        "HIT: Search your opponent's Life Deck for all copies of that card and banish them."
    )
    manual = _manual(text, CardType.PHYSICAL_COMBAT)
    assert manual == [
        "Name a card.",
        "HIT: Search your opponent's Life Deck for all copies of that card and banish them.",
    ]


def test_a_choice_nothing_uses_is_left_with_the_unread_sentence_after_it() -> None:
    # ("... was revealed" is read now: docs/rulings.md 278)
    text = (
        "Name a card. Your opponent reveals his hand. If the card you named was shown, "
        "draw a card."
    )
    assert _manual(text) == [
        "Name a card.",
        "If the card you named was shown, draw a card.",
    ]


def test_the_card_you_named_was_destroyed_by_the_move_just_before() -> None:
    text = (
        "Name a card. Destroy the top card of your Life Deck. If the card you named was "
        "destroyed, destroy the top 2 cards of your opponent's Life Deck."
    )
    effects = compile_text(text, CardType.EVENT).fields["action"]["effects"]
    assert effects[2]["if"] == {"that": {"named_moved": True}}
    # the sentence before it destroys nothing: not read
    assert _manual(
        "Name a card. Draw a card. If the card you named was destroyed, draw a card."
    ) == ["Name a card.", "If the card you named was destroyed, draw a card."]


def test_a_one_card_move_is_that_card_and_several_are_ambiguous() -> None:
    one = (
        "Choose a card in your discard pile and place it on top of your Life Deck. "
        "If that card had Endurance, draw a card."
    )
    assert compile_text(one, CardType.EVENT).status == "automated"
    several = (
        "Look at your opponent's hand and choose a card. Destroy the top 2 cards of your "
        "Life Deck. Your opponent discards that card."
    )
    assert _manual(several) == [
        "Look at your opponent's hand and choose a card.",
        "Your opponent discards that card.",
    ]


def test_the_subject_carries_to_a_second_verb() -> None:
    result = compile_text(
        "Choose a random card from your opponent's hand. Your opponent shuffles that card "
        "into his Life Deck and draws a card.",
        CardType.EVENT,
    )
    assert result.status == "automated"
    assert result.fields["action"]["effects"][2] == {
        "do": "draw", "amount": 1, "who": "opponent", "if_you_do": True}  # fmt: skip
    # without a verb of its own ("and draw a card") the sentence is not guessed at
    unread = compile_text(
        "Choose a random card from your opponent's hand. Your opponent shuffles that card "
        "into his Life Deck and his draws a card.",
        CardType.EVENT,
    )
    assert unread.status != "automated"


CONDITIONS: dict[str, dict[str, Any]] = {
    "that card is Styled": {"styled": True},
    "that card was non-Styled": {"styled": False},
    "that card was an attack": {"card_types": ["energy_combat", "physical_combat"]},
    "that card is a Dragon Ball": {"card_types": ["dragon_ball"]},
    "that card was a Setup, Drill, or Ally": {"card_types": ["ally", "drill", "setup"]},
    "that card was Red": {"style": "red"},
    "that card had Endurance": {"endurance": True},
}


@pytest.mark.parametrize("condition", sorted(CONDITIONS))
def test_conditions_on_that_card(condition: str) -> None:
    assert parse_condition(condition) == {"that": CONDITIONS[condition]}


@pytest.mark.parametrize(
    "condition",
    [
        "that card is Styled or a Dragon Ball",  # either of two: not read
        "that card was a tiger",
        "that card has Sword in the title",  # unquoted: where do the words end?
        "that attack was a tiger",  # "that attack was ...": tests/cardtext/test_that_attack.py
        # joined to another condition: not read
        "that card was Styled or your anger is 2 or more",
        "your MP is at level 2 or higher and that card is Styled",
    ],
)
def test_conditions_on_that_card_near_misses(condition: str) -> None:
    assert parse_condition(condition) is None


def test_it_and_a_test_need_the_choice_just_before() -> None:
    assert _manual("Draw a card. If that card is Styled, place it into your hand.") == [
        "If that card is Styled, place it into your hand."
    ]
    assert parse_effect("Draw a card and reveal it to your opponent") == {
        "do": "choose", "what": "draw"}  # fmt: skip
    assert parse_effect("Draw 2 cards and reveal them") is None


def test_a_random_discard_is_a_choice_and_a_discard_of_that_card() -> None:
    fields = compile_text(
        "Your opponent discards a random card from his or her hand.", CardType.EVENT
    ).fields
    assert fields["action"]["effects"] == [
        {"do": "choose", "what": "random_hand", "who": "opponent"},
        {"do": "move", "source": "that", "who": "opponent", "to": "discard", "if_you_do": True},
    ]
    # a random card of your own hand is not read
    assert compile_text("Discard a random card from your hand.", CardType.EVENT).unread


def test_that_personality_gains_or_loses_stages() -> None:
    assert parse_effect("That personality loses 3 stages") == {
        "do": "lose_stages", "amount": 3, "personality": "that"}  # fmt: skip
    assert parse_effect("That personality gains 5 power stages") == {
        "do": "gain_stages", "amount": 5, "personality": "that"}  # fmt: skip
    # no personality chosen just before (a card is not a personality): left to players
    assert _manual("Choose a card from your discard pile. That personality gains 5 stages.")
    assert _manual("Choose a personality in play. Banish that card.") == [
        "Choose a personality in play.",
        "Banish that card.",
    ]
