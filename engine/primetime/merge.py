"""The Merge pair ("DEVOTED SUPPORT PAIRS": "Piccolo (Z-Fighter) <-> Nail | Merge pair |
One-time only. Nail removed from game when Merge triggers. See Piccolo ZF profile."). The
profile is not ours: the merging model's `merge` (engine.primetime.data.Merge) says what it
gains; it triggers when its partner is Dazed within `within` inches of it (PT-72)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.primetime import damage
from engine.primetime.geometry import edge_distance

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState


def merger(game: PrimeTimeGame, partner: ModelState) -> ModelState | None:
    """The fighting model of the same roster, not merged yet ("One-time only"), whose
    Merge names `partner` and which stands within its reach."""
    if partner.x is None:
        return None
    where = game.base(partner)
    for m in game.state.models:
        merge = game.character(m).merge
        if m.owner == partner.owner and m.status == "active" and not m.merged \
                and merge is not None and merge.partner == partner.character \
                and edge_distance(game.base(m), where) <= merge.within + 1e-9:  # fmt: skip
            return m
    return None


def _dazed(game: PrimeTimeGame, partner: ModelState) -> None:
    """Damage that Dazes the partner triggers the Merge: the partner leaves the game (not
    a KO, not a removal by the enemy: it sets off nothing more), the merging model gains."""
    if partner.status != "dazed" or game.state.winner is not None:
        return
    m = merger(game, partner)
    if m is None:
        return
    merge = game.character(m).merge
    assert merge is not None
    partner.status, partner.hp, partner.x, partner.y, partner.level = "removed", 0, None, None, 0
    partner.states = []
    m.merged = True
    m.hp += merge.hp  # its maximum rose with `merged` (game.tier)
    gain = f" +{merge.hp} HP ({m.hp})" if merge.hp else ""
    if merge.stat is not None:
        gain += f" {merge.value:+d} {merge.stat.upper()}"
    game.emit("merge", f"{game.name(partner)} merges with {game.name(m)} and leaves the game; "
              f"{game.name(m)} gains{gain} for the rest of the game.")  # fmt: skip


damage.ON_DAMAGE.append(_dazed)
