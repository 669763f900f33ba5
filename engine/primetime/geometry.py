"""The table: a 30" x 30" board, round bases, rectangular terrain (shapely polygons).
Distances are base edge to base edge ("Measurement Conventions"); models have no facing
("Facing"). Everything here is a pure function of positions and terrain."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

import numpy as np
import shapely
import shapely.ops
from shapely.geometry import LineString, Point, box
from shapely.geometry.base import BaseGeometry

from engine.primetime.data import TerrainPiece

BOARD = 30.0  # inches ("Board Density Guidelines (30" x 30" board)")
MM = 1 / 25.4
MELEE = 1.0  # "Melee Range: 1""
TOKEN_RADIUS = 32 * MM / 2  # "the outer edge of the objective token (32mm token)"
EPS = 1e-9
Size = Literal["S", "M", "L"]
Point2 = tuple[float, float]

# "Terrain States": the cover an intact or damaged piece gives (an attack-roll modifier)
COVER = {"intact": -4, "damaged": -2, "rubble": 0}
LEVELS = (0, 1, 2)  # "Altitude Levels": Ground, L1 Hovering, L2 High Air
RUBBLE_COST = 2.0  # "Rubble ... costs 2" MOV to enter"


def base_radius(base_mm: int) -> float:
    return base_mm * MM / 2


@dataclass(frozen=True, slots=True)
class Base:
    """A model's base on the table: its centre and radius (inches) and its altitude."""

    x: float
    y: float
    radius: float
    level: int = 0

    @property
    def centre(self) -> Point2:
        return (self.x, self.y)

    def at(self, x: float, y: float) -> Base:
        return Base(x, y, self.radius, self.level)

    def shape(self) -> BaseGeometry:
        return Point(self.x, self.y).buffer(self.radius, quad_segs=16)


def edge_distance(a: Base, b: Base) -> float:
    """Base edge to base edge; 0 in contact ("Model-to-model")."""
    return max(0.0, math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius)


def overlaps(a: Base, b: Base) -> bool:
    return math.hypot(a.x - b.x, a.y - b.y) < a.radius + b.radius - EPS


def on_board(base: Base) -> bool:
    """The whole base on the board ("Board Edge": "fully on the board")."""
    r = base.radius - EPS
    return r <= base.x <= BOARD - r and r <= base.y <= BOARD - r


def size(piece: TerrainPiece) -> Size:
    """ "Terrain Sizing" by its longest side: up to 3" Small, 3"-6" Medium, 6"+ Large."""
    longest = max(piece.width, piece.depth)
    return "S" if longest <= 3 else "M" if longest <= 6 else "L"


def rect_distance(piece: TerrainPiece, point: Point2) -> float:
    """From a point to a terrain piece (0 inside it): plain arithmetic, no shapely, as it
    runs for every point of a grid."""
    px, py = point
    dx = max(piece.x - px, 0.0, px - piece.x - piece.width)
    dy = max(piece.y - py, 0.0, py - piece.y - piece.depth)
    return math.hypot(dx, dy)


def polygon(piece: TerrainPiece) -> BaseGeometry:
    return box(piece.x, piece.y, piece.x + piece.width, piece.y + piece.depth)


# -- movement ------------------------------------------------------------------------


def segment_distances(starts: Point2 | np.ndarray, ends: np.ndarray,
                      centres: np.ndarray) -> np.ndarray:  # fmt: skip
    """For each segment, from one start (2,) or its own start (n, 2) to its end (n, 2), the
    shortest distance to each centre (m, 2): an (n, m) array."""
    s = np.broadcast_to(np.asarray(starts, dtype=float), ends.shape)[:, None, :]  # (n, 1, 2)
    d = (ends - s[:, 0])[:, None, :]  # (n, 1, 2)
    length2 = np.maximum((d * d).sum(axis=2), EPS)  # (n, 1)
    rel = centres[None, :, :] - s  # (n, m, 2)
    t = np.clip((rel * d).sum(axis=2) / length2, 0.0, 1.0)
    nearest = s + t[:, :, None] * d
    return np.asarray(np.hypot(*(nearest - centres[None, :, :]).transpose(2, 0, 1)))


