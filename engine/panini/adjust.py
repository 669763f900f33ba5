"""A judge's corrections: set a personality's stages, a player's anger or level, or move a
named card between a player's zones. Each is recorded in the game's log like an answer
("@adjust:" + JSON, engine/panini/replay.py) and replayed like one, so a corrected game stays
reproducible. Corrections change the state only: no rule triggers from them (a level set
by a judge discards no Drills), because they repair what should have been."""

from __future__ import annotations

import json
from typing import Any

from engine.core import rng
from engine.core.events import Event, Outcome
from engine.panini.game import MAIN_PERSONALITY, Game
from engine.panini.mechanics import check_dragon_balls, set_stage, top_stage

ADJUST = "@adjust:"
# Zones a card can be moved between, as (PlayerState attribute, is it hidden?).
ZONES = {
    "hand": ("hand", True),
    "life_top": ("life", True),
    "life_bottom": ("life", True),
    "discard": ("discard", False),
    "banished": ("banished", False),
}
KINDS = ("stage", "anger", "level", "move", "draw", "shuffle", "capture")
QUOTED = 60  # characters of a name that a refusal repeats


class AdjustmentError(ValueError):
    """A correction that cannot be applied; the message says why, for the judge."""


def encode(change: dict[str, Any]) -> str:
    return ADJUST + json.dumps(change, sort_keys=True, separators=(",", ":"))


def decode(option: str) -> dict[str, Any]:
    data = json.loads(option.removeprefix(ADJUST))
    if not isinstance(data, dict):
        raise AdjustmentError("an adjustment is a JSON object")
    return data


def adjust(game: Game, player: int, change: dict[str, Any]) -> Outcome:
    """Apply `change` to seat `player`; a refused change alters nothing."""
    if game.over:
        return Outcome(False, "the game is over")
    game.events = []
    try:
        text = _apply(game, player, change)
    except AdjustmentError as exc:
        return Outcome(False, str(exc))
    who = "By hand" if change.get("by") == "player" else "Judge's correction"
    if change.get("per"):
        who += f" (per {change['per']})"
    game.events.insert(0, Event("adjust", f"{who}: {text}."))
    return Outcome(True, events=tuple(game.events))


def _apply(game: Game, player: int, change: dict[str, Any]) -> str:
    if player not in (0, 1):
        raise AdjustmentError("the player is 0 or 1")
    kind = change.get("kind")
    value = change.get("value")
    state = game.player(player)
    who = game.who(player)
    if kind == "anger":
        maximum = game.rules.anger_to_level
        _check_range(value, 0, maximum, "anger")
        assert isinstance(value, int)
        state.anger = value
        return f"{who}'s anger set to {value}"
    if kind == "level":
        _check_range(value, 1, len(state.mp), "level")
        assert isinstance(value, int)
        state.level = value
        state.stage = min(state.stage, top_stage(game, player, MAIN_PERSONALITY))
        return f"{who}'s Main Personality set to level {value}"
    if kind == "stage":
        target = _personality(game, player, change.get("target"))
        _check_range(value, 0, top_stage(game, player, target), "stage")
        assert isinstance(value, int)
        _refuse_if_pending(game, {target} if target != MAIN_PERSONALITY else set())
        set_stage(game, player, target, value)
        name = game.name(state.mp_card if target == MAIN_PERSONALITY else target)
        return f"{name} set to {value} stage(s) above zero"
    if kind == "move":
        return _move(game, player, change)
    if kind == "draw":
        _check_range(value, 1, max(1, len(state.life)), "the number of cards to draw")
        assert isinstance(value, int)
        if not state.life:
            raise AdjustmentError(f"{who}'s Life Deck is empty")
        for _ in range(value):
            state.hand.append(state.life.pop())
        game.check_survival(player)
        return f"{who} draws {value} card(s)"
    if kind == "capture":
        # `player` captures a Dragon Ball the other player has in play (2016 CRITICAL DAMAGE:
        # "gain control of a Dragon Ball your opponent has in play").
        wanted = str(change.get("card", "")).casefold()
        theirs = game.player(1 - player).dragon_balls
        ball = next((i for i in theirs if game.name(i).casefold() == wanted), None)
        if ball is None:
            raise AdjustmentError(f"{game.who(1 - player)} has no Dragon Ball named "
                                  f"{_quoted(change.get('card'))} in play")
        _refuse_if_pending(game, {ball})
        theirs.remove(ball)
        state.dragon_balls.append(ball)
        check_dragon_balls(game, player)  # the seventh wins (Dragon Ball Victory)
        return f"{who} captures {game.name(ball)}"
    if kind == "shuffle":
        game.state.rng = rng.shuffle(game.state.rng, state.life)
        return f"{who} shuffles their Life Deck"
    raise AdjustmentError(f"unknown correction {_quoted(kind)}; use one of {', '.join(KINDS)}")


