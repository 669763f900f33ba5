"""Putting the end cards of a pile back in any order compiles to `do: rearrange`
(engine.panini.cardtext.rearrange); other sentences about looking at cards stay unread."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panini.cardtext.patterns import parse_effect
from engine.panini.cardtext.rearrange import parse_rearrange

CASES: dict[str, dict[str, Any]] = {
    "Look at the top 3 cards of your Life Deck and place them back in any order": {
        "source": "life_deck", "position": "top", "amount": 3},
    "Look at the bottom two cards of your Life Deck and put them back in any order": {
        "source": "life_deck", "position": "bottom", "amount": 2},
    "Look at the top 4 cards of your opponent's Life Deck, and place them back in any order": {
        "source": "life_deck", "position": "top", "amount": 4, "who": "opponent"},
    "Rearrange the top 5 cards of your discard pile": {
        "source": "discard_pile", "position": "top", "amount": 5},
    "Rearrange the top X cards of your opponent's discard pile": {
        "source": "discard_pile", "position": "top", "x": True, "who": "opponent"},
}  # fmt: skip


@pytest.mark.parametrize("sentence", list(CASES))
def test_rearranging_sentences_compile(sentence: str) -> None:
    expected = {"do": "rearrange", **CASES[sentence]}
    assert parse_rearrange(sentence) == expected
    assert parse_effect(sentence) == expected


@pytest.mark.parametrize(
    "sentence",
    [
        "Look at the top 3 cards of your Life Deck",  # looking alone: nothing to do
        "Look at the top card of your Life Deck and place it back in any order",
        "Look at the top 3 cards of your Life Deck and place them back in any order and draw",
        "Look at the top 3 cards of a player's Life Deck and place them back in any order",
        "Look at the top 3 cards of your hand and place them back in any order",
        "Look at the bottom 3 cards of your discard pile or Life Deck and place them back in "
        "any order",
        "Look at the top 3 cards of your Life Deck and place them at the bottom in any order",
    ],
)
def test_other_looking_sentences_stay_unread(sentence: str) -> None:
    assert parse_rearrange(sentence) is None
