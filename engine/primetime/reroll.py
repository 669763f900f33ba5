"""The Tactical Re-roll ("WT Actions": "Re-roll one failed D20 roll (attack, save,
Power-Up, Stamina Check). Must accept the new result. Cannot re-roll a re-roll.";
"Re-roll Stacking"; "One WT Action per activation"). Scouter offers it for the active
player's failed attack rolls and Power-Up rolls (PT-42) and a failed Compulsion Check (a
save, PT-54); each roll is asked about once, so a re-roll is never re-rolled."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.decisions import Option

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState

COST = 1  # WT


def can_reroll(game: PrimeTimeGame, m: ModelState) -> bool:
    """During its own activation ("Only Re-Entry may be used during your opponent's
    turn"), with a WT left and none spent in this activation."""
    active = game.state.active
    if active is None or active.wt_used or game.model(active.model).owner != m.owner:
        return False
    return game.state.players[m.owner].wt >= COST


def ask(game: PrimeTimeGame, m: ModelState, what: str, resume: str, **args: Any) -> None:
    game.ask(m.owner, "reroll", f"{what} failed: spend {COST} WT to re-roll the D20?",
             [Option("keep", "keep the roll"), Option("reroll", f"re-roll ({COST} WT)")],
             resume, **args)  # fmt: skip


def spend(game: PrimeTimeGame, m: ModelState) -> None:
    active = game.state.active
    assert active is not None
    game.state.players[m.owner].wt -= COST
    active.wt_used = True
    game.emit("wt", f"{game.who(m.owner)} spends {COST} WT on a Tactical Re-roll.")
