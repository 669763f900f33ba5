"""Rule changes read by engine.panini.cardtext.restrictions that forbid or force a step of the
game: effects that Rejuvenate cannot be used, combat cannot / must be declared
(docs/rulings.md 195-196). The modifiers are looked up like every other
(Game.active_modifiers): a card's constants and floating effects."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.panini import history

if TYPE_CHECKING:
    from engine.panini.game import Game


def rejuvenate_forbidden(game: Game, controller: int) -> bool:
    """ "Effects that Rejuvenate cards cannot be used this combat." (2016 GLOSSARY
    "Rejuvenate"): such an effect does nothing; the Rejuvenation Step is a rule, not an
    effect, and is not touched."""
    if not game.has_modifier(controller, "no_rejuvenate"):
        return False
    game.emit("effect", "Effects that Rejuvenate cards cannot be used: nothing is Rejuvenated.")
    return True


def destroy_forbidden(game: Game, controller: int) -> bool:
    """ "Card effects that destroy cards from a player's Life Deck cannot be used.": such an
    effect of `controller`'s does nothing (2016 GLOSSARY "Effects"); damage is no effect
    destroying cards and is not touched."""
    if not game.has_modifier(controller, "no_life_destroy"):
        return False
    game.emit("effect", "Effects that destroy cards from a Life Deck cannot be used: nothing "
              "is destroyed.")  # fmt: skip
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


def level_ways(game: Game, controller: int) -> set[str]:
    """The ways `controller`'s effects may not move an MP: "Your opponent cannot use
    effects that advance or lower an MP 1 or more levels." (2016 ANGER note: effects
    advance or lower an MP; reaching five anger is the rule, not an effect; ruling 201)."""
    ways: set[str] = set()
    if game.has_modifier(controller, "no_level_advance"):
        ways.add("advance")
    if game.has_modifier(controller, "no_level_lower"):
        ways.add("lower")
    if game.has_modifier(controller, "no_level_change"):
        ways |= {"advance", "lower"}
    return ways


def level_effect(game: Game, effect: Any, controller: int, target: int) -> Any | None:
    """`effect` as it may still be used, or None when it cannot be: an effect moving an MP
    only a forbidden way does nothing; "Advance or lower" with one way forbidden is the
    other way."""
    forbidden = level_ways(game, controller)
    do = getattr(effect, "do", None)
    if not forbidden or do not in ("advance_level", "lower_level", "change_level"):
        return effect
    if do != "change_level":
        way = "advance" if do == "advance_level" else "lower"
    elif effect.to_level is not None:
        way = "advance" if effect.to_level > game.player(target).level else "lower"
    else:
        way = effect.direction
    allowed = {"advance", "lower"} - forbidden if way == "either" else {way} - forbidden
    if not allowed:
        game.emit("effect", "Effects that change that MP's level cannot be used: nothing happens.")
        return None
    if way == "either" and len(allowed) == 1:
        return effect.model_copy(update={"direction": allowed.pop()})
    return effect


def setup_first(game: Game, player: int) -> bool:
    """ "Players cannot use a Setup as their first action in combat." (2016 THE COMBAT
    STEP: activating a Setup in play is an Action): no Setup is offered until `player` has
    made an Action this combat, a pass included (ruling 202)."""
    if not game.has_modifier(player, "no_setup_first"):
        return False
    return not history.entries(game, player, "action", "combat")


def protected(game: Game, player: int, iid: int, by: int) -> bool:
    """ "Your Setups in play cannot be destroyed or banished this combat.", "Your other
    Allies cannot be destroyed or banished by your opponent's card effects." (ruling 203):
    whether `player`'s card `iid` in play is out of reach of an effect of `by`'s that
    would destroy (discard) or banish it."""
    kind = game.card(iid).type
    sources = [(holder, game.card(holder).constant) for holder in game.cards_with_constants(player)]
    floating = [
        (-1, [game.floating_modifier(entry)])
        for entry in game.state.floating
        if entry["controller"] == player
    ]
    for holder, found in [*sources, *floating]:
        for modifier in found:
            if (
                modifier.mod == "protected"
                and modifier.who == "self"
                and kind in modifier.card_types
                and not (modifier.by_opponent and by == player)
                and not (modifier.other and holder == iid)
                and game.modifier_on(modifier, player)
            ):
                return True
    return False
