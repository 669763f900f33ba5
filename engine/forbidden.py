"""Rule changes read by engine.cardtext.restrictions that forbid or force a step of the
game: effects that Rejuvenate cannot be used, combat cannot / must be declared
(docs/rulings.md 195-196). The modifiers are looked up like every other
(Game.active_modifiers): a card's constants and floating effects."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.game import Game


def rejuvenate_forbidden(game: Game, controller: int) -> bool:
    """ "Effects that Rejuvenate cards cannot be used this combat." (2016 GLOSSARY
    "Rejuvenate"): such an effect does nothing; the Rejuvenation Step is a rule, not an
    effect, and is not touched."""
    if not game.has_modifier(controller, "no_rejuvenate"):
        return False
    game.emit("effect", "Effects that Rejuvenate cards cannot be used: nothing is Rejuvenated.")
    return True


def forced_combat_choice(game: Game, player: int) -> str | None:
    """2016 THE COMBAT STEP: the active player "may" declare combat. "You cannot declare
    combat this turn." takes the choice away ("skip"), "Your opponent must declare combat
    this turn." too ("declare"); with both, "cannot" wins (docs/rulings.md 196)."""
    if game.has_modifier(player, "no_declare"):
        game.emit("combat", f"{game.who(player)} cannot declare combat this turn.")
        return "skip"
    if game.has_modifier(player, "must_declare"):
        game.emit("combat", f"{game.who(player)} must declare combat this turn.")
        return "declare"
    return None
