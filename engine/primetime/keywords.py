"""Attack keywords after the roll ("KEYWORD GLOSSARY", "BEAM ATTACKS — FULL RULES"):
a Beam's Collateral along its template and the terrain it breaks on a Critical Success;
a Blast's splash and the terrain it breaks; Impactful's throw. Piercing is read by the
roll (attacks.py)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from engine.core.decisions import JsonDict, Option
from engine.primetime import states
from engine.primetime.damage import harm
from engine.primetime.data import Character, Technique
from engine.primetime.geometry import Base, beam, degrade, edge_distance, rect_distance, touches
from engine.primetime.handlers import HANDLERS
from engine.primetime.stats import stat

if TYPE_CHECKING:
    from engine.primetime.attacks import Roll
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState

BLAST_SPLASH = 1  # "Primary target hit + 1 Splash DMG to all within X""
PLANET_SHAKER = 3  # "triggers Blast [3"] at point of impact"
DETONATION = 3.0  # "All models within 3" of the midpoint take 2 DMG"
DETONATION_DAMAGE = 2


def value(technique: Technique, name: str) -> int | None:
    """A keyword's number ("Blast 2" -> 2), 0 for a bare keyword, None when absent."""
    for word in technique.keywords:
        head, _, number = word.partition(" ")
        if head == name:
            return int(number.rstrip('"')) if number else 0
    return None


def absorb(character: Character) -> int:
    """A model's "Absorb X" (0 without it)."""
    for word in character.keywords:
        head, _, number = word.partition(" ")
        if head == "Absorb":
            return int(number)
    return 0


def aftermath(game: PrimeTimeGame, attacker: ModelState, technique: Technique,
              target: ModelState, where: Base, roll: Roll, landed: bool,
              spared: int | None = None) -> None:  # fmt: skip
    """`where`: the target's base when the attack was rolled (a hit may have removed it);
    `spared`: a Beam Cascade's new target, struck by the cascade, not by Collateral."""
    if value(technique, "Beam") is not None:
        _beam(game, attacker, technique, target, where, roll, spared)
    blast = value(technique, "Blast")
    if blast is not None and landed:
        _blast(game, attacker, target, where, blast)
    if value(technique, "Planet-Shaker") is not None and landed and roll.critical \
            and attacker.level > where.level:  # fmt: skip
        # "Beam fired from higher to lower altitude. On Critical Success: triggers Blast
        # [3"] at point of impact." (the target's base when it was struck)
        game.emit("planet_shaker", f"{technique.name} shakes the ground: Blast 3\".")
        _blast(game, attacker, target, where, PLANET_SHAKER)
    if value(technique, "Impactful") is not None and landed and roll.critical \
            and target.status == "active":  # fmt: skip
        # "On Critical Success: target Thrown 4", takes collision DMG, gains Staggered."
        if target.level > 0:  # last: it may ask (PT-41)
            _ask_knockback(game, attacker, target)
            return
        _impact(game, attacker, target, fall=False)


def _impact(game: PrimeTimeGame, attacker: ModelState, target: ModelState, fall: bool) -> None:
    if fall:
        states.fall(game, target)
    else:
        states.thrown(game, target, game.base(attacker).centre, states.IMPACT_THROW)
    states.stagger(game, target)


def _ask_knockback(game: PrimeTimeGame, attacker: ModelState, target: ModelState) -> None:
    """ "Thrown/Impactful While Flying: Opposing player may declare the knock-back resolves
    as a fall (fall DMG + attack DMG both apply)." """
    game.ask(attacker.owner, "knockback", f"{game.name(target)} is knocked back in the air: "
             "thrown, or a fall?", [Option("throw", f'thrown {states.IMPACT_THROW:g}"'),
                                   Option("fall", f"a fall to the Ground ({target.level} "
                                          "damage)")], "knocked",
             attacker=attacker.uid, target=target.uid)  # fmt: skip


