"""Floating effects (score-ccg-2003-buu-saga-rulebook.txt "Floating Effects", p. 48): "for
the remainder of ____" lasts after its card is discarded, until the end of Combat, of the
turn or of the game; floating effects may still stop attacks (p. 28); a captured Dragon
Ball's floating effect is cancelled (p. 43). engine.score.floating."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.score.cardtext import compile_power
from engine.score.game import ScoreGame
from engine.score.powers import Damage, DamageBonus, Floating, PowerUpBonus
from engine.score.scenario import ScoreScenario, build_game, scenario_pool
from engine.score.using import end_of_combat
from tests.score.play import answer

GOKU = ["Goku - Hillside Farmboy", "Goku - Waterfall Trainee"]
FRIEZA = ["Frieza - Cold Overlord", "Frieza - Second Shell"]
LIFE = ["Quick Ki Blast", "Spinning Backfist", "Stomach Toss", "Deflecting Swat", "Full Guard",
        "Ki Shell", "Battle Focus", "Heroic Resolve"]  # fmt: skip


def _game(p1: dict[str, Any], p2: dict[str, Any], step: str = "attack") -> ScoreGame:
    spec = ScoreScenario.model_validate({
        "name": "floating", "source": "p. 48", "start": {"step": step},
        "players": {"p1": {"main_personality": GOKU, "life_deck": LIFE * 2, **p1},
                    "p2": {"main_personality": FRIEZA, "life_deck": LIFE * 2, **p2}},
    })  # fmt: skip
    return build_game(spec, scenario_pool(spec, Path(__file__)))


def test_the_reader_knows_how_long_an_effect_floats_p48() -> None:
    assert compile_power("For the remainder of Combat, stop all energy attacks against "
                         "you.").floating == (Floating("combat", stops=frozenset({"energy"})),)
    assert compile_power("For the remainder of the game, your Power Up Step gains 1 more "
                         "power stage.").floating == (Floating("game", power_ups=(
                             PowerUpBonus(1),)),)  # fmt: skip
    assert compile_power("For the remainder of the turn, your energy attacks do +1 life card "
                         "of damage.").floating == (Floating("turn", (DamageBonus(
                             "energy", Damage(1, "life", True)),)),)  # fmt: skip


def test_a_floating_stop_stops_every_attack_of_its_kind_this_combat_p48_p28() -> None:
    # "Defense Shields (p. 48) and floating effects (p. 48) may still stop attacks after you
    # perform a Final Physical Attack"
    game = _game({"hand": ["Lingering Guard Aura", "Stomach Toss"]},
                 {"hand": ["Quick Ki Blast", "Quick Ki Blast", "Spinning Backfist"]})
    answer(game, "Use Lingering Guard Aura")
    assert [game.name(i) for i in game.player(0).discard] == ["Lingering Guard Aura"]
    life = len(game.player(0).life)
    answer(game, "Attack (energy) with Quick Ki Blast")  # Frieza
    assert len(game.player(0).life) == life  # stopped by the floating effect
    answer(game, "Final Physical Attack")  # Goku: he passes for the rest of Combat
    answer(game, "Attack (energy) with Quick Ki Blast")  # Frieza again: stopped again
    assert len(game.player(0).life) == life
    answer(game, "Pass")  # Frieza, then Goku passes by force: Combat ends
    assert game.player(0).floating == []


def _pass_until(game: ScoreGame, done: Callable[[], bool]) -> None:
    """Answer every decision with doing nothing until `done()`."""
    while not done():
        decision = game.pending
        assert decision is not None
        answer(game, next(o.label for o in decision.options if o.id in (
            "done", "no", "pass", "keep", "none", "declare") or o.id.startswith("discard")))


def test_a_floating_effect_for_the_game_outlasts_combat_and_turns_p48() -> None:
    game = _game({"non_combat": ["Endless Training Vow"], "stage": 0}, {"hand": ["Ki Shell"]})
    answer(game, "Use Endless Training Vow")
    assert game.player(0).floating
    # through Frieza's turn to Goku's next Power Up Step: his PUR and 1 more
    _pass_until(game, lambda: game.state.turn == 3 and game.state.step == "declare")
    pur = game.card(game.player(0).mp_card).pur
    assert isinstance(pur, int) and game.player(0).stage == pur + 1


def test_a_floating_effect_for_the_turn_ends_with_it_p48() -> None:
    game = _game({"hand": ["Momentary Surge", "Quick Ki Blast"]}, {"hand": ["Ki Shell"]})
    answer(game, "Use Momentary Surge")
    answer(game, "Pass")
    life = len(game.player(1).life)
    answer(game, "Attack (energy) with Quick Ki Blast")
    answer(game, "Do not stop it")
    assert len(game.player(1).life) == life - game.rules.energy_damage - 1
    end_of_combat(game)  # what the end of Combat does: the effect outlasts it
    assert game.player(0).floating
    _pass_until(game, lambda: game.state.turn == 2)  # the turn ends: so does it
    assert game.player(0).floating == []


def test_a_captured_dragon_balls_floating_effect_is_cancelled_p43() -> None:
    # "If a Dragon Ball produces a floating effect and the Dragon Ball is captured, the
    # effect is cancelled and only given to the capturing opponent if he chooses to use the
    # Dragon Ball's power"
    game = _game({"hand": ["Sandbox Namek Dragon Ball 1"], "stage": 0},
                 {"hand": ["Red Flare Burst"]}, step="non_combat")  # fmt: skip
    answer(game, "Place Sandbox Namek Dragon Ball 1")
    ball = game.player(0).dragon_balls[0]
    assert game.player(0).floating == [[ball, 0]]
    _pass_until(game, lambda: game.pending is not None and game.pending.player == 1
                and game.pending.kind == "attack")  # fmt: skip
    answer(game, "Attack (energy) with Red Flare Burst")  # 5 life cards of damage
    answer(game, "Capture Sandbox Namek Dragon Ball 1")
    assert game.player(0).floating == []
    answer(game, "Use the power of Sandbox Namek Dragon Ball 1")
    assert game.player(1).floating == [[ball, 0]]
