"""Abilities effects give to attacks: "Your attacks gain 'HIT: Raise your anger 1 level.'"
(a constant), "Your next attack this combat gains 'HIT: Use a critical damage effect.'" (a
floating effect for the next attack). The ability is the granting card's (`Card.grants`);
a `grant` modifier says which attacks have it (engine.panini.modifiers.about). Its effects are
the attack's own (2016 GLOSSARY "Effects": immediate effects as the attack is performed,
HIT effects after its damage; ATTACK TIMING SUMMARY steps 2 and 5), resolved for the
attacker after the attack card's printed ones (docs/rulings.md 113).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.panini import modifiers
from engine.panini.effects import resolve

if TYPE_CHECKING:
    from engine.panini.game import Game


def granted(game: Game, player: int, source: int) -> list[tuple[int, int]]:
    """(granting card, index in its `grants`) for each ability the attack `player`
    performs with `source` has: constants of the cards `player` controls in play, and
    `player`'s floating effects (a "next attack" one only once bound to this attack)."""
    card = game.card(source)
    found: list[tuple[int, int]] = []
    for iid in game.cards_with_constants(player):
        for modifier in game.card(iid).constant:
            if (
                modifier.mod == "grant"
                and modifier.who == "self"
                and modifier.grant is not None
                and game.holds(modifier.requires, player)
                and modifiers.about(game, modifier, player, card)
            ):
                found.append((iid, modifier.grant))
    for entry in game.state.floating:
        if entry["controller"] != player:
            continue
        if entry.get("lasts") == "next_attack" and not entry.get("bound"):
            continue  # it waits for the attack it is about
        modifier = game.floating_modifier(entry)
        if (
            modifier.mod == "grant"
            and modifier.who == "self"
            and modifier.grant is not None
            and modifiers.about(game, modifier, player, card)
        ):
            found.append((entry["card"], modifier.grant))
    return found


def resolve_granted(game: Game, player: int, source: int, *, hit: bool) -> None:
    """Schedule the granted immediate (or HIT) effects of the attack in progress. Called
    before the attack card's own are scheduled, so that they resolve after them."""
    for iid, index in reversed(granted(game, player, source)):
        if iid >= 0 and game.card(iid).grants[index].hit == hit:
            resolve(game, player, iid, f"grant:{index}", attack=True)
