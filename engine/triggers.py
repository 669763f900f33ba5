"""Which triggers an event sets off, and the window that offers an "[INSTANT] POWER: Use
when <event>." to its player.

Contextual effects ("whenever", "when", "after", "at") resolve right after the sentence or
step that caused them; with several at once each player orders theirs and the player who
initiated combat resolves all theirs first (2016 GLOSSARY "Effects";
engine.mechanics.flush_triggers). A trigger is read from its card's controller's view:
`who` says whose event sets it off.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import CardType, Trigger
from engine.game import handler
from engine.state import JsonDict, Option

if TYPE_CHECKING:
    from engine.game import Game

# 2016 "Use a Power" and GLOSSARY "Power": the Powers of Main Personality levels, Allies and
# Masteries may be used only once per turn (a Drill's, once each time its event happens:
# docs/rulings.md).
_ONCE_PER_TURN_POWERS = frozenset({CardType.MAIN_PERSONALITY, CardType.MASTERY, CardType.ALLY})


def _fires(
    game: Game, trigger: Trigger, controller: int, player: int, attack_type: str | None
) -> bool:
    whose = "self" if controller == player else "opponent"
    if trigger.who not in ("any", whose):
        return False
    if attack_type and trigger.attack_type not in ("any", attack_type):
        return False
    return not (trigger.during_combat and game.state.step != "combat")


def queue(game: Game, player: int, event: str, attack_type: str | None = None) -> None:
    """`event` happened to `player`: queue every active trigger it sets off, on either
    side, for its card's controller (flushed by the `flush_triggers` task)."""
    for controller in (player, 1 - player):
        for iid in game.cards_with_constants(controller):
            for index, trigger in enumerate(game.card(iid).triggers):
                if trigger.on != event or not _fires(
                    game, trigger, controller, player, attack_type
                ):
                    continue
                if not _available(game, controller, iid, index, trigger):
                    continue
                if any(q["card"] == iid and q["index"] == index for q in game.state.trigger_queue):
                    continue  # one sentence moving several cards sets it off once
                if trigger.once_per:
                    game.state.triggers_used.append(_key(trigger.once_per, iid, index))
                entry: JsonDict = {"player": controller, "card": iid, "index": index}
                if trigger.power:
                    entry["power"] = True
                game.state.trigger_queue.append(entry)


def _key(scope: str, iid: int, index: int) -> str:
    return f"{scope}:{iid}:{index}"


def _available(game: Game, controller: int, iid: int, index: int, trigger: Trigger) -> bool:
    """ "Once per combat/turn" (engine state `triggers_used`), and a once-per-turn Power
    already used this turn (`used_powers`)."""
    if trigger.once_per and _key(trigger.once_per, iid, index) in game.state.triggers_used:
        return False
    return not (
        trigger.power
        and game.card(iid).type in _ONCE_PER_TURN_POWERS
        and iid in game.player(controller).used_powers
    )


def end_combat(game: Game) -> None:
    """ "Once per combat" limits end with the combat."""
    game.state.triggers_used = [k for k in game.state.triggers_used if not k.startswith("combat:")]


def start_turn(game: Game) -> None:
    game.state.triggers_used = []


def resolve_task(player: int, entry: JsonDict) -> tuple[str, JsonDict]:
    """The task that resolves one queued trigger: a Power is first offered."""
    args = {
        "controller": player,
        "card": entry["card"],
        "path": f"trigger:{entry['index']}",
        "index": 0,
        "attack": False,
    }
    return ("timed_power", args) if entry.get("power") else ("effects", args)


@handler("timed_power")
def timed_power_task(game: Game, args: JsonDict) -> None:
    """ "[INSTANT] POWER: Use when <event>.": its event happened, so its player may use it
    now or not (2016 ICONS: an [INSTANT] effect "can be instantly played or used (whenever
    appropriate)")."""
    args = dict(args)
    player, iid = args["controller"], args["card"]
    choice = args.pop("choice", None)
    if choice is None:
        game.ask(
            player,
            "timed_power",
            f"{game.name(iid)}: use its Power now?",
            [Option("use", f"Use {game.name(iid)}'s Power"), Option("no", "Do not use it")],
            "timed_power",
            **args,
        )
        return
    if choice != "use":
        game.emit("power", f"{game.who(player)} does not use {game.name(iid)}'s Power.")
        return
    if game.card(iid).type in _ONCE_PER_TURN_POWERS:
        game.player(player).used_powers.append(iid)
    game.emit("power", f"{game.who(player)} uses {game.name(iid)}'s Power.", card=game.name(iid))
    game.then(("effects", args))
