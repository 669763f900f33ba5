"""Cards banished in place of the discard pile (engine.panini.cardtext.replaced reads them):
"Whenever an effect during combat destroys non-Dragon Ball cards from the top of a Life
Deck, they are banished instead.", "Whenever a non-Dragon Ball card is discarded from a
player's hand, banish it.".

2016 GLOSSARY "Effects": an effect that changes what another does applies as that effect
resolves; "destroy" is discarding from the Life Deck by an effect, not damage (GLOSSARY
"Gaining/losing stages"), so cards lost as damage are not destroyed. Dragon Balls keep their
own way out (GLOSSARY "Dragon Balls"). A discarded card banished is banished at once, before
anything the discard sets off resolves (docs/rulings.md 301).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.panini import amounts
from engine.panini.cards import CardType

if TYPE_CHECKING:
    from engine.panini.game import Game


def banished_instead(game: Game, iid: int, by: int | None) -> bool:
    """Is card `iid`, destroyed from the top of its owner's Life Deck by an effect of
    `by`'s, banished instead?"""
    if by is None or game.card(iid).type == CardType.DRAGON_BALL:
        return False  # no effect (damage, a rule) destroys
    owner = game.owner(iid)
    return any(
        amounts.about(game, m, owner, by)
        for m in game.active_modifiers(owner, "destroyed_banished")
    )


def discard_banished(game: Game, iid: int) -> bool:
    """Card `iid` was just discarded from its owner's hand: banish it if a constant says so
    (True when it did)."""
    owner = game.owner(iid)
    if game.card(iid).type == CardType.DRAGON_BALL:
        return False
    active = game.active_modifiers(owner, "discard_banished")
    if not any(amounts.about(game, m, owner, None) for m in active):
        return False
    pile = game.player(owner).discard
    if iid not in pile:
        return False
    pile.remove(iid)
    game.player(owner).banished.append(iid)
    game.emit("banish", f"{game.name(iid)} is banished.")
    return True


def mirror_stages(game: Game, player: int, gained: int) -> None:
    """`player` gained `gained` stages: "Whenever your opponent gains stages during combat,
    your MP gains the same number of stages." gives each such card's player's MP as many
    (docs/rulings.md 304). The MP's gain is not mirrored again."""
    from engine.panini import mechanics  # it builds on this module
    from engine.panini.game import MAIN_PERSONALITY

    opponent = 1 - player
    for iid in game.cards_with_constants(opponent):
        for modifier in game.card(iid).constant:
            if modifier.mod != "stages_mirrored" or modifier.who != "opponent":
                continue
            if not amounts.about(game, modifier, player, None):
                continue  # only during combat
            if game.modifier_on(modifier, opponent):
                mechanics.gain_stages(game, opponent, MAIN_PERSONALITY, gained, mirrored=True)
