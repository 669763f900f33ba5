"""Cards that lose all their effects for a while or for good: "Dragon Balls lose all effects
this combat.", "Drills and Allies lose all effects until the end of combat.", "CONSTANT:
Dragon Balls lose all effects." (the `lose_effects` modifier, `card_types`; docs/rulings.md
197).

2016 GLOSSARY "Effects" and ICONS: a card in play has constant effects and Powers, a Dragon
Ball immediate effects as it enters play or is captured; a card that loses all effects has
none of them while the modifier lasts: its constants and triggers are not active
(Game.cards_with_constants), its Power is not offered (engine.panini.combat), a Setup is not
activated, a Dragon Ball's effects are not used. It stays in play and still counts
(Dragon Ball victory, "the number of Allies you control").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.panini.cards import CardType, Modifier

if TYPE_CHECKING:
    from engine.panini.game import Game


def _modifiers(game: Game) -> list[Modifier]:
    """Every `lose_effects` modifier in force, whoever controls it. The constant ones are
    read from the cards in play before any is silenced: a card that silences cards of its
    own type does not silence its own constant (the effect would undo itself)."""
    found: list[Modifier] = []
    for player in (0, 1):
        if not game.silencing_cards:
            break
        for iid in game.constant_cards(player):
            if iid not in game.silencing_cards:
                continue
            found += [
                m
                for m in game.card(iid).constant
                if m.mod == "lose_effects" and game.modifier_on(m, player)
            ]
    for entry in game.state.floating:
        if entry["modifier"].get("mod") == "lose_effects":
            modifier = game.floating_modifier(entry)
            if game.modifier_on(modifier, entry["controller"]):
                found.append(modifier)
    return found


def silenced_types(game: Game) -> set[CardType]:
    """The card types whose cards in play have lost all effects now."""
    if not game.silencing_cards and not game.state.floating:
        return set()  # nothing can silence: asked on every modifier lookup
    return {kind for modifier in _modifiers(game) for kind in modifier.card_types}


def silenced(game: Game, iid: int, user: int | None = None) -> bool:
    """Whether the card `iid` (in play) has lost all its effects; with `user`, also whether
    that player may not use it as a Dragon Ball ("Your opponent cannot use the immediate
    effects of Dragon Balls.", "Dragon Balls lose all immediate effects this combat.":
    `no_dragon_ball_effects`; docs/rulings.md 204)."""
    card = game.card(iid)
    if card.type in silenced_types(game):
        return True
    return (
        user is not None
        and card.type == CardType.DRAGON_BALL
        and game.has_modifier(user, "no_dragon_ball_effects")
    )