@HANDLERS.register("knocked")
def knocked(game: PrimeTimeGame, args: JsonDict) -> None:
    target = game.model(args["target"])
    if target.status == "active":
        _impact(game, game.model(args["attacker"]), target, fall=args["choice"] == "fall")


def _others(game: PrimeTimeGame, attacker: ModelState, target: ModelState) -> list[ModelState]:
    """The models an area effect may strike: not the two, on the table, not Dazed."""
    return [m for m in game.state.models
            if m.status == "active" and m.uid not in (attacker.uid, target.uid)]  # fmt: skip


def _beam(game: PrimeTimeGame, attacker: ModelState, technique: Technique,
          target: ModelState, where: Base, roll: Roll, spared: int | None) -> None:  # fmt: skip
    """ "Collateral applies on hit, miss, or dodge": half the base damage rounded up to
    every other model in the path (less RES, PT-19); "On Critical Success, that terrain
    degrades one step"."""
    area, stop = beam(game.base(attacker), where, game.state.terrain)
    collateral = math.ceil(technique.damage / 2)
    for m in _others(game, attacker, target):
        if m.uid == spared:
            continue
        if m.status == "active" and touches(area, game.base(m)):
            res = stat(game, m, "res")
            damage = max(0, collateral - res)
            game.emit("collateral", f"{game.name(m)} is in the Beam's path: {damage} damage "
                      f"({collateral} - RES {res}).")  # fmt: skip
            harm(game, m, damage)
    if stop is not None and roll.critical:
        piece = game.state.terrain[stop]
        game.state.terrain[stop] = degrade(piece)
        game.emit("degrade", f"The Beam breaks the {piece.name}: "
                  f"{game.state.terrain[stop].state}.")  # fmt: skip


def detonation(game: PrimeTimeGame, a: ModelState, b: ModelState) -> None:
    """ "Beam vs. Beam Tie — Detonation": every model within 3" of the midpoint between
    the two takes 2 DMG, Undeniable (no RES: it "cannot be ... reduced", PT-33); terrain
    within 3" degrades one step; both gain 1 SK; neither beam's damage is dealt."""
    first, second = game.base(a), game.base(b)
    mid = ((first.x + second.x) / 2, (first.y + second.y) / 2)
    centre = Base(*mid, 0.0)
    game.emit("detonation", f'The beams detonate at ({mid[0]:g}", {mid[1]:g}").')
    for m in a, b:
        m.sk = min(game.character(m).sk_cap, m.sk + 1)
    struck = [m for m in game.state.models if m.status == "active"
              and edge_distance(centre, game.base(m)) <= DETONATION + 1e-9]  # fmt: skip
    for m in struck:
        game.emit("splash", f"{game.name(m)} is caught in the detonation: "
                  f"{DETONATION_DAMAGE} damage.")  # fmt: skip
        harm(game, m, DETONATION_DAMAGE)
    _degrade_near(game, mid, DETONATION, "detonation")


def _degrade_near(game: PrimeTimeGame, point: tuple[float, float], reach: float,
                  what: str) -> None:  # fmt: skip
    for index, piece in enumerate(game.state.terrain):
        if piece.state != "rubble" and rect_distance(piece, point) <= reach:
            game.state.terrain[index] = degrade(piece)
            game.emit("degrade", f"The {what} breaks the {piece.name}: "
                      f"{game.state.terrain[index].state}.")  # fmt: skip


def _blast(game: PrimeTimeGame, attacker: ModelState, target: ModelState, centre: Base,
           reach: int) -> None:  # fmt: skip
    """ "Blast [X"]: Primary target hit + 1 Splash DMG to all within X". All terrain within
    X" degrades one step.\""""
    for m in _others(game, attacker, target):
        if edge_distance(centre, game.base(m)) <= reach + 1e-9:
            game.emit("splash", f"{game.name(m)} is caught in the blast: "
                      f"{BLAST_SPLASH} damage.")  # fmt: skip
            harm(game, m, BLAST_SPLASH)
    _degrade_near(game, centre.centre, reach + centre.radius, "blast")
