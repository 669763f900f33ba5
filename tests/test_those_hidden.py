"""Cards looked at stay hidden, cards revealed do not (2016 GAME ZONES: the Life Deck and
hand are secret; docs/rulings.md 124): the top cards of a Life Deck looked at are named to
their controller alone, also as they move; revealed, to both players."""

from __future__ import annotations

from pathlib import Path

from engine.panini.game import Game
from tests.scenario_play import game_with_hand, play, seen_by

SETUP = """name: hidden
source: test
sandbox: false
seed: 3
card_files: [CARDS/rules.yaml, CARDS/glossary.yaml, CARDS/those.yaml]
players:
  p1: {main_personality: Vegeta, mastery: Red Rules Mastery, hand: [HAND],
       life_deck: [Ki Wall, Forearm Guard, Glossary Filler A, Glossary Filler B]}
  p2: {main_personality: Goku, mastery: Red Rules Mastery,
       life_deck: [Glossary Filler C, Glossary Filler D, Glossary Filler E]}
start: {step: combat_action}
decisions: []
"""


def _game(hand: str, tmp_path: Path) -> Game:
    return game_with_hand(SETUP, hand, tmp_path)


def test_cards_looked_at_are_seen_by_their_controller_alone(tmp_path: Path) -> None:
    game = _game("Those Glimpse", tmp_path)
    events = play(game, "Play Those Glimpse", "Take Forearm Guard", "Put at the bottom Ki Wall")
    for name in ("Ki Wall", "Forearm Guard"):
        assert name not in seen_by(events, None)
        assert name not in seen_by(events, 1)
        assert name in seen_by(events, 0)
    assert [game.name(iid) for iid in game.player(0).hand] == ["Forearm Guard"]
    assert game.name(game.player(0).life[0]) == "Ki Wall"  # at the bottom


def test_revealed_cards_are_seen_by_both_players(tmp_path: Path) -> None:
    game = _game("Those Scan", tmp_path)
    events = play(game, "Play Those Scan")
    public = seen_by(events, None)
    assert "Ki Wall" in public and "Forearm Guard" in public and "Glossary Filler A" in public
    assert "Glossary Filler B" not in public  # the fourth card was not revealed
