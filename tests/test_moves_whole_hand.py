"""A whole hand moved without a choice ("Your opponent shuffles his hand into his Life
Deck") stays hidden (2016 GAME ZONES: the hand is secret): each card is named to its
owner alone, never to the player whose effect moved it."""

from __future__ import annotations

from pathlib import Path

from tests.scenario_play import play, scenario_game

SCENARIO = (
    Path(__file__).parent / "scenarios" / "moves-opponent-shuffles-hand-and-draws-same-number.yaml"
)


def test_the_opponents_hand_shuffled_away_is_named_to_them_alone() -> None:
    game = scenario_game(SCENARIO)
    events = play(game, "Play Move Taunt")
    shown = [(text, private) for text, private in events if "Red Gravity Drill" in text]
    assert shown and all(private == 1 for _text, private in shown)