@dataclass(frozen=True, slots=True)
class Step:
    """A legal straight move: where to, and what it costs against MOV."""

    to: Point2
    cost: float


@dataclass(frozen=True, slots=True)
class _Shapes:
    polygons: tuple[BaseGeometry, ...]
    # by the mover's altitude: the standing pieces at least that tall, which it may not
    # cross (PT-4: a ground model goes around; PT-17: a flyer passes over lower pieces)
    blocking: tuple[BaseGeometry | None, ...]
    rubble: BaseGeometry | None


@lru_cache(maxsize=32)
def _cached(terrain: tuple[TerrainPiece, ...]) -> _Shapes:
    def union(pieces: list[BaseGeometry]) -> BaseGeometry | None:
        return shapely.union_all(pieces) if pieces else None

    polygons = tuple(polygon(p) for p in terrain)
    pairs = list(zip(terrain, polygons, strict=True))
    blocking = tuple(union([g for p, g in pairs if p.state != "rubble" and p.level >= level])
                     for level in LEVELS)  # fmt: skip
    rubble = union([g for p, g in pairs if p.state == "rubble"])
    for shape in (*blocking, rubble):  # prepared: every move's path is tested against them
        if shape is not None:
            shapely.prepare(shape)
    return _Shapes(polygons, blocking, rubble)


def shapes(terrain: Sequence[TerrainPiece]) -> _Shapes:
    """The terrain's shapely shapes, built once per layout (terrain changes only when a
    piece degrades), as every legal move and sight line is tested against them."""
    return _cached(tuple(terrain))


def moves(
    mover: Base,
    ends: Sequence[Point2] | np.ndarray,
    reach: float,
    others: Sequence[Base],
    terrain: Sequence[TerrainPiece],
) -> list[Step]:
    """The ends a straight move of at most `reach` inches may stop at: the base stays on
    the board, never passes through another model's base ("Movement") nor through intact
    or damaged terrain (PT-4), and pays 2" more when it enters rubble ("Terrain States")."""
    targets = np.asarray(ends, dtype=float).reshape(-1, 2)
    if not targets.size:
        return []
    start = np.asarray(mover.centre)
    length = np.hypot(*(targets - start).T)
    keep = length <= reach + EPS
    r = mover.radius
    keep &= (targets[:, 0] >= r - EPS) & (targets[:, 0] <= BOARD - r + EPS)
    keep &= (targets[:, 1] >= r - EPS) & (targets[:, 1] <= BOARD - r + EPS)
    # only a base near enough to the start can stand in the way of a path of this reach
    near = [o for o in others
            if math.hypot(o.x - mover.x, o.y - mover.y) < reach + r + o.radius + EPS]  # fmt: skip
    if near:
        centres = np.asarray([o.centre for o in near], dtype=float)
        radii = np.asarray([o.radius for o in near])
        keep &= (segment_distances(mover.centre, targets, centres) >= radii + r - EPS).all(1)
    candidates = np.flatnonzero(keep)
    if not candidates.size:
        return []
    coords = np.empty((candidates.size, 2, 2))
    coords[:, 0] = start
    coords[:, 1] = targets[candidates]
    paths = shapely.linestrings(coords)  # a move of 0" is a line of two equal points
    cost = length[candidates].copy()
    table = shapes(terrain)
    ok = np.ones(candidates.size, dtype=bool)
    # a path within r of a shape: the base would touch it (strictly: EPS of slack)
    blocking = table.blocking[mover.level]
    if blocking is not None:
        ok &= ~shapely.dwithin(paths, blocking, r - 2 * EPS)
    rubble = table.rubble if mover.level == 0 else None  # rough ground slows walkers
    if rubble is not None and not shapely.dwithin(Point(mover.centre), rubble, r - 2 * EPS):
        cost += np.where(shapely.dwithin(paths, rubble, r - 2 * EPS), RUBBLE_COST, 0.0)
        ok &= cost <= reach + EPS
    return [Step((float(targets[i][0]), float(targets[i][1])), float(c))
            for i, c, good in zip(candidates, cost, ok, strict=True) if good]  # fmt: skip


