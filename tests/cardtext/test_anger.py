"""Anger sentences (2016 ANGER): whose anger, which way, chosen as the effect resolves."""

from __future__ import annotations

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text


def effect(text: str) -> dict[str, object]:
    result = compile_text(text, CardType.EVENT)
    assert result.status == "automated", result
    [only] = result.fields["action"]["effects"]
    return dict(only)


def test_the_controller_may_choose_the_player_and_the_direction() -> None:
    assert effect("Raise or lower a player's anger 1 level.") == {
        "do": "change_anger", "amount": 1, "players": "either", "direction": "either"
    }  # fmt: skip
    assert effect("Raise a player's anger 2 levels.")["direction"] == "raise"
    assert effect("Raise or lower your opponent's anger 2 levels.")["players"] == "opponent"
    assert effect("Raise your opponent's anger 1 level.") == {
        "do": "raise_anger", "amount": 1, "who": "opponent"
    }  # fmt: skip


def test_near_misses_stay_unread() -> None:
    for text in (
        "Raise or lower a player's anger to 2.",
        "Raise or lower each player's anger 1 level.",
        "Raise your anger X levels.",
    ):
        assert compile_text(text, CardType.EVENT).unread == [text], text
