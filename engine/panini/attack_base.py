"""An attack's own "This attack's base damage is 7 stages instead." (AttackBase): the
attack in progress has that printed damage in place of its card's (engine.panini.combat.
damage_parts); "+" effects and prevention still apply to it (2016 GLOSSARY "Modifiers":
they change the damage dealt, the base is what they change; docs/rulings.md 172)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.panini.cards import AttackBase

if TYPE_CHECKING:
    from engine.panini.game import Game


def apply(game: Game, effect: AttackBase, controller: int, _target: int, in_attack: bool) -> None:
    """Only in the attack's own sentences, for the attack their card performs."""
    attack = game.state.attack
    if not in_attack or attack is None or attack.attacker != controller:
        return
    if effect.at_times is not None:  # "2 times the AT" (docs/rulings.md 279)
        attack.base = ["at_times", effect.at_times]
        said = f"{effect.at_times} times the AT"
    else:
        attack.base = [effect.unit, effect.amount]
        said = f"{effect.amount} " + ("stage(s)" if effect.unit == "stages" else "life card(s)")
    game.emit("attack_base", f"{game.name(attack.source)}: base damage {said}.")
