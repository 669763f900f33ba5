"""What an attack's own sentences add to its damage: "This attack deals +3 life cards of
damage." (AttackDeals). The amount is a modifier of the attack in progress (2016 GLOSSARY
"Modifiers": a "+" effect), so an attack whose damage cannot be modified ignores it
(engine.panini.combat.damage_parts), and it lasts only for this use of the card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.panini.cards import AttackDeals

if TYPE_CHECKING:
    from engine.panini.game import Game


def apply_attack_deals(
    game: Game, effect: AttackDeals, controller: int, _target: int, in_attack: bool
) -> None:
    """Only in the attack's own sentences, for the attack their card performs: elsewhere
    "this attack" names nothing (the compiler reads it only there); "that attack" (`that`)
    is the one the controller is performing, read in a trigger on it."""
    attack = game.state.attack
    if not (in_attack or effect.that) or attack is None or attack.attacker != controller:
        return
    amount = effect.amount  # "for each ..." was counted as it resolved (engine.panini.effects)
    if effect.unit == "stages":
        attack.bonus_stages += amount
    else:
        attack.bonus_life += amount
    unit = "stage(s)" if effect.unit == "stages" else "life card(s)"
    game.emit("attack_deals", f"{game.name(attack.source)} deals +{amount} {unit} of damage.")


def bonus(game: Game, unit: str) -> int:
    """What the attack in progress's own effects added to its `unit` of damage."""
    attack = game.state.attack
    if attack is None:
        return 0
    return attack.bonus_stages if unit == "stages" else attack.bonus_life
