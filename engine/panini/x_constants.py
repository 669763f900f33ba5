"""Constant damage modifiers counted in X: "CONSTANT: Your energy attacks deal +X life cards
of damage. X = your MP's level." (a `damage` Modifier with `x`: its amounts are per X).

X is the card's own "X = ..." (engine.panini.quantities), counted for its controller when the
attack's damage is worked out, as the printed damage's X is (docs/rulings.md 44, 148). A
constant is active while its card is in play (2016 ICONS: "constantly active while the card
is in play"), so the cards read are those of Game.cards_with_constants; whose attacks and
which are engine.panini.modifiers.about, the condition Game.holds, as for other modifiers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.panini import modifiers, quantities

if TYPE_CHECKING:
    from engine.panini.game import Game


def bonus(game: Game, unit: str) -> int:
    """The "+X" of constant `damage` modifiers on the attack in progress, in `unit`."""
    attack = game.state.attack
    if attack is None:
        return 0
    card = game.card(attack.source)
    total = 0
    for controller, wanted in ((attack.attacker, "self"), (1 - attack.attacker, "opponent")):
        for iid in game.cards_with_constants(controller):
            holder = game.card(iid)
            for modifier in holder.constant:
                if not (modifier.x and modifier.mod == "damage"):
                    continue
                if modifier.who not in (wanted, "both"):
                    continue
                if not game.holds(modifier.requires, controller):
                    continue
                if not modifiers.about(game, modifier, attack.attacker, card):
                    continue
                per = modifier.stages if unit == "stages" else modifier.life
                if per:
                    total += per * _x(game, controller, iid)
    return total


def _x(game: Game, controller: int, iid: int) -> int:
    """The card's X now, or as the attack was performed for "X = ... when you perform that
    attack" (docs/rulings.md 247; a card come into play since is counted now)."""
    attack = game.state.attack
    holder = game.card(iid)
    performed = attack.x_performed if attack is not None else {}
    if holder.x is not None and holder.x.when_performed and str(iid) in performed:
        return performed[str(iid)]
    return quantities.x_of(game, controller, holder, iid)


def snapshot(game: Game) -> None:
    """As an attack is performed (its costs paid): the X of every card in play whose "+X"
    constant counts it "when you perform that attack"."""
    attack = game.state.attack
    if attack is None:
        return
    for controller in (attack.attacker, 1 - attack.attacker):
        for iid in game.cards_with_constants(controller):
            holder = game.card(iid)
            if holder.x is not None and holder.x.when_performed:
                attack.x_performed[str(iid)] = quantities.x_of(game, controller, holder, iid)
