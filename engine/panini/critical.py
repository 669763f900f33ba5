"""Rules about Critical Damage that cards change (2016 CRITICAL DAMAGE: five or more life
cards of damage from an unstopped attack; then one of three effects: capture a Dragon Ball,
discard an opponent's Ally, lower the opponent's anger 1 level).

- `critical_more`: the attacks of the player it applies to need `amount` more life cards
  for Critical Damage ("Your opponent's attacks need to deal +2 life cards to use a critical
  damage effect this combat."; docs/rulings.md 282).
- `critical_immune`: the cards of `card_types` of the player it applies to cannot be
  discarded (Allies) or captured (Dragon Balls) by a Critical Damage effect (ruling 283).
- `anger_lower_only_critical`: only a Critical Damage effect lowers the player's anger
  (engine.panini.mechanics.lower_anger; ruling 284).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.panini.game import Game


def more_needed(game: Game, attacker: int) -> int:
    """The life cards `attacker`'s attacks need above what they would (`critical_more`)."""
    return sum(m.amount for m in game.active_modifiers(attacker, "critical_more"))


def immune(game: Game, player: int, card_type: str) -> bool:
    """Whether `player`'s cards of `card_type` are out of reach of Critical Damage effects."""
    return any(
        card_type in m.card_types for m in game.active_modifiers(player, "critical_immune")
    )


def anger_locked(game: Game, player: int, critical: bool) -> bool:
    """ "Your anger can only be lowered by critical damage effects": any other lowering."""
    return not critical and game.has_modifier(player, "anger_lower_only_critical")
