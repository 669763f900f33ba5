"""Wish Tokens ("COMMAND TOKEN (WT) ECONOMY"): 3 per player, never regained. Refereed:
Re-Entry (between activations, 1 WT returns a KO'd model at full starting HP at its
player's deployment edge, all states cleared, PT-22) and Extra Activation (2 WT at the
start of the player's activation turn: +1 order, PT-37); the Tactical Re-roll is in
reroll.py (PT-42); the Affiliation WT Action: affiliation.py (PT-47)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from engine.core.decisions import JsonDict, Option
from engine.primetime import held
from engine.primetime.geometry import BOARD, Point2, free
from engine.primetime.handlers import HANDLERS, POINT_CHECKS
from engine.primetime.options import answered_point, point_options

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState

RE_ENTRY = 1  # WT
EXTRA_ACTIVATION = 2  # WT: "the only WT Action that costs more than 1"


def extra_option(game: PrimeTimeGame, player: int, fresh: bool) -> list[Option]:
    """ "Extra Activation | 2 WT | Start of your activation turn | Add +1 activation to
    your Order Pool this round. The additional activation may be used by any non-Dazed,
    non-activated model." Offered once a turn (`fresh`: not just bought), while such a
    model waits."""
    if not fresh or game.state.players[player].wt < EXTRA_ACTIVATION:
        return []
    if not any(m.owner == player and m.status == "active" and m.activations == 0
               for m in game.state.models):  # fmt: skip
        return []
    return [Option("extra", f"Extra Activation: +1 order ({EXTRA_ACTIVATION} WT)")]


def extra_activation(game: PrimeTimeGame, player: int) -> None:
    p = game.state.players[player]
    p.wt -= EXTRA_ACTIVATION
    p.orders += 1
    game.emit("wt", f"{game.who(player)} spends {EXTRA_ACTIVATION} WT: +1 order this round "
              f"({p.orders} left).")  # fmt: skip


def reentry_options(game: PrimeTimeGame, player: int) -> list[Option]:
    if game.state.players[player].wt < RE_ENTRY:
        return []
    return [Option(f"reenter:{m.uid}", f"Re-Entry: {game.name(m)} ({RE_ENTRY} WT)")
            for m in game.state.models if m.owner == player and m.status == "ko"
            and _edge_points(game, m)]  # fmt: skip


def _edge_y(game: PrimeTimeGame, m: ModelState) -> float:
    """The centre of a base touching its player's short edge ("at your deployment edge")."""
    radius = game.character(m).tiers[0].base / 25.4 / 2
    return radius if game.state.players[m.owner].side == 0 else BOARD - radius


def _edge_points(game: PrimeTimeGame, m: ModelState) -> list[Point2]:
    y = _edge_y(game, m)
    points = np.column_stack([np.arange(1.0, BOARD), np.full(int(BOARD) - 1, y)])
    radius = game.character(m).tiers[0].base / 25.4 / 2
    others = game.table_bases()
    return [(float(x), float(y)) for x, y in free(points, radius, others, game.state.terrain)]


def ask_reentry(game: PrimeTimeGame, player: int, uid: int) -> None:
    m = game.model(uid)
    game.ask(player, "reentry_at", f"Where along your edge does {game.name(m)} return?",
             point_options(_edge_points(game, m)), "reentered", model=uid)  # fmt: skip


def _check(game: PrimeTimeGame, args: JsonDict, point: Point2) -> str | None:
    m = game.model(args["model"])
    if abs(point[1] - _edge_y(game, m)) > 1e-9:
        return "a returning model's base touches your short edge"
    radius = game.character(m).tiers[0].base / 25.4 / 2
    others = game.table_bases()
    if not len(free(np.asarray([point]), radius, others, game.state.terrain)):
        return "there is no room there"
    return None


POINT_CHECKS["reentry_at"] = _check


@HANDLERS.register("reentered")
def reentered(game: PrimeTimeGame, args: JsonDict) -> None:
    m = game.model(args["model"])
    game.state.players[m.owner].wt -= RE_ENTRY
    game.put(m, answered_point(args))
    m.tier, m.level, m.dazes, m.sk = 0, 0, 0, 0  # "The model returns clean"
    m.hp = game.starting_hp(m)
    held.wipe(m)  # "all states are cleared (Staggered, Exhausted, Majin, etc.)"
    m.majin, m.brand, m.emergency = None, False, None
    game.emit("reentry", f"{game.who(m.owner)} spends {RE_ENTRY} WT: {game.name(m)} returns "
              f'at ({m.x:g}", {m.y:g}") with {m.hp} HP.')  # fmt: skip
    game.then(("next_activation", {}))
