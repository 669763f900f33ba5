"""Conditions on cards moved or drawn this combat (engine.panini.cardtext.moved,
engine.panini.history.card_moved; docs/rulings.md 92): read whole or left to players."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text


def happened(**check: Any) -> dict[str, Any]:
    return {"happened": [check]}


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        ("If you have discarded a card from your hand this combat",
         happened(event="card_moved", how="discarded_from_hand")),
        ("If you discarded a card from your hand this turn",
         happened(event="card_moved", how="discarded_from_hand", scope="turn")),
        ("If you have not discarded any cards from your hand this combat",
         happened(event="card_moved", how="discarded_from_hand", op="eq", value=0)),
        ("If your opponent has discarded 2 or more cards from his or her hand this combat",
         happened(event="card_moved", how="discarded_from_hand", who="opponent", value=2)),
        ("If you have destroyed cards from your opponent's Life Deck this combat",
         happened(event="card_moved", how="destroyed_from_life_deck", who="opponent",
                  by="self")),
        ("If you have destroyed cards from the top of your Life Deck this combat",
         happened(event="card_moved", how="destroyed_from_life_deck", by="self")),
        ("If you have banished a card from your opponent's discard pile this combat",
         happened(event="card_moved", how="banished_from_discard", who="opponent",
                  by="self")),
        ("If you have Rejuvenated this combat", happened(event="card_moved", how="rejuvenated")),
        ("If you have banished a card from your Life Deck this combat",
         happened(event="card_moved", how="banished_from_life_deck", by="self")),
        ("If you have banished a card from your hand this combat",
         happened(event="card_moved", how="banished_from_hand", by="self")),
        ("If you have drawn a card this combat", happened(event="drew")),
        ("If your opponent has not drawn cards this turn",
         happened(event="drew", who="opponent", scope="turn", op="eq", value=0)),
    ],
)  # fmt: skip
def test_moved_conditions(head: str, expected: dict[str, Any]) -> None:
    result = compile_text(f"POWER: {head}, draw a card.", CardType.EVENT)
    assert result.status == "automated", result.unread
    assert result.fields["action"]["effects"][0]["if"] == expected


@pytest.mark.parametrize(
    "head",
    [
        "If you have banished a card from your Banished Zone this combat",
        "If you have discarded a card from your discard pile this combat",
        "If you have discarded a card from his hand this combat",  # whose?
        "If you have destroyed cards from the top of your hand this combat",
        "If you have discarded a card from your hand",  # no "this combat"
        "If you have not discarded 2 or more cards from your hand this combat",
        "If you have drawn 2 or more cards this combat",  # one record per draw, not per card
    ],
)
def test_near_misses_stay_unread(head: str) -> None:
    text = f"POWER: {head}, draw a card."
    assert compile_text(text, CardType.EVENT).status == "manual", text
