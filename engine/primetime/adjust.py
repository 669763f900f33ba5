"""Judges' corrections in a Prime Time game: move a model on the table to a point, set a
model's HP. Each is recorded like an answer ("@adjust:" + JSON, engine/core/adjust.py)
and replayed like one. They change the state only, as every family's corrections do: no
rule triggers from them (PT-61, docs/primetime-rulings.md)."""

from __future__ import annotations

import math
from typing import Any

from engine.core.adjust import AdjustmentError, check_range, corrected, quoted
from engine.core.events import Outcome
from engine.primetime import saibamen
from engine.primetime.game import PrimeTimeGame
from engine.primetime.geometry import BOARD, Base, clear_of_terrain, on_board, overlaps
from engine.primetime.handlers import POINT_CHECKS
from engine.primetime.state import ModelState

KINDS = ("position", "hp")


def adjust(game: PrimeTimeGame, player: int, change: dict[str, Any]) -> Outcome:
    """Apply `change` to a model of seat `player`; a refused change alters nothing."""
    return corrected(game, player, change, lambda: _apply(game, player, change))


def _apply(game: PrimeTimeGame, player: int, change: dict[str, Any]) -> str:
    kind = change.get("kind")
    if kind not in KINDS:
        raise AdjustmentError(f"a Prime Time correction is one of {', '.join(KINDS)}; "
                              f"not {quoted(kind)}")
    m = _model(game, player, change.get("model"))
    if kind == "hp":
        return _hp(game, m, change.get("value"))
    return _position(game, m, change.get("x"), change.get("y"))


def _model(game: PrimeTimeGame, player: int, name: Any) -> ModelState:
    """The seat's model named `name` that stands on the table."""
    wanted = str(name or "").strip().casefold()
    mine = [m for m in game.state.models if m.owner == player]
    found = next((m for m in mine if game.name(m).casefold() == wanted), None)
    if found is None:
        names = ", ".join(game.name(m) for m in mine if m.on_table) or "none"
        raise AdjustmentError(f"{game.who(player)} has no model named {quoted(name)} on the "
                              f"table (theirs: {names})")
    if not found.on_table:
        raise AdjustmentError(f"{game.name(found)} is not on the table ({found.status})")
    return found


def _hp(game: PrimeTimeGame, m: ModelState, value: Any) -> str:
    """PT-61: a fighting model's HP from 1 to its tier's; 0 HP is what damage does (Dazed,
    KO'd), never a correction, and a Dazed model's HP stays 0 until it returns."""
    if m.status != "active":
        raise AdjustmentError(f"{game.name(m)} is Dazed: its HP comes back when it returns "
                              "(Cleanup), not by a correction")
    top = game.tier(m).hp
    check_range(value, 1, top, f"{game.name(m)}'s HP")
    assert isinstance(value, int)
    before, m.hp = m.hp, value
    return f"{game.name(m)}'s HP set to {value} (was {before}, at most {top})"


def _position(game: PrimeTimeGame, m: ModelState, x: Any, y: Any) -> str:
    """PT-62: the whole base on the board, clear of every other base and of terrain as
    tall as its altitude; not while the pending decision is answered with a point (its
    options were measured from where the models stand)."""
    point = _point(x, y)
    pending = game.pending
    if pending is not None and pending.kind in POINT_CHECKS:
        raise AdjustmentError("the pending decision offers points measured from where the "
                              "models stand; correct the position after it is answered, or "
                              "roll back to before it")
    base = Base(point[0], point[1], game.base_radius(m), m.level)
    if not on_board(base):
        raise AdjustmentError(f"({x:g}\", {y:g}\") puts {game.name(m)}'s base off the board "
                              f"(the table is {BOARD:g}\" square)")
    for other in game.state.models:
        if other.on_table and other.uid != m.uid and overlaps(base, game.base(other)):
            raise AdjustmentError(f"{game.name(m)}'s base there would overlap "
                                  f"{game.name(other)}'s")
    if any(overlaps(base, saibamen.base(t)) for t in game.state.tokens):
        raise AdjustmentError(f"{game.name(m)}'s base there would overlap a Saibaman token")
    if not clear_of_terrain(base, game.state.terrain):
        raise AdjustmentError(f"{game.name(m)}'s base there would stand inside terrain")
    was = f'({m.x:g}", {m.y:g}")' if m.x is not None and m.y is not None else "off the table"
    m.x, m.y = point
    return f'{game.name(m)} moved to ({point[0]:g}", {point[1]:g}") (was {was})'


def _point(x: Any, y: Any) -> tuple[float, float]:
    values = []
    for value in (x, y):
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(
                value):
            raise AdjustmentError("a position is x and y in inches, e.g. 12.5 and 7")
        values.append(float(value))
    return values[0], values[1]
