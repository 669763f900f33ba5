"""A move's path (PT-4): "Movement: Front-of-base to front-of-base" measured as a judge
does, with the tape bent round what is in the way. The moving base may not pass over
another model's base, leave the board, or cross standing terrain at least as tall as its
level (PT-17); it pays 2" more, once, when it enters rubble from outside ("Terrain
States"). The length of a move is the length of the shortest such path.

An end the base reaches in one clear straight line, without entering rubble, is measured
straight. Any other end is measured on a visibility graph: a shortest path bends only at
corners of the obstacles grown by the mover's radius, so the graph's nodes are those
corners (drawn a hair outside the true outline), its edges the clear straight lines
between them that leave each corner's outline on one side (no shortest path cuts into an
outline), and Dijkstra (networkx) gives the cheapest way to each. Only corners within
reach count. The graph of one mover at one position among the same obstacles is built
once and kept: a decision asks for its moves several times (the options, the check of
the answer, the log line). A Saibaman's pursuit (PT-64) walks the same paths."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import networkx as nx
import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from engine.primetime.data import TerrainPiece
from engine.primetime.geometry import (
    BOARD,
    EPS,
    RUBBLE_COST,
    Base,
    Point2,
    Step,
    polygon,
    segment_distances,
    shapes,
)

SIDES = 16  # a rounded outline as a polygon of this many sides a full turn
WIDEN = 1 / math.cos(math.pi / SIDES)  # the polygon drawn round the circle, not inside it
OUTSET = 1e-3  # inches: a bend stands this far out, so a path along a corner never touches
SLACK = 2 * EPS  # as engine.primetime.geometry.moves: touching is closer than r - SLACK
UNREACHED = math.inf


@dataclass(frozen=True, slots=True)
class Route:
    """The path of one move: its waypoints from the start to the end (the bends between)
    and what it costs against MOV (its length, plus 2" when it enters rubble)."""

    waypoints: tuple[Point2, ...]
    cost: float

    @property
    def to(self) -> Point2:
        return self.waypoints[-1]

    @property
    def length(self) -> float:
        return sum(math.dist(a, b) for a, b in itertools.pairwise(self.waypoints))

    @property
    def straight(self) -> bool:
        return len(self.waypoints) <= 2


@dataclass(frozen=True, slots=True)
class _Obstacles:
    """What a mover of radius `r` must keep clear of, and the rubble that slows it."""

    r: float
    centres: np.ndarray  # (m, 2): the other bases near enough to matter
    gaps: np.ndarray  # (m,): how near each centre the mover's centre may come
    blocking: BaseGeometry | None  # the standing pieces at least as tall as the mover (shapely)
    rubble: BaseGeometry | None  # None when rubble costs nothing (a flyer, a start in rubble)

    def clear(self, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
        """Which segments (n, 2)-(n, 2) the base may travel: no base, no standing piece."""
        ok = np.ones(len(ends), dtype=bool)
        if not len(ends):
            return ok
        if len(self.centres):
            near = segment_distances(starts, ends, self.centres)
            ok &= (near >= self.gaps - EPS).all(axis=1)
        if self.blocking is not None and ok.any():
            lines = _lines(starts[ok], ends[ok])
            ok[ok] = ~shapely.dwithin(lines, self.blocking, self.r - SLACK)
        return ok

    def fits(self, points: np.ndarray) -> np.ndarray:
        """Where the base fits: on no other base, on no standing piece."""
        ok = np.ones(len(points), dtype=bool)
        if len(self.centres):
            gaps = np.hypot(points[:, None, 0] - self.centres[None, :, 0],
                            points[:, None, 1] - self.centres[None, :, 1])  # fmt: skip
            ok &= (gaps >= self.gaps - EPS).all(axis=1)
        if self.blocking is not None and ok.any():
            ok[ok] = ~shapely.dwithin(shapely.points(points[ok]), self.blocking, self.r - SLACK)
        return ok

    def rough(self, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
        """Which segments enter rubble (the base comes within its radius of it)."""
        if self.rubble is None or not len(ends):
            return np.zeros(len(ends), dtype=bool)
        return np.asarray(shapely.dwithin(_lines(starts, ends), self.rubble, self.r - SLACK))


def _lines(starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    coords = np.empty((len(ends), 2, 2))
    coords[:, 0] = starts
    coords[:, 1] = ends
    return np.asarray(shapely.linestrings(coords))


def _obstacles(mover: Base, reach: float, others: Sequence[Base],
               terrain: Sequence[TerrainPiece], rough: bool) -> _Obstacles:  # fmt: skip
    r = mover.radius
    near = [o for o in others
            if math.hypot(o.x - mover.x, o.y - mover.y) < reach + r + o.radius + EPS]  # fmt: skip
    table = shapes(terrain)
    rubble = table.rubble if rough and mover.level == 0 else None  # rough ground slows walkers
    if rubble is not None and shapely.dwithin(shapely.points(mover.centre), rubble, r - SLACK):
        rubble = None  # PT-4: a move that starts in rubble does not enter it
    return _Obstacles(r, np.asarray([o.centre for o in near], dtype=float).reshape(-1, 2),
                      np.asarray([o.radius + r for o in near], dtype=float),
                      table.blocking[mover.level], rubble)  # fmt: skip


@dataclass(frozen=True, slots=True)
class _Graph:
    """The visibility graph of one mover where it stands: the nodes (node 0 the start),
    each node's neighbours round its outline (`before`, `after`: a path bends at a node
    only along a line tangent to its outline), the cheapest cost to each that never
    enters rubble (`clean`) and whatever it crosses (`any`, before the rubble's 2"), and
    each node's previous node on those paths."""

    nodes: np.ndarray
    before: np.ndarray
    after: np.ndarray
    clean: np.ndarray
    any: np.ndarray
    clean_before: dict[int, list[int]]
    any_before: dict[int, list[int]]

    def path(self, node: int, clean: bool) -> list[int]:
        """The nodes from the start to `node` on its cheapest (clean) path."""
        previous = self.clean_before if clean else self.any_before
        way = [node]
        while way[-1] != 0:
            way.append(previous[way[-1]][0])
        return way[::-1]

    def tangent(self, node: np.ndarray, towards: np.ndarray) -> np.ndarray:
        """Whether the lines from these nodes to these points leave each node's outline
        on one side (a shortest path never cuts into an outline at a bend)."""
        at = self.nodes[node]
        d = towards - at
        a, b = self.before[node] - at, self.after[node] - at
        return np.asarray((d[:, 0] * a[:, 1] - d[:, 1] * a[:, 0])
                          * (d[:, 0] * b[:, 1] - d[:, 1] * b[:, 0]) >= -EPS)  # fmt: skip


# where a pursuit goes: the pieces of the board worth searching lie near the way there
Focus = tuple[float, float, float] | None  # (x, y, how far from it the ends lie)


@lru_cache(maxsize=64)
def _graph(mover: Base, reach: float, others: tuple[Base, ...],
           terrain: tuple[TerrainPiece, ...], rough: bool, focus: Focus = None) -> _Graph:
    """Kept per mover, position, reach and obstacles (the same decision asks again)."""
    ob = _obstacles(mover, reach, others, terrain, rough)
    nodes, before, after = _corners(mover, reach, ob, terrain, focus)
    start = np.asarray(mover.centre, dtype=float)
    from_start = np.hypot(*(nodes - start).T)
    onward = np.zeros(len(nodes)) if focus is None else np.maximum(
        0.0, np.hypot(nodes[:, 0] - focus[0], nodes[:, 1] - focus[1]) - focus[2])  # fmt: skip
    i, j = np.triu_indices(len(nodes), k=1)
    span = np.hypot(*(nodes[i] - nodes[j]).T)
    # prune: an edge no path within reach can use (get to it, cross it, go on to the
    # focus, either way round), and one that cuts into the outline of either end
    keep = np.minimum(from_start[i] + onward[j], from_start[j] + onward[i]) + span \
        <= reach + EPS  # fmt: skip
    i, j, span = i[keep], j[keep], span[keep]
    draft = _Graph(nodes, before, after, nodes[:0, 0], nodes[:0, 0], {}, {})
    keep = draft.tangent(i, nodes[j]) & draft.tangent(j, nodes[i])
    i, j, span = i[keep], j[keep], span[keep]
    ok = ob.clear(nodes[i], nodes[j])
    i, j, span = i[ok], j[ok], span[ok]
    any_cost, any_paths = _dijkstra(len(nodes), i, j, span, reach)
    if ob.rubble is None:  # nothing slows the mover: every path is clean
        return _Graph(nodes, before, after, any_cost, any_cost, any_paths, any_paths)
    clean = ~ob.rough(nodes[i], nodes[j])
    clean_cost, clean_paths = _dijkstra(len(nodes), i[clean], j[clean], span[clean], reach)
    return _Graph(nodes, before, after, clean_cost, any_cost, clean_paths, any_paths)


def _dijkstra(count: int, i: np.ndarray, j: np.ndarray, span: np.ndarray,
              reach: float) -> tuple[np.ndarray, dict[int, list[int]]]:  # fmt: skip
    """On the graph of `count` nodes and these edges, from the start (node 0): each
    node's cost (UNREACHED beyond reach) and the nodes before it on a cheapest path."""
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(count))
    graph.add_weighted_edges_from(zip(i.tolist(), j.tolist(), span.tolist(), strict=True))
    previous, found = nx.dijkstra_predecessor_and_distance(graph, 0, cutoff=reach + EPS)
    costs = np.full(count, UNREACHED)
    for node, cost in found.items():
        costs[node] = cost
    return costs, previous


def _corners(mover: Base, reach: float, ob: _Obstacles, terrain: Sequence[TerrainPiece],
             focus: Focus) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The start, then the corners a path may bend at, with each one's neighbours round
    its outline (the start's: itself): round each near base, standing piece the mover
    may not cross and (when it slows the mover) rubble piece, the outline grown by the
    mover's radius, drawn outside the true one; only corners within reach (and, with a
    focus, on the way to it) where the base fits."""
    r = mover.radius
    parts = [_circles(ob.centres, ob.gaps * WIDEN + OUTSET)]
    parts.append(_outlines(tuple(terrain), mover.level, r, ob.rubble is not None))
    corners, before, after = (np.vstack(column) for column in zip(*parts, strict=True))
    start = np.asarray([mover.centre], dtype=float)
    far = np.hypot(*(corners - start).T)
    if focus is not None:
        far = far + np.hypot(corners[:, 0] - focus[0], corners[:, 1] - focus[1]) - focus[2]
    x, y = corners[:, 0], corners[:, 1]
    keep = (far <= reach + EPS) & (x >= r) & (x <= BOARD - r) & (y >= r) & (y <= BOARD - r)
    if keep.any():
        keep[keep] = ob.fits(corners[keep])
    return (np.vstack([start, corners[keep]]), np.vstack([start, before[keep]]),
            np.vstack([start, after[keep]]))  # fmt: skip


Outline = tuple[np.ndarray, np.ndarray, np.ndarray]  # corners, and each one's neighbours


def _circles(centres: np.ndarray, radii: np.ndarray) -> Outline:
    """Polygons of SIDES corners on circles of these radii round these centres."""
    turn = np.arange(SIDES) * (2 * math.pi / SIDES)
    ring = np.column_stack([np.cos(turn), np.sin(turn)])  # (SIDES, 2)
    corners = centres[:, None, :] + radii[:, None, None] * ring[None, :, :]  # (m, SIDES, 2)
    before, after = np.roll(corners, 1, axis=1), np.roll(corners, -1, axis=1)
    return corners.reshape(-1, 2), before.reshape(-1, 2), after.reshape(-1, 2)


@lru_cache(maxsize=64)
def _outlines(terrain: tuple[TerrainPiece, ...], level: int, r: float, rubble: bool) -> Outline:
    """The corners round the pieces a mover of radius `r` at `level` goes round (and the
    rubble ones, when rubble slows it), grown by `r`: kept, as the layout seldom changes."""
    pieces = [p for p in terrain
              if (p.state == "rubble" and rubble) or (p.state != "rubble" and p.level >= level)]
    if not pieces:
        empty = np.empty((0, 2))
        return empty, empty, empty
    grown = shapely.buffer(np.asarray([polygon(p) for p in pieces]), r * WIDEN + OUTSET,
                           quad_segs=SIDES // 4)  # fmt: skip
    coords, ring = shapely.get_coordinates(shapely.get_exterior_ring(grown), return_index=True)
    last = np.r_[ring[1:] != ring[:-1], True]  # each ring repeats its first point last
    corners, ring = coords[~last], ring[~last]
    first = np.r_[True, ring[1:] != ring[:-1]]
    final = np.r_[first[1:], True]
    sizes = np.flatnonzero(final) - np.flatnonzero(first)
    index = np.arange(len(corners))
    before = np.where(first, index + np.repeat(sizes, sizes + 1), index - 1)
    after = np.where(final, index - np.repeat(sizes, sizes + 1), index + 1)
    return corners, corners[before], corners[after]


@dataclass(frozen=True, slots=True)
class _Measured:
    """The ends (indices into the ends asked) that have a path within reach, its cost,
    and how it goes: None straight, else (the last node, whether by the clean paths)."""

    index: np.ndarray
    cost: np.ndarray
    via: list[tuple[int, bool] | None]


def _measure(mover: Base, targets: np.ndarray, reach: float, others: Sequence[Base],
             terrain: Sequence[TerrainPiece], rough: bool, focus: Focus = None,
             straight_only: bool = False) -> tuple[_Measured, _Graph | None]:  # fmt: skip
    r = mover.radius
    start = np.asarray(mover.centre, dtype=float)
    length = np.hypot(*(targets - start).T)
    keep = length <= reach + EPS  # no path is shorter than the straight line
    keep &= (targets[:, 0] >= r - EPS) & (targets[:, 0] <= BOARD - r + EPS)
    keep &= (targets[:, 1] >= r - EPS) & (targets[:, 1] <= BOARD - r + EPS)
    candidates = np.flatnonzero(keep)
    ob = _obstacles(mover, reach, others, terrain, rough)
    ends = targets[candidates]
    starts = np.broadcast_to(start, ends.shape)
    straight = ob.clear(starts, ends)
    if ob.rubble is not None and straight.any():
        straight[straight] = ~ob.rough(starts[straight], ends[straight])
    index = [candidates[straight]]
    cost = [length[candidates[straight]]]
    via: list[tuple[int, bool] | None] = [None] * int(straight.sum())
    rest = candidates[~straight]
    if len(rest):  # an end where the base does not fit has no path at all: no graph
        rest = rest[ob.fits(targets[rest])]
    graph = None
    if len(rest) and not straight_only:
        graph = _graph(mover, float(reach), tuple(others), tuple(terrain), rough, focus)
        found, found_cost, found_via = _around(graph, ob, targets, rest, reach)
        index.append(found)
        cost.append(found_cost)
        via += found_via
    return _Measured(np.concatenate(index), np.concatenate(cost), via), graph


def _around(graph: _Graph, ob: _Obstacles, targets: np.ndarray, rest: np.ndarray,
            reach: float) -> tuple[np.ndarray, np.ndarray, list[tuple[int, bool] | None]]:
    """The ends not reached straight and cleanly: each end's cheapest last leg from a node
    of the graph (the start included), tested at once for every (end, node) pair within
    reach; a leg entering rubble, or a node reached through it, pays 2" once."""
    penalty = RUBBLE_COST if ob.rubble is not None else 0.0
    best_before = np.minimum(graph.clean, graph.any + penalty)  # (k,)
    reached = np.flatnonzero(np.isfinite(best_before))
    ends = targets[rest]
    legs = np.hypot(ends[:, None, 0] - graph.nodes[None, reached, 0],
                    ends[:, None, 1] - graph.nodes[None, reached, 1])  # (e, k)
    e, k = np.nonzero(best_before[reached][None, :] + legs <= reach + EPS)
    if not len(e):
        return np.empty(0, dtype=int), np.empty(0), []
    node, leg = reached[k], legs[e, k]
    tangent = graph.tangent(node, ends[e])
    e, node, leg = e[tangent], node[tangent], leg[tangent]
    ok = ob.clear(graph.nodes[node], ends[e])
    e, node, leg = e[ok], node[ok], leg[ok]
    rocky = ob.rough(graph.nodes[node], ends[e])
    clean = np.where(rocky, UNREACHED, graph.clean[node] + leg)
    dirty = graph.any[node] + leg + penalty
    by_clean = clean <= dirty
    cost = np.minimum(clean, dirty)
    within = cost <= reach + EPS
    e, node, cost, by_clean = e[within], node[within], cost[within], by_clean[within]
    order = np.lexsort((node, cost, e))  # per end: the cheapest, ties to the lower node
    e, node, cost, by_clean = e[order], node[order], cost[order], by_clean[order]
    firsts = np.flatnonzero(np.r_[True, e[1:] != e[:-1]]) if len(e) else np.empty(0, int)
    via: list[tuple[int, bool] | None] = [(int(node[f]), bool(by_clean[f])) for f in firsts]
    return rest[e[firsts]], cost[firsts], via


def moves(mover: Base, ends: Sequence[Point2] | np.ndarray, reach: float,
          others: Sequence[Base], terrain: Sequence[TerrainPiece],
          straight_only: bool = False) -> list[Step]:  # fmt: skip
    """The ends a move of at most `reach` inches may stop at, each with what its shortest
    path costs (PT-4), in the order asked; `straight_only`: only those reached in one
    clear straight line outside rubble (a quick first look, with no graph to build)."""
    targets = np.asarray(ends, dtype=float).reshape(-1, 2)
    if not targets.size:
        return []
    measured, _ = _measure(mover, targets, reach, others, terrain, True,
                           straight_only=straight_only)
    order = np.argsort(measured.index, kind="stable")
    return [Step((float(targets[i][0]), float(targets[i][1])), float(c))
            for i, c in zip(measured.index[order], measured.cost[order], strict=True)]  # fmt: skip


def route(mover: Base, end: Point2, reach: float, others: Sequence[Base],
          terrain: Sequence[TerrainPiece], rough: bool = True) -> Route | None:
    """The path a move to `end` takes (PT-4): its waypoints and cost; None if no path of
    at most `reach` inches gets there."""
    found = routes(mover, [end], reach, others, terrain, rough)
    return found[0] if found else None


def routes(mover: Base, ends: Sequence[Point2] | np.ndarray, reach: float,
           others: Sequence[Base], terrain: Sequence[TerrainPiece], rough: bool = True,
           focus: Focus = None) -> list[Route]:  # fmt: skip
    """The paths of the ends reachable within `reach`, in the order asked."""
    targets = np.asarray(ends, dtype=float).reshape(-1, 2)
    if not targets.size:
        return []
    measured, graph = _measure(mover, targets, reach, others, terrain, rough, focus)
    found = []
    for i, cost, via in sorted(zip(measured.index.tolist(), measured.cost.tolist(),
                                   measured.via, strict=True), key=lambda row: row[0]):  # fmt: skip
        end = (float(targets[i][0]), float(targets[i][1]))
        bends: list[Point2] = []
        if via is not None:
            assert graph is not None
            node, by_clean = via
            nodes = graph.path(node, by_clean)
            bends = [(float(graph.nodes[n][0]), float(graph.nodes[n][1])) for n in nodes[1:]]
        found.append(Route((mover.centre, *bends, end), float(cost)))
    return found


def refusal(mover: Base, end: Point2, reach: float, others: Sequence[Base],
            terrain: Sequence[TerrainPiece]) -> str | None:  # fmt: skip
    """Why no move of at most `reach` gets to `end`, in words (None: one does)."""
    straight = math.dist(mover.centre, end)
    if straight > reach + EPS:
        return f'too far: {straight:.1f}" in a straight line, and the move is {reach:g}"'
    r = mover.radius
    spot = np.asarray([end], dtype=float)
    if not (r - EPS <= end[0] <= BOARD - r + EPS and r - EPS <= end[1] <= BOARD - r + EPS) \
            or not _obstacles(mover, reach, others, terrain, False).clear(spot, spot)[0]:
        return "the base does not fit there (another base, standing terrain or the edge)"
    if route(mover, end, reach, others, terrain) is not None:
        return None
    around = route(mover, end, 2 * BOARD, others, terrain)
    if around is None:
        return "blocked: no way round to there"
    return (f'too far around: the shortest way there is {around.cost:.2f}", and the move '
            f'is {reach:g}"')


def walk(path: Route, distance: float) -> Point2:
    """Where a base that goes `distance` inches along the path stands (its end if the
    path is no longer)."""
    left = distance
    for a, b in itertools.pairwise(path.waypoints):
        leg = math.dist(a, b)
        if left <= leg:
            t = left / leg if leg > 0 else 1.0
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        left -= leg
    return path.to


def toward(mover: Base, goal: Base, reach: float, others: Sequence[Base],
           terrain: Sequence[TerrainPiece], contact: float) -> Point2 | None:
    """Where a base ends that walks at most `reach` along the shortest path to base
    contact with `goal` (within `contact`, edge to edge), rubble costing nothing (PT-56);
    None if no path to contact exists on the board."""
    # the ring of contact points, first the one facing the mover (the straight run)
    facing = math.atan2(mover.y - goal.y, mover.x - goal.x)
    turn = facing + np.arange(2 * SIDES) * (2 * math.pi / (2 * SIDES))
    gap = goal.radius + mover.radius + contact / 2
    ring = np.column_stack([goal.x + gap * np.cos(turn), goal.y + gap * np.sin(turn)])
    direct, _ = _measure(mover, ring[:1], 2 * BOARD, others, terrain, False,
                         straight_only=True)  # fmt: skip
    if len(direct.index):  # the nearest contact point in a clear line: nothing is shorter
        line = Route((mover.centre, (float(ring[0][0]), float(ring[0][1]))), float(direct.cost[0]))
        return walk(line, min(reach, line.cost))
    # the search: the corners on the way there with a few inches to spare, else the board
    focus = (goal.x, goal.y, gap)
    detour = math.dist(mover.centre, goal.centre) - gap + 2 * reach
    paths = routes(mover, ring, detour, others, terrain, rough=False, focus=focus) \
        or routes(mover, ring, 2 * BOARD, others, terrain, rough=False, focus=focus)
    if not paths:
        return None
    shortest = min(paths, key=lambda p: p.cost)  # ties: the first around the ring
    return walk(shortest, min(reach, shortest.cost))
