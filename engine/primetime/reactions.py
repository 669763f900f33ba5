"""Z-Reactions ("Z-REACTIONS"): declared by the target's player after the attack is
announced and before any dice; one per attack: Z-Evasion, Brace or a Clash (clash.py).
Card Responses are not refereed yet."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.decisions import JsonDict, Option
from engine.primetime import attacks, clash, keywords, play, states
from engine.primetime.damage import last_standing
from engine.primetime.data import Technique
from engine.primetime.geometry import Point2, grid, moves
from engine.primetime.handlers import HANDLERS, POINT_CHECKS
from engine.primetime.options import parse_point, point_options
from engine.primetime.stats import modify, stat

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState

NO_REACTION = frozenset({"Unopposed", "Undeniable"})  # "Target cannot declare Z-Reactions"
EVASION_MOVE = 2.0  # "Move 2""
EVASION_BK = 1  # "Gain +1 BK"
CRITICAL_EVASION = 10  # "exceeds the attack total by 10 or more"
MELEE_DEFLECT = -2


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


def _unpack(game: PrimeTimeGame, args: JsonDict) -> tuple[ModelState, Technique,
                                                          ModelState]:  # fmt: skip
    attacker = game.model(args["attacker"])
    return attacker, attacks.technique_of(game, attacker, args), game.model(args["target"])


@HANDLERS.register("attack")
def declared(game: PrimeTimeGame, args: JsonDict) -> None:
    """Pay, then let the target's player react (unless the attack forbids it)."""
    attacker, technique, target = _unpack(game, args)
    attacks.declare(game, attacker, technique, target)
    if NO_REACTION & {k.split(" ")[0] for k in technique.keywords}:
        attacks.resolve(game, attacker, technique, target)
        return
    foc = stat(game, target, "foc")
    # "Staggered | Can only use Brace Z-Reaction (cannot use Clash or Z-Evasion)"
    staggered = states.STAGGERED in target.states
    options = [Option("none", "no Z-Reaction")]
    options += [Option(kind, f"{r.label}: d20 {foc + r.penalty:+d} against the attack total")
                for kind, r in REACTIONS.items()
                if not staggered or kind == "brace"]  # fmt: skip
    if not staggered:
        options += clash.clash_options(game, attacker, target)
    options += play.responses(game, target, technique)
    game.ask(target.owner, "z_reaction", f"{game.name(attacker)} attacks {game.name(target)} "
             f"with {technique.name}: a Z-Reaction?", options, "reacted", **args)  # fmt: skip


@HANDLERS.register("reacted")
def reacted(game: PrimeTimeGame, args: JsonDict) -> None:
    attacker, technique, target = _unpack(game, args)
    kind, _, index = args["choice"].partition(":")
    if kind in ("clash", "burn"):
        answer = attacks.techniques(game, target)[int(index)]
        burn = answer.bk - game.state.players[target.owner].bk if kind == "burn" else 0
        game.emit("z_reaction", f"{game.name(target)} answers with a Clash ({answer.name}).")
        clash.clash(game, attacker, technique, target, answer, burn,
                    momentum=not args.get("momentum"))  # fmt: skip
        return
    reaction = REACTIONS.get(args["choice"])
    card_res = 0  # a Card Response's RES against this attack
    if args["choice"].startswith("card:"):
        card = play.pay(game, target, int(args["choice"].split(":")[1]))
        assert card.effect is not None
        if card.effect.evade is not None:  # PT-31: the card is a Z-Evasion with its bonus
            reaction = Reaction(f"Z-Evasion ({card.name})", card.effect.evade, 0)
        card_res = card.effect.res
    elif reaction is not None:
        game.emit("z_reaction", f"{game.name(target)} answers with {reaction.label}.")
    where = game.base(target)
    roll = attacks.roll_attack(game, attacker, technique, target)
    evaded = False
    if roll.hit and reaction is None:
        attacks.hit(game, attacker, technique, target, card_res)
    elif roll.hit and reaction is not None:
        margin = _evade(game, target, reaction, roll.total)
        evaded = margin is not None
        if margin is None:
            attacks.hit(game, attacker, technique, target, reaction.res_if_failed)
        else:
            _deflect(game, attacker, technique, margin)
    keywords.aftermath(game, attacker, technique, target, where, roll, roll.hit and not evaded)
    if evaded and game.state.winner is None and target.status == "active":
        _ask_evasion_move(game, target)


def _deflect(game: PrimeTimeGame, attacker: ModelState, technique: Technique,
             margin: int) -> None:  # fmt: skip
    """ "Critical Evasion": beating the attack total by 10 or more. "Melee Deflect: The
    attacker suffers RFX -2 until the end of the round" (Ranged Deflect's redirection is
    not refereed yet)."""
    if margin < CRITICAL_EVASION or technique.ranged:
        return
    if modify(attacker, "Melee Deflect", "rfx", MELEE_DEFLECT):
        game.emit("deflect", f"Critical Evasion: {game.name(attacker)} is thrown off balance "
                  f"(RFX {MELEE_DEFLECT} until the end of the round).")  # fmt: skip


def _evade(game: PrimeTimeGame, target: ModelState, reaction: Reaction,
           total: int) -> int | None:  # fmt: skip
    """The defender's D20 + FOC (+ the reaction's penalty) against the attack total; PT-14:
    meeting it is enough. Success gains 1 BK and gives by how much it beat the total."""
    die = game.d20()
    mine = die + stat(game, target, "foc") + reaction.penalty + last_standing(game, target)
    if mine < total:
        game.emit("evasion", f"{reaction.label}: d20 {die} = {mine} against {total}: failed.")
        return None
    player = game.state.players[target.owner]
    player.bk = min(game.rules.bk_cap, player.bk + EVASION_BK)
    game.emit("evasion", f"{reaction.label}: d20 {die} = {mine} against {total}: "
              f"{game.name(target)} evades (+{EVASION_BK} BK).")  # fmt: skip
    return mine - total


def _ask_evasion_move(game: PrimeTimeGame, target: ModelState) -> None:
    here = game.base(target)
    steps = moves(here, grid(here.centre, EVASION_MOVE), EVASION_MOVE,
                  game.bases_except(target), game.state.terrain)  # fmt: skip
    points = [s.to for s in steps if s.to != here.centre]
    if points:
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
