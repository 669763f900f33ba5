"""The table's geometry (engine.primetime.geometry), each test citing its rules section of
prime-time-core-rules.txt."""

from __future__ import annotations

import math

import pytest

from engine.primetime.data import TerrainPiece
from engine.primetime.geometry import (
    Base,
    base_radius,
    cover,
    edge_distance,
    grid,
    in_deployment,
    in_zoc,
    line_of_sight,
    moves,
    on_board,
    overlaps,
    size,
)

R35, R50 = base_radius(35), base_radius(50)


def wall(x: float, y: float, w: float, d: float, level: int = 1,
         state: str = "intact") -> TerrainPiece:
    return TerrainPiece.model_validate({"name": "wall", "x": x, "y": y, "width": w,
                                        "depth": d, "level": level, "state": state})


def test_base_sizes_are_35_and_50_mm_in_inches() -> None:
    # "Base Sizes": 35mm standard, 50mm large
    assert pytest.approx(35 / 25.4 / 2) == R35
    assert pytest.approx(50 / 25.4 / 2) == R50


def test_distance_is_base_edge_to_base_edge() -> None:
    # "Measurement Conventions: Model-to-model: Base edge to base edge"
    a, b = Base(5, 5, R35), Base(5, 8, R35)
    assert edge_distance(a, b) == pytest.approx(3 - 2 * R35)
    # "Large-base models ... a larger base inherently extends a model's threat bubble"
    assert edge_distance(Base(5, 5, R50), b) < edge_distance(a, b)
    assert edge_distance(a, Base(5, 5 + 2 * R35, R35)) == pytest.approx(0)
    assert overlaps(a, Base(5, 6, R35)) and not overlaps(a, b)


def test_a_base_is_on_the_board_only_whole() -> None:
    # "Board Edge": "as close to the edge as possible while remaining fully on the board"
    assert on_board(Base(R35, 15, R35)) and not on_board(Base(0.5, 15, R35))
    assert not on_board(Base(15, 29.5, R35))


def test_terrain_size_follows_its_longest_side() -> None:
    # "Terrain Sizing": Small up to 3", Medium 3"-6", Large 6"+
    assert [size(wall(0, 0, w, 1)) for w in (3, 4, 6, 7)] == ["S", "M", "M", "L"]


def test_a_move_stays_within_reach_on_the_board_and_off_other_bases() -> None:
    # "MOVEMENT SYSTEM": at most the Move value; bases may not pass through each other
    mover = Base(5, 5, R35)
    blocker = Base(5, 8, R35)
    ends = [(5.0, 11.0), (5.0, 10.0), (8.0, 5.0), (0.0, 5.0), (5.0, 13.0)]
    legal = {s.to for s in moves(mover, ends, 6, [blocker], [])}
    assert legal == {(8.0, 5.0)}  # through Goku's friend, off the board, too far


def test_a_ground_move_goes_around_standing_terrain_and_pays_for_rubble() -> None:
    # PT-4: no crossing intact or damaged terrain; "Rubble ... costs 2" MOV to enter"
    mover = Base(5, 5, R35)
    assert moves(mover, [(5.0, 10.0)], 6, [], [wall(3, 7, 4, 1)]) == []
    [step] = moves(mover, [(5.0, 10.0)], 8, [], [wall(3, 7, 4, 1, state="rubble")])
    assert step.cost == pytest.approx(7)
    assert moves(mover, [(5.0, 10.0)], 6, [], [wall(3, 7, 4, 1, state="rubble")]) == []


def test_the_grid_offers_points_within_reach() -> None:
    points = grid((5.0, 5.0), 2)
    assert (5.0, 7.0) in points and (7.0, 7.0) not in points
    assert all(math.hypot(x - 5, y - 5) <= 2 for x, y in points)


def test_line_of_sight_is_blocked_by_taller_large_terrain() -> None:
    # "LINE OF SIGHT": Ground is blocked by L1 and L2 terrain; L2 sees everything
    big = wall(5, 10, 10, 2)
    a, b = Base(10, 5, R35), Base(10, 20, R35)
    assert not line_of_sight(a, b, [big])
    # a line past the wall's end exists from some point of the bases
    assert line_of_sight(Base(16, 5, R35), Base(16, 20, R35), [big])
    assert line_of_sight(Base(10, 5, R35, level=2), b, [big])
    # rubble never blocks (PT-5); level-0 terrain does not block a ground attacker
    assert line_of_sight(a, b, [wall(5, 10, 10, 2, state="rubble")])
    assert line_of_sight(a, b, [wall(5, 10, 10, 2, level=0)])


def test_medium_and_small_terrain_block_only_close_behind() -> None:
    # "Medium: blocks LoS to models behind it within 2" of the far side"; Small "only to
    # models directly behind it"
    medium = wall(8, 10, 4, 2)
    assert not line_of_sight(Base(10, 4, R35), Base(10, 13, R35), [medium])
    assert line_of_sight(Base(10, 4, R35), Base(10, 18, R35), [medium])
    small = wall(9, 10, 2, 1)
    assert not line_of_sight(Base(10, 4, R35), Base(10, 11.8, R35), [small])
    assert line_of_sight(Base(10, 4, R35), Base(10, 14, R35), [small])


def test_cover_by_state_and_the_firing_angle() -> None:
    # "Terrain States": intact -4, damaged -2, rubble none, defender within 1"
    target = Base(10, 12.5, R35)
    low = wall(7, 11, 6, 0.5, level=0)
    attacker = Base(10, 4, R35)
    assert cover(attacker, target, [low]) == -4
    assert cover(attacker, target, [low.model_copy(update={"state": "damaged"})]) == -2
    assert cover(attacker, target, [low.model_copy(update={"state": "rubble"})]) == 0
    # "Firing Angle Rule": within 2" at the same level, 4" one level above, never at +2
    assert cover(Base(10, 9.5, R35), target, [low]) == 0
    assert cover(Base(10, 7.5, R35, level=1), target, [low]) == 0
    assert cover(Base(10, 4, R35, level=2), target, [low]) == 0
    # a piece behind the target gives no cover (PT-7)
    assert cover(Base(10, 20, R35), Base(10, 9.5, R35), [wall(7, 7.5, 6, 0.5, level=0)]) == 0


def test_deployment_zones_and_objective_zones() -> None:
    # "Deploy Models: within 8" of their short edge"; "ZOC: 3" from the outer edge of the
    # objective token (32mm)"
    assert in_deployment(Base(10, 8 - R35, R35), 0, 8)
    assert not in_deployment(Base(10, 8, R35), 0, 8)
    assert in_deployment(Base(10, 22 + R35, R35), 1, 8)
    token = 32 / 25.4 / 2
    assert in_zoc(Base(15, 15 + token + 3 + R35, R35), (15, 15), 3)
    assert not in_zoc(Base(15, 15 + token + 3.1 + R35, R35), (15, 15), 3)
