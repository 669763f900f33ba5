"""Replacement effects on an amount: "Whenever one of your effects destroys cards from the
top of your opponent's Life Deck, increase that amount by 1.", "Whenever your anger would
be lowered by any amount, it is lowered by 1 instead.", "Whenever a player raises his
anger, change that amount to 1." (engine.panini.cardtext.amounts reads them).

2016 GLOSSARY "Effects": an effect that changes what another does applies as that effect
resolves, so the changed amount is what happens (and what triggers see). Several at once
(docs/rulings.md 185): an amount set comes first, then doubled, then increased or reduced
(never below zero), then capped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.panini.cards import Modifier

if TYPE_CHECKING:
    from engine.panini.game import Game

# which kind of move each "more_*" modifier increases: (to, source)
_MORE = {
    ("discard", "life_deck"): ("more_destroyed", "more_removed"),
    ("banish", "life_deck"): ("more_banished", "more_removed"),
    ("banish", "discard_pile"): ("more_banished_discard",),
}


def about(game: Game, modifier: Modifier, owner: int, by: int | None) -> bool:
    """Is the modifier (on `owner`'s anger or cards) about an effect of `by`'s, now? None:
    no player's effect (a rule of the game) is only "any"."""
    if modifier.in_combat and game.state.step != "combat":
        return False
    if modifier.by == "any":
        return True
    if by is None:
        return False
    return (by == owner) == (modifier.by == "owner")


def more_moved(game: Game, owner: int, by: int | None, to: str, source: str) -> int:
    """How many more cards an effect of `by`'s moves from the top of `owner`'s `source` to
    `to` ("discard": destroyed, "banish")."""
    return sum(
        m.amount
        for mod in _MORE.get((to, source), ())
        for m in game.active_modifiers(owner, mod)
        if about(game, m, owner, by)
    )


def anger_change(game: Game, player: int, amount: int, raising: bool, by: int | None) -> int:
    """How much `player`'s anger is raised (lowered) when an effect of `by`'s says `amount`."""

    def active(mod: str) -> list[Modifier]:
        return [m for m in game.active_modifiers(player, mod) if about(game, m, player, by)]

    if raising:
        for modifier in active("anger_raise_set"):
            amount = modifier.amount
        for _ in active("anger_raise_double"):
            amount *= 2
        amount += sum(m.amount for m in active("anger_raise_plus"))
        return max(0, amount)
    amount = max(0, amount + sum(m.amount for m in active("anger_lower_plus")))
    for modifier in active("anger_lower_at_most"):
        amount = min(amount, modifier.amount)
    return amount
