"""Which triggers an event sets off, and the window that offers an "[INSTANT] POWER: Use
when <event>." to its player.

Contextual effects ("whenever", "when", "after", "at") resolve right after the sentence or
step that caused them; with several at once each player orders theirs and the player who
initiated combat resolves all theirs first (2016 GLOSSARY "Effects";
engine.panini.mechanics.flush_triggers). A trigger is read from its card's controller's view:
`who` says whose event sets it off.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine.core.decisions import Option
from engine.panini import armed, manual, modifiers
from engine.panini.cards import THAT_EVENTS, CardType, Trigger
from engine.panini.game import handler
from engine.panini.state import JsonDict

if TYPE_CHECKING:
    from engine.panini.game import Game

# 2016 "Use a Power" and GLOSSARY "Power": the Powers of Main Personality levels, Allies and
# Masteries may be used only once per turn; a Drill's too, as it stays in play like a
# Mastery (docs/rulings.md 73, as a Drill's Action Power).
_ONCE_PER_TURN_POWERS = frozenset(
    {CardType.MAIN_PERSONALITY, CardType.MASTERY, CardType.ALLY, CardType.DRILL}
)


def _fires(
    game: Game,
    trigger: Trigger,
    controller: int,
    player: int,
    attack_type: str | None,
    card_type: CardType | None,
    card: int | None = None,
    by: int | None = None,
) -> bool:
    if trigger.by != "any" and (by is None or (by == controller) != (trigger.by == "self")):
        return False  # "Whenever you banish cards from ...": whose effect it was
    whose = "self" if controller == player else "opponent"
    if trigger.who not in ("any", whose):
        return False
    if attack_type and trigger.attack_type not in ("any", attack_type):
        return False
    if trigger.card_types and card_type not in trigger.card_types:
        return False
    if (trigger.title_has or trigger.alignment) and not _played_fits(game, trigger, card):
        return False
    if trigger.freestyle and (card is None or _styled_card(game, card, controller)):
        return False  # "Whenever your opponent plays a non-Styled card" (2016 "Freestyle")
    if trigger.styled and not (
        _styled_card(game, card, controller)
        if trigger.on in _CARD_EVENTS
        else _styled_attack(game, controller)
    ):
        return False
    if (trigger.ball_set or trigger.owner) and not _ball_fits(game, trigger, controller, card):
        return False
    # "Use when <event> and <condition>": the state as the event happens (ruling 261)
    if trigger.requires is not None and not game.holds(trigger.requires, controller):
        return False
    if trigger.from_hand is not None and _from_hand(game) != trigger.from_hand:
        return False
    if trigger.no_combat and game.state.declared_combat:
        return False
    # "At the start of your opponent's first turn": turns 1 and 2 are each player's first
    if trigger.first_turn and game.state.turn > 2:
        return False
    return not (trigger.during_combat and game.state.step != "combat")


def _played_fits(game: Game, trigger: Trigger, card: int | None) -> bool:
    """ "Whenever you play a card with 'Sword' in the title / a 'Heroes only' card": the
    card played (2016 GLOSSARY "Naming a card": the words in its title; CARD TYPES:
    alignment-tied cards), considered titles included for its player's own trigger."""
    if card is None:
        return False
    played = game.card(card)
    if trigger.alignment and played.alignment != trigger.alignment:
        return False
    words = trigger.title_has
    return words is None or any(
        re.search(rf"(?<!\w){re.escape(words)}(?!\w)", title, re.IGNORECASE)
        for title in played.titles_for(True)
    )


def played(game: Game, player: int, card: int) -> None:
    """`player` played `card` from the hand (an attack, an Event or a defense): the
    "Whenever you play a card with ... in the title" triggers (Setups, Drills, Allies and
    Dragon Balls are queued as they enter play, engine.panini.effects), resolved right after."""
    queue(game, player, "card_played", card_type=game.card(card).type, card=card)
    game.then(("flush_triggers", {}))


