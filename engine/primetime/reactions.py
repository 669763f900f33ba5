"""Z-Reactions ("Z-REACTIONS"): declared by the target's player after the attack is
announced and before any dice; one per attack: Z-Evasion or Brace (evasion.py), a Clash
(clash.py) or a Card Response (play.py)."""

from __future__ import annotations

from dataclasses import astuple
from typing import TYPE_CHECKING

from engine.core.decisions import JsonDict, Option
from engine.primetime import (
    attacks,
    clash,
    evasion,
    held,
    keywords,
    play,
    redirect,
    reroll,
    states,
)
from engine.primetime.data import Technique
from engine.primetime.handlers import HANDLERS
from engine.primetime.stats import modify, stat

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState

NO_REACTION = frozenset({"Unopposed", "Undeniable"})  # "Target cannot declare Z-Reactions"
CRITICAL_EVASION = 10  # "exceeds the attack total by 10 or more"
MELEE_DEFLECT = -2


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
    if not held.may_react(target):  # Bound, Petrified ...: "cannot declare Z-Reactions"
        reacted(game, {**args, "choice": "none"})
        return
    foc = stat(game, target, "foc")
    # "Staggered | Can only use Brace Z-Reaction (cannot use Clash or Z-Evasion)"
    staggered = states.STAGGERED in target.states
    options = [Option("none", "no Z-Reaction")]
    options += [Option(kind, f"{r.label}: d20 {foc + r.penalty:+d} against the attack total")
                for kind, r in evasion.REACTIONS.items()
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
    reaction = evasion.REACTIONS.get(args["choice"])
    card_res = 0  # a Card Response's RES against this attack
    if args["choice"].startswith("card:"):
        card = play.pay(game, target, int(args["choice"].split(":")[1]))
        assert card.effect is not None
        if card.effect.evade is not None:  # PT-31: the card is a Z-Evasion with its bonus
            reaction = evasion.Reaction(f"Z-Evasion ({card.name})", card.effect.evade, 0)
        card_res = card.effect.res
    elif reaction is not None:
        game.emit("z_reaction", f"{game.name(target)} answers with {reaction.label}.")
    answered = {**_attack_args(args), "target": target.uid, "card_res": card_res,
                "cascade": bool(args.get("cascade")),
                "reaction": None if reaction is None else list(astuple(reaction))}
    roll = attacks.roll_attack(game, attacker, technique, target)
    if not roll.hit and reroll.can_reroll(game, attacker):
        reroll.ask(game, attacker, "The attack", "attack_rerolled", die=roll.die, **answered)
        return
    _resolve(game, answered, roll)


@HANDLERS.register("attack_rerolled")
def attack_rerolled(game: PrimeTimeGame, args: JsonDict) -> None:
    attacker, technique, target = _unpack(game, args)
    if args["choice"] == "reroll":
        reroll.spend(game, attacker)
        roll = attacks.roll_attack(game, attacker, technique, target)
    else:
        roll = attacks.roll_attack(game, attacker, technique, target, die=args["die"])
    _resolve(game, args, roll)


def _resolve(game: PrimeTimeGame, args: JsonDict, roll: attacks.Roll) -> None:
    """The attack's roll made: the hit, the evasion, the keywords, what goes on."""
    attacker, technique, target = _unpack(game, args)
    reaction = None if args["reaction"] is None else evasion.Reaction(*args["reaction"])
    card_res = args["card_res"]
    where = game.base(target)
    margin = None
    if roll.hit and reaction is None:
        attacks.hit(game, attacker, technique, target, card_res)
    elif roll.hit and reaction is not None:
        margin = evasion.evade(game, target, reaction, roll.total)
        if margin is None:
            attacks.hit(game, attacker, technique, target, reaction.res_if_failed)
        else:
            _deflect(game, attacker, technique, margin)
    evaded = margin is not None
    # "Beam Cascade (Dodge Continuation)": once, on to the nearest model behind
    beamed = keywords.value(technique, "Beam") is not None and not args["cascade"]
    then = redirect.cascade_target(game, attacker, target, where) if evaded and beamed \
        else None  # fmt: skip
    keywords.aftermath(game, attacker, technique, target, where, roll, roll.hit and not evaded,
                       spared=None if then is None else then.uid)  # fmt: skip
    if game.state.winner is not None:
        return
    if then is not None:
        redirect.cascade(game, _attack_args(args), roll.total, then)
    elif margin is not None and margin >= CRITICAL_EVASION and technique.ranged:
        redirect.offer_deflect(game, _attack_args(args), roll.total, target)
    if evaded and target.status == "active":
        evasion.ask_evasion_move(game, target)


def _attack_args(args: JsonDict) -> JsonDict:
    """The attack's own arguments (not the answer to the Z-Reaction)."""
    return {key: args[key] for key in ("attacker", "technique", "card") if key in args}


def _deflect(game: PrimeTimeGame, attacker: ModelState, technique: Technique,
             margin: int) -> None:  # fmt: skip
    """ "Critical Evasion": beating the attack total by 10 or more. "Melee Deflect: The
    attacker suffers RFX -2 until the end of the round" (Ranged Deflect: redirect.py)."""
    if margin < CRITICAL_EVASION or technique.ranged:
        return
    if modify(attacker, "Melee Deflect", "rfx", MELEE_DEFLECT):
        game.emit("deflect", f"Critical Evasion: {game.name(attacker)} is thrown off balance "
                  f"(RFX {MELEE_DEFLECT} until the end of the round).")  # fmt: skip


