"""Allies in play (score-ccg-2003-buu-saga-rulebook.txt p. 35 "Placing Allies into Play",
overlaying; p. 37 "Saibaimen/Cell Jr. Rule"): the Non-Combat Step's offers and what the
field allows (engine.score.placing, engine.score.allies)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.score.game import ScoreGame
from engine.score.scenario import ScoreScenario, build_game, scenario_pool
from tests.score.play import answer

GOKU = ["Goku - Hillside Farmboy", "Goku - Waterfall Trainee"]
NAPPA = ["Nappa - Bald Brute"]
CELL = ["Cell - Larval Hunter", "Cell - Absorbing Stalker"]
SPROUT, VINE = "Saibaimen - Garden Sprout", "Grown Saibaimen - Vine Lash"
LITTLE, GROWN = "Cell Jr. 1 - Little Terror", "Cell Jr. 1 - Grown Terror"
IMP = "Cell Jr. 2 - Blue Imp"


def _game(p1: dict[str, Any], p2: dict[str, Any] | None = None) -> ScoreGame:
    spec = ScoreScenario.model_validate({
        "name": "allies", "source": "p. 35", "start": {"step": "non_combat"},
        "players": {"p1": {"life_deck": ["Quick Ki Blast"] * 4, **p1},
                    "p2": {"main_personality": GOKU, "life_deck": ["Quick Ki Blast"] * 4,
                           **(p2 or {})}},
    })  # fmt: skip
    return build_game(spec, scenario_pool(spec, Path(__file__)))


def _labels(game: ScoreGame) -> list[str]:
    assert game.pending is not None
    return [o.label for o in game.pending.options]


def _ally_names(game: ScoreGame, index: int) -> list[str]:
    return [game.name(a.iid) for a in game.player(index).allies]


def test_an_ally_is_overlaid_by_its_next_level_past_the_mps_level_p35() -> None:
    # "It's ok to have an Ally's overlaid level exceed your MP's level": Goku is at level 1
    game = _game({"main_personality": GOKU, "allies": [{"name": "Krillin - Bald Monk",
                  "stage": 1}], "hand": ["Krillin - Disc Thrower"]})  # fmt: skip
    assert "Place Krillin - Disc Thrower" not in _labels(game)  # a level 2 Ally: no
    assert game.pending is not None  # the id names the hand's card alone: kept private
    assert f"overlay:{game.player(0).hand[0]}" in [o.id for o in game.pending.options]
    answer(game, "Overlay Krillin - Disc Thrower on Krillin - Bald Monk")
    ally = game.player(0).allies[0]
    assert game.name(ally.iid) == "Krillin - Disc Thrower"
    assert ally.stage == len(game.card(ally.iid).power_stages)  # its highest power stage
    assert [game.name(i) for i in ally.under] == ["Krillin - Bald Monk"]  # not in play


def test_saibaimen_3_of_each_level_on_the_field_p37() -> None:
    # "The limit for the whole field of play is 9 Saibaimen (3 of level 1, 3 of level 2
    # and 3 of level 3.)": overlaying one frees a level 1 place
    game = _game({"main_personality": NAPPA, "allies": [SPROUT, SPROUT],
                  "hand": [SPROUT, VINE]}, {"allies": [SPROUT]})  # fmt: skip
    assert f"Place {SPROUT}" not in _labels(game)
    answer(game, f"Overlay {VINE} on one of your Allies")  # there are 2: which?
    answer(game, f"Overlay {SPROUT}")
    assert f"Place {SPROUT}" in _labels(game)
    answer(game, f"Place {SPROUT}")
    assert sorted(_ally_names(game, 0)) == sorted([SPROUT, SPROUT, VINE])


def test_cell_jr_1_level_2_overlays_only_its_matching_cell_jr_1_p37() -> None:
    # "The Cell Jr. 1 Level 2 will only overlay on its matching Cell Jr. 1 ..., but can play
    # next to its level 1 when Cell is at his personality level 2 or above"
    game = _game({"main_personality": CELL, "allies": [LITTLE, IMP], "hand": [GROWN]})
    labels = _labels(game)
    assert f"Overlay {GROWN} on {LITTLE}" in labels
    assert f"Overlay {GROWN} on {IMP}" not in labels
    assert f"Place {GROWN}" not in labels  # Cell is at level 1
    game = _game({"main_personality": CELL, "level": 2, "allies": [LITTLE], "hand": [GROWN]})
    answer(game, f"Place {GROWN}")
    assert _ally_names(game, 0) == [LITTLE, GROWN]


def test_cell_jrs_only_for_a_cell_mp_and_9_on_the_field_p37() -> None:
    game = _game({"main_personality": NAPPA, "hand": [LITTLE]})
    assert game.placing_problem(0, game.player(0).hand[0]) == (
        "Cell Jr. Allies are only for a Cell Main Personality")
    game = _game({"main_personality": CELL, "allies": [LITTLE] * 5 + [IMP] * 4,
                  "hand": [LITTLE]})  # fmt: skip
    assert game.placing_problem(0, game.player(0).hand[0]) == "the field already has 9 Cell Jrs."
