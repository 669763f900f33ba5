"""What happened this combat / turn (engine.panini.history): recorded as it happens, saved with the
game state, no longer "this combat" once the combat ends, gone when the turn ends."""

from __future__ import annotations

from pathlib import Path

from engine.panini import history
from engine.panini.cards import Condition
from engine.panini.game import Game
from engine.panini.state import GameState
from tests.scenario_play import play, scenario_game

SCENARIO = Path(__file__).parent / "scenarios" / "conditions-dealt-critical-damage-this-combat.yaml"
THIS_COMBAT = Condition.model_validate({"happened": [{"event": "critical_damage"}]})
THIS_TURN = Condition.model_validate({"happened": [{"event": "critical_damage", "scope": "turn"}]})


def game() -> Game:
    return scenario_game(SCENARIO)


def critical_combat() -> Game:
    current = game()
    assert not current.holds(THIS_COMBAT, 0)
    for label in ("Play Cond Afterglow", "Pass", "Attack with Sparring Five Beam",
                  "Do not defend", "Use no Critical Damage effect"):  # fmt: skip
        play(current, label)
    return current


def test_critical_damage_is_recorded_for_its_dealer_only() -> None:
    current = critical_combat()
    assert current.holds(THIS_COMBAT, 0) and current.holds(THIS_TURN, 0)
    assert not current.holds(THIS_COMBAT, 1)


def test_the_record_is_saved_with_the_game_state() -> None:
    state = critical_combat().state
    again = GameState.from_json(state.to_json())
    assert again.history == state.history
    assert any(entry["event"] == "critical_damage" for entry in again.history)


def test_after_combat_it_counts_for_the_turn_only_and_a_new_turn_forgets_it() -> None:
    current = critical_combat()
    play(current, "Pass")
    play(current, "Pass")  # both passed: combat ends
    assert not current.holds(THIS_COMBAT, 0)
    assert current.holds(THIS_TURN, 0)
    history.new_turn(current)
    assert not current.holds(THIS_TURN, 0)
