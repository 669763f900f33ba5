"""A card's own Action from the hand (engine.panini.itself, docs/rulings.md 98) names a card in a
hidden zone: the option is the decider's alone, as playing it is (rulings.md 20)."""

from __future__ import annotations

from pathlib import Path

from engine.panini.view import private_option_ids
from tests.scenario_play import scenario_game

SCENARIOS = Path(__file__).parent / "scenarios"


def test_a_hand_cards_own_action_is_a_private_option() -> None:
    game = scenario_game(SCENARIOS / "itself-card-action-from-hand.yaml")
    assert game.pending is not None
    ids = {option.label: option.id for option in game.pending.options}
    private = private_option_ids(game)
    assert ids["Use Itself Despair (from your hand)"] in private
    assert ids["Pass"] not in private


def test_a_discard_pile_cards_own_action_is_public() -> None:
    game = scenario_game(SCENARIOS / "itself-card-action-from-discard-and-play.yaml")
    assert game.pending is not None
    ids = {option.label: option.id for option in game.pending.options}
    private = private_option_ids(game)
    assert ids["Use Itself Weighted Clothing (from your discard pile)"] not in private
    assert ids["Use Itself Crying Drill (in play)"] not in private
