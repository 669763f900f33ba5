"""Damage taken ("Model States": Dazed, KO'd, Removed from Play; "DISSOLUTION THRESHOLD")
and the Surge Ki a Saiyan's damage earns ("Saiyan Rage")."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.primetime import altitude, fusion, held, reformation

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState


def rage(game: PrimeTimeGame, attacker: ModelState, damage: int) -> None:
    """ "Saiyan Rage": 1 SK per damage dealt after RES, at most 3 per unit per round, and
    never past the model's SK cap."""
    if damage <= 0 or not game.character(attacker).keyword("Saiyan"):
        return
    cap = game.character(attacker).sk_cap
    gained = min(damage, game.rules.rage_cap - attacker.rage, cap - attacker.sk)
    if gained > 0:
        attacker.rage += gained
        attacker.sk += gained
        game.emit("rage", f"{game.name(attacker)} gains {gained} SK from Saiyan Rage.")


def spared(game: PrimeTimeGame, m: ModelState) -> bool:
    """ "Expendable | This model's removal never triggers Rage Gen, Ghost Nappa, or any
    KO-based effects for either player." (PT-74): an Expendable model off the table (KO'd,
    removed from play, or defused when KO'd); its Daze is no removal."""
    return m.status in ("ko", "removed", "unformed") \
        and game.character(m).keyword("Expendable")  # fmt: skip


# what else reacts to a model taking damage (a Saibaman's grab, engine.primetime.saibamen)
ON_DAMAGE: list[Callable[[PrimeTimeGame, ModelState], None]] = []


def harm(game: PrimeTimeGame, target: ModelState, damage: int) -> None:
    """Damage after RES: a hit at or over the Dissolution Threshold removes Cell or Buu
    from play ("DISSOLUTION THRESHOLD"); 0 HP Dazes the first time, KOs the second."""
    if damage <= 0:
        return
    if held.extra_damage(target):  # Petrified: "Incoming damage +1"
        damage += held.extra_damage(target)
        game.emit("petrified", f"{game.name(target)} is Petrified: +1 damage ({damage}).")
    _take(game, target, damage)
    for hook in ON_DAMAGE:
        hook(game, target)


def _take(game: PrimeTimeGame, target: ModelState, damage: int) -> None:
    threshold = game.tier(target).dissolution
    if threshold is not None and damage >= threshold:
        remove_from_play(game, target, "is dissolved")
        return
    target.hp = max(0, target.hp - damage)
    if target.hp > 0:
        return
    target.dazes += 1
    if reformation.reforms(game, target):
        reformation.reform(game, target)
    elif target.dazes == 1:
        target.status = "dazed"
        game.emit("dazed", f"{game.name(target)} is Dazed.")
        altitude.fall(game, target)
    elif target.components:  # "If the Fused model was KO'd: defusion still triggers"
        fusion.defuse(game, target)
    else:
        target.status, target.x, target.y, target.level = "ko", None, None, 0
        game.emit("ko", f"{game.name(target)} is KO'd.")
    _gone(game, target)


def remove_from_play(game: PrimeTimeGame, target: ModelState, how: str) -> None:
    """ "Removed from Play | Permanent elimination": Dissolution, a Confection eaten."""
    target.status, target.hp, target.x, target.y, target.level = "removed", 0, None, None, 0
    game.emit("dissolved", f"{game.name(target)} {how}: removed from play.")
    _gone(game, target)


def _gone(game: PrimeTimeGame, target: ModelState) -> None:
    """What a Daze, a KO or a removal sets off."""
    if target.status in ("ko", "removed"):  # about the model itself: Expendable or not
        _free_majin(game, target)
        _lose_command(game, target)
    if spared(game, target):
        _lose_fallen_order(game, target)
        return
    if game.state.sudden_death:  # "The next Daze or removal from play wins the Saga.":
        game.win(1 - target.owner, "Sudden Death")  # for the other side, whoever dealt it


def _lose_fallen_order(game: PrimeTimeGame, m: ModelState) -> None:
    """ "Fallen Order: When a model is KO'd before its activation this round, its
    remaining order token is not lost" (the pool is a count: it stays there), unless the
    model is Expendable (PT-74): then its token goes with it."""
    player = game.state.players[m.owner]
    if game.state.phase == "activation" and m.activations == 0 and player.orders > 0:
        player.orders -= 1
        game.emit("orders", f"{game.name(m)} is Expendable: its order is lost "
                  f"({player.orders} left).")  # fmt: skip


def _lose_command(game: PrimeTimeGame, m: ModelState) -> None:
    """ "Permanently KO'd Leaders lose all Command Abilities (not restored by WT
    Re-Entry)"; "Leader removed from play permanently loses all Command Abilities"
    (PT-48, engine.primetime.command)."""
    p = game.state.players[m.owner]
    if p.leader == m.character and not p.command_lost:
        p.command_lost = True
        if game.character(m).command is not None:
            game.emit("command", f"{game.name(m)} loses its Command Abilities for good.")


def _free_majin(game: PrimeTimeGame, babidi: ModelState) -> None:
    """ "Babidi KO'd: all Majin states (except Majin Brand) are immediately removed."
    (PT-53)"""
    for m in game.state.models:
        if m.majin == babidi.uid and not m.brand:
            m.majin = None
            game.emit("release", f"{game.name(m)} is free of the Majin state.")


LAST_STANDING = 2  # "that model gains +2 to all D20 rolls"


def last_standing(game: PrimeTimeGame, m: ModelState) -> int:
    """ "Last One Standing": a player's single non-Dazed model on the board gets +2 to all
    its D20 rolls."""
    fighting = [o for o in game.state.models if o.owner == m.owner and o.status == "active"]
    return LAST_STANDING if fighting == [m] else 0
