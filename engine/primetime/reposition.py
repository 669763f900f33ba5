"""A Reposition ("Movement Categories"): movement an effect grants, of its stated distance,
that is no Move action (no slot, not counted toward the 2-move cap). Scouter moves it
along its shortest path under the movement geometry (PT-4, PT-26); staying is allowed
("up to")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import JsonDict, Option
from engine.primetime import held, paths
from engine.primetime.geometry import Point2, grid
from engine.primetime.handlers import HANDLERS, POINT_CHECKS
from engine.primetime.options import answered_point, point_options

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState


def ask(game: PrimeTimeGame, m: ModelState, reach: float) -> None:
    """Offer the Reposition (then the activation carries on with its next action); a
    model that "cannot move" has none (PT-49), nor a grabbed one ("Grabbed: Cannot move")."""
    if not held.may_move(m) or game.state.held(m.uid):
        game.then(("action", {}))
        return
    here = game.base(m)
    steps = paths.moves(here, grid(here.centre, reach), reach, game.bases_except(m),
                        game.state.terrain)  # fmt: skip
    points = [s.to for s in steps if s.to != here.centre]
    game.ask(m.owner, "reposition", f"{game.name(m)} may Reposition up to {reach:g}\".",
             [Option("stay", "stay"), *point_options(points)], "repositioned",
             model=m.uid, reach=reach)  # fmt: skip


def _check(game: PrimeTimeGame, args: JsonDict, point: Point2) -> str | None:
    m = game.model(args["model"])
    reach = float(args.get("reach", game.tier(m).move1))
    problem = paths.refusal(game.base(m), point, reach, game.bases_except(m),
                            game.state.terrain)  # fmt: skip
    return None if problem is None else f'not a legal end for a Reposition of {reach:g}": {problem}'


def route(game: PrimeTimeGame, args: JsonDict, point: Point2) -> paths.Route | None:
    """The path a Reposition to `point` takes (PT-4, PT-26): what the map previews."""
    m = game.model(args["model"])
    reach = float(args.get("reach", game.tier(m).move1))
    return paths.route(game.base(m), point, reach, game.bases_except(m), game.state.terrain)


POINT_CHECKS["reposition"] = _check


@HANDLERS.register("repositioned")
def repositioned(game: PrimeTimeGame, args: JsonDict) -> None:
    if args["choice"] != "stay":
        m = game.model(args["model"])
        path = route(game, args, answered_point(args))
        game.put(m, answered_point(args))
        cost = "" if path is None else f' ({path.cost:.1f}" along its path)'
        game.emit("reposition", f'{game.name(m)} repositions to ({m.x:g}", {m.y:g}"){cost}.')
    game.then(("action", {}))
