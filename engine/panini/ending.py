"""Ending the Combat Step: by two passes in a row (2016 THE COMBAT STEP "Passing": "When
both players pass consecutively, the Combat Step ends") or by a card's "End combat."
(engine.panini.cards.EndCombat), which ends it as two passes would, in place of the next Action
(docs/rulings.md 108). "At the beginning of the next action" triggers fire as an Action
starts, before its player chooses it (engine.panini.combat.combat_action).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import Task
from engine.panini import after_use, history, mechanics, triggers
from engine.panini.game import handler
from engine.panini.state import JsonDict

if TYPE_CHECKING:
    from engine.panini.game import Game


@handler("end_combat")
def end_combat_task(game: Game, args: JsonDict) -> None:
    """Combat is over: cards staying in play leave, "At the end of combat" triggers
    resolve, then the Discard Step (2016 TURN SEQUENCE)."""
    state = game.state
    if state.step != "combat":
        return  # already over
    game.emit("combat_end", args.get("why", "Combat ends."))
    after_use.end_of_combat(game)
    game.then(("discard_step", {"player": state.active, "first": True}))
    # "At the end of combat": before the Discard Step (GLOSSARY "Effects"); "At the end of
    # any combat in which you ...": this combat's records still count as they queue
    mechanics.queue_trigger(game, state.active, "combat_ended")
    history.end_of_combat(game)
    triggers.end_combat(game)
    game.then(("flush_triggers", {}))


def apply_end_combat(game: Game, _effect: object, controller: int, _t: int, _a: bool) -> None:
    """ "End combat.": the next Action is not made; combat ends there instead. What is
    resolving now (the rest of this card, an attack's later steps) finishes first."""
    if game.has_modifier(controller, "no_end_combat"):
        # "Effects that end combat cannot be used." (docs/rulings.md 195)
        game.emit("effect", "Effects that end combat cannot be used: combat goes on.")
        return
    tasks = game.state.tasks
    for position in range(len(tasks) - 1, -1, -1):  # the next Action to run
        if tasks[position].kind == "combat_action":
            why = f"{game.who(controller)}'s effect ends combat."
            tasks[position] = Task("end_combat", {"why": why})
            return
    game.emit("combat_end", "There is no combat to end.")


def start_action(game: Game, player: int, args: JsonDict) -> bool:
    """An Action begins: queue "At the beginning of the next action" triggers; True when
    some must resolve first (the Action is then asked again, once they have)."""
    if args.get("started"):
        return False
    mechanics.queue_trigger(game, player, "action_started")
    if not game.state.trigger_queue:
        return False
    game.then(("flush_triggers", {}), ("combat_action", {**args, "started": True}))
    return True