def _ball_fits(game: Game, trigger: Trigger, controller: int, card: int | None) -> bool:
    """ "Whenever an Earth Dragon Ball you own enters play": the card's set and owner (2016
    GLOSSARY "Dragon Balls"; docs/rulings.md 260)."""
    if card is None:
        return False
    if trigger.owner and (game.owner(card) == controller) != (trigger.owner == "self"):
        return False
    info = game.card(card).dragon_ball
    return trigger.ball_set is None or (info is not None and info.set == trigger.ball_set)


# events about a card that moved: "Styled" is that card (docs/rulings.md 256)
_CARD_EVENTS = frozenset({"left_play"})


def _styled_card(game: Game, card: int | None, controller: int) -> bool:
    """ "one of your other Styled Drills leaves play": the card is not Freestyle (2016 CARD
    TYPES "Freestyle"), or is considered Styled for its controller's effects."""
    return card is not None and game.card(card).styled_for(game.owner(card) == controller)
def _from_hand(game: Game) -> bool:
    """The attack in progress is a card played from its player's hand (a card staying in
    play to be used again included), not a Power's, a Setup's ... (docs/rulings.md 248)."""
    attack = game.state.attack
    return attack is not None and attack.origin == "hand"


def _styled_attack(game: Game, controller: int) -> bool:
    """The attack in progress is Styled (modifiers.is_styled: not a Freestyle card, or
    made Styled by an effect), for a trigger `controller` controls."""
    attack = game.state.attack
    return attack is not None and modifiers.is_styled(
        game, attack.attacker, game.card(attack.source), yours=controller == attack.attacker
    )


def queue(
    game: Game,
    player: int,
    event: str,
    attack_type: str | None = None,
    card_type: CardType | None = None,
    card: int | None = None,
    by: int | None = None,
) -> None:
    """`event` happened to `player`: queue every active trigger it sets off, on either
    side, for its card's controller (flushed by the `flush_triggers` task)."""
    for controller in (player, 1 - player):
        for iid, origin in _sources(game, controller, event):
            for index, trigger in enumerate(game.card(iid).triggers):
                if origin != "in_play" and not trigger.power:
                    continue
                if not _on(trigger, event) or not _fires(
                    game, trigger, controller, player, attack_type, card_type, card, by
                ):
                    continue
                if not _available(game, controller, iid, index, trigger):
                    continue
                if iid == card and (trigger.title_has or trigger.alignment or trigger.freestyle):
                    continue  # played before its text was in play (docs/rulings.md 186)
                if any(
                    q["card"] == iid and q["index"] == index and "path" not in q
                    for q in game.state.trigger_queue
                ):
                    continue  # one sentence moving several cards sets it off once
                if trigger.once_per:
                    game.state.triggers_used.append(_key(trigger.once_per, iid, index))
                entry: JsonDict = {"player": controller, "card": iid, "index": index}
                if event in THAT_EVENTS and card is not None:
                    entry["that"] = _that(game, card)
                if trigger.power:
                    entry["power"] = True
                    entry["origin"] = origin
                game.state.trigger_queue.append(entry)
    armed.queue(
        game,
        lambda trigger, controller: _on(trigger, event)
        and _fires(game, trigger, controller, player, attack_type, card_type, card, by),
    )


def _on(trigger: Trigger, event: str) -> bool:
    """ "One of your Drills is destroyed or banished": either event sets it off."""
    return trigger.on == event or event in trigger.or_on


def _sources(game: Game, player: int, event: str) -> list[tuple[int, str]]:
    """Cards whose triggers may fire: those with active constants, then Setups in play and
    Events, whose timed Powers are used as any Setup or Event is (2016 "Use a Power": an
    Event is played from the hand and discarded after use; a Setup in play is activated
    and discarded after use). Events count wherever they are: whether the player is asked
    must not tell the opponent what the hand holds (docs/rulings.md 81). Only cards with
    a trigger on `event` are listed: the others have nothing it sets off (most have none)."""
    holders = game.triggered_by(event)
    if not holders:
        return []
    state = game.player(player)
    in_play = [iid for iid in game.cards_with_constants(player) if iid in holders]
    setups = [iid for iid in state.setups if iid in holders]
    # "Setups cannot be used" (docs/rulings.md 120): their timed Powers are not offered
    if setups and modifiers.setups_forbidden(game, player):
        setups = []
    return [
        *((iid, "in_play") for iid in in_play),
        *((iid, "setup") for iid in setups),
        *((iid, "hand") for iid in game.owned_events(player) if iid in holders),
    ]


