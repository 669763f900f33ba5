"""What each player does to their own pile (engine.panini.cardtext.each_player), and a card's own
entering play in the Planning Step (engine.panini.cardtext.self_moves; docs/rulings.md 298)."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text
from engine.panini.cardtext.patterns import parse_effect


@pytest.mark.parametrize(
    ("sentence", "fields"),
    [
        ("Each player places their hand on top of their Life Deck",
         {"source": "hand", "every": True, "to": "life_top"}),
        ("Each player banishes the top 2 cards of his or her discard pile",
         {"source": "discard_pile", "position": "top", "amount": 2, "to": "banish"}),
    ],
)  # fmt: skip
def test_each_players_own_pile(sentence: str, fields: dict[str, object]) -> None:
    effect = parse_effect(sentence)
    assert effect is not None and effect["both_players"] is True
    assert {key: effect.get(key) for key in fields} == fields


@pytest.mark.parametrize(
    "sentence",
    [
        # one player's pile named beside each player's
        "Each player places their hand on top of your Life Deck",
        # a card each player would choose of their own
        "Each player places a card from their hand on top of their Life Deck",
        "Each player banishes up to 2 cards from the top of their Life Deck",
        # into play: whose control is not said
        "Each player places the top card of their discard pile into play",
    ],
)
def test_near_misses_stay_unread(sentence: str) -> None:
    assert parse_effect(sentence) is None


def test_entering_play_during_the_planning_step() -> None:
    text = (
        "(When this card enters play during the Planning Step, each player places their hand on "
        "top of their Life Deck.)"
    )
    result = compile_text(text, CardType.DRILL)
    assert result.status == "automated", result.unread
    (ability,) = result.fields["when_moved"]
    assert ability["event"] == "enters_play" and ability["during_planning"] is True
    assert "during_combat" not in ability


def test_discarded_during_the_planning_step_stays_unread() -> None:
    text = "(If this card is discarded from your hand during the Planning Step, draw a card.)"
    assert compile_text(text, CardType.DRILL).unread


@pytest.mark.parametrize(
    ("sentence", "fields"),
    [
        ("All personalities with Android in the title lose 3 stages",
         {"amount": 3, "both": True, "title_has": "Android"}),
        ('All personalities with "Goku" in their titles gain 2 stages',
         {"amount": 2, "both": True, "title_has": "Goku", "gain": True}),
    ],
)  # fmt: skip
def test_personalities_of_a_title(sentence: str, fields: dict[str, object]) -> None:
    effect = parse_effect(sentence)
    assert effect is not None and effect["do"] == "all_stages"
    assert {key: effect.get(key) for key in fields} == fields


@pytest.mark.parametrize(
    "sentence",
    [
        "All personalities with Android lose 3 stages",  # with what?
        "All personalities with Android in the title lose X stages",  # X: not read here
        "Some personalities with Android in the title lose 3 stages",
    ],
)
def test_personalities_of_a_title_near_misses(sentence: str) -> None:
    assert parse_effect(sentence) is None
