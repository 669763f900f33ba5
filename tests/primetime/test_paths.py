"""A move's shortest path (engine.primetime.paths, ruling PT-4: "Movement: Front-of-base to
front-of-base", measured round what stands in the way; PT-17 for flyers, PT-56 for a
Saibaman's pursuit)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Point

from engine.primetime import geometry, paths, reposition, saibamen
from engine.primetime.data import TerrainPiece
from engine.primetime.geometry import Base, base_radius, edge_distance, polygon, rect_distance
from engine.primetime.handlers import POINT_CHECKS
from engine.primetime.options import parse_point
from tests.primetime.helpers import activate, answer, clear_table, place, to_activation
from tests.primetime.test_saibamen import put, start_activation_phase, table, token_at

R35 = base_radius(35)


def wall(x: float, y: float, w: float, d: float, level: int = 1,
         state: str = "intact") -> TerrainPiece:  # fmt: skip
    return TerrainPiece.model_validate({"name": "wall", "x": x, "y": y, "width": w,
                                        "depth": d, "level": level, "state": state})


def test_a_model_walks_round_a_wall_within_reach_and_not_beyond() -> None:
    # PT-4: the move's length is the shortest path round standing terrain
    mover, behind, walls = Base(10, 5, R35), (10.0, 10.0), [wall(7, 7, 6, 1)]
    assert geometry.moves(mover, [behind], 10, [], walls) == []  # no straight way
    way = paths.route(mover, behind, 10, [], walls)
    assert way is not None and not way.straight
    assert way.waypoints[0] == mover.centre and way.to == behind
    # the tape round the wall's end: tangent to the base's reach round the corner (7, 7),
    # along its arc, down the 1" side, and the same again round (7, 8); the engine's
    # corners are a polygon drawn round that arc, a hair longer
    d = math.dist((10, 5), (7, 7))
    arc = math.pi - math.atan2(2, 3) - math.acos(R35 / d)
    exact = 2 * (math.sqrt(d * d - R35 * R35) + R35 * arc) + 1
    assert exact <= way.cost <= exact * 1.005
    assert paths.moves(mover, [behind], 10, [], walls)[0].cost == pytest.approx(way.cost)
    # the way round is longer than a reach of 9": refused, and why
    assert paths.route(mover, behind, 9, [], walls) is None
    assert paths.moves(mover, [behind], 9, [], walls) == []
    reason = paths.refusal(mover, behind, 9, [], walls)
    assert reason is not None and reason.startswith("too far around")
    # a wall from edge to edge leaves no way round at all
    blocked = paths.refusal(mover, behind, 9, [], [wall(0, 7, 30, 1)])
    assert blocked is not None and blocked.startswith("blocked")


def test_a_model_walks_round_another_models_base() -> None:
    # PT-4: "may not pass over another model's base" (base edge to base edge)
    mover, other, end = Base(10, 5, R35), Base(10, 8, R35), (10.0, 11.0)
    way = paths.route(mover, end, 8, [other], [])
    # the tape: tangent to the circle of 2 radii round the other base, its arc, tangent
    gap = 2 * R35
    exact = 2 * math.sqrt(9 - gap * gap) + gap * (math.pi - 2 * math.acos(gap / 3))
    assert way is not None and exact <= way.cost <= exact * 1.005
    line = LineString(way.waypoints)
    assert line.distance(Point(other.centre)) >= 2 * R35 - 1e-9
    assert paths.route(mover, end, exact - 0.01, [other], []) is None


def test_a_straight_move_keeps_its_cost_and_rubble_costs_2_once() -> None:
    # "Rubble ... costs 2" MOV to enter": once a move, and the path may go round it instead
    mover = Base(5, 5, R35)
    rubble = wall(3, 7, 4, 1, state="rubble")
    way = paths.route(mover, (5.0, 10.0), 8, [], [rubble])
    assert way is not None and way.straight and way.cost == pytest.approx(7)
    two = [rubble, wall(3, 9, 4, 0.5, state="rubble")]
    twice = paths.route(mover, (5.0, 11.0), 8, [], two)
    assert twice is not None and twice.cost == pytest.approx(8)  # 6" + 2" once, not 4"
    # round a narrow strip of rubble is cheaper than through it (5" + 2")
    strip = [wall(4.5, 7, 1, 1, state="rubble")]
    round_it = paths.route(mover, (5.0, 10.0), 8, [], strip)
    assert round_it is not None and not round_it.straight and round_it.cost < 7
    # a move that starts in rubble does not enter it
    inside = paths.route(Base(5, 7.5, R35), (5.0, 12.0), 4.5, [], [rubble])
    assert inside is not None and inside.cost == pytest.approx(4.5)


def test_a_flyer_goes_straight_over_a_lower_piece_and_round_a_taller_one() -> None:
    # PT-17: standing terrain stops a mover only when at least as tall as its level
    flyer, end = Base(10, 5, R35, level=1), (10.0, 10.0)
    low = paths.route(flyer, end, 5, [], [wall(7, 7, 6, 1, level=0)])
    assert low is not None and low.straight and low.cost == pytest.approx(5)
    assert paths.route(flyer, end, 5, [], [wall(7, 7, 6, 1, level=1)]) is None
    high = paths.route(flyer, end, 10, [], [wall(7, 7, 6, 1, level=1)])
    assert high is not None and not high.straight


def test_a_charge_goes_round_a_wall_to_its_target() -> None:
    # "Charge Restriction": end within 1" of the target, along the move's path (PT-4)
    game = to_activation()
    clear_table(game)
    goku = place(game, "goku", 15, 5)  # 1st Move 8"
    cell = place(game, "cell", 15, 11)
    game.state.terrain = [wall(13, 7, 4, 1)]  # straight at Cell: through the wall
    activate(game, goku)
    options = [o.id for o in game.pending.options]  # type: ignore[union-attr]
    charge = next(i for i in options if i.startswith("charge:") and i.endswith(f":{cell.uid}"))
    answer(game, charge)
    ends = [p for o in game.pending.options if (p := parse_point(o.id))]  # type: ignore[union-attr]
    here, there = game.base(goku), game.base(cell)
    assert ends and all(edge_distance(here.at(*p), there) <= 1 + 1e-9 for p in ends)
    walls = game.state.terrain
    assert all(not geometry.moves(here, [p], 8, [there], walls) for p in ends
               if p[1] > 8)  # the ends past the wall are reached only round it
    assert any(p[1] > 8 for p in ends)
    far = max(ends, key=lambda p: p[1])
    decision = game.pending
    assert decision is not None
    outcome = game.apply(decision.player, f"at:{far[0]:g},{far[1]:g}", decision.seq)
    moved = next(e.text for e in outcome.events if e.kind == "move")
    way = paths.route(here, far, 8, game.bases_except(goku), walls)
    assert way is not None and f'({way.cost:.1f}" of MOV, around obstacles)' in moved
    # a wall too wide to go round within 8": no Charge
    game.state.terrain = [wall(6, 7, 18, 1)]
    goku.x, goku.y = 15, 5
    activate(game, goku)
    options = [o.id for o in game.pending.options]  # type: ignore[union-attr]
    assert not any(i.startswith("charge:") and i.endswith(f":{cell.uid}") for i in options)


def test_a_saibaman_pursues_round_a_wall() -> None:
    # PT-56: "Move full MOV (6") directly toward the nearest enemy": round a wall (PT-4),
    # where it used to stop at it
    game = table()
    piece = wall(12, 7, 5, 1, level=0)  # its nearer end on the right
    game.state.terrain = [piece]
    goku = put(game, "goku", 1, 15, 12)
    t = token_at(game, 15, 5)
    start_activation_phase(game)
    assert t.x > 15 and t.y > 8  # round the wall's right end, not stopped at it
    assert rect_distance(piece, (t.x, t.y)) >= saibamen.RADIUS - 1e-9
    walked = paths.route(Base(15, 5, saibamen.RADIUS), (t.x, t.y), 6.1, [game.base(goku)],
                         [piece])  # fmt: skip
    assert walked is not None and walked.cost == pytest.approx(6)
    assert edge_distance(saibamen.base(t), game.base(goku)) > saibamen.CONTACT  # 6" short


# -- properties over random layouts ------------------------------------------------------

coordinate = st.floats(2, 28)
pieces = st.lists(st.tuples(st.floats(1, 26), st.floats(1, 26), st.floats(0.5, 6),
                            st.floats(0.5, 6), st.sampled_from(["intact", "rubble"])),
                  max_size=4)  # fmt: skip
bases = st.lists(st.tuples(coordinate, coordinate), max_size=4)


@settings(max_examples=150, deadline=None, derandomize=True)  # the same layouts every run
@given(start=st.tuples(coordinate, coordinate), end=st.tuples(coordinate, coordinate),
       rects=pieces, centres=bases, reach=st.floats(2, 12))  # fmt: skip
def test_a_path_is_deterministic_and_never_touches_an_obstacle(
        start: tuple[float, float], end: tuple[float, float],
        rects: list[tuple[float, float, float, float, str]],
        centres: list[tuple[float, float]], reach: float) -> None:  # fmt: skip
    # PT-4: the base never comes within its radius of a standing piece or another base
    terrain = [wall(x, y, w, d, level=0, state=s) for x, y, w, d, s in rects]
    mover = Base(*start, R35)
    others = [Base(x, y, R35) for x, y in centres if math.dist((x, y), start) >= 2 * R35]
    way = paths.route(mover, end, reach, others, terrain)
    paths._graph.cache_clear()  # measured afresh, it is the same path
    assert paths.route(mover, end, reach, others, terrain) == way
    straight = geometry.moves(mover, [end], reach, others, terrain)
    if way is None:
        assert straight == []
        return
    assert way.waypoints[0] == mover.centre and way.to == end
    assert math.dist(start, end) - 1e-9 <= way.length <= way.cost + 1e-9 <= reach + 2e-9
    if straight:  # a straight move keeps its cost, or a cheaper way round rubble
        assert way.cost <= straight[0].cost + 1e-9
    line = LineString(way.waypoints) if len(set(way.waypoints)) > 1 else Point(end)
    for other in others:
        assert line.distance(Point(other.centre)) >= other.radius + R35 - 1e-6
    for piece in terrain:
        if piece.state != "rubble":
            assert line.distance(polygon(piece)) >= R35 - 1e-6


def test_a_reposition_goes_round_a_wall() -> None:
    # PT-26: a Reposition moves under the movement geometry, its path round a wall (PT-4)
    game = to_activation()
    clear_table(game)
    goku = place(game, "goku", 10, 5)
    game.state.terrain = [wall(7, 7, 6, 1)]
    activate(game, goku)
    game.state.pending = None
    reposition.ask(game, goku, 10.0)
    decision = game.pending
    assert decision is not None and decision.kind == "reposition"
    assert "at:10,10" in [o.id for o in decision.options]  # behind the wall, 9.7" round
    short = dict(decision.resume.args, reach=9.0)
    reason = POINT_CHECKS["reposition"](game, short, (10.0, 10.0))
    assert reason is not None and "too far around" in reason
    outcome = game.apply(decision.player, "at:10,10", decision.seq)
    assert outcome.ok and (goku.x, goku.y) == (10, 10)
    assert any('(9.7" along its path)' in e.text for e in outcome.events)
