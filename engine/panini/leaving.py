"""Cards in play that remove themselves when a state holds: "Banish this card when you
control a Styled Drill.", "Destroy this card when your MP's power level is 0." (a
`state_holds` Trigger, engine.panini.cardtext.leaving).

2016 GLOSSARY "Effects": contextual effects resolve right after what caused them; a state
has no sentence that causes it, so the game looks after each step, where every other
contextual effect is flushed (engine.panini.mechanics.flush_triggers): there a holding state
queues its trigger with the others (docs/rulings.md 255). A trigger fires as its state
starts to hold (or holds as the card enters play) and again only after the state has
stopped holding: a card that could not leave is not moved over and over.

"Whenever an Ally's power level is 0, it is banished." (the `zero_allies_banished` constant)
is checked at the same place: each Ally at power level 0 is banished (docs/rulings.md 264).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.panini.cards import CardType

if TYPE_CHECKING:
    from engine.panini.game import Game

_KEY = "state:"  # in GameState.triggers_used: a state trigger that fired and still holds


def check(game: Game) -> None:
    """Queue the `state_holds` triggers of cards in play whose state has begun to hold;
    banish Allies at power level 0 while a card says so."""
    _zero_allies(game)
    state = game.state
    first = state.combat_declarer if state.combat_declarer is not None else state.active
    holding: set[str] = set()
    for controller in (first, 1 - first):
        for iid in game.cards_with_constants(controller):
            for index, trigger in enumerate(game.card(iid).triggers):
                if trigger.on != "state_holds" or not game.holds(trigger.requires, controller):
                    continue
                key = f"{_KEY}{iid}:{index}"
                holding.add(key)
                if key in state.triggers_used:
                    continue
                state.triggers_used.append(key)
                state.trigger_queue.append({"player": controller, "card": iid, "index": index})
    # a state that stopped holding, or a card that left play, may fire again later
    state.triggers_used = [k for k in state.triggers_used if not k.startswith(_KEY) or k in holding]


def _zero_allies(game: Game) -> None:
    from engine.panini import effects, mechanics  # they build on the game loop that calls this

    for player in (0, 1):
        if not game.has_modifier(player, "zero_allies_banished"):
            continue
        for ally in list(game.player(player).allies):
            if game.power_level(player, ally.iid) != 0:
                continue
            effects.remove_from_play(game, player, ally.iid)
            game.emit("banish", f"{game.name(ally.iid)} is at power level 0 and is banished.")
            mechanics.banish(game, ally.iid)
            mechanics.queue_trigger(game, player, "banished_from_play", card_type=CardType.ALLY)
