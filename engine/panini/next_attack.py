"""What a player's next attack costs: "Your next attack this combat has its power stage cost
reduced to 0.", "You do not have to pay power stage costs for your next Styled energy attack
this combat.", "Your opponent's next attack this combat costs +1 stage to perform."
(engine.panini.cardtext.next_attack; docs/rulings.md 155).

A next-attack floating effect is bound to the attack as it is performed (engine.panini.modifiers.
bind_next_attack), after its cost is paid (2016 ATTACK TIMING SUMMARY: the cost is paid as
the attack is played). A cost change must apply before that: while still unbound, it counts
for every attack it is about, both in the attacks offered and in the cost paid, and is
then used up by the attack that paid it (bound with the others).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.panini import modifiers, quantities
from engine.panini.cards import Card, Modifier, UntilEndOfTurn

if TYPE_CHECKING:
    from engine.panini.game import Game


def pending(game: Game, player: int, card: Card, mod: str) -> list[Modifier]:
    """The unbound next-attack modifiers of kind `mod` about `player`'s attack with `card`."""
    found: list[Modifier] = []
    for entry in game.state.floating:
        if entry.get("lasts") != "next_attack" or entry.get("bound"):
            continue
        modifier = game.floating_modifier(entry)
        if modifier.mod != mod:
            continue
        controller: int = entry["controller"]
        subjects = {"self": {controller}, "opponent": {1 - controller}, "both": {0, 1}}
        if (
            player in subjects[modifier.who]
            and game.holds(modifier.requires, controller)
            and modifiers.about(game, modifier, player, card)
        ):
            found.append(modifier)
    return found


def cost_modifiers(game: Game, player: int, card: Card) -> list[Modifier]:
    """The `attack_cost` modifiers on the attack: active ones and unbound next-attack ones."""
    active = [
        modifier
        for modifier in game.active_modifiers(player, "attack_cost")
        if modifiers.about(game, modifier, player, card)
    ]
    return active + pending(game, player, card, "attack_cost")


def free(game: Game, player: int, card: Card) -> bool:
    """ "... has its power stage cost reduced to 0": the attack costs no power stages, any
    increase included (docs/rulings.md 155)."""
    return bool(pending(game, player, card, "no_attack_cost")) or any(
        modifiers.about(game, modifier, player, card)
        for modifier in game.active_modifiers(player, "no_attack_cost")
    )


def times_x(game: Game, effect: UntilEndOfTurn, controller: int, iid: int) -> UntilEndOfTurn:
    """ "Your next attack this combat deals +X stages of damage.": the modifier's stages and
    life cards (1 each, as compiled) times the card's X, counted as the sentence resolves
    (docs/rulings.md 44, 159)."""
    amount = quantities.x_of(game, controller, game.card(iid), iid)
    game.emit("x", f"{game.name(iid)}: X is {amount}.")
    scaled = {
        "stages": effect.modifier.stages * amount,
        "life": effect.modifier.life * amount,
    }
    modifier = effect.modifier.model_copy(update=scaled)
    return effect.model_copy(update={"modifier": modifier, "x": False})
