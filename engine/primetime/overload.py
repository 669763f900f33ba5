"""An emergency Ascension and the Overloaded state it brings ("Overloaded | ... Applied at
the start of the next Cleanup Phase (model gets full benefit of emergency Ascension for
remainder of current round). | Cleared at next Cleanup (revert Tier, gain Exhausted)").
The core rules name the emergency Ascension but print no way to make one: a card's
`ascend` effect is ours (docs/primetime-data.md). Ruling PT-51."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.primetime import ascension
from engine.primetime.fusion import EXHAUSTED

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState

OVERLOADED = "overloaded"


def can_rise(game: PrimeTimeGame, m: ModelState) -> bool:
    """One emergency Ascension at a time, to a tier the model has and its base fits; no
    SK beyond the card's own (the card is the cost)."""
    return m.status == "active" and m.emergency is None and ascension.fits(game, m)


def rise(game: PrimeTimeGame, m: ModelState) -> None:
    if not can_rise(game, m):
        return
    m.emergency = m.tier
    ascension.rise(game, m)
    game.emit("emergency", f"{game.name(m)}'s emergency Ascension lasts the round; it "
              "will be Overloaded at Cleanup.")  # fmt: skip


def overload(game: PrimeTimeGame) -> None:
    """The start of Cleanup: every model of an emergency Ascension is Overloaded."""
    for m in game.state.models:
        if m.emergency is not None and m.on_table and OVERLOADED not in m.states:
            m.states.append(OVERLOADED)
            game.emit("overloaded", f"{game.name(m)} is Overloaded.")


def revert(game: PrimeTimeGame, m: ModelState) -> None:
    """Cleanup's clearing: Overloaded ends, the tier reverts (the HP held over its
    maximum goes) and the model gains Exhausted, kept through the next round (PT-51)."""
    if m.emergency is None:
        return
    tier, m.emergency = m.emergency, None
    if not m.on_table or m.tier <= tier:  # KO'd since, or descended already
        return
    m.tier = tier
    m.hp = min(m.hp, game.tier(m).hp)
    if m.status == "active" and EXHAUSTED not in m.states:  # a Dazed return clears it
        m.states.append(EXHAUSTED)
    game.emit("overloaded", f"{game.name(m)} reverts to {game.tier(m).name} ({m.hp} HP) and "
              "is Exhausted.")  # fmt: skip