def grid_array(around: Point2, reach: float) -> np.ndarray:
    """The 1" grid points within `reach` of a point, as an (n, 2) array (read-only: kept,
    as the same model's moves are searched several times in one decision)."""
    return _grid(float(around[0]), float(around[1]), float(reach))


@lru_cache(maxsize=64)
def _grid(x0: float, y0: float, reach: float) -> np.ndarray:
    xs = np.arange(max(0, math.floor(x0 - reach)), min(BOARD, math.ceil(x0 + reach)) + 1)
    ys = np.arange(max(0, math.floor(y0 - reach)), min(BOARD, math.ceil(y0 + reach)) + 1)
    gx, gy = np.meshgrid(xs.astype(float), ys.astype(float), indexing="ij")
    points = np.column_stack([gx.ravel(), gy.ravel()])
    points = points[np.hypot(points[:, 0] - x0, points[:, 1] - y0) <= reach + EPS]
    points.flags.writeable = False
    return points


def grid(around: Point2, reach: float) -> list[Point2]:
    """The 1" grid points within `reach` of a point: the finite destinations offered."""
    return [(float(x), float(y)) for x, y in grid_array(around, reach)]


def free(points: np.ndarray, radius: float, others: Sequence[Base],
         terrain: Sequence[TerrainPiece]) -> np.ndarray:  # fmt: skip
    """The points where a base of `radius` fits: on the board, on no other base, on no
    intact or damaged terrain (PT-4)."""
    points = points.reshape(-1, 2)
    x, y = points[:, 0], points[:, 1]
    keep = (x >= radius - EPS) & (x <= BOARD - radius + EPS)
    keep &= (y >= radius - EPS) & (y <= BOARD - radius + EPS)
    for other in others:
        keep &= np.hypot(x - other.x, y - other.y) >= radius + other.radius - EPS
    for piece in terrain:
        if piece.state == "rubble":
            continue
        dx = np.maximum(np.maximum(piece.x - x, 0.0), x - piece.x - piece.width)
        dy = np.maximum(np.maximum(piece.y - y, 0.0), y - piece.y - piece.depth)
        keep &= np.hypot(dx, dy) >= radius - EPS
    return points[keep]


def nearest_free(near: Point2, radius: float, others: Sequence[Base],
                 terrain: Sequence[TerrainPiece], within: float = 6) -> Point2 | None:  # fmt: skip
    """The point itself if a base fits there, else the nearest 1" grid point within
    `within` where it fits (ties: the lower x, then y), else None."""
    points = np.vstack([np.asarray([near], dtype=float), grid_array(near, within)])
    fits = free(points, radius, others, terrain)
    if not len(fits):
        return None
    best = min(fits, key=lambda p: (math.hypot(p[0] - near[0], p[1] - near[1]), p[0], p[1]))
    return (float(best[0]), float(best[1]))


def clear_of_terrain(base: Base, terrain: Sequence[TerrainPiece]) -> bool:
    """Whether a base at its altitude is inside no standing piece at least that tall."""
    return all(p.state == "rubble" or p.level < base.level
               or rect_distance(p, base.centre) >= base.radius - EPS for p in terrain)


def near(points: np.ndarray, radius: float, other: Base, distance: float) -> np.ndarray:
    """The points where a base of `radius` would be within `distance` of `other`, base
    edge to base edge."""
    centre_gap = np.hypot(points[:, 0] - other.x, points[:, 1] - other.y)
    return points[centre_gap - radius - other.radius <= distance + EPS]


# -- line of sight and cover -----------------------------------------------------------


