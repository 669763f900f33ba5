"""Allies whose Power may be used whatever the MP's power stage (engine.panini.cardtext.any_stage).

2016 ALLIES DURING COMBAT: an Ally acts only while its MP is at most one stage above zero;
a `power_any_stage` constant on the Ally lifts that for its own Power, once per turn as
ever (GLOSSARY "Power"). An effect saying Allies cannot make Actions still wins
(docs/rulings.md 144)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.panini.game import Game


def power_free(game: Game, player: int, ally: int) -> bool:
    """May `player`'s Ally `ally` use its Power although the MP is above one stage?"""
    if game.has_modifier(player, "no_ally_actions") or game.has_modifier(player, "allies_idle"):
        return False
    return any(
        modifier.mod == "power_any_stage" and game.holds(modifier.requires, player)
        for modifier in game.card(ally).constant
    )
