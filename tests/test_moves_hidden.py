"""The `move` effect keeps hidden zones hidden (2016 GAME ZONES: the hand and Life Deck are
secret): a card taken from the Life Deck to the hand is named only to its player, and a
card going to a public zone (discard pile, in play) is named to everyone."""

from __future__ import annotations

from pathlib import Path

from engine.panini.game import Game
from tests.scenario_play import play, scenario_game

HERE = Path(__file__).parent / "scenarios"


def _game(text: str, tmp_path: Path) -> Game:
    path = tmp_path / "s.yaml"
    path.write_text(text.replace("CARDS", str(HERE.parent / "cards")), encoding="utf-8")
    return scenario_game(path)


SETUP = """name: hidden
source: test
sandbox: false
card_files: [CARDS/rules.yaml, CARDS/turn.yaml, CARDS/moves.yaml]
cards:
  - {name: Move Styled Finder, type: event,
     text: "Search your Life Deck for a Styled card and place it into your hand.",
     action: {effects: [{do: move, source: life_deck, styled: true, to: hand}]}}
players:
  p1: {main_personality: Goku, mastery: Red Rules Mastery, hand: [HAND],
       life_deck: [Capsule A, Red Gravity Drill, Capsule B]}
  p2: {main_personality: Vegeta, mastery: Red Rules Mastery, life_deck: [Capsule C]}
start: {step: combat_action}
decisions: []
"""




def test_a_card_searched_into_the_hand_is_named_only_to_its_player(tmp_path: Path) -> None:
    game = _game(SETUP.replace("HAND", "Move Styled Finder"), tmp_path)
    events = play(game, "Play Move Styled Finder", "Take Red Gravity Drill")
    public = " ".join(text for text, private in events if private is None)
    assert "Red Gravity Drill" not in public
    assert "A card goes from Player 1's Life Deck into Player 1's hand." in public
    assert ("That card is Red Gravity Drill.", 0) in events


def test_a_card_placed_into_play_from_the_life_deck_is_public(tmp_path: Path) -> None:
    game = _game(SETUP.replace("HAND", "Move Drill Finder"), tmp_path)
    events = play(game, "Play Move Drill Finder", "Place Red Gravity Drill")
    public = " ".join(text for text, private in events if private is None)
    assert "Red Gravity Drill" in public
