"""Climbing ("ALTITUDE & FLIGHT", "Climbing (Non-Flying Models)"): half the Move, ending on
a terrain piece, no altitude cap, a movement action under the cap. Rulings PT-44, PT-45."""

from __future__ import annotations

from engine.primetime.data import TerrainPiece
from engine.primetime.game import PrimeTimeGame
from engine.primetime.roster import sample_roster
from engine.primetime.state import ModelState
from tests.primetime.helpers import activate, answer, empty_table, place

CAST = [sample_roster("Babidi's Forces"), sample_roster("Z-Fighters")]


def _rock(level: int, state: str = "intact") -> TerrainPiece:
    return TerrainPiece.model_validate({"name": "rock", "x": 14, "y": 12, "width": 5,
                                        "depth": 4, "level": level, "state": state})  # fmt: skip


def _table(level: int = 0) -> tuple[PrimeTimeGame, ModelState]:
    """Babidi (no Fly; 1st Move 5", 2nd Move 2") at (16, 11), just south of a rock."""
    game = empty_table(CAST)
    game.state.terrain = [_rock(level)]
    return game, place(game, "babidi", 16, 11)


def _ids(game: PrimeTimeGame) -> list[str]:
    assert game.pending is not None
    return [o.id for o in game.pending.options]


def test_a_ground_bound_model_climbs_onto_terrain_with_half_its_move() -> None:
    # "Ground-bound models may climb terrain: Costs ½ MOV for the activation; Model must
    # end movement on a terrain piece — no mid-air stops" (PT-44: one level above the piece)
    game, babidi = _table()
    activate(game, babidi)
    assert 'Climb (up to 2.5")' in [o.label for o in game.pending.options]  # type: ignore[union-attr]
    answer(game, "climb")
    ends = _ids(game)
    assert "at:16,13" in ends  # 2" away, the whole base on the rock
    assert "at:16,12" not in ends  # the base would hang over the edge: a mid-air stop
    assert "at:14,11" not in ends  # on the Ground: a Climb ends on a piece
    assert "at:16,14" not in ends  # 3": more than half of the 5" Move
    answer(game, "at:16,13")
    assert (babidi.x, babidi.y, babidi.level) == (16, 13, 1)
    assert any(e.kind == "climb" and "onto rock" in e.text for e in game.events)


def test_climbing_has_no_altitude_cap_but_an_l2_piece_is_too_tall() -> None:
    # "No altitude cap per activation (can reach L1 or L2 in one activation if terrain
    # supports it)" (PT-44)
    game, babidi = _table(level=1)
    activate(game, babidi)
    answer(game, "climb")
    answer(game, "at:16,13")
    assert babidi.level == 2
    game, babidi = _table(level=2)
    activate(game, babidi)
    assert "climb" not in _ids(game)
    game.state.terrain = [_rock(0, "rubble")]  # rubble is rough ground, not a piece to top
    activate(game, babidi)
    assert "climb" not in _ids(game)


def test_a_climbed_model_leaves_its_piece_only_by_climbing() -> None:
    # "no mid-air stops" (PT-45): on top, no Move, Charge or Ki Assault; a Climb down
    game, babidi = _table()
    place(game, "goku", 16, 18.5)  # 1.5" beyond the rock's far side
    activate(game, babidi)
    answer(game, "climb")
    answer(game, "at:16,13")
    ids = _ids(game)
    assert "move" not in ids and not any(i.startswith(("charge", "ki_assault")) for i in ids)
    activate(game, babidi)
    answer(game, "climb")
    assert "at:16,11" in _ids(game)  # down to the Ground, off the piece
    answer(game, "at:16,11")
    assert (babidi.y, babidi.level) == (11, 0)
    assert any("climbs down to the Ground" in e.text for e in game.events)


def test_a_climb_counts_toward_the_two_movement_actions() -> None:
    # "Hard cap: 2 movement actions per activation, regardless of source. This includes
    # Move, Charge, Ki Assault, Breaking Engagement, and Climb."
    game, babidi = _table()
    activate(game, babidi)
    assert game.state.active is not None
    game.state.active.actions = 3
    answer(game, "climb")
    answer(game, "at:16,13")
    answer(game, "climb")
    assert "at:17,13" in _ids(game) and "at:18,13" not in _ids(game)  # 2nd Move 2", halved
    answer(game, "at:17,13")
    assert game.state.active.actions == 1 and game.state.active.moves == 2
    assert "climb" not in _ids(game)


def test_a_flyer_does_not_climb() -> None:
    # "Ground-bound models may climb terrain" (a flyer changes altitude with Fly instead)
    game = empty_table(CAST)
    game.state.terrain = [_rock(0)]
    goku = place(game, "goku", 16, 11)
    activate(game, goku)
    assert "climb" not in _ids(game)
