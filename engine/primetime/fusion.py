"""Fusion Dance ("FUSION MECHANICS"): declared in the Power Phase by two non-Dazed
components within 3" of each other, a D20 of 11+ forms the Fused model at the start of
that round's Activation Phase, for one round; a misfusion Exhausts both and the pair may
not try again. Defusion at the end of Cleanup (or when the Fused model is KO'd) returns
the components at half starting HP (PT-27). Potara Earrings: 1 WT, no roll, the Fused
model forms at the next round's Activation Phase for two rounds."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from engine.core.decisions import JsonDict, Option
from engine.primetime import held
from engine.primetime.geometry import Point2, base_radius, edge_distance, nearest_free
from engine.primetime.handlers import HANDLERS

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState

REACH = 3.0  # "Both components must be within 3" of each other"
DANCE_ROLL = 11  # "Roll D20 ≥ 11"
POTARA_WT = 1  # "Potara Earrings ... Cost: 1 WT"
FUSED_ACTIONS = 3  # "Actions per activation: 3 (instead of standard 2)"
EXHAUSTED = "exhausted"


def components(game: PrimeTimeGame, fused: ModelState) -> list[ModelState]:
    """The Fused model's two components in its owner's roster, in profile order."""
    profile = game.character(fused).fusion
    assert profile is not None
    found = []
    for cid in profile.components:
        found += [m for m in game.state.models if m.owner == fused.owner and m.character == cid]
    return found


def can_fuse(game: PrimeTimeGame, fused: ModelState, method: str) -> bool:
    """ "Fusion Requirements": the method on the profile, both components non-Dazed and
    within 3"; a Dance pair that misfused may not dance again; Potara costs 1 WT."""
    profile = game.character(fused).fusion
    if profile is None or method not in profile.methods or fused.status != "unformed" \
            or fused.forms is not None:  # fmt: skip
        return False
    if (method == "dance" and fused.misfused) or (
            method == "potara" and game.state.players[fused.owner].wt < POTARA_WT):
        return False
    pair = components(game, fused)
    return len(pair) == 2 and all(m.status == "active" for m in pair) \
        and edge_distance(game.base(pair[0]), game.base(pair[1])) <= REACH + 1e-9  # fmt: skip


METHODS = {"dance": "Fusion Dance (D20 11+, one round)",
           "potara": "Potara Earrings (1 WT, next round, two rounds)"}  # fmt: skip


@HANDLERS.register("fusion")
def ask_fusion(game: PrimeTimeGame, args: JsonDict) -> None:
    """ "Declare: Both components simultaneously during the Power Phase"."""
    player: int = args["player"]
    options = [Option(f"{method}:{m.uid}", f"{game.name(m)}: {label}")
               for m in game.state.models if m.owner == player
               for method, label in METHODS.items() if can_fuse(game, m, method)]  # fmt: skip
    if options:
        game.ask(player, "fusion", "Power Phase: declare a Fusion?",
                 [*options, Option("no", "no Fusion")], "fusion_declared", player=player)


@HANDLERS.register("fusion_declared")
def fusion_declared(game: PrimeTimeGame, args: JsonDict) -> None:
    if args["choice"] == "no":
        return
    method, uid = args["choice"].split(":")
    fused = game.model(int(uid))
    pair = components(game, fused)
    names = " and ".join(game.name(m) for m in pair)
    round_ = game.state.round
    if method == "potara":  # "No roll required"; "Components still act normally this round"
        game.state.players[fused.owner].wt -= POTARA_WT
        fused.forms, fused.until = round_ + 1, round_ + 2  # "Duration: 2 full rounds"
        game.emit("fusion", f"{names} put on the Potara Earrings ({POTARA_WT} WT): "
                  f"{game.name(fused)} forms next round.")  # fmt: skip
        return
    die = game.d20()
    if die >= DANCE_ROLL:
        fused.forms, fused.until = round_, round_  # "Duration: 1 full round"
        game.emit("fusion", f"{names} dance: d20 {die}. {game.name(fused)} forms at the start "
                  "of the Activation Phase.")  # fmt: skip
        return
    fused.misfused = True  # "This Fusion Dance pair cannot attempt fusion again this game."
    for m in pair:
        if EXHAUSTED not in m.states:
            m.states.append(EXHAUSTED)
    game.emit("misfusion", f"{names} misfuse: d20 {die}. Both are Exhausted.")


@HANDLERS.register("form_fusions")
def form_fusions(game: PrimeTimeGame, args: JsonDict) -> None:
    """At the start of the Activation Phase: the components leave, the Fused model stands
    at their midpoint (or the nearest free point)."""
    for fused in game.state.models:
        if fused.status != "unformed" or fused.forms != game.state.round:
            continue
        pair = components(game, fused)
        fused.forms = None
        if not all(m.status == "active" for m in pair):
            fused.until = None
            game.emit("fusion", f"{game.name(fused)} cannot form: a component is down.")
            continue
        a, b = (game.base(m) for m in pair)
        midpoint = ((a.x + b.x) / 2, (a.y + b.y) / 2)
        tiers = math.floor(sum(m.tier for m in pair) / 2)  # "rounded down"
        profile = game.character(fused)
        fused.tier = min(tiers, len(profile.tiers) - 1)
        fused.sk = min(profile.sk_cap, sum(m.sk for m in pair))  # "up to the ... SK cap"
        fused.hp = game.tier(fused).hp  # "current-tier HP maximum"
        fused.components = [m.uid for m in pair]
        for m in pair:
            m.status, m.x, m.y = "fused", None, None
        spot = _nearest_free(game, fused, midpoint)
        if spot is None:
            game.emit("fusion", f"{game.name(fused)} finds no room to stand: no fusion.")
            _unfuse(game, fused, (a.centre, b.centre), full=True)
            continue
        game.put(fused, spot)
        game.state.players[fused.owner].orders -= 1  # "Counts as 1 order in the pool"
        game.emit("fused", f"{game.name(fused)} forms at ({fused.x:g}\", {fused.y:g}\").")


def _nearest_free(game: PrimeTimeGame, m: ModelState, near: Point2) -> Point2 | None:
    return nearest_free(near, base_radius(game.tier(m).base), game.bases_except(m),
                        game.state.terrain)  # fmt: skip


def defuse(game: PrimeTimeGame, fused: ModelState) -> None:
    """ "Remove the Fused model from the board; Both components return at ½ starting HP
    each (rounded up), placed at the Fused model's last position", at their pre-fusion
    tiers with 0 SK."""
    assert fused.x is not None and fused.y is not None
    where = (fused.x, fused.y)
    game.emit("defusion", f"{game.name(fused)} defuses.")
    fused.status, fused.x, fused.y = "unformed", None, None
    fused.until, fused.level = None, 0
    _unfuse(game, fused, (where, where), full=False)


def _unfuse(game: PrimeTimeGame, fused: ModelState, spots: tuple[Point2, Point2],
            full: bool) -> None:  # fmt: skip
    for m, spot in zip(components(game, fused), spots, strict=True):
        if m.uid not in fused.components:
            continue
        place = _nearest_free(game, m, spot)
        if place is None:  # PT-27: no room at all: it waits off the table, KO'd
            m.status = "ko"
            continue
        game.put(m, place)
        if not full:
            m.hp, m.sk = game.half_hp(m), 0
            held.wipe(m)
    fused.components = []


def defusions(game: PrimeTimeGame) -> None:
    """ "At end of that round's Cleanup Phase: Defusion"."""
    for fused in game.state.models:
        if fused.on_table and fused.until is not None and fused.until <= game.state.round:
            defuse(game, fused)
