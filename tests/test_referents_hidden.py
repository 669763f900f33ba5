"""Choosing "that card" keeps hidden information hidden (2016 GAME ZONES: the hand and Life
Deck are secret; docs/rulings.md 77-78): a card chosen in a hand looked at is named to the
chooser and its owner only, a random one to its owner only, and one the opponent discards
(a public zone) to everyone."""

from __future__ import annotations

from pathlib import Path

from engine.panini.game import Game
from tests.scenario_play import game_with_hand, play, seen_by

SETUP = """name: hidden
source: test
sandbox: false
seed: 3
card_files: [CARDS/rules.yaml, CARDS/glossary.yaml, CARDS/referents.yaml]
players:
  p1: {main_personality: Vegeta, mastery: Red Rules Mastery, hand: [HAND],
       life_deck: [Glossary Filler A]}
  p2: {main_personality: Goku, mastery: Red Rules Mastery, hand: [Ki Wall, Forearm Guard],
       life_deck: [Glossary Filler C, Glossary Filler D, Glossary Filler E]}
start: {step: combat_action}
decisions: []
"""


def _game(hand: str, tmp_path: Path) -> Game:
    return game_with_hand(SETUP, hand, tmp_path)


def test_a_random_card_is_seen_by_its_owner_alone(tmp_path: Path) -> None:
    game = _game("Ref Strike", tmp_path)
    events = play(game, "Attack with Ref Strike")
    assert "Forearm Guard" not in seen_by(events, None)
    assert "Forearm Guard" not in seen_by(events, 0)
    assert "That card is Forearm Guard." in seen_by(events, 1)


def test_a_card_chosen_in_a_hand_is_named_to_chooser_and_owner(tmp_path: Path) -> None:
    game = _game("Ref Confront", tmp_path)
    events = play(game, "Play Ref Confront", "Choose Forearm Guard")
    assert "Forearm Guard" not in seen_by(events, None)
    assert "The chosen card is Forearm Guard." in seen_by(events, 0)
    assert "The chosen card is Forearm Guard." in seen_by(events, 1)


def test_a_chosen_card_discarded_is_public(tmp_path: Path) -> None:
    game = _game("Ref Stare", tmp_path)
    events = play(game, "Play Ref Stare", "Choose Forearm Guard")
    assert "Forearm Guard is discarded" in seen_by(events, None)


def test_the_choice_survives_a_save_and_reload(tmp_path: Path) -> None:
    """ "That card" travels in the saved task stack: a game reloaded between the choice
    and the sentence acting on it still discards the chosen card."""
    game = _game("Ref Stare", tmp_path)
    play(game, "Play Ref Stare")
    reloaded = Game.from_json(game.to_json(), game.pool)
    play(reloaded, "Choose Forearm Guard")
    assert [reloaded.name(iid) for iid in reloaded.player(1).discard] == ["Forearm Guard"]
