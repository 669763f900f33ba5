"""Climbing ("ALTITUDE & FLIGHT", "Climbing (Non-Flying Models)"): a model without Fly
climbs terrain with a movement action of half its Move value, ending on a terrain piece
one level above the piece (PT-44); it leaves the piece only by climbing (PT-45)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from engine.primetime.altitude import NAMES
from engine.primetime.data import TerrainPiece
from engine.primetime.geometry import EPS, LEVELS, Base, Point2, free, moves

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState

CLIMB = "climb"


def ground_bound(game: PrimeTimeGame, m: ModelState) -> bool:
    """ "Ground-bound models may climb terrain": the models without Fly."""
    return not game.character(m).keyword("Fly")


def may_walk(game: PrimeTimeGame, m: ModelState) -> bool:
    """PT-45: a ground-bound model on top of terrain has no air to walk on: it may not
    Move, Charge or Ki Assault, only Climb (or stand and attack)."""
    return m.level == 0 or not ground_bound(game, m)


def reach(move_value: int) -> float:
    """ "Costs ½ MOV for the activation": half the Move value of its slot (PT-44)."""
    return move_value / 2


def top_level(piece: TerrainPiece) -> int | None:
    """The level a model stands at on top of a standing piece (PT-44): one above the piece
    (the piece is as tall as its level's band); an L2 piece has no level above it."""
    if piece.state == "rubble" or piece.level + 1 > LEVELS[-1]:
        return None
    return piece.level + 1


def piece_under(point: Point2, radius: float,
                terrain: list[TerrainPiece]) -> TerrainPiece | None:  # fmt: skip
    """The standing piece the whole base stands on top of ("must end movement on a
    terrain piece"), if any."""
    x, y = point
    r = radius - EPS
    for piece in terrain:
        inside = piece.x + r <= x <= piece.x + piece.width - r \
            and piece.y + r <= y <= piece.y + piece.depth - r  # fmt: skip
        if inside and top_level(piece) is not None:
            return piece
    return None


def ends(game: PrimeTimeGame, m: ModelState, distance: float,
         points: np.ndarray) -> list[Point2]:  # fmt: skip
    """The legal ends of a Climb among `points`: on top of a climbable piece, or, for a
    model already on one, down on the Ground. The straight path may cross the piece
    climbed from and the piece climbed onto, and nothing else a walker may not."""
    here = game.base(m)
    terrain = game.state.terrain
    start = piece_under(here.centre, here.radius, terrain) if m.level else None
    walker = Base(here.x, here.y, here.radius, 0)
    found: list[Point2] = []
    for point in map(tuple, np.asarray(points, float).reshape(-1, 2).tolist()):
        end = piece_under(point, here.radius, terrain)
        if end is None and (start is None or not len(
                free(np.asarray([point]), here.radius, [], terrain))):  # fmt: skip
            continue  # "no mid-air stops": a piece, or the Ground from a piece
        crossing = [p for p in terrain if p is not end and p is not start]
        if point != here.centre and moves(walker, [point], distance,
                                          game.bases_except(m), crossing):  # fmt: skip
            found.append((point[0], point[1]))
    return found


def climbed(game: PrimeTimeGame, m: ModelState, point: Point2) -> None:
    """Stand the model at the end of its Climb, at the level of what it stands on."""
    game.put(m, point)
    piece = piece_under(point, game.base_radius(m), game.state.terrain)
    m.level = 0 if piece is None else top_level(piece) or 0
    where = "down to the Ground" if piece is None else f"onto {piece.name}"
    game.emit(CLIMB, f'{game.name(m)} climbs {where} ({point[0]:g}", {point[1]:g}"), '
              f"{NAMES[m.level]}.")  # fmt: skip