def _blocks_sight(piece: TerrainPiece, attacker: Base, target: Base) -> bool:
    """Whether a piece can block this sight line: "LINE OF SIGHT" by altitude (ground
    sees over level-0 pieces; L1 only L2 terrain blocks; L2 sees everything), rubble never
    (PT-5), and "Terrain Sizing": Small only to a target directly behind it (within 1"),
    Medium to a target within 2" of its far side, Large fully."""
    if piece.state == "rubble" or piece.level <= attacker.level:
        return False
    reach = {"S": MELEE, "M": 2.0, "L": math.inf}[size(piece)]
    return rect_distance(piece, target.centre) - target.radius <= reach + EPS


@lru_cache(maxsize=256)
def _wall(layout: tuple[TerrainPiece, ...], pieces: tuple[int, ...]) -> BaseGeometry:
    """The pieces that block a sight line, shrunk a hair: grazing a corner does not block."""
    polygons = _cached(layout).polygons
    return shapely.union_all([polygons[i] for i in pieces]).buffer(-1e-6)


def _rim(base: Base, points: int = 8) -> list[Point2]:
    """The centre and points on the rim of a base: the ends of the sight lines tried."""
    rim = [(base.x + base.radius * math.cos(2 * math.pi * k / points),
            base.y + base.radius * math.sin(2 * math.pi * k / points)) for k in range(points)]
    return [base.centre, *rim]  # fmt: skip


def line_of_sight(attacker: Base, target: Base, terrain: Sequence[TerrainPiece]) -> bool:
    """ "If an unobstructed straight line (however thin) can be traced from any point on
    the attacker's base to any point on the target's base, Line of Sight exists." We try
    the lines between the centres and eight rim points of each base (PT-6)."""
    return _sight(attacker, target, tuple(terrain))


@lru_cache(maxsize=4096)
def _sight(attacker: Base, target: Base, layout: tuple[TerrainPiece, ...]) -> bool:
    """Kept: the same pair is asked again for each technique and at each step of an attack."""
    blockers = tuple(i for i, p in enumerate(layout) if _blocks_sight(p, attacker, target))
    if not blockers:
        return True
    wall = _wall(layout, blockers)
    if not wall.intersects(LineString([attacker.centre, target.centre])):
        return True
    lines = shapely.linestrings([[a, b] for a in _rim(attacker) for b in _rim(target)])
    return bool((~shapely.intersects(lines, wall)).any())


def cover(attacker: Base, target: Base, terrain: Sequence[TerrainPiece]) -> int:
    """The attack-roll modifier from the best cover the target has ("Terrain States":
    defender within 1" of an intact (-4) or damaged (-2) piece), when the piece lies
    between the two (PT-7) and the attacker is not inside the "Firing Angle Rule"
    threshold: 2" at the piece's level, 4" one level above, never two levels above."""
    best = 0
    corridor = shapely.convex_hull(shapely.union(attacker.shape(), target.shape()))
    for piece in terrain:
        modifier = COVER[piece.state]
        if modifier >= best:
            continue
        shape = polygon(piece)
        if shape.distance(target.shape()) > MELEE + EPS or not shape.intersects(corridor):
            continue
        above = attacker.level - piece.level
        threshold = 2.0 if above <= 0 else 4.0 if above == 1 else math.inf
        if shape.distance(attacker.shape()) <= threshold + EPS:
            continue
        best = modifier
    return best


# -- zones -----------------------------------------------------------------------------


def in_deployment(base: Base, side: int, depth: float) -> bool:
    """The whole base within `depth` of its player's short edge (side 0: y = 0, side 1:
    y = 30) ("Deploy Models", PT-8)."""
    if not on_board(base):
        return False
    if side == 0:
        return base.y + base.radius <= depth + EPS
    return base.y - base.radius >= BOARD - depth - EPS


