""" "If you do not, <effect(s)>." (engine.panini.cardtext.not_done): the mirror of "If you do",
kept only right after an effect sentence of the same list."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text


def test_if_you_do_not_follows_the_sentence_before() -> None:
    text = (
        "POWER: You may discard a card from your hand. If you do not, draw a card and gain 2"
        " stages."
    )
    result = compile_text(text, CardType.EVENT)
    assert result.status == "automated", result.unread
    assert result.fields["action"]["effects"] == [
        {"do": "discard_from_hand", "amount": 1, "may": True},
        {"do": "draw", "amount": 1, "if_you_do_not": True},
        {"do": "gain_stages", "amount": 2, "if_you_do": True},
    ]


@pytest.mark.parametrize(
    "text",
    [
        "POWER: If you do not, draw a card.",  # nothing before it
        "POWER: Hum a tune. If you do not, draw a card.",  # before it: not read
        "POWER: You may draw a card. If you do not, you may draw a card.",
        # a top-N move finding fewer cards is still done: never read as "less than"
        "POWER: Banish the top 2 cards of your discard pile. If less than 2 cards are"
        " banished, draw a card.",
        "CONSTANT: Whenever you raise your anger, if you do not, draw a card.",
    ],
)
def test_not_read(text: str) -> None:
    result = compile_text(text, CardType.MASTERY if "CONSTANT" in text else CardType.EVENT)
    assert any("not" in s or "less" in s for s in result.unread), (text, result.unread)


def test_otherwise_after_an_if_whose_effects_always_happen() -> None:
    text = "POWER: If your anger is 3 or more, draw 2 cards. Otherwise, gain 3 stages."
    effects = compile_text(text, CardType.EVENT).fields["action"]["effects"]
    assert effects == [
        {"do": "draw", "amount": 2, "if": {"anger_at_least": 3}},
        {"do": "gain_stages", "amount": 3, "if_you_do_not": True},
    ]


@pytest.mark.parametrize(
    "first",
    [
        "If your anger is 3 or more, you may draw 2 cards.",  # declined: the condition held
        "If your anger is 3 or more, search your Life Deck for a Drill and place it into play.",
        "Draw a card.",  # no condition
    ],
)
def test_otherwise_left_to_players(first: str) -> None:
    result = compile_text(f"POWER: {first} Otherwise, gain 3 stages.", CardType.EVENT)
    assert result.unread == ["Otherwise, gain 3 stages."], first
