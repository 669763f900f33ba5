"""Power levels considered other than they are (engine.panini.cardtext.considered reads them):

- `power_level_is`: "Your power level is considered to be 1,000,000 this combat." The MP's
  power level is that number wherever it is read (the Attack Table, conditions); its stage,
  and so damage and Most Powerful Personality Victory, are untouched (2016 GLOSSARY "Power
  Level": the number rating of the current Power Stage; docs/rulings.md 176).
- `higher_power_level`: "Your MP is considered to have a higher power level than the
  defending personality for your card effects." Only the conditions of its controller's
  card effects comparing their attacking MP with the defending personality read it; the
  Attack Table does not (docs/rulings.md 175)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.panini.cards import Comparison, Quantity

if TYPE_CHECKING:
    from engine.panini.game import Game

_MP = -1  # panini.game.MAIN_PERSONALITY (not imported: panini.game imports this module)


def power_level(game: Game, player: int) -> int | None:
    """The power level `player`'s MP is considered to have, or None. With several, the
    last one to apply wins (the newest effect, as a judge applies later effects last)."""
    found = [modifier.amount for modifier in game.active_modifiers(player, "power_level_is")]
    return found[-1] if found else None


def compares(game: Game, controller: int, comparison: Comparison) -> bool | None:
    """The result of a comparison of `controller`'s MP with the defending personality
    when `controller`'s effects consider it higher; None when they do not apply."""
    attack = game.state.attack
    right = comparison.right
    if (
        right is None
        or attack is None
        or attack.attacker != controller
        or attack.actor != _MP
        or not game.has_modifier(controller, "higher_power_level")
    ):
        return None
    if _mine(comparison.left) and _defending(right):
        return comparison.op in ("gt", "ge", "ne")
    if _defending(comparison.left) and _mine(right):
        return comparison.op in ("lt", "le", "ne")
    return None


def _mine(quantity: Quantity) -> bool:
    """The attacking MP (attack.actor is the MP when this is asked)."""
    if quantity.of != "power_level":
        return False
    return quantity.actor == "attacking" or (quantity.actor == "mp" and quantity.who == "self")


def _defending(quantity: Quantity) -> bool:
    return quantity.of == "power_level" and quantity.actor == "defending"
