"""A choice and a move of "it" in one sentence (engine.panini.cardtext.choose_it): read as the
move alone, by the moves grammar; what the grammar does not read stays unread."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panini.cardtext.patterns import parse_effect

READ: dict[str, dict[str, Any]] = {
    "Choose an Ally in play and place it at the bottom of its owner's Life Deck": {
        "source": "in_play", "amount": 1, "card_types": ["ally"], "to": "life_bottom",
        "either_player": True},
    "Choose a Setup, Drill, or Ally in play and banish it": {
        "source": "in_play", "amount": 1, "card_types": ["ally", "drill", "setup"],
        "to": "banish", "either_player": True},
    "Choose one of your Drills and destroy it": {
        "source": "in_play", "card_types": ["drill"], "amount": 1, "to": "discard"},
    "Choose an Ally in play and return that card to its owner's hand": {
        "source": "in_play", "amount": 1, "card_types": ["ally"], "to": "hand",
        "either_player": True},
}  # fmt: skip

NEAR_MISSES = [
    'Choose a Drill not named "Combination Drill" and destroy it',  # "not named": unread
    "Choose an Ally in play and banish them",
    "Choose 2 Allies in play and banish it",
    "Choose an Ally in play and gain control of it",
    "Choose an Ally in play and banish it twice",
]


@pytest.mark.parametrize("sentence", READ)
def test_choose_and_move_it(sentence: str) -> None:
    assert parse_effect(sentence) == {"do": "move", **READ[sentence]}


@pytest.mark.parametrize("sentence", NEAR_MISSES)
def test_near_misses_stay_unread(sentence: str) -> None:
    assert parse_effect(sentence) is None
