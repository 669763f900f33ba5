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


CHOOSES = """name: chooses
source: test
sandbox: false
card_files: [CARDS/rules.yaml, CARDS/turn.yaml, CARDS/moves.yaml]
cards:
  - {name: Move Memories, type: event,
     text: "Your opponent chooses a card from his hand and places it on top of his Life Deck.",
     action: {effects: [{do: move, source: hand, to: life_top, who: opponent,
                         chooser: opponent}]}}
players:
  p1: {main_personality: Goku, mastery: Red Rules Mastery, hand: [Move Memories],
       life_deck: [Capsule A]}
  p2: {main_personality: Vegeta, mastery: Red Rules Mastery,
       hand: [Red Gravity Drill, Capsule B], life_deck: [Capsule C]}
start: {step: combat_action}
decisions: []
"""


def test_a_card_the_opponent_chooses_from_their_hand_stays_theirs_to_see(
    tmp_path: Path,
) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(CHOOSES.replace("CARDS", str(SCENARIO.parent.parent / "cards")))
    game = scenario_game(path)
    events = play(game, "Play Move Memories", "Put on top Red Gravity Drill")
    shown = [(text, private) for text, private in events if "Red Gravity Drill" in text]
    assert shown and all(private == 1 for _text, private in shown)
    assert game.name(game.player(1).life[-1]) == "Red Gravity Drill"
    assert len(game.player(1).hand) == 1


def test_a_random_card_revealed_is_named_to_both_players() -> None:
    path = SCENARIO.parent / "referents-opponent-reveals-random-card-places-on-life-deck.yaml"
    events = play(scenario_game(path), "Play Move Signal")
    assert ("Player 2 reveals Red Gravity Drill.", None) in events


def test_cards_revealed_from_the_hand_are_named_to_both_as_they_move() -> None:
    path = SCENARIO.parent / "moves-reveal-drills-from-hand-shuffle-and-draw-same-number.yaml"
    events = play(
        scenario_game(path),
        "Use the Power of Move Affection Drill",
        "Shuffle in Red Gravity Drill",
    )
    assert any("Red Gravity Drill" in text and private is None for text, private in events)
