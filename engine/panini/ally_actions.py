"""Allies that may make Actions whatever the MP's power stage (engine.panini.cardtext.allies).

2016 ALLIES DURING COMBAT / GLOSSARY "Ally": an Ally performs Actions or uses a Power only
while its MP is no more than one stage above zero. An `allies_any_stage` modifier lifts
that for `who`'s Allies ("Your Allies may make actions regardless of your MP's power
stage"), those with `performer_has` in the title ("Your "Ginyu Force" Allies ..."), or
the one Ally `ally` ("that Ally", bound as the effect resolves). An effect saying Allies
cannot make Actions still wins (docs/rulings.md 144, 287)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeGuard

from engine.panini.cards import Card, CardType, UntilEndOfTurn

if TYPE_CHECKING:
    from engine.panini.game import Game
    from engine.panini.state import JsonDict


def may_act(game: Game, player: int, ally: int) -> bool:
    """May `player`'s Ally `ally` make an Action (attack, use its Power) now?"""
    if game.has_modifier(player, "no_ally_actions") or game.has_modifier(player, "allies_idle"):
        return False
    if game.player(player).stage <= 1:
        return True
    title = game.card(ally).title.lower()
    return any(
        (modifier.ally is None or modifier.ally == ally)
        and not modifier.that  # an unbound "that Ally": no Ally (nothing was chosen)
        and (modifier.performer_has is None or modifier.performer_has.lower() in title)
        for modifier in game.active_modifiers(player, "allies_any_stage")
    )


def about_that(effect: Any) -> TypeGuard[UntilEndOfTurn]:
    """Is `effect` a floating "that Ally may make actions ...", "attacks performed by that
    Ally deal ..." (it needs "that Ally")?"""
    return isinstance(effect, UntilEndOfTurn) and effect.modifier.that


def that_ally(game: Game, record: JsonDict | None, controller: int, iid: int) -> int | None:
    """ "That Ally": the controller's Ally in play an earlier sentence chose, or else the one
    the last move of this card put into play (its record of what it moved: a search that
    found nothing leaves none, and then no Ally is meant)."""
    allies = [ally.iid for ally in game.player(controller).allies]
    # a card chosen where it lies, or a personality chosen ("Choose one of your Allies")
    chosen = (record.get("card", record.get("personality"))) if record is not None else None
    if chosen in allies:
        return int(chosen)
    moved = [card for card in game.state.results.get(str(iid), []) if card in allies]
    return moved[0] if len(moved) == 1 else None


def bind(
    game: Game, effect: UntilEndOfTurn, record: JsonDict | None, controller: int, iid: int
) -> UntilEndOfTurn | None:
    """ "That Ally may make actions ... this combat": the modifier names the Ally itself;
    None (nothing happens) when there is no such Ally."""
    ally = that_ally(game, record, controller, iid)
    if ally is None:
        game.emit("effect", f"{game.name(iid)}: there is no such Ally: nothing happens.")
        return None
    modifier = effect.modifier.model_copy(update={"that": False, "ally": ally})
    return effect.model_copy(update={"modifier": modifier})


def undiscardable(game: Game, player: int, iid: int) -> bool:
    """ "Your Allies cannot be discarded": may `player`'s card `iid` in play not be put into
    the discard pile (by an effect that discards or destroys it, or a Critical Damage
    effect, 2016 CRITICAL DAMAGE "Discard an opponent's Ally in play")? Banishing is not
    discarding (docs/rulings.md 290); "... by critical damage effects" is panini.critical's."""
    card = game.card(iid)
    if card.type != CardType.ALLY:
        return False
    return any(
        modifier.performer_has is None or modifier.performer_has.lower() in card.title.lower()
        for modifier in game.active_modifiers(player, "undiscardable")
    )


def attack_actors(game: Game, player: int, card: Card, acting: list[int]) -> list[int]:
    """Who may perform `card`'s attack: those acting now, and, for a card noting "An Ally
    you control may perform this attack regardless of your MP's power stage", each of the
    player's Allies (not while Allies cannot make Actions; docs/rulings.md 291)."""
    if not card.ally_may_perform or game.has_modifier(player, "no_ally_actions"):
        return acting
    if game.has_modifier(player, "allies_idle"):
        return acting
    return [*acting, *(a.iid for a in game.player(player).allies if a.iid not in acting)]
