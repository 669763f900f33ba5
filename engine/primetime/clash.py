"""The Clash ("Z-REACTIONS", "Clash Resolution & Ties"): the target answers an attack with
an attack of its own; both roll D20 + attack skill, the higher total's attack resolves and
the loser's fails; a tie fails both. Winning by 10 or more gains 1 SK and 1 BK ("Clash
Dominance", "Clash Momentum", PT-20); a Human who wins draws a card ("Mastery Draw"). The
winner's attack resolves with its keywords, a 10-point win as its Critical Success
(PT-68)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import JsonDict, Option
from engine.primetime import altitude, attacks, fusion, keywords, reroll
from engine.primetime.cards import draw
from engine.primetime.data import Technique
from engine.primetime.dice import roll
from engine.primetime.handlers import HANDLERS
from engine.primetime.stats import stat

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState

DOMINANCE = 10  # "Winning any Clash by 10 or more"
HP_BURN = 2  # "pay 1 HP per missing BK (maximum 2 HP)"


def clash_options(game: PrimeTimeGame, attacker: ModelState,
                  target: ModelState) -> list[Option]:  # fmt: skip
    """ "Clash | Per technique BK cost": a technique the target can pay for and that
    reaches the attacker (range, and sight for a ranged one); one it lacks 1 or 2 BK for
    may be paid with as much HP ("HP Burn for Clash": "burn:<index>", PT-34)."""
    options = []
    bk = game.state.players[target.owner].bk
    for index, technique in enumerate(attacks.techniques(game, target)):
        if not attacks.can_target(game, target, technique, attacker):
            continue
        skill = f"d20 {_skill(game, target, technique):+d}"
        if attacks.affordable(game, target, technique):
            price = attacks.cost(game, target, technique)
            cost = f", {price}" if price else ""
            options.append(Option(f"clash:{index}", f"Clash with {technique.name} "
                                  f"({skill}{cost})"))
        elif burnable(game, target, technique):
            missing = technique.bk - bk
            options.append(Option(f"burn:{index}", f"Clash with {technique.name} ({skill}, "
                                  f"{bk} BK and HP Burn {missing})"))
    return options


def burnable(game: PrimeTimeGame, m: ModelState, technique: Technique) -> bool:
    """HP Burn pays 1 HP per missing BK, at most 2, and (PT-34) never the model's last
    HP; an Exhausted model, which "cannot spend BK", may not Clash with a BK technique."""
    missing = technique.bk - game.state.players[m.owner].bk
    return 0 < missing <= HP_BURN and m.hp > missing and fusion.EXHAUSTED not in m.states


def _skill(game: PrimeTimeGame, m: ModelState, technique: Technique) -> int:
    return stat(game, m, "foc" if technique.ranged else "imp")


def clash(game: PrimeTimeGame, attacker: ModelState, technique: Technique,
          target: ModelState, answer: Technique, burn: int = 0,
          momentum: bool = True) -> None:  # fmt: skip
    """Roll both (PT-20: D20 + IMP or FOC + the Dive Bonus; cover is no part of a
    contest); the winner's technique deals its damage less RES to the loser. `burn`: the
    HP paid for missing BK; `momentum`: whether a 10-point win gives the free attack
    (not for a Clash paid with HP, nor for one against a Momentum attack)."""
    if not burn:
        attacks.pay(game, target, answer)  # its BK, or 2 SK by Breakthrough (PT-73)
    else:  # "Is paid before the Clash rolls resolve"; no "on damage" effect: no harm()
        game.state.players[target.owner].bk -= answer.bk - burn
        target.hp -= burn
        game.emit("hp_burn", f"{game.name(target)} burns {burn} HP for the Clash "
                  f"({target.hp} HP).")  # fmt: skip
    sides = ((attacker, technique, target), (target, answer, attacker))
    totals = []
    for m, used, other in sides:
        rolled = roll(game, m, "foc" if used.ranged else "imp",
                      ("Dive Bonus", altitude.dive_bonus(m, other)))
        totals.append(rolled.total)
        game.emit("clash_roll", f"{game.name(m)} ({used.name}): {rolled.text}.")
    if totals[0] == totals[1]:
        game.emit("clash", "The Clash is a tie: both attacks fail.")
        if all(keywords.value(t, "Beam") is not None for t in (technique, answer)):
            keywords.detonation(game, attacker, target)
        return
    won = 0 if totals[0] > totals[1] else 1
    winner, used, loser = sides[won]
    margin = abs(totals[0] - totals[1])
    game.emit("clash", f"{game.name(winner)} wins the Clash by {margin}.")
    if margin >= DOMINANCE:
        winner.sk = min(game.character(winner).sk_cap, winner.sk + 1)
        player = game.state.players[winner.owner]
        player.bk = min(game.rules.bk_cap, player.bk + 1)
        game.emit("dominance", f"{game.name(winner)} dominates: +1 SK, +1 BK.")
    if game.character(winner).race == "Human":
        draw(game, winner.owner, 1)
    where = game.base(loser)
    attacks.hit(game, winner, used, loser)
    keywords.aftermath(game, winner, used, loser, where, _as_roll(totals, won), True)
    if margin >= DOMINANCE and momentum and not burn:
        if game.state.pending is not None and not reroll.waiting(game):
            # a knock-back question (PT-41) comes first; Momentum is offered after it
            game.then((MOMENTUM, {"winner": winner.uid, "loser": loser.uid}))
            return
        _offer_momentum(game, winner, loser)


def _as_roll(totals: list[int], won: int) -> attacks.Roll:
    """The winner's total as an attack roll against the loser's (PT-68): it "resolves",
    as a hit, and a win by 10 or more is its Critical Success ("Clash Momentum (Crit)")."""
    return attacks.Roll(totals[won], "clash", 0, totals[1 - won], DOMINANCE)


MOMENTUM = "clash_momentum"


@HANDLERS.register(MOMENTUM)
def momentum_offered(game: PrimeTimeGame, args: JsonDict) -> None:
    _offer_momentum(game, game.model(args["winner"]), game.model(args["loser"]))


def _offer_momentum(game: PrimeTimeGame, winner: ModelState, loser: ModelState) -> None:
    """ "Clash Momentum (Crit)": "Gain a free Basic Strike or Energy Blast against the
    same target" (its BK still paid: "[Free]" is no cost reduction); a free action, lost
    past the active model's cap of 2 ("Free Action Cap", PT-34)."""
    active = game.state.active
    if winner.status != "active" or loser.status != "active" or game.state.winner is not None:
        return
    if active is not None and active.model == winner.uid and active.free >= game.rules.free_cap:
        game.emit("momentum", f"{game.name(winner)} has no free action left for Momentum.")
        return
    options = [Option(f"momentum:{index}", f"{technique.name} at {game.name(loser)} (free)")
               for index, technique in enumerate(attacks.techniques(game, winner))
               if technique in game.pool.universal and attacks.affordable(game, winner, technique)
               and attacks.can_target(game, winner, technique, loser)]  # fmt: skip
    if options:
        game.ask(winner.owner, "momentum", f"{game.name(winner)}'s Clash Momentum: a free "
                 "attack?", [Option("none", "no"), *options], "momentum_chosen",
                 attacker=winner.uid, target=loser.uid)  # fmt: skip


@HANDLERS.register("momentum_chosen")
def momentum_chosen(game: PrimeTimeGame, args: JsonDict) -> None:
    if args["choice"] == "none":
        return
    active = game.state.active
    if active is not None and active.model == args["attacker"]:
        active.free += 1
    game.then(("attack", {"attacker": args["attacker"], "target": args["target"],
                          "technique": int(args["choice"].split(":")[1]), "momentum": True}))
