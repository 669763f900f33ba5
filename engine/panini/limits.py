"""How often a card's own Power may be used, when the card says otherwise than the rules
(engine/panini/cardtext/limits.py reads the notes; docs/rulings.md 225-226).

The rule: "The Powers of each Main Personality Level, Ally, and Mastery, may only be used
once per turn" (2016 THE COMBAT STEP, "Use a Power"), a Drill's too (docs/rulings.md 80).

- `power_limit: game`: "(This card's non-[INSTANT] power may only be used once per
  game.)": once its Power (an Action or a defense) is used, it is never offered again this
  game, whatever turn or level (the MP level card keeps the mark).
- `power_limit: attack`: "(You may use this Drill more than once per turn, but only once
  per attack.)": its Power used as a defense does not count as the turn's use; a player
  defends once per attack anyway (2016 "HOW ATTACK AND DEFENSE CARDS WORK": "one defense
  card"), so it is offered against each attack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.panini.game import Game


def spent(game: Game, player: int, iid: int) -> bool:
    """Has card `iid`'s once-per-game Power been used by `player`? (never cleared)"""
    return iid in game.player(player).spent_powers


def record_use(game: Game, player: int, iid: int, as_defense: bool = False) -> None:
    """Card `iid`'s Power is used now: mark the turn's use (the rules) and the game's."""
    limit = game.card(iid).power_limit
    if not (as_defense and limit == "attack"):
        game.player(player).used_powers.append(iid)
    if limit == "game":
        game.player(player).spent_powers.append(iid)


def defense_sources(game: Game, player: int, sources: list[int]) -> list[int]:
    """The Powers `player` may defend with: `sources` (usable now), plus the once-per-attack
    ones whose turn's use another Power of the card took (their defense does not count
    against it). Allies are left out: whether they may act is power_sources' to say."""
    state = game.player(player)
    return sources + [
        iid
        for iid in [state.mp_card, state.mastery, *state.drills]
        if iid not in sources
        and iid in state.used_powers
        and game.card(iid).power_limit == "attack"
    ]
