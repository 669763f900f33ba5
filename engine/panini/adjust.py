"""A judge's corrections: set a personality's stages, a player's anger or level, or move a
named card between a player's zones. Each is recorded in the game's log like an answer
("@adjust:" + JSON, engine/panini/replay.py) and replayed like one, so a corrected game stays
reproducible. Corrections change the state only: no rule triggers from them (a level set
by a judge discards no Drills), because they repair what should have been. What every
family's corrections share is engine/core/adjust.py."""

from __future__ import annotations

from typing import Any

from engine.core.adjust import (
    ADJUST,
    KINDS,
    AdjustmentError,
    Zone,
    capture,
    check_range,
    corrected,
    decode,
    draw,
    encode,
    move,
    quoted,
    refuse_if_pending,
    set_anger,
    shuffle,
    unknown,
)
from engine.core.events import Outcome
from engine.panini.game import MAIN_PERSONALITY, Game
from engine.panini.mechanics import check_dragon_balls, set_stage, top_stage

__all__ = ["ADJUST", "KINDS", "ZONES", "AdjustmentError", "adjust", "decode", "encode"]

# Zones a card can be moved between.
ZONES = {
    "hand": Zone("hand", True, "hand"),
    "life_top": Zone("life", True, "top of the Life Deck"),
    "life_bottom": Zone("life", True, "bottom of the Life Deck"),
    "discard": Zone("discard", False, "Discard Pile"),
    "banished": Zone("banished", False, "Banished Zone"),
}


def adjust(game: Game, player: int, change: dict[str, Any]) -> Outcome:
    """Apply `change` to seat `player`; a refused change alters nothing."""
    return corrected(game, player, change, lambda: _apply(game, player, change))


def _apply(game: Game, player: int, change: dict[str, Any]) -> str:
    kind = change.get("kind")
    value = change.get("value")
    state = game.player(player)
    who = game.who(player)
    if kind == "anger":
        return set_anger(game, player, value, game.rules.anger_to_level)
    if kind == "level":
        check_range(value, 1, len(state.mp), "level")
        assert isinstance(value, int)
        state.level = value
        state.stage = min(state.stage, top_stage(game, player, MAIN_PERSONALITY))
        return f"{who}'s Main Personality set to level {value}"
    if kind == "stage":
        target = _personality(game, player, change.get("target"))
        check_range(value, 0, top_stage(game, player, target), "stage")
        assert isinstance(value, int)
        refuse_if_pending(game.pending, {target} if target != MAIN_PERSONALITY else set())
        set_stage(game, player, target, value)
        name = game.name(state.mp_card if target == MAIN_PERSONALITY else target)
        return f"{name} set to {value} stage(s) above zero"
    if kind == "move":
        return move(game, player, change, ZONES)
    if kind == "draw":
        return draw(game, player, value)
    if kind == "capture":
        # `player` captures a Dragon Ball the other player has in play (2016 CRITICAL DAMAGE:
        # "gain control of a Dragon Ball your opponent has in play").
        ball = capture(game, player, change.get("card"))
        check_dragon_balls(game, player)  # the seventh wins (Dragon Ball Victory)
        return f"{who} captures {game.name(ball)}"
    if kind == "shuffle":
        return shuffle(game, player)
    raise unknown(kind)


def _personality(game: Game, player: int, target: Any) -> int:
    if target in (None, "", "mp"):
        return MAIN_PERSONALITY
    for ally in game.player(player).allies:
        if game.name(ally.iid).casefold() == str(target).casefold():
            return ally.iid
    raise AdjustmentError(f"{game.who(player)} has no Ally named {quoted(target)} in play")
