""" "Use when needed" (score-ccg-2003-buu-saga-rulebook.txt "Rules Clarifications", p. 51):
between the parts of the Battle Sequencer, never during one, and at any time outside
Combat (engine.score.needed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.score.game import ScoreGame
from engine.score.scenario import ScoreScenario, build_game, scenario_pool
from tests.score.play import answer

CAPSULE = "Hidden Reserve Capsule"
LIFE = ["Quick Ki Blast", "Spinning Backfist", "Stomach Toss", "Deflecting Swat", "Full Guard",
        "Ki Shell", "Battle Focus", "Heroic Resolve"]  # fmt: skip


def _game(p1: dict[str, Any], p2: dict[str, Any], step: str = "attack") -> ScoreGame:
    spec = ScoreScenario.model_validate({
        "name": "when needed", "source": "p. 51", "start": {"step": step},
        "players": {"p1": {"main_personality": ["Goku - Hillside Farmboy"], "life_deck": LIFE,
                           **p1},
                    "p2": {"main_personality": ["Frieza - Cold Overlord"], "life_deck": LIFE,
                           **p2}},
    })  # fmt: skip
    return build_game(spec, scenario_pool(spec, Path(__file__)))


def _kind(game: ScoreGame) -> str:
    assert game.pending is not None
    return game.pending.kind


def test_the_defender_uses_it_between_the_attackers_parts_and_his_own_p51() -> None:
    # after the attack's secondary effects (steps 1-3) and before the defender's steps 4-5
    game = _game({"hand": ["Red Crushing Fist"]}, {"non_combat": [CAPSULE], "stage": 2,
                                                    "hand": ["Step Aside"]})  # fmt: skip
    answer(game, "Use nothing now")  # p2's window before Goku's step 1
    answer(game, "Attack (physical) with Red Crushing Fist")
    assert game.player(0).anger == 1  # its "Raise your anger 1 level" resolved first
    assert _kind(game) == "needed" and game.pending is not None and game.pending.player == 1
    answer(game, f"Use {CAPSULE}")
    assert game.player(1).stage == 4
    assert [game.name(i) for i in game.player(1).discard] == [CAPSULE]
    assert _kind(game) == "defend"  # then step 5: the defender may stop the attack


def test_it_is_no_action_of_an_attacker_attacks_phase_p51() -> None:
    game = _game({"non_combat": [CAPSULE], "hand": ["Spinning Backfist"]}, {"hand": ["Ki Shell"]})
    assert _kind(game) == "needed"  # the window before the phase's step 1
    answer(game, "Use nothing now")
    assert _kind(game) == "attack"
    assert game.pending is not None
    assert all(CAPSULE not in o.label for o in game.pending.options)


def test_outside_combat_it_may_be_used_at_each_step_p51() -> None:
    game = _game({"non_combat": [CAPSULE], "stage": 1}, {}, step="power_up")
    assert _kind(game) == "needed"
    answer(game, f"Use {CAPSULE}")  # before the Power Up Step
    pur = game.card(game.player(0).mp_card).pur
    assert isinstance(pur, int) and game.player(0).stage == 1 + 2 + pur
    assert _kind(game) == "declare"
