"""What judges' and players' corrections share across families: their record ("@adjust:"
+ JSON, replayed like an answer), the refusal, and the corrections every family makes
alike (move a named card between a player's piles, draw, shuffle). A family's own module
(engine/panini/adjust.py, engine/score/adjust.py) adds what only it has. Corrections change
the state only: no rule triggers from them, because they repair what should have been."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from engine.core import rng
from engine.core.decisions import Decision
from engine.core.events import Event, Outcome

ADJUST = "@adjust:"
KINDS = ("stage", "anger", "level", "move", "draw", "shuffle", "capture")
QUOTED = 60  # characters of a name that a refusal repeats


class AdjustmentError(ValueError):
    """A correction that cannot be applied; the message says why, for the judge."""


@dataclass(frozen=True)
class Zone:
    """A pile a card can be moved to or from: the player's attribute holding it (top
    last), whether it is hidden, and its name in words."""

    pile: str
    hidden: bool
    words: str


class Changeable(Protocol):
    """What `corrected` needs of a family's game: its events and whether it is over."""

    events: list[Event]

    @property
    def over(self) -> bool: ...


class Correctable(Changeable, Protocol):
    """What the shared corrections need of a family's game."""

    state: Any  # its `rng` is the game's random state

    @property
    def pending(self) -> Decision | None: ...

    def player(self, index: int) -> Any: ...

    def name(self, iid: int) -> str: ...

    def who(self, player: int) -> str: ...

    def check_survival(self, player: int) -> None: ...


def encode(change: dict[str, Any]) -> str:
    return ADJUST + json.dumps(change, sort_keys=True, separators=(",", ":"))


def decode(option: str) -> dict[str, Any]:
    data = json.loads(option.removeprefix(ADJUST))
    if not isinstance(data, dict):
        raise AdjustmentError("an adjustment is a JSON object")
    return data


def corrected(game: Changeable, player: int, change: dict[str, Any],
              apply: Callable[[], str]) -> Outcome:
    """Run `apply` (which makes the change and says what it did) as a correction of seat
    `player`'s state; a refused change alters nothing (`apply` checks before it changes)."""
    if game.over:
        return Outcome(False, "the game is over")
    if player not in (0, 1):
        return Outcome(False, "the player is 0 or 1")
    game.events = []
    try:
        text = apply()
    except AdjustmentError as exc:
        return Outcome(False, str(exc))
    who = "By hand" if change.get("by") == "player" else "Judge's correction"
    if change.get("per"):
        who += f" (per {change['per']})"
    game.events.insert(0, Event("adjust", f"{who}: {text}."))
    return Outcome(True, events=tuple(game.events))


def set_anger(game: Correctable, player: int, value: Any, maximum: int) -> str:
    check_range(value, 0, maximum, "anger")
    assert isinstance(value, int)
    game.player(player).anger = value
    return f"{game.who(player)}'s anger set to {value}"


def capture(game: Correctable, player: int, name: Any) -> int:
    """`player` gains control of the Dragon Ball named `name` the other player has in play
    (Panini 2016 CRITICAL DAMAGE, Score p. 44); returns it."""
    wanted = str(name or "").casefold()
    theirs: list[int] = game.player(1 - player).dragon_balls
    ball = next((i for i in theirs if game.name(i).casefold() == wanted), None)
    if ball is None:
        raise AdjustmentError(f"{game.who(1 - player)} has no Dragon Ball named "
                              f"{quoted(name)} in play")
    refuse_if_pending(game.pending, {ball})
    theirs.remove(ball)
    game.player(player).dragon_balls.append(ball)
    return ball


def draw(game: Correctable, player: int, value: Any) -> str:
    state = game.player(player)
    check_range(value, 1, max(1, len(state.life)), "the number of cards to draw")
    assert isinstance(value, int)
    if not state.life:
        raise AdjustmentError(f"{game.who(player)}'s Life Deck is empty")
    for _ in range(value):
        state.hand.append(state.life.pop())
    game.check_survival(player)
    return f"{game.who(player)} draws {value} card(s)"


def shuffle(game: Correctable, player: int) -> str:
    game.state.rng = rng.shuffle(game.state.rng, game.player(player).life)
    return f"{game.who(player)} shuffles their Life Deck"


def move(game: Correctable, player: int, change: dict[str, Any],
         zones: Mapping[str, Zone]) -> str:
    """Move the named card between two of seat `player`'s piles in `zones`."""
    source, target = str(change.get("from")), str(change.get("to"))
    if source not in zones or target not in zones:
        raise AdjustmentError(f"zones are {', '.join(_shown(zones))}")
    if zones[source].pile == zones[target].pile:
        raise AdjustmentError("the card is already in that zone")
    iid = _card_to_move(game, player, zones, source, str(change.get("card") or ""),
                        by_player=change.get("by") == "player")
    refuse_if_pending(game.pending, {iid})
    state = game.player(player)
    pile: list[int] = getattr(state, zones[source].pile)
    pile.remove(iid)
    destination: list[int] = getattr(state, zones[target].pile)
    if target == "life_bottom":
        destination.insert(0, iid)
    else:
        destination.append(iid)
    hidden = zones[source].hidden and zones[target].hidden
    card = "a card" if hidden else game.name(iid)
    text = (f"{card} moved from {game.who(player)}'s {zones[source].words} to "
            f"{zones[target].words}")
    game.check_survival(player)
    return text


def _shown(zones: Mapping[str, Zone]) -> list[str]:
    """The zone names a refusal lists: one per pile and place (not its aliases)."""
    seen: dict[tuple[str, str], str] = {}
    for name, zone in zones.items():
        seen.setdefault((zone.pile, zone.words), name)
    return list(seen.values())


def _card_to_move(game: Correctable, player: int, zones: Mapping[str, Zone], source: str,
                  name: str, by_player: bool) -> int:
    """The card a move takes from `source`. A player resolving their own card by hand may
    not search a zone hidden from them (the opponent's hand or Life Deck) by name: the
    answer would tell them what it holds (rulings.md entry 37). Without a name a Life Deck
    gives its top (or bottom) card and a hand a random card."""
    pile: list[int] = getattr(game.player(player), zones[source].pile)
    where = f"{game.who(player)}'s {zones[source].words}"
    actor = game.pending.player if game.pending is not None else None
    hidden_from_actor = by_player and zones[source].hidden and player != actor
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
        raise AdjustmentError(f"no card named {quoted(name)} in {where}")
    return iid


def refuse_if_pending(pending: Decision | None, cards: set[int]) -> None:
    """A card the pending decision names cannot be moved under it: the decision would
    offer a card that is gone. Roll back to before the decision instead."""
    if pending is None or not cards:
        return
    for option in pending.options:
        parts = option.id.split(":")
        if any(part.lstrip("-").isdigit() and int(part) in cards for part in parts[1:]):
            raise AdjustmentError(
                "the pending decision offers that card; roll back to before the decision, "
                "or correct it after the decision is answered"
            )


def quoted(value: Any) -> str:
    """A name as a refusal repeats it: one longer than any card's shows only its start
    (the refusal must fit in a message)."""
    text = str(value)
    if len(text) <= QUOTED:
        return repr(text)
    return f"{text[:QUOTED]!r}… ({len(text):,} characters)"


def check_range(value: Any, low: int, high: int, what: str) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise AdjustmentError(f"{what} must be a whole number from {low} to {high}")


def unknown(kind: Any) -> AdjustmentError:
    return AdjustmentError(f"unknown correction {quoted(kind)}; use one of {', '.join(KINDS)}")
