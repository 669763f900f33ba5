"""Buu's Reformation ("Reforming (Buu)"): Dazed or KO'd (not Dissolved), he leaves the
board for the rest of the round, a token where he fell, and returns at 2 HP at the token
in the next round's Ascension Phase, states cleared (PT-28)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import JsonDict
from engine.primetime import held
from engine.primetime.geometry import base_radius, nearest_free
from engine.primetime.handlers import HANDLERS

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState

REFORMATION = "Reformation"  # the passive's name on the profile
RETURN_HP = 2  # "returns at 2 HP"


def reforms(game: PrimeTimeGame, m: ModelState) -> bool:
    return any(p.name == REFORMATION for p in game.character(m).passives)


def reform(game: PrimeTimeGame, m: ModelState) -> None:
    assert m.x is not None and m.y is not None
    m.token = (m.x, m.y)
    m.status, m.x, m.y, m.level, m.hp = "reforming", None, None, 0, 0
    held.wipe(m)
    m.majin, m.brand = None, False
    game.emit("reforming", f"{game.name(m)} breaks apart: a Reformation token stays where "
              "he fell.")  # fmt: skip


@HANDLERS.register("reform")
def reformations(game: PrimeTimeGame, args: JsonDict) -> None:
    """ "At start of next round's Ascension Phase: returns at 2 HP at token location"."""
    for m in game.state.models:
        if m.status != "reforming" or m.token is None:
            continue
        spot = nearest_free(m.token, base_radius(game.tier(m).base), game.table_bases(),
                            game.state.terrain)  # fmt: skip
        if spot is None:
            continue  # PT-28: no room yet; he tries again next round
        game.put(m, spot)
        m.token, m.hp = None, min(RETURN_HP, game.tier(m).hp)
        game.emit("reformed", f'{game.name(m)} reforms at ({m.x:g}", {m.y:g}") with '
                  f"{m.hp} HP.")  # fmt: skip
