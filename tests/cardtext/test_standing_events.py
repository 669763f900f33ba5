"""Trigger events: "you destroy cards from your opponent's Life Deck", "you gain stages from a
card effect" (engine.panini.cardtext.triggers)."""

from __future__ import annotations

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text


def _trigger(text: str) -> dict[str, object]:
    result = compile_text(text, CardType.DRILL)
    assert result.status == "automated", text
    trigger: dict[str, object] = result.fields["triggers"][0]
    return trigger


def test_you_destroy_cards_from_your_opponents_life_deck() -> None:
    trigger = _trigger("CONSTANT: Whenever you destroy cards from your opponent's Life Deck, "
                       "raise your anger 1 level.")  # fmt: skip
    assert (trigger["on"], trigger["who"], trigger["by"]) == (
        "life_deck_destroyed",
        "opponent",
        "self",
    )


def test_one_of_your_effects_and_the_effect_first() -> None:
    text = "CONSTANT: You may lower your opponent's anger 1 level whenever one of your effects "
    trigger = _trigger(f"{text}destroys cards from the top of your opponent's Life Deck.")
    assert (trigger["on"], trigger["who"], trigger["by"]) == (
        "life_deck_destroyed",
        "opponent",
        "self",
    )
    assert trigger["effects"] == [
        {"do": "lower_anger", "amount": 1, "who": "opponent", "may": True}
    ]
    own = _trigger(
        "CONSTANT: Whenever your opponent destroys cards from his Life Deck, draw a card."
    )
    assert (own["who"], own["by"]) == ("opponent", "opponent")


def test_near_misses_stay_unread() -> None:
    for text in (
        # whose Life Deck is "his"?
        "CONSTANT: Whenever you destroy cards from his Life Deck, draw a card.",
        # damage is not destroying
        "CONSTANT: Whenever you destroy cards from your opponent's hand, draw a card.",
    ):
        result = compile_text(text, CardType.DRILL)
        assert "triggers" not in result.fields, text


def test_stages_gained_from_a_card_effect() -> None:
    trigger = _trigger("CONSTANT: Whenever you gain stages from a card effect, raise your anger 1 "
                       "level.")  # fmt: skip
    assert trigger == {"on": "effect_stages_gained",
                       "effects": [{"do": "raise_anger", "amount": 1}]}  # fmt: skip
    # "from an attack": not read
    near = "CONSTANT: Whenever you gain stages from an attack, raise your anger 1 level."
    assert "triggers" not in compile_text(near, CardType.DRILL).fields


def test_opponent_plays_a_non_styled_card() -> None:
    text = ("CONSTANT: Whenever your opponent plays a non-Styled card, destroy the top card of his "
            "Life Deck.")  # fmt: skip
    trigger = _trigger(text)
    assert (trigger["on"], trigger["who"], trigger["freestyle"]) == (
        "card_played",
        "opponent",
        True,
    )
    # a Styled card: no such filter on cards played
    near = "CONSTANT: Whenever your opponent plays a Styled card, draw a card."
    assert "triggers" not in compile_text(near, CardType.DRILL).fields


def test_a_dragon_ball_revealed_when_taking_damage() -> None:
    text = (
        "CONSTANT: Whenever a Dragon Ball is revealed when taking damage, raise your anger 1 level."
    )
    assert _trigger(text)["who"] == "any"
    text = "CONSTANT: Whenever a Dragon Ball is revealed when you take damage, draw a card."
    assert "who" not in _trigger(text)
    # revealed otherwise (from the hand, searched): not read
    near = "CONSTANT: Whenever a Dragon Ball is revealed, raise your anger 1 level."
    assert "triggers" not in compile_text(near, CardType.DRILL).fields
