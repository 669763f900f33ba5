"""Attacks that go on to a new target with their roll already made ("BEAM ATTACKS — FULL
RULES", "Critical Evasion — Deflect"): Beam Cascade (a Z-Evaded Beam goes on to the
nearest model behind its target, which reacts at -6) and Ranged Deflect (a Critical
Evasion of a ranged attack redirects it to a target within 6" of the evader). The new
target reacts with a Z-Evasion or Brace against the locked total (PT-36)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from engine.core.decisions import JsonDict, Option
from engine.primetime import attacks, evasion, held, states
from engine.primetime.geometry import Base, beam, cover, edge_distance, line_of_sight, touches
from engine.primetime.handlers import HANDLERS
from engine.primetime.stats import stat

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState

CASCADE_PENALTY = -6  # "The new target may declare a Z-Reaction, but rolls at -6"
DEFLECT_RANGE = 6.0  # "redirect the attack to any valid target within 6""


def cascade_target(game: PrimeTimeGame, attacker: ModelState, target: ModelState,
                   where: Base) -> ModelState | None:  # fmt: skip
    """ "The nearest model behind the original target in the beam's line": a fighting
    model whose base touches the Beam's template farther along it than the target."""
    area, _ = beam(game.base(attacker), where, game.state.terrain)
    start = game.base(attacker)
    length = math.hypot(where.x - start.x, where.y - start.y) or 1.0
    ux, uy = (where.x - start.x) / length, (where.y - start.y) / length
    behind = []
    for m in game.state.models:
        if m.status != "active" or m.uid in (attacker.uid, target.uid):
            continue
        b = game.base(m)
        along = (b.x - start.x) * ux + (b.y - start.y) * uy
        if along > length and touches(area, b):
            behind.append((along, m.uid, m))
    return min(behind)[2] if behind else None


def cascade(game: PrimeTimeGame, args: JsonDict, total: int, new: ModelState) -> None:
    """Queue the cascade (after the evader's 2" move): the same attack, the same total."""
    game.emit("cascade", f"The Beam cascades on to {game.name(new)}.")
    game.then(("locked_attack", {**args, "target": new.uid, "total": total,
                                 "penalty": CASCADE_PENALTY, "cascade": True}))  # fmt: skip


def offer_deflect(game: PrimeTimeGame, args: JsonDict, total: int, evader: ModelState) -> None:
    """Queue the Ranged Deflect choice (after the evader's 2" move)."""
    game.then(("deflect", {**args, "total": total, "evader": evader.uid}))


@HANDLERS.register("deflect")
def deflect(game: PrimeTimeGame, args: JsonDict) -> None:
    """ "Ranged Deflect: ... may redirect the attack to any valid target within 6" using
    the original attack total": an enemy of the evader, fighting, in its range and sight."""
    evader = game.model(args["evader"])
    if evader.status != "active" or game.state.winner is not None:
        return
    here = game.base(evader)
    aims = [e for e in game.enemies(evader)
            if edge_distance(here, game.base(e)) <= DEFLECT_RANGE + 1e-9
            and line_of_sight(here, game.base(e), game.state.terrain)]  # fmt: skip
    if aims:
        game.ask(evader.owner, "deflect", f"Critical Evasion: {game.name(evader)} may "
                 f"redirect the attack (total {args['total']}).",
                 [Option("none", "no"), *[Option(f"model:{e.uid}", game.name(e))
                                          for e in aims]], "deflected", **args)  # fmt: skip


@HANDLERS.register("deflected")
def deflected(game: PrimeTimeGame, args: JsonDict) -> None:
    if args["choice"] == "none":
        return
    target = int(args["choice"].split(":")[1])
    game.emit("deflect", f"{game.name(game.model(args['evader']))} deflects the attack on to "
              f"{game.name(game.model(target))}.")  # fmt: skip
    game.then(("locked_attack", {key: value for key, value in args.items()
                                 if key not in ("choice", "evader")}
               | {"target": target, "penalty": 0, "cascade": False}))  # fmt: skip


@HANDLERS.register("locked_attack")
def locked_attack(game: PrimeTimeGame, args: JsonDict) -> None:
    """The new target's Z-Reaction: Z-Evasion or Brace (only Brace when Staggered)."""
    target = game.model(args["target"])
    if target.status != "active" or game.state.winner is not None:
        return
    if not held.may_react(target):  # "cannot declare Z-Reactions" (Bound, Petrified ...)
        locked_reacted(game, {**args, "choice": "none"})
        return
    bonus = _bonus(game, args, target)
    foc = stat(game, target, "foc") + bonus
    options = [Option("none", "no Z-Reaction")]
    options += [Option(kind, f"{r.label}: d20 {foc + r.penalty:+d} against {args['total']}")
                for kind, r in evasion.REACTIONS.items()
                if states.STAGGERED not in target.states or kind == "brace"]  # fmt: skip
    game.ask(target.owner, "z_reaction", f"The attack goes on to {game.name(target)} (total "
             f"{args['total']}): a Z-Reaction?", options, "locked_reacted", **args)  # fmt: skip


def _bonus(game: PrimeTimeGame, args: JsonDict, target: ModelState) -> int:
    """What the new target's roll gets: -6 for a cascade, plus its cover from the
    attacker ("Cover modifiers apply to the secondary target's Z-Evasion or Brace")."""
    if not args["cascade"]:
        return int(args["penalty"])
    attacker = game.model(args["attacker"])
    shelter = cover(game.base(attacker), game.base(target), game.state.terrain) \
        if attacker.on_table else 0  # fmt: skip
    return int(args["penalty"]) - shelter


@HANDLERS.register("locked_reacted")
def locked_reacted(game: PrimeTimeGame, args: JsonDict) -> None:
    """The locked total against the new target's RFX; a hit may be evaded (a cascade
    goes no further: "A beam can cascade at most once")."""
    attacker, target = game.model(args["attacker"]), game.model(args["target"])
    technique = attacks.technique_of(game, attacker, args)
    total, rfx = int(args["total"]), stat(game, target, "rfx")
    hit = total >= rfx
    game.emit("attack", f"{technique.name} at {game.name(target)}: total {total} against RFX "
              f"{rfx}: {'hit' if hit else 'miss'}.")  # fmt: skip
    if not hit:
        return
    reaction = evasion.REACTIONS.get(args["choice"])
    if reaction is None:
        attacks.hit(game, attacker, technique, target)
        return
    locked = evasion.Reaction(reaction.label, reaction.penalty + _bonus(game, args, target),
                              reaction.res_if_failed)  # fmt: skip
    if evasion.evade(game, target, locked, total) is None:
        attacks.hit(game, attacker, technique, target, reaction.res_if_failed)
    elif target.status == "active":
        evasion.ask_evasion_move(game, target)
