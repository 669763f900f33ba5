"""Judges' and players' corrections in a Score game: set a personality's power stages, a
player's anger or the Main Personality's level, move a named card between a player's
piles, draw, shuffle, capture a Dragon Ball. Each is recorded like an answer ("@adjust:" +
JSON) and replayed like one, so a corrected game stays reproducible. They change the state
only: no rule triggers from them (a level set by a judge discards no Drills, a captured
Dragon Ball wins only when the rules next look, p. 44), because they repair what should
have been. What every family's corrections share is engine/core/adjust.py."""

from __future__ import annotations

from typing import Any

from engine.core.adjust import (
    ADJUST,
    AdjustmentError,
    Zone,
    capture,
    check_range,
    corrected,
    decode,
    draw,
    move,
    quoted,
    refuse_if_pending,
    set_anger,
    shuffle,
    unknown,
)
from engine.core.events import Outcome
from engine.score.game import ScoreGame

__all__ = ["ADJUST", "ZONES", "AdjustmentError", "adjust", "decode"]

_REMOVED = Zone("removed", False, "cards removed from the game")
# Zones a card can be moved between; "banished" is Panini's word for "removed", so one
# Discord choice serves both families.
ZONES = {
    "hand": Zone("hand", True, "hand"),
    "life_top": Zone("life", True, "top of the Life Deck"),
    "life_bottom": Zone("life", True, "bottom of the Life Deck"),
    "discard": Zone("discard", False, "discard pile"),
    "removed": _REMOVED,
    "banished": _REMOVED,
}


def adjust(game: ScoreGame, player: int, change: dict[str, Any]) -> Outcome:
    """Apply `change` to seat `player`; a refused change alters nothing."""
    return corrected(game, player, change, lambda: _apply(game, player, change))


def _apply(game: ScoreGame, player: int, change: dict[str, Any]) -> str:
    kind = change.get("kind")
    value = change.get("value")
    state = game.player(player)
    who = game.who(player)
    if kind == "anger":
        # the Warrior Sword reaching anger_to_level raises a level (p. 30): a rule, not a
        # correction, so a judge sets it below that
        return set_anger(game, player, value, game.rules.anger_to_level - 1)
    if kind == "level":
        check_range(value, 1, len(state.mp), "level")
        assert isinstance(value, int)
        state.level = value
        state.stage = min(state.stage, game.top_stage(state))
        return f"{who}'s Main Personality set to level {value}: {game.name(state.mp_card)}"
    if kind == "stage":
        return _stage(game, player, change.get("target"), value)
    if kind == "move":
        return move(game, player, change, ZONES)
    if kind == "draw":
        return draw(game, player, value)
    if kind == "shuffle":
        return shuffle(game, player)
    if kind == "capture":
        ball = capture(game, player, change.get("card"))  # no victory yet (p. 44)
        return f"{who} captures {game.name(ball)}"
    raise unknown(kind)


def _stage(game: ScoreGame, player: int, target: Any, value: Any) -> str:
    """The Main Personality's (target "mp" or none) or a named Ally's power stages."""
    state = game.player(player)
    if target in (None, "", "mp"):
        check_range(value, 0, game.top_stage(state), "stage")
        assert isinstance(value, int)
        state.stage = value
        return f"{game.name(state.mp_card)} set to {value} stage(s) above zero"
    wanted = str(target).casefold()
    ally = next((a for a in state.allies if game.name(a.iid).casefold() == wanted), None)
    if ally is None:
        raise AdjustmentError(f"{game.who(player)} has no Ally named {quoted(target)} in play")
    check_range(value, 0, len(game.card(ally.iid).power_stages), "stage")
    assert isinstance(value, int)
    refuse_if_pending(game.pending, {ally.iid})
    ally.stage = value
    return f"{game.name(ally.iid)} set to {value} stage(s) above zero"
