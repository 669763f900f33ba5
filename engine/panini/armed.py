"""Armed triggers: a played card's "At the end of combat, ...", "Whenever you Rejuvenate
this combat, ...", "The next time ... this combat, ..." and "Until the start of your next
turn, whenever ..., ...".

The sentence resolves by arming its trigger (`GameState.armed`); the trigger then waits for
its event although the card that set it is in the discard pile, as a floating effect does
(2016 GLOSSARY "Effects": floating effects last after the card that created them has left
play), and resolves like any contextual effect, right after the sentence or step that set it
off (engine.panini.triggers.queue). "The next time" fires once; every armed trigger is over when
what it lasts for ends: "this combat" at the end of combat, "this turn" when the next turn
starts, "until the start of your next turn" then (docs/rulings.md 104).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.panini.cards import ArmTrigger, Card, Effect, Trigger
from engine.panini.state import JsonDict

if TYPE_CHECKING:
    from engine.panini.game import Game

PATH = "armed|"
_LASTS = {
    "combat": "until the end of combat",
    "turn": "until the end of the turn",
    "next_turn_start": "until the start of its controller's next turn",
}


def path_of(entry: JsonDict) -> str:
    """The effects path (engine.panini.effects.effects_of) of an armed trigger's effects."""
    return f"{PATH}{entry['index']}|{entry['path']}"


def trigger_at(card: Card, path: str, effects_of: Callable[[Card, str], list[Effect]]) -> Trigger:
    """The trigger an armed path names: the ArmTrigger effect at `index` of `inner`."""
    index, _, inner = path.removeprefix(PATH).partition("|")
    effect = effects_of(card, inner)[int(index)]
    assert isinstance(effect, ArmTrigger)
    return effect.trigger


def arm(game: Game, effect: ArmTrigger, controller: int, iid: int, path: str, index: int) -> None:
    """The sentence at `index` of `path` on card `iid` resolves: its trigger waits."""
    entry: JsonDict = {
        "player": controller,
        "card": iid,
        "path": path,
        "index": index,
        "lasts": effect.lasts,
    }
    if effect.once:
        entry["once"] = True
    if effect.lasts == "next_turn_start":
        # turns are numbered across both players: the controller's next turn
        state = game.state
        entry["until_turn"] = state.turn + (2 if state.active == controller else 1)
    game.state.armed.append(entry)
    game.emit("floating", f"{game.name(iid)}: an effect waits {_LASTS[effect.lasts]}.")


def queue(game: Game, fires: Callable[[Trigger, int], bool]) -> None:
    """An event happened: queue every armed trigger it sets off (`fires(trigger, player)`
    says whether it does, read from that player's view); "the next time" ones are over."""
    from engine.panini.effects import (
        effects_of,  # effects builds on engine.panini.triggers, which calls this
    )

    for entry in list(game.state.armed):
        trigger = trigger_at(game.card(entry["card"]), path_of(entry), effects_of)
        if not fires(trigger, entry["player"]):
            continue
        if any(q.get("path") == path_of(entry) for q in game.state.trigger_queue):
            continue  # one sentence moving several cards sets it off once
        if entry.get("once"):
            game.state.armed.remove(entry)
        game.state.trigger_queue.append(
            {"player": entry["player"], "card": entry["card"], "index": -1, "path": path_of(entry)}
        )


def end_combat(game: Game) -> None:
    """ "This combat" is over (its "At the end of combat" ones were queued just before)."""
    game.state.armed = [e for e in game.state.armed if e["lasts"] != "combat"]


def start_turn(game: Game) -> None:
    """A turn starts: the last turn's ones are over, and "until the start of your next
    turn" ones when it is that turn."""
    turn = game.state.turn
    game.state.armed = [
        e for e in game.state.armed if e["lasts"] == "next_turn_start" and e["until_turn"] > turn
    ]
