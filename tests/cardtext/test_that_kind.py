"""Tests on "that Ally / Drill / Setup" and on words in the title of the card chosen
(engine.panini.cardtext.referents): "that Ally" is read only after a choice of Allies."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text
from engine.panini.cardtext.patterns import parse_condition

CONDITIONS: dict[str, dict[str, Any]] = {
    'that Ally had "Cell Jr." in the title': {"title_has": "Cell Jr.", "kind": "ally"},
    "that card has 'Sword' in the title": {"title_has": "Sword"},
    "that Drill was Styled": {"styled": True, "kind": "drill"},
    "that Setup is Red": {"style": "red", "kind": "setup"},
}  # fmt: skip

NEAR_MISSES = [
    'that Ally had "Cell Jr." in the name',
    "that Ally had Cell Jr. in the title",  # unquoted: where does the title end?
    'that Attack had "Sword" in the title',
    "that Ally is tired",
]


@pytest.mark.parametrize("text", CONDITIONS)
def test_conditions(text: str) -> None:
    assert parse_condition(text) == {"that": CONDITIONS[text]}


@pytest.mark.parametrize("text", NEAR_MISSES)
def test_near_misses(text: str) -> None:
    assert parse_condition(text) is None


def _manual(text: str) -> list[str]:
    return compile_text(text, CardType.EVENT).manual


def test_that_ally_after_a_choice_of_an_ally() -> None:
    text = (
        'Return an Ally in play to its owner\'s hand. If that Ally had "Cell Jr." in the '
        "title, raise your anger 1 level."
    )
    assert _manual(text) == []


def test_that_ally_after_another_choice_stays_unread() -> None:
    # the card drawn, not the Ally banished, would be "that card" here
    assert _manual(
        "Banish an Ally you control to draw the bottom card of your Life Deck. If that Ally "
        'had "Kami" in the title, raise your anger 1 level.'
    )
    assert _manual(
        "Return a Drill in play to its owner's hand. If that Ally was Styled, raise your "
        "anger 1 level."
    )


def test_the_top_card_of_the_opponents_life_deck_revealed() -> None:
    result = compile_text("Reveal the top card of your opponent's Life Deck.", CardType.EVENT)
    assert result.fields["action"]["effects"] == [
        {"do": "choose", "what": "top", "who": "opponent", "reveal": True}
    ]


def test_the_revealed_card_needs_a_card_revealed_just_before() -> None:
    revealed = (
        "You may reveal the bottom card of your Life Deck. If the revealed card was "
        "non-Styled, raise your anger 1 level."
    )
    assert _manual(revealed) == []
    # looked at, not revealed; or chosen in a pile: not "the revealed card"
    assert _manual(
        "Look at the top card of your Life Deck. If the revealed card was Styled, raise your "
        "anger 1 level."
    )
    assert _manual(
        "Choose a card in your discard pile. If the revealed card was Styled, raise your "
        "anger 1 level."
    )
    assert parse_condition("the revealed card was non-Styled") == {"that": {"styled": False}}
    assert parse_condition("the revealed cards were non-Styled") is None