def copy_in_hand(game: Game, player: int, iid: int) -> int | None:
    """A card of `iid`'s title in `player`'s hand, if any."""
    title = game.card(iid).title
    return next((c for c in game.player(player).hand if game.card(c).title == title), None)


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
    armed.end_combat(game)


def start_turn(game: Game) -> None:
    game.state.triggers_used = []
    armed.start_turn(game)


def _that(game: Game, card: int) -> JsonDict:
    """The card of the event, where it is now, seen by both (banished: a public zone)."""
    owner = game.owner(card)
    return {"card": card, "player": owner, "zone": "banished", "title": game.card(card).title,
            "seen": [0, 1]}  # fmt: skip


def resolve_task(player: int, entry: JsonDict) -> tuple[str, JsonDict]:
    """The task that resolves one queued trigger: a Power is first offered."""
    args = {
        "controller": player,
        "card": entry["card"],
        # a card's own move (engine.panini.self_moves) names its path
        "path": entry.get("path", f"trigger:{entry['index']}"),
        "index": 0,
        "attack": False,
    }
    if "that" in entry:
        args["that"] = entry["that"]
    if entry.get("power"):
        return ("timed_power", {**args, "origin": entry["origin"]})
    return ("effects", args)


@handler("timed_power")
def timed_power_task(game: Game, args: JsonDict) -> None:
    """ "[INSTANT] POWER: Use when <event>.": its event happened, so its player may use it
    now or not (2016 ICONS: an [INSTANT] effect "can be instantly played or used (whenever
    appropriate)")."""
    args = dict(args)
    player, iid, origin = args["controller"], args["card"], args.pop("origin")
    choice = args.pop("choice", None)
    state = game.player(player)
    zone = {"setup": state.setups, "hand": state.hand}.get(origin)
    if origin == "setup" and iid not in state.setups:
        return  # it left play before its turn came
    held = copy_in_hand(game, player, iid) if origin == "hand" else iid
    if choice is None:
        # an Event is asked about even when none is in hand (docs/rulings.md 81)
        options = [Option("no", "Do not use it")]
        if held is not None:
            # "hand:<card>": an option naming a card of the hand is shown to its player
            # alone (engine.panini.view.private_option_ids), never on the public board
            use = f"hand:{held}" if origin == "hand" else "use"
            options.insert(0, Option(use, f"Use {game.name(iid)}'s Power"))
        game.ask(
            player,
            "timed_power",
            f"{game.name(iid)}: use its Power now?",
            options,
            "timed_power",
            **args,
            origin=origin,
        )
        return
    if choice == "no" or held is None:
        power = f"{game.name(iid)}'s Power"
        if origin == "hand":  # a card of the hand is named to its player alone
            game.emit("action_private", f"You do not use {power}.", private_to=player)
        else:
            game.emit("action", f"{game.who(player)} does not use {power}.")
        return
    iid = held
    args["card"] = held
    if game.card(iid).type in _ONCE_PER_TURN_POWERS:
        state.used_powers.append(iid)
    game.emit("action", f"{game.who(player)} uses {game.name(iid)}'s Power.", card=game.name(iid))
    if zone is None:
        game.then(("effects", args))
        return
    # played from the hand or activated: it is resolving, then put away after use
    zone.remove(iid)
    state.resolving.append(iid)
    game.then(("finish_card", {"player": player, "card": iid, "origin": origin}))
    manual.schedule(game, player, iid)
    game.then(("effects", args))
