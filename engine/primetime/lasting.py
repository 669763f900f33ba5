"""Applying and ending the states that hold a model ("Model States"; what each forbids is
engine.primetime.held): a technique's or a card's `state` (docs/primetime-data.md), the
break-free action of Bound and Petrified, a Confection eaten or reverting, Showboating
ending at the model's next activation, and which states outlast a Cleanup (PT-49..PT-52).
The save against a state may be re-rolled by the active player (PT-66)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import JsonDict, Option
from engine.primetime import corrupt, overload, reroll
from engine.primetime.damage import remove_from_play
from engine.primetime.data import StateEffect
from engine.primetime.dice import roll
from engine.primetime.geometry import MELEE, edge_distance
from engine.primetime.handlers import HANDLERS
from engine.primetime.held import BOUND, CONFECTION, PETRIFIED, SHOWBOATING, wipe

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState

BRAND = "majin-brand"  # a state effect's name for Babidi's Majin Brand (PT-53)
NAMES = {BOUND: "Bound", PETRIFIED: "Petrified", SHOWBOATING: "Showboating",
         CONFECTION: "a Confection"}  # fmt: skip
# "Break free: spend 1 action, D20 + IMP ≥ 14" (Bound), "≥ 13" (Petrified)
BREAK_FREE = {BOUND: 14, PETRIFIED: 13}
BABIDI_BOND = 10  # "Babidi bond reduces break-free to ≥ 10" (PT-50)
BREAK = "break"  # option ids "break:<state>" (an action, once per activation, PT-13)
EAT = "eat"  # option ids "eat:<uid>" (a free action)
# not cleared by Cleanup: "Until broken free", "Until next activation", "end of the NEXT
# round" (PT-49)
LASTING = frozenset({BOUND, PETRIFIED, SHOWBOATING, CONFECTION})


def apply(game: PrimeTimeGame, source: ModelState, target: ModelState,
          effect: StateEffect) -> None:  # fmt: skip
    """`source`'s technique or card puts the state on `target` (a save first, if any);
    the same state twice is one ("Same-Named Effect Stacking"). Behind a save's re-roll
    decision it waits its turn (PT-66)."""
    if reroll.later(game, "then_state", source=source.uid, target=target.uid,
                    effect=effect.model_dump(mode="json")):  # fmt: skip
        return
    if target.status != "active":
        return
    if effect.name == BRAND:
        corrupt.brand(game, source, target)
        return
    if effect.save is not None and effect.at is not None:
        if _resists(game, target, effect):
            return
        if reroll.offer_save(game, target, f"{game.name(target)}'s save against being "
                             f"{NAMES[effect.name]}", "state_save_rerolled", source=source.uid,
                             effect=effect.model_dump(mode="json")):  # fmt: skip
            return
    _put(game, source, target, effect)


def _resists(game: PrimeTimeGame, target: ModelState, effect: StateEffect) -> bool:
    assert effect.save is not None and effect.at is not None
    rolled = roll(game, target, effect.save)
    resisted = rolled.total >= effect.at
    game.emit("save", f"{game.name(target)} resists being {NAMES[effect.name]}: {rolled.text} "
              f"(needs {effect.at}): {'resisted' if resisted else 'failed'}.")  # fmt: skip
    return resisted


def _put(game: PrimeTimeGame, source: ModelState, target: ModelState,
         effect: StateEffect) -> None:  # fmt: skip
    name = NAMES[effect.name]
    if effect.name in target.states:
        return
    target.states.append(effect.name)
    target.applied_by[effect.name] = source.uid
    if effect.name == CONFECTION:  # "If Buu does not eat by end of the next round"
        target.ends[effect.name] = game.state.round + 1
    game.emit("state", f"{game.name(target)} is {name} ({game.name(source)}).")


@HANDLERS.register("then_state")
def state_step(game: PrimeTimeGame, args: JsonDict) -> None:
    apply(game, game.model(args["source"]), game.model(args["target"]),
          StateEffect.model_validate(args["effect"]))


@HANDLERS.register("state_save_rerolled")
def state_save_rerolled(game: PrimeTimeGame, args: JsonDict) -> None:
    """The new roll stands ("Must accept the new result", PT-66)."""
    target, effect = game.model(args["model"]), StateEffect.model_validate(args["effect"])
    if reroll.answered(game, args) and _resists(game, target, effect):
        return
    if target.status == "active":
        _put(game, game.model(args["source"]), target, effect)


def threshold(m: ModelState, state: str) -> int:
    """Petrified with a Babidi bond (a Majin model, PT-50) breaks free at 10."""
    if state == PETRIFIED and m.majin is not None:
        return BABIDI_BOND
    return BREAK_FREE[state]


def options(game: PrimeTimeGame, m: ModelState, taken: list[str]) -> list[Option]:
    """Breaking free (1 action) of each state that allows it; eating each Confection this
    Buu made that is within 1" (a free action, PT-52)."""
    found = [] if BREAK in taken else [
        Option(f"{BREAK}:{s}", f"break free of being {NAMES[s]} (1 action, D20 + IMP "
               f"≥ {threshold(m, s)})") for s in m.states if s in BREAK_FREE]  # fmt: skip
    active = game.state.active
    if active is None or active.free >= game.rules.free_cap:
        return found
    here = game.base(m)
    return found + [
        Option(f"{EAT}:{o.uid}", f"eat {game.name(o)} (free action: removed from play)")
        for o in game.state.models
        if CONFECTION in o.states and o.applied_by.get(CONFECTION) == m.uid
        and o.status == "active" and edge_distance(here, game.base(o)) <= MELEE + 1e-9]


def break_free(game: PrimeTimeGame, m: ModelState, state: str) -> None:
    rolled = roll(game, m, "imp")
    need = threshold(m, state)
    text = f"{game.name(m)} tries to break free of being {NAMES[state]}: {rolled.text} " \
        f"(needs {need})"  # fmt: skip
    if rolled.total < need:
        game.emit("break_free", text + ": still held.")
        return
    _end(m, state)
    game.emit("break_free", text + ": free.")


def eat(game: PrimeTimeGame, buu: ModelState, sweet: ModelState) -> None:
    """ "Buu may eat the confection as a free action (model is Removed from Play)"."""
    assert game.state.active is not None
    game.state.active.free += 1
    remove_from_play(game, sweet, f"is eaten by {game.name(buu)}")


def activated(game: PrimeTimeGame, m: ModelState) -> None:
    """Showboating lasts "Until next activation"."""
    if SHOWBOATING in m.states:
        _end(m, SHOWBOATING)
        game.emit("state", f"{game.name(m)} stops Showboating.")


def cleanup(game: PrimeTimeGame, m: ModelState) -> None:
    """Cleanup: "clear Exhausted, clear Overloaded, clear Staggered. Clear 'until end of
    round'" (every stat modification so far lasts until then); the lasting states stay,
    but a Confection reverts at the end of the round after it was made; a Dazed model
    returns with "All states cleared"; an emergency Ascension ends (PT-51)."""
    if m.status == "dazed":
        wipe(m)
    for state in [s for s in m.states if s not in LASTING]:
        m.states.remove(state)
    if CONFECTION in m.states and m.ends.get(CONFECTION, 0) <= game.state.round:
        _end(m, CONFECTION)
        game.emit("state", f"{game.name(m)} is no longer a Confection.")
    m.mods.clear()
    overload.revert(game, m)


def _end(m: ModelState, state: str) -> None:
    m.states.remove(state)
    m.applied_by.pop(state, None)
    m.ends.pop(state, None)
