"""A model's stats: its tier's stat line plus modifications, capped at +3/-3 per stat
("STAT MODIFICATION CAP"); same-named modifications do not stack ("Same-Named Effect
Stacking"); a missing SPR counts as 10 ("Stat Fallback for Missing Defensive Stats")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.primetime.data import StatName
from engine.primetime.state import StatMod

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState

CAP = 3  # "capped at +3 / -3 per stat per model"


WEIGHTED = "Weighted Clothing"
MERGE = "Merge"


def stat(game: PrimeTimeGame, m: ModelState, name: StatName) -> int:
    base = getattr(game.tier(m), name)
    if base is None:
        base = game.rules.missing_stat
    by_name = {mod.name: mod.value for mod in m.mods if mod.stat == name}
    for cid in m.legacy:  # a Legacy card's modification lasts for the game (PT-43)
        effect = game.pool.cards[cid].effect
        if effect is not None and effect.stat == name:
            by_name[game.pool.cards[cid].name] = effect.value
    if m.merged:  # a Merge's stat lasts for the game (PT-72)
        merge = game.character(m).merge
        if merge is not None and merge.stat == name:
            by_name[MERGE] = merge.value
    if name in ("foc", "imp") and wears_weights(game, m):
        by_name[WEIGHTED] = 1  # "+1 FOC, +1 IMP (counts toward +/-3 stat cap)"
    if name == "rfx" and m.unweighted:
        base += 1  # "gain +1 MOV and +1 RFX permanently" (the base line: no cap)
    return int(base) + max(-CAP, min(CAP, sum(by_name.values())))


def wears_weights(game: PrimeTimeGame, m: ModelState) -> bool:
    return game.character(m).keyword(WEIGHTED) and not m.unweighted


def modify(m: ModelState, name: str, stat_name: StatName, value: int) -> bool:
    """Add a modification until the end of the round; False if one of that name is
    already on the stat (it does not stack)."""
    if any(mod.name == name and mod.stat == stat_name for mod in m.mods):
        return False
    m.mods.append(StatMod(name=name, stat=stat_name, value=value))
    return True
