"""A Drill's attack performed from the hand: "(As an action, you may banish this card from
your hand to perform a non-Styled physical attack dealing AT stages of damage.)"
(engine.panini.cards.PerformAttack; docs/rulings.md 297).

The card's Action from the hand (engine.panini.itself) pays its cost, moving the card, then
performs the card's `attack` as that Action, the MP performing it, as a Power's attack is
(2016 ATTACK TIMING SUMMARY): the card is not played, so nothing discards it after use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.panini.game import MAIN_PERSONALITY

if TYPE_CHECKING:
    from engine.panini.game import Game


def can_perform(game: Game, player: int, iid: int) -> bool:
    """The attack could be performed now (its conditions, costs and restrictions)."""
    from engine.panini import combat, modifiers  # they build on the effects that call this

    card = game.card(iid)
    attack = card.attack
    if attack is None or modifiers.attack_forbidden(game, player, card):
        return False
    return combat.can_attack(game, player, attack, MAIN_PERSONALITY, card)


def perform(game: Game, player: int, iid: int) -> None:
    """The card's attack, performed by `player`'s MP."""
    from engine.panini import combat  # it builds on the effects that call this

    attack = game.card(iid).attack
    if attack is None or not can_perform(game, player, iid):
        game.emit("attack", f"{game.name(iid)}: its attack cannot be performed now.")
        return
    combat.begin_attack(game, player, iid, "power", MAIN_PERSONALITY, attack)
