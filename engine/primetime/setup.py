"""The pre-game ("PRE-GAME SETUP SEQUENCE"): the first-player roll and its choice, the
table cards, deployment in alternation, starting hands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import JsonDict, Option
from engine.primetime.cards import draw, shuffle_deck
from engine.primetime.geometry import (
    BOARD,
    Base,
    Point2,
    free,
    grid_array,
    in_deployment,
    overlaps,
    rect_distance,
)
from engine.primetime.handlers import HANDLERS, POINT_CHECKS
from engine.primetime.options import answered_point, point_options

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState

SIDES = {0: 'the y = 0" edge', 1: 'the y = 30" edge'}


@HANDLERS.register("setup")
def roll_first_player(game: PrimeTimeGame, args: JsonDict) -> None:
    """ "Determine First Player": both roll D20, re-roll ties; the higher chooses."""
    while True:
        rolls = (game.d20(), game.d20())
        game.emit("roll", f"First player roll: {rolls[0]} against {rolls[1]}.")
        if rolls[0] != rolls[1]:
            break
    winner = 0 if rolls[0] > rolls[1] else 1
    game.ask(winner, "first_player", "You won the roll: take the initiative (activate "
             "first in round 1) or choose your deployment side?",
             [Option("initiative", "take the initiative"), Option("side", "choose the side")],
             "first_chosen", player=winner)  # fmt: skip


@HANDLERS.register("first_chosen")
def first_chosen(game: PrimeTimeGame, args: JsonDict) -> None:
    winner: int = args["player"]
    # "The other player receives the unchosen option."
    chooser = 1 - winner if args["choice"] == "initiative" else winner
    game.state.first = winner if args["choice"] == "initiative" else 1 - winner
    game.emit("initiative", f"{game.who(game.state.first)} has the initiative in round 1.")
    game.ask(chooser, "side", "Choose your deployment side.",
             [Option(f"side:{s}", label) for s, label in SIDES.items()],
             "side_chosen", player=chooser)  # fmt: skip


@HANDLERS.register("side_chosen")
def side_chosen(game: PrimeTimeGame, args: JsonDict) -> None:
    side = int(args["choice"].split(":")[1])
    game.state.players[args["player"]].side = side
    game.state.players[1 - args["player"]].side = 1 - side
    game.emit("side", f"{game.who(args['player'])} deploys along {SIDES[side]}.")
    draw_table_cards(game)
    assert game.state.first is not None
    # "Declare partner before the game begins" (PT-71), then deployment
    game.then(("declare_partners", {}), ("deploy", {"player": game.state.first}))


def draw_table_cards(game: PrimeTimeGame) -> None:
    """ "Draw Location Card", "Draw Mission Cards" (one per stage), "Draw Condition Card".
    The Location's terrain is the table's (PT-12); objectives come from each mission."""
    pool, state = game.pool, game.state

    def pick(ids: list[str]) -> str:
        return sorted(ids)[game.pick(len(ids))]

    state.location = pick(list(pool.locations))
    state.terrain = list(pool.locations[state.location].terrain)
    state.missions = [pick([m.id for m in pool.missions_of(stage)])
                      for stage in ("opening", "escalation", "finale")]  # fmt: skip
    state.condition = pick(list(pool.conditions))
    names = ", ".join(pool.missions[m].name for m in state.missions)
    game.emit("table", f"Location: {pool.locations[state.location].name}. Missions: {names}. "
              f"Condition: {pool.conditions[state.condition].name}.")  # fmt: skip


def _reserve(game: PrimeTimeGame, player: int) -> list[ModelState]:
    return [m for m in game.state.models if m.owner == player and m.status == "reserve"]


@HANDLERS.register("deploy")
def deploy(game: PrimeTimeGame, args: JsonDict) -> None:
    """ "Deploy Models": alternate one model at a time, the initiative's player first."""
    player: int = args["player"]
    if not _reserve(game, player):
        player = 1 - player
    reserve = _reserve(game, player)
    if not reserve:
        game.then(("starting_hands", {}))
        return
    if len(reserve) == 1:
        _ask_where(game, reserve[0])
        return
    game.ask(player, "deploy_model", "Which model do you deploy next?",
             [Option(f"model:{m.uid}", game.name(m)) for m in reserve],
             "deploy_model_chosen", player=player)  # fmt: skip


@HANDLERS.register("deploy_model_chosen")
def deploy_model_chosen(game: PrimeTimeGame, args: JsonDict) -> None:
    _ask_where(game, game.model(int(args["choice"].split(":")[1])))


def deployment_problem(game: PrimeTimeGame, m: ModelState, point: Point2) -> str | None:
    """Why a model may not be placed at a point: outside its zone, on another base, on
    intact or damaged terrain (PT-4)."""
    side = game.state.players[m.owner].side
    assert side is not None and game.state.location is not None
    depth = game.pool.locations[game.state.location].deployment
    here = Base(point[0], point[1], game.base_radius(m))
    if not in_deployment(here, side, depth):
        return f'outside your deployment zone ({depth:g}" from {SIDES[side]})'
    if any(overlaps(here, b) for b in game.bases_except(m)):
        return "on another model's base"
    if any(p.state != "rubble" and rect_distance(p, point) < here.radius
           for p in game.state.terrain):
        return "on standing terrain"
    return None


def _ask_where(game: PrimeTimeGame, m: ModelState) -> None:
    """The 1" grid points of the zone where the base fits."""
    side = game.state.players[m.owner].side
    assert side is not None and game.state.location is not None
    depth = game.pool.locations[game.state.location].deployment
    radius = game.base_radius(m)
    points = grid_array((15.0, 15.0), 22)
    y = points[:, 1]
    points = points[(y + radius <= depth) if side == 0 else (y - radius >= BOARD - depth)]
    fits = free(points, radius, game.bases_except(m), game.state.terrain)
    game.ask(m.owner, "deploy_at", f"Where do you deploy {game.name(m)}?",
             point_options((float(x), float(y)) for x, y in fits), "deployed",
             model=m.uid)  # fmt: skip


def _check_deploy(game: PrimeTimeGame, args: JsonDict, point: Point2) -> str | None:
    return deployment_problem(game, game.model(args["model"]), point)


POINT_CHECKS["deploy_at"] = _check_deploy


@HANDLERS.register("deployed")
def deployed(game: PrimeTimeGame, args: JsonDict) -> None:
    m = game.model(args["model"])
    game.put(m, answered_point(args))
    game.emit("deploy", f"{game.who(m.owner)} deploys {game.name(m)} at "
              f'({m.x:g}", {m.y:g}").')  # fmt: skip
    game.then(("deploy", {"player": 1 - m.owner}))


@HANDLERS.register("starting_hands")
def starting_hands(game: PrimeTimeGame, args: JsonDict) -> None:
    """ "Draw Starting Hands": up to the Round 1 hand limit (3 cards)."""
    for player in (0, 1):
        shuffle_deck(game, player)
        draw(game, player, game.rules.hand_limits[0])
    game.then(("round_start", {}))