def in_zoc(base: Base, objective: Point2, zoc: float) -> bool:
    """Within the zone of control: base edge to the token's outer edge ("Objective
    Control & ZOC")."""
    return edge_distance(base, Base(*objective, TOKEN_RADIUS)) <= zoc + EPS


# -- Beams and Blasts --------------------------------------------------------------------

BEAM_WIDTH = 1.0  # "Template: 1" wide linear template"
DEGRADES = {"intact": "damaged", "damaged": "rubble", "rubble": "rubble"}  # "Cover Degradation"


def degrade(piece: TerrainPiece) -> TerrainPiece:
    """One step: Intact -> Damaged -> Rubble; rubble stays rubble."""
    return piece.model_copy(update={"state": DEGRADES[piece.state]})


def beam(attacker: Base, target: Base,
         terrain: Sequence[TerrainPiece]) -> tuple[BaseGeometry, int | None]:  # fmt: skip
    """A Beam's 1"-wide template "from attacker through primary target to first terrain
    contact or board edge", and the index of the piece it stops at (PT-19: only pieces past
    the target, at least as tall as the attacker's level, stop it)."""
    dx, dy = target.x - attacker.x, target.y - attacker.y
    length = math.hypot(dx, dy) or 1.0
    far = (attacker.x + dx / length * 2 * BOARD, attacker.y + dy / length * 2 * BOARD)
    line = LineString([attacker.centre, far]).intersection(box(0, 0, BOARD, BOARD))
    beyond = math.hypot(dx, dy)
    stop, stop_at = None, float(line.length)
    for index, piece in enumerate(terrain):
        if piece.state == "rubble" or piece.level < attacker.level:
            continue
        crossing = line.intersection(polygon(piece))
        if crossing.is_empty:
            continue
        along = min(float(line.project(Point(*xy))) for xy in shapely.get_coordinates(crossing))
        if beyond <= along < stop_at:
            stop, stop_at = index, along
    path = shapely.ops.substring(line, 0, stop_at)
    return path.buffer(BEAM_WIDTH / 2, cap_style="flat"), stop


def touches(area: BaseGeometry, base: Base) -> bool:
    return bool(area.intersects(base.shape()))


# -- Thrown ------------------------------------------------------------------------------

THROW_STEP = 0.01  # inches: how finely a throw's straight path is walked


@dataclass(frozen=True, slots=True)
class Throw:
    """Where a thrown base stops, and what stopped it ("THROWN / KNOCKBACK RESOLUTION"):
    None (the full distance), "model" or "terrain" (with its index), or "edge"."""

    to: Point2
    stopped_by: Literal["model", "terrain", "edge"] | None = None
    index: int | None = None


def throw(mover: Base, away_from: Point2, distance: float, others: Sequence[Base],
          terrain: Sequence[TerrainPiece]) -> Throw:  # fmt: skip
    """ "Throw Path: ... in a straight line from the throwing model's position", stopping
    at the full distance, a model at its level (PT-46), standing terrain at least as tall
    as the mover's level (rubble is passed through), or the board edge; the base stops
    just short of contact."""
    dx, dy = mover.x - away_from[0], mover.y - away_from[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    at = mover.centre
    for step in range(1, round(distance / THROW_STEP) + 1):
        x, y = mover.x + ux * step * THROW_STEP, mover.y + uy * step * THROW_STEP
        here = Base(x, y, mover.radius, mover.level)
        if not on_board(here):
            return Throw(at, "edge")
        over = [index for index, other in enumerate(others) if overlaps(here, other)]
        for index in over:  # PT-46: a model at another level is above or below the path
            if others[index].level == mover.level:
                return Throw(at, "model", index)
        for index, piece in enumerate(terrain):
            if piece.state != "rubble" and piece.level >= mover.level \
                    and rect_distance(piece, (x, y)) < mover.radius - EPS:  # fmt: skip
                return Throw(at, "terrain", index)
        if not over:  # it never comes to rest on another base (PT-46)
            at = (round(x, 6), round(y, 6))
    return Throw(at)
