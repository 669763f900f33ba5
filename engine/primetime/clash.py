"""The Clash ("Z-REACTIONS", "Clash Resolution & Ties"): the target answers an attack with
an attack of its own; both roll D20 + attack skill, the higher total's attack resolves and
the loser's fails; a tie fails both. Winning by 10 or more gains 1 SK and 1 BK ("Clash
Dominance", "Clash Momentum", PT-20); a Human who wins draws a card ("Mastery Draw")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import Option
from engine.primetime import altitude, attacks, keywords
from engine.primetime.cards import draw
from engine.primetime.damage import last_standing
from engine.primetime.data import Technique
from engine.primetime.stats import stat

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState

DOMINANCE = 10  # "Winning any Clash by 10 or more"


def clash_options(game: PrimeTimeGame, attacker: ModelState,
                  target: ModelState) -> list[Option]:  # fmt: skip
    """ "Clash | Per technique BK cost": a technique the target can pay for and that
    reaches the attacker (range, and sight for a ranged one)."""
    options = []
    for index, technique in enumerate(attacks.techniques(game, target)):
        if attacks.affordable(game, target, technique) and attacks.can_target(
                game, target, technique, attacker):  # fmt: skip
            cost = f", {technique.bk} BK" if technique.bk else ""
            options.append(Option(f"clash:{index}", f"Clash with {technique.name} "
                                  f"(d20 {_skill(game, target, technique):+d}{cost})"))
    return options


def _skill(game: PrimeTimeGame, m: ModelState, technique: Technique) -> int:
    return stat(game, m, "foc" if technique.ranged else "imp")


def clash(game: PrimeTimeGame, attacker: ModelState, technique: Technique,
          target: ModelState, answer: Technique) -> None:  # fmt: skip
    """Roll both (PT-20: D20 + IMP or FOC + the Dive Bonus; cover is no part of a
    contest); the winner's technique deals its damage less RES to the loser."""
    game.state.players[target.owner].bk -= answer.bk
    sides = ((attacker, technique, target), (target, answer, attacker))
    totals = []
    for m, used, other in sides:
        die = game.d20()
        total = die + _skill(game, m, used) + altitude.dive_bonus(m, other) \
            + last_standing(game, m)
        totals.append(total)
        game.emit("clash_roll", f"{game.name(m)} ({used.name}): d20 {die} = {total}.")
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
    attacks.hit(game, winner, used, loser)
