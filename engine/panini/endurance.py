"""Endurance given, raised and locked by card effects (engine.panini.cardtext.endurance):

- `endurance_gain`: "Drills in your Life Deck without Endurance gain 'Endurance 2' this
  combat", "Allies gain 'Endurance 1'" (a card gaining Endurance it already has keeps the
  higher of the two, docs/rulings.md 266);
- `endurance_plus`: "Your Styled cards with Endurance have their Endurance increased by X";
- `endurance_locked`: "The Endurance on non-styled cards cannot be used".

2016 WHEN TAKING DAMAGE: "Whenever a card with Endurance is being discarded as damage, you
may Banish it ... in order to prevent some or all of the remaining damage"; 2016 GLOSSARY
"Endurance": "their Endurance total is listed in an Endurance icon or written at the top of
the card's effects". The Endurance read is that of the card as it is being discarded, from
the modifiers active then (constants in play, floating effects: engine.panini.modifiers).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.panini import quantities
from engine.panini.cards import Card, Modifier

if TYPE_CHECKING:
    from engine.panini.game import Game


def _about(modifier: Modifier, card: Card, yours: bool) -> bool:
    """Is `modifier` about this life card (its type, Styled or not)?"""
    if modifier.card_types and card.type not in modifier.card_types:
        return False
    return modifier.styled is None or modifier.styled == card.styled_for(yours)


def endurance_of(game: Game, player: int, iid: int) -> int:
    """The Endurance `player` may use on their life card `iid` as it is discarded as damage:
    its own (printed: "considered" Endurance is for card effects only), or gained, plus
    increases; 0 if it cannot be used."""
    card = game.card(iid)
    if any(_about(m, card, True) for m in game.active_modifiers(player, "endurance_locked")):
        return 0
    total = printed = card.endurance
    for modifier in game.active_modifiers(player, "endurance_gain"):
        if modifier.without_endurance and printed:
            continue
        if _about(modifier, card, modifier.who == "self"):
            total = max(total, modifier.amount)  # one Endurance keyword: the higher (ruling 266)
    if total:
        total += _increase(game, player, card)
    return total


def _increase(game: Game, player: int, card: Card) -> int:
    """The `endurance_plus` of `player`'s card: constants (counted in the holder's X) and
    floating effects."""
    extra = sum(
        m.amount
        for m in game.active_modifiers(player, "endurance_plus")
        if not m.x and _about(m, card, m.who == "self")
    )
    for controller, wanted in ((player, "self"), (1 - player, "opponent")):
        for holder_id in game.cards_with_constants(controller):
            holder = game.card(holder_id)
            for modifier in holder.constant:
                if not (modifier.x and modifier.mod == "endurance_plus"):
                    continue
                if modifier.who not in (wanted, "both") or not game.holds(
                    modifier.requires, controller
                ):
                    continue
                if _about(modifier, card, wanted == "self"):
                    extra += modifier.amount * quantities.x_of(game, controller, holder, holder_id)
    return extra
