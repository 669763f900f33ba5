"""What the map highlights for a Prime Time decision (renderers.primetime_map.MapHighlight):
the destinations a point decision offers, the active model's Move reach, an attack's range
and target, a previewed move's path. Built from the pending decision (its options and the
model it is about, both public: positions and techniques are open information, and no
option naming a card of a hand is read) and the family's view."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.core.decisions import Decision
from engine.primetime import activation, reposition
from engine.primetime.attacks import techniques
from engine.primetime.game import PrimeTimeGame
from engine.primetime.handlers import POINT_CHECKS
from engine.primetime.options import parse_point
from engine.primetime.paths import Route
from renderers.primetime_map import MapHighlight, Point

_REACH = re.compile(r'up to ([0-9.]+)"')  # the Move option's label: 'Move (up to 6")'
_ATTACKS = ("attack", "charge", "ki_assault")


def answered_by_point(decision: Decision | None) -> bool:
    """A decision whose answer is a point on the table (deploy, move, reposition...)."""
    return decision is not None and decision.kind in POINT_CHECKS


def decision_model(view: Mapping[str, Any], decision: Decision) -> int | None:
    """The model a decision is about: the one being deployed, else the active one."""
    model = decision.resume.args.get("model")
    return int(model) if isinstance(model, int) else view["active"]


def decision_highlight(game: PrimeTimeGame, view: Mapping[str, Any],
                       decision: Decision | None) -> MapHighlight | None:
    """The highlight of the pending decision, or None when it has nothing to draw."""
    if decision is None:
        return None
    model = decision_model(view, decision)
    if answered_by_point(decision):
        points = tuple(p for o in decision.options if (p := parse_point(o.id)) is not None)
        return MapHighlight(model=model, points=points)
    if decision.kind != "action" or model is None:
        return MapHighlight(model=model) if model is not None else None
    reach = next((float(found[1]) for o in decision.options if o.id == "move"
                  and (found := _REACH.search(o.label))), None)
    attack = next((o.id.split(":") for o in decision.options
                   if o.id.split(":")[0] in _ATTACKS), None)
    if attack is None:
        return MapHighlight(model=model, reach=reach)
    technique = techniques(game, game.model(model))[int(attack[1])]
    # an offered stationary attack is in range and sight ("Targeting Rules"); a Charge or
    # Ki Assault first moves into them
    return MapHighlight(model=model, reach=reach, range=technique.range,
                        target=int(attack[2]), sight=True)


def preview_highlight(view: Mapping[str, Any], decision: Decision, point: Point,
                      game: PrimeTimeGame | None = None) -> MapHighlight:
    """A previewed destination: the map draws the path from the model's base (when it
    stands on the table) to the point: the move's shortest path round what stands in the
    way, with its cost, for a Move, Charge, Ki Assault or Reposition (PT-4), else the
    straight line."""
    way = None if game is None else move_route(game, decision, point)
    if way is None:
        return MapHighlight(model=decision_model(view, decision), path=(point,))
    return MapHighlight(model=decision_model(view, decision), path=way.waypoints[1:],
                        distance=way.cost)


def move_route(game: PrimeTimeGame, decision: Decision, point: Point) -> Route | None:
    """The path the answer `point` would move the model along (None: not a move along a
    path, or no path gets there)."""
    args = decision.resume.args
    if decision.kind == "destination" and game.state.active is not None:
        return activation.route(game, game.model(game.state.active.model), args["mode"], point)
    if decision.kind == "reposition":
        return reposition.route(game, args, point)
    return None
