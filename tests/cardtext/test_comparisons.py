"""More comparisons (engine.panini.cardtext.comparisons): one verb for two kinds of card, anger
against a level, levels apart; read whole or left to players."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text


def compare(left: dict[str, Any], op: str, **side: Any) -> dict[str, Any]:
    return {"compare": [{"left": left, "op": op, **side}]}


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        ("If your opponent controls no Setups or Drills",
         {"all_of": [compare({"of": "setups", "who": "opponent"}, "eq", value=0),
                     compare({"of": "drills", "who": "opponent"}, "eq", value=0)]}),
        ("If you do not control a Setup or a Drill",
         {"all_of": [compare({"of": "setups"}, "eq", value=0),
                     compare({"of": "drills"}, "eq", value=0)]}),
        ("If you control an Ally or Dragon Ball",
         {"any_of": [compare({"of": "allies"}, "ge", value=1),
                     compare({"of": "dragon_balls"}, "ge", value=1)]}),
        ("If your current anger level is higher than the MP level of your opponent",
         compare({"of": "anger"}, "gt", right={"of": "level", "who": "opponent"})),
        ("If your opponent's anger is lower than your MP's level",
         compare({"of": "anger", "who": "opponent"}, "lt", right={"of": "level"})),
        ("If your MP is 2 or more levels higher than your opponent's MP",
         compare({"of": "level"}, "ge", right={"of": "level", "who": "opponent", "plus": 2})),
        ("If your MP is at least 1 level lower than your opponent's MP",
         compare({"of": "level", "who": "opponent"}, "ge", right={"of": "level", "plus": 1})),
        ("If your MP is not at level 4", compare({"of": "level"}, "ne", value=4)),
        ("If you have 10 or fewer cards in your Life Deck",
         compare({"of": "life_deck"}, "le", value=10)),
        ("If your opponent's Life Deck has fewer than 5 cards",
         compare({"of": "life_deck", "who": "opponent"}, "lt", value=5)),
        ("If your discard pile has 5 or more cards",
         compare({"of": "discard_pile"}, "ge", value=5)),
        ("If your opponent's hand is empty", compare({"of": "hand", "who": "opponent"}, "eq",
                                                     value=0)),
        ("If your MP is at least level 3", compare({"of": "level"}, "ge", value=3)),
    ],
)  # fmt: skip
def test_comparisons(head: str, expected: dict[str, Any]) -> None:
    result = compile_text(f"POWER: {head}, draw a card.", CardType.EVENT)
    assert result.status == "automated", result.unread
    assert result.fields["action"]["effects"][0]["if"] == expected


@pytest.mark.parametrize(
    "head",
    [
        "If your opponent controls no Setups or Setups",
        "If you control no Setups or 2 Drills",
        "If you control a Setup or Personality card",
        "If your anger is higher than the level",  # whose?
        "If your anger is higher than your hand",
        "If your MP is 2 or more levels higher than your MP",
        "If your MP is 2 levels higher than your opponent's MP",  # exactly or at least?
        "If you have 3 or more Allies in your Life Deck",  # hidden: what they are
        "If your Life Deck has many cards",
        "If your MP is not level 4 or higher",
    ],
)
def test_near_misses_stay_unread(head: str) -> None:
    text = f"POWER: {head}, draw a card."
    assert compile_text(text, CardType.EVENT).status == "manual", text


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        ("If you control more than 1 Earth Dragon Ball",
         compare({"of": "dragon_balls", "dragon_ball_set": "earth"}, "gt", value=1)),
        ("If 3 or more Namek Dragon Balls you own are in play",
         compare({"of": "dragon_balls", "dragon_ball_set": "namek", "owned": True}, "ge",
                 value=3)),
        ("If less than 3 Dragon Balls you own are in play",
         compare({"of": "dragon_balls", "owned": True}, "lt", value=3)),
    ],
)  # fmt: skip
def test_dragon_balls_of_a_set_or_owned(head: str, expected: dict[str, Any]) -> None:
    test_comparisons(head, expected)
    near = head.replace("Dragon Ball", "Dragon Bell")
    assert compile_text(f"POWER: {near}, draw a card.", CardType.EVENT).status == "manual"
