"""Z-Evasion and Brace ("Z-REACTIONS"): the defender's D20 + FOC against the attack
total; success negates the damage, gains 1 BK and offers a move of up to 2"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.decisions import JsonDict, Option
from engine.primetime.dice import roll
from engine.primetime.geometry import Point2, grid, moves
from engine.primetime.handlers import HANDLERS, POINT_CHECKS
from engine.primetime.options import parse_point, point_options

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState

EVASION_MOVE = 2.0  # "Move 2""
EVASION_BK = 1  # "Gain +1 BK"


@dataclass(frozen=True)
class Reaction:
    label: str
    penalty: int  # to the defender's D20 + FOC
    res_if_failed: int  # RES added to this attack when the roll fails


# the Z-Reaction table: Z-Evasion, and Brace ("Attempt Z-Evasion at -6 ... If Z-Evasion
# fails: RES +1 for this attack")
REACTIONS = {
    "evade": Reaction("Z-Evasion", 0, 0),
    "brace": Reaction("Brace", -6, 1),
}


def evade(game: PrimeTimeGame, target: ModelState, reaction: Reaction,
          total: int) -> int | None:  # fmt: skip
    """The defender's D20 + FOC (+ the reaction's penalty) against the attack total; PT-14:
    meeting it is enough. Success gains 1 BK and gives by how much it beat the total."""
    rolled = roll(game, target, "foc", (reaction.label, reaction.penalty))
    mine = rolled.total
    if mine < total:
        game.emit("evasion", f"{reaction.label}: {rolled.text} against {total}: failed.")
        return None
    player = game.state.players[target.owner]
    player.bk = min(game.rules.bk_cap, player.bk + EVASION_BK)
    game.emit("evasion", f"{reaction.label}: {rolled.text} against {total}: "
              f"{game.name(target)} evades (+{EVASION_BK} BK).")  # fmt: skip
    return mine - total


def ask_evasion_move(game: PrimeTimeGame, target: ModelState) -> None:
    here = game.base(target)
    steps = moves(here, grid(here.centre, EVASION_MOVE), EVASION_MOVE,
                  game.bases_except(target), game.state.terrain)  # fmt: skip
    points = [s.to for s in steps if s.to != here.centre]
    if points and not game.state.held(target.uid):  # "Grabbed: Cannot move"
        game.ask(target.owner, "evade_to", f"{game.name(target)} may move up to 2\".",
                 [Option("stay", "stay"), *point_options(points)], "evaded",
                 model=target.uid)  # fmt: skip


def _check_evasion(game: PrimeTimeGame, args: JsonDict, point: Point2) -> str | None:
    m = game.model(args["model"])
    if not moves(game.base(m), [point], EVASION_MOVE, game.bases_except(m), game.state.terrain):
        return "not a legal end for a 2\" move"
    return None


POINT_CHECKS["evade_to"] = _check_evasion


@HANDLERS.register("evaded")
def evaded(game: PrimeTimeGame, args: JsonDict) -> None:
    point = parse_point(args["choice"])
    if point is None:
        return
    m = game.model(args["model"])
    m.x, m.y = point
    game.emit("move", f'{game.name(m)} moves to ({m.x:g}", {m.y:g}").')
