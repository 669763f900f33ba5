"""Altitude ("ALTITUDE & FLIGHT"): a model with Fly may change its level once per
activation, with a Move (PT-17); attacking a lower target gives the Dive Bonus; a model
Dazed in the air falls to the Ground."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import JsonDict, Option
from engine.primetime.geometry import LEVELS, Base, clear_of_terrain
from engine.primetime.handlers import HANDLERS

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState

NAMES = {0: "Ground", 1: "L1 (Hovering)", 2: "L2 (High Air)"}  # "Altitude Levels"
DIVE_BONUS = 2  # "Attacking a target at a lower altitude level grants +2 FOC or IMP"


def can_change(game: PrimeTimeGame, m: ModelState) -> bool:
    """ "Fly keyword: Required to voluntarily change altitude"; "once per activation"."""
    active = game.state.active
    return active is not None and not active.altitude and game.character(m).keyword("Fly")


def levels(game: PrimeTimeGame, m: ModelState) -> list[int]:
    """The levels the model may take where it stands: not inside terrain that tall."""
    here = game.base(m)
    return [level for level in LEVELS
            if clear_of_terrain(Base(here.x, here.y, here.radius, level), game.state.terrain)]


def ask_level(game: PrimeTimeGame, m: ModelState, moving: JsonDict) -> None:
    options = [Option(f"level:{level}", ("stay at " if level == m.level else "to ")
                      + NAMES[level]) for level in levels(game, m)]  # fmt: skip
    options.sort(key=lambda o: o.id != f"level:{m.level}")  # staying first
    game.ask(m.owner, "altitude", f"{game.name(m)}: change altitude with this Move?",
             options, "level_chosen", **moving)  # fmt: skip


@HANDLERS.register("level_chosen")
def level_chosen(game: PrimeTimeGame, args: JsonDict) -> None:
    active = game.state.active
    assert active is not None
    m = game.model(active.model)
    level = int(args["choice"].split(":")[1])
    if level != m.level:
        m.level = level
        active.altitude = True
        game.emit("altitude", f"{game.name(m)} flies to {NAMES[level]}.")
    # the Move goes on: where to, at the new level
    game.then(("ask_destination", {k: v for k, v in args.items() if k != "choice"}))


def dive_bonus(attacker: ModelState, target: ModelState) -> int:
    return DIVE_BONUS if attacker.level > target.level else 0


def fall(game: PrimeTimeGame, m: ModelState) -> None:
    """ "Dazed while elevated: Fall to Ground automatically." The fall's damage is moot on a
    Dazed model, which is at 0 HP and invulnerable (PT-18)."""
    if m.level > 0:
        game.emit("fall", f"{game.name(m)} falls from {NAMES[m.level]} to the Ground.")
        m.level = 0
