"""What the attack in progress did, for its HIT effects' conditions (AttackResult): "If
this attack dealt 5 or more stages of damage", "If your opponent prevented damage from
this attack", "If one of your opponent's card effects modified the damage of this attack"
(docs/rulings.md 274). The damage is dealt at step 4 of the 2016 ATTACK TIMING SUMMARY and
the HIT effects use it at step 5, so these are read then, from the attack's state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.panini import after_use, modifiers
from engine.panini.cards import AttackResult

if TYPE_CHECKING:
    from engine.panini.game import Game


def holds(game: Game, controller: int, test: AttackResult) -> bool:
    attack = game.state.attack
    if attack is None or attack.attacker != controller or attack.stopped:
        return False  # a stopped attack dealt nothing (2016 HOW ATTACK AND DEFENSE CARDS WORK)
    checks = (
        test.dealt_at_least is None or dealt(game, test.unit) >= test.dealt_at_least,
        test.prevented is None or prevented(game) == test.prevented,
        test.modified is None or modified(game) == test.modified,
    )
    return all(checks)


def dealt(game: Game, unit: str) -> int:
    """Stages of damage the attack dealt (its stage parts, after modifiers and prevention:
    2016 DAMAGE SUMMARY), or the life cards its defender discarded from it."""
    from engine.panini.combat import damage_parts  # combat builds on the game this module serves

    attack = game.state.attack
    assert attack is not None
    if unit == "life":
        return attack.life_cards
    return sum(amount for part, amount in damage_parts(game) if part == "stages")


def prevented(game: Game) -> bool:
    """Some of the attack's damage was prevented: by Endurance (2016 GLOSSARY "Endurance"),
    or by prevention that took some part below what it would deal without it."""
    from engine.panini.combat import damage_parts

    attack = game.state.attack
    assert attack is not None
    if attack.endurance_prevented:
        return True
    if after_use.unpreventable(game):
        return False
    dealt_now = damage_parts(game)
    attack.unpreventable, kept = True, attack.unpreventable  # the same damage, unprevented
    try:
        whole = damage_parts(game)
    finally:
        attack.unpreventable = kept
    return any(now < full for (_, now), (_, full) in zip(dealt_now, whole, strict=True))


def modified(game: Game) -> bool:
    """A "+" or "-" modifier of the defender's applied to the attack's damage (2016 GLOSSARY
    "Modifiers"; prevention is not one): the defender's "attacks against you do -N" in the
    unit of the attack's type, or their effect on the attacker's attacks ("Your opponent's
    attacks do -2 stages") that is about this attack and changes a unit it deals."""
    from engine.panini.combat import damage_parts

    attack = game.state.attack
    assert attack is not None
    if after_use.unmodifiable(game):
        return False
    units = {unit for unit, _ in damage_parts(game)}
    typed = "stages" if attack.type == "physical" else "life"
    against = "prevent_physical" if attack.type == "physical" else "prevent_energy"
    if typed in units and game.modifier_total(1 - attack.attacker, against):
        return True
    card = game.card(attack.source)
    return any(
        modifier.who == "opponent"  # from the defender's side (Game.active_modifiers)
        and modifiers.about(game, modifier, attack.attacker, card)
        and (("stages" in units and modifier.stages) or ("life" in units and modifier.life))
        for modifier in game.active_modifiers(attack.attacker, "damage")
    )
