"""The Tactical Re-roll ("WT Actions": "Re-roll one failed D20 roll (attack, save,
Power-Up, Stamina Check). Must accept the new result. Cannot re-roll a re-roll.";
"Re-roll Stacking"; "One WT Action per activation"). Scouter offers it for the active
player's failed attack rolls and Power-Up rolls (PT-42), a failed Compulsion Check (a
save, PT-54), and the saves and the shot at a Saibaman rolled in the middle of another
resolution (PT-66); each roll is asked about once, so a re-roll is never re-rolled."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.decisions import JsonDict, Option
from engine.primetime.handlers import HANDLERS

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState

COST = 1  # WT
KIND = "reroll"  # the decision's kind


def can_reroll(game: PrimeTimeGame, m: ModelState) -> bool:
    """During its own activation ("Only Re-Entry may be used during your opponent's
    turn"), with a WT left and none spent in this activation."""
    active = game.state.active
    if active is None or active.wt_used or game.model(active.model).owner != m.owner:
        return False
    return game.state.players[m.owner].wt >= COST


def ask(game: PrimeTimeGame, m: ModelState, what: str, resume: str, **args: Any) -> None:
    game.ask(m.owner, KIND, _prompt(what), _options(), resume, **args)


def _prompt(what: str) -> str:
    return f"{what} failed: spend {COST} WT to re-roll the D20?"


def _options() -> list[Option]:
    return [Option("keep", "keep the roll"), Option("reroll", f"re-roll ({COST} WT)")]


def spend(game: PrimeTimeGame, m: ModelState) -> None:
    active = game.state.active
    assert active is not None
    game.state.players[m.owner].wt -= COST
    active.wt_used = True
    game.emit("wt", f"{game.who(m.owner)} spends {COST} WT on a Tactical Re-roll.")


# -- saves rolled in the middle of another resolution (PT-66) ------------------------------
# A failed save of the active player's model is asked about at once; its outcome waits in
# the decision's resume task, and the resolution's later steps that can wait (a throw, a
# Staggered, a state, a Joint Attack) queue in the decision's "then" list and run, in
# order, once it is answered. A guard task asks it again should a later step of the same
# resolution (one that cannot wait) ask something over it.
GUARD = "reroll_unanswered"
THEN = "then"


def offer_save(game: PrimeTimeGame, m: ModelState, what: str, resume: str,
               **args: Any) -> bool:  # fmt: skip
    """Ask whether to re-roll `m`'s failed save (True: asked; `resume` applies the
    outcome through `answered`); never over another decision."""
    if game.state.pending is not None or not can_reroll(game, m):
        return False
    _ask_guarded(game, m.owner, _prompt(what), resume, {THEN: [], **args, "model": m.uid})
    return True


def _ask_guarded(game: PrimeTimeGame, player: int, prompt: str, resume: str,
                 args: JsonDict) -> None:  # fmt: skip
    game.ask(player, KIND, prompt, _options(), resume, **args, seq=game.state.seq)
    decision = game.state.pending
    assert decision is not None
    # the guard holds the decision's own args: a step queued in this handler is in both
    game.then((GUARD, {"player": player, "prompt": prompt, "resume": resume,
                       "args": decision.resume.args}))  # fmt: skip


def waiting(game: PrimeTimeGame) -> bool:
    """Whether a save's re-roll is being asked (the resolution's later steps wait)."""
    decision = game.state.pending
    return decision is not None and decision.kind == KIND and THEN in decision.resume.args


def later(game: PrimeTimeGame, kind: str, **args: Any) -> bool:
    """Queue a step of the resolution (a task) behind a save's re-roll decision; False
    when none is being asked (the caller takes the step now)."""
    decision = game.state.pending
    if decision is None or not waiting(game):
        return False
    decision.resume.args[THEN].append([kind, args])
    return True


def answered(game: PrimeTimeGame, args: JsonDict) -> bool:
    """The save's re-roll decision answered: its guard goes and the queued steps come
    next (before anything scheduled earlier). True: re-roll (the WT spent; the caller
    rolls again and the new result stands)."""
    tasks = game.state.tasks
    for index in range(len(tasks) - 1, -1, -1):
        if tasks[index].kind == GUARD and tasks[index].args["args"]["seq"] == args["seq"]:
            del tasks[index]
            break
    game.then(*[(kind, step) for kind, step in args[THEN]])
    if args["choice"] != "reroll":
        return False
    spend(game, game.model(args["model"]))
    return True


@HANDLERS.register(GUARD)
def unanswered(game: PrimeTimeGame, args: JsonDict) -> None:
    """A later step of the same resolution asked over the re-roll's decision: ask it
    again now, or keep the roll if the re-roll can no longer be paid for."""
    offer = args["args"]
    if can_reroll(game, game.model(offer["model"])):
        _ask_guarded(game, args["player"], args["prompt"], args["resume"],
                     {key: value for key, value in offer.items() if key != "seq"})
        return
    HANDLERS[args["resume"]](game, {**offer, "choice": "keep"})
