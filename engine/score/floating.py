"""Floating effects (score-ccg-2003-buu-saga-rulebook.txt "Floating Effects", p. 48): "Any
card effects that last 'for the remainder of ____' are considered floating effects ...
this 'effect' is still in play and 'floats' until the end of Combat, or the end of the
game, or whatever the card specifies."

A player's `floating` holds [card, index] pairs: the card whose power made the effect and
which of its `Power.floating` effects it is, so the card itself may be discarded. What a
floating effect does is read where the rule it changes is refereed: damage bonuses
(engine.score.hits), stops (step 7, before the Defense Shields: "Defense Shields and
floating effects may still stop attacks", p. 28) and Power Up Step bonuses
(engine.score.game). A Dragon Ball's floating effect ends when the ball is captured
(p. 43 "Dragon Ball Floating Effects")."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from engine.score.powers import Floating, Power, Until
from engine.score.usable import really_stops

if TYPE_CHECKING:
    from engine.score.game import ScoreGame
    from engine.score.state import JsonDict


def start(game: ScoreGame, index: int, iid: int) -> None:
    """The card's floating effects float for `index` from now on."""
    floating = game.player(index).floating
    floating += [[iid, k] for k in range(len(game.power(iid).floating))]


def in_force(game: ScoreGame, index: int) -> Iterator[tuple[int, Floating]]:
    """The player's floating effects, each with the card that made it."""
    for iid, k in game.player(index).floating:
        yield iid, game.power(iid).floating[k]


def fade(game: ScoreGame, until: Until) -> None:
    """The end of Combat (or of the turn): the effects lasting that long end."""
    for player in game.state.players:
        player.floating = [[iid, k] for iid, k in player.floating
                           if game.power(iid).floating[k].until != until]  # fmt: skip


def cancel(game: ScoreGame, index: int, iid: int) -> None:
    """p. 43: "If a Dragon Ball produces a floating effect and the Dragon Ball is
    captured, the effect is cancelled"."""
    player = game.player(index)
    player.floating = [entry for entry in player.floating if entry[0] != iid]


def stopper(game: ScoreGame, index: int, attack: JsonDict) -> int | None:
    """The card whose floating effect stops the attack against `index`, or None; as a
    card's stop would (an unstoppable attack never, a Focused one not by a stop of both
    kinds, p. 50-52)."""
    for iid, effect in in_force(game, index):
        if effect.stops and really_stops(Power(stops=effect.stops), attack):
            return iid
    return None
