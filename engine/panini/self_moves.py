"""What a card does when it itself moves: "(If this card is discarded from your hand by a
card effect, raise your anger 2 levels.)", "(If this card is Rejuvenated, ...)", "When this
Drill enters play, ..." (engine.panini.cards.WhenMoved).

The functions that move cards between zones (engine.panini.mechanics, engine.panini.moves,
engine.panini.effects) report each move here with its cause: `by` is the player controlling the
effect that moved the card, or None for a move the rules make (the Discard Step, damage,
the Rejuvenation Step, Drills discarded on a level change), which is no card effect. The
card's matching abilities are queued with the "whenever" triggers and resolve right after
what moved it (2016 GLOSSARY "Effects": contextual effects resolve right after the
sentence that caused them), controlled by the card's owner (or, in play, controller).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.panini import history, replaced
from engine.panini.cards import SelfMoveCause, SelfMoveEvent

if TYPE_CHECKING:
    from engine.panini.game import Game

PATH = "moved:"  # engine.panini.effects.effects_of: the effects of card.when_moved[N]
# a card's own move that is also an event for every card's triggers (engine.panini.triggers)
_GENERAL = {"discarded_from_hand": "card_discarded", "leaves_play": "left_play",
            "banished_from_discard": "discard_banished",
            "revealed_from_hand": "card_revealed",
            "destroyed_from_life_deck": "life_deck_destroyed",
            # "one of your effects banishes a card from your Life Deck"
            "banished_from_life_deck": "life_deck_banished"}  # fmt: skip


def moved(
    game: Game,
    iid: int,
    event: SelfMoveEvent,
    by: int | None,
    player: int | None = None,
    top: bool = False,
) -> None:
    """Card `iid` just moved (`event`), because of an effect `by` controls (None: the
    rules). `player`: whose card it is for "your" (default its owner); `top`: it was the
    top card of the pile it left."""
    history.card_moved(game, iid, event, by)  # "If you have discarded a card ... this combat"
    card = game.card(iid)
    before = len(game.state.trigger_queue)
    mine = game.owner(iid) if player is None else player
    general = _GENERAL.get(event)
    if general:  # "Whenever a card is discarded from a hand", "Whenever a Drill leaves play"
        queue_general(game, mine, general, iid, by)
    queued = len(game.state.trigger_queue) > before
    if event == "discarded_from_hand" and replaced.discard_banished(game, iid):
        # banished at once: its own "if this card is discarded" finds it gone (ruling 301)
        if queued:
            game.then(("flush_triggers", {}))
        return
    # destroying from the Life Deck is one way of discarding from it (damage the other)
    events = {event, "discarded_from_life_deck"} if event == "destroyed_from_life_deck" else {event}
    if event in _BANISHED:  # "If this card is banished by one of your effects": from anywhere
        events.add("banished")
    if event in _LEFT_LIFE_DECK:  # "discarded, destroyed, and/or banished from your Life Deck"
        events.add("left_life_deck")
    for index, ability in enumerate(card.when_moved):
        if ability.event not in events or not _caused(ability.by, by, mine):
            continue
        if ability.from_top and not top:
            continue
        if ability.during_combat and game.state.step != "combat":
            continue
        if ability.during_planning and game.state.step != "planning":
            continue
        queue = game.state.trigger_queue
        queue.append({"player": mine, "card": iid, "index": index, "path": f"{PATH}{index}"})
        queued = True
    if queued:
        game.then(("flush_triggers", {}))


def queue_general(game: Game, player: int, event: str, iid: int, by: int | None) -> None:
    """Queue the "whenever" triggers of every card that `event` (a move of card `iid`,
    `player`'s) sets off; the caller flushes them."""
    from engine.panini import triggers  # it builds on the game, which builds on this module

    triggers.queue(game, player, event, card_type=game.card(iid).type, card=iid, by=by)


# banished by an effect, from any zone (for Endurance is the rules: never "by an effect")
_BANISHED = {"banished_from_discard", "banished_from_life_deck", "banished_from_hand",
             "banished_from_play"}  # fmt: skip


# every way a card leaves the Life Deck for the discard pile or the Banished Zone
_LEFT_LIFE_DECK = {"discarded_from_life_deck", "destroyed_from_life_deck",
                   "banished_from_life_deck", "banished_for_endurance",
                   "banished_as_damage"}  # fmt: skip


def _caused(wanted: SelfMoveCause, by: int | None, mine: int) -> bool:
    """ "by a card effect": any effect, not a rules discard nor damage; "by one of your
    effects": an effect the card's owner controls (docs/rulings.md 74)."""
    if wanted == "any":
        return True
    if by is None:
        return False
    return wanted == "effect" or (wanted == "your_effect") == (by == mine)