def _move(game: Game, player: int, change: dict[str, Any]) -> str:
    source, target = change.get("from"), change.get("to")
    if source not in ZONES or target not in ZONES:
        raise AdjustmentError(f"zones are {', '.join(ZONES)}")
    if ZONES[source][0] == ZONES[target][0]:
        raise AdjustmentError("the card is already in that zone")
    iid = _card_to_move(game, player, source, str(change.get("card") or ""),
                        by_player=change.get("by") == "player")
    _refuse_if_pending(game, {iid})
    state = game.player(player)
    pile: list[int] = getattr(state, ZONES[source][0])
    pile.remove(iid)
    destination: list[int] = getattr(state, ZONES[target][0])
    if target == "life_bottom":
        destination.insert(0, iid)
    else:
        destination.append(iid)
    hidden = ZONES[source][1] and ZONES[target][1]
    card = "a card" if hidden else game.name(iid)
    text = f"{card} moved from {game.who(player)}'s {_words(source)} to {_words(target)}"
    game.check_survival(player)
    return text


def _card_to_move(game: Game, player: int, source: str, name: str, by_player: bool) -> int:
    """The card a move takes from `source`. A player resolving their own card by hand may
    not search a zone hidden from them (the opponent's hand or Life Deck) by name: the
    answer would tell them what it holds (rulings.md entry 37). Without a name a Life Deck
    gives its top (or bottom) card and a hand a random card."""
    state = game.player(player)
    pile: list[int] = getattr(state, ZONES[source][0])
    where = f"{game.who(player)}'s {_words(source)}"
    actor = game.pending.player if game.pending is not None else None
    hidden_from_actor = by_player and ZONES[source][1] and player != actor
    if hidden_from_actor and name:
        blind = "its top card" if source == "life_top" else (
            "its bottom card" if source == "life_bottom" else "a random card from it")
        raise AdjustmentError(f"{where} is hidden from you, so you cannot pick a card in it by "
                              f"name; leave the card out to move {blind}")
    if not pile:
        raise AdjustmentError(f"{where} is empty")
    if not name:
        if source == "life_top":
            return pile[-1]
        if source == "life_bottom":
            return pile[0]
        if not hidden_from_actor:
            raise AdjustmentError(f"name the card to move from {where}")
        game.state.rng, index = rng.below(game.state.rng, len(pile))
        return pile[index]
    # Piles keep their top at the end: look from the top down.
    order = reversed(pile) if source != "life_bottom" else iter(pile)
    wanted = name.casefold()
    iid = next((i for i in order if game.name(i).casefold() == wanted), None)
    if iid is None:
        raise AdjustmentError(f"no card named {_quoted(name)} in {where}")
    return iid


def _personality(game: Game, player: int, target: Any) -> int:
    if target in (None, "", "mp"):
        return MAIN_PERSONALITY
    for ally in game.player(player).allies:
        if game.name(ally.iid).casefold() == str(target).casefold():
            return ally.iid
    raise AdjustmentError(f"{game.who(player)} has no Ally named {_quoted(target)} in play")


def _refuse_if_pending(game: Game, cards: set[int]) -> None:
    """A card the pending decision names cannot be moved under it: the decision would
    offer a card that is gone. Roll back to before the decision instead."""
    pending = game.pending
    if pending is None or not cards:
        return
    for option in pending.options:
        parts = option.id.split(":")
        if any(part.lstrip("-").isdigit() and int(part) in cards for part in parts[1:]):
            raise AdjustmentError(
                "the pending decision offers that card; roll back to before the decision, "
                "or correct it after the decision is answered"
            )


def _quoted(value: Any) -> str:
    """A name as a refusal repeats it: one longer than any card's shows only its start
    (the refusal must fit in a message)."""
    text = str(value)
    if len(text) <= QUOTED:
        return repr(text)
    return f"{text[:QUOTED]!r}… ({len(text):,} characters)"


def _check_range(value: Any, low: int, high: int, what: str) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise AdjustmentError(f"{what} must be a whole number from {low} to {high}")


def _words(zone: str) -> str:
    return {
        "hand": "hand",
        "life_top": "top of the Life Deck",
        "life_bottom": "bottom of the Life Deck",
        "discard": "Discard Pile",
        "banished": "Banished Zone",
    }[zone]
