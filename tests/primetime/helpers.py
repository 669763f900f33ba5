"""Games of the sample rosters brought to a chosen point, for the rule tests."""

from __future__ import annotations

import pytest

from engine.primetime import scenario
from engine.primetime.game import PrimeTimeGame
from engine.primetime.roster import Roster, sample_roster
from engine.primetime.state import Activation, ModelState

CAST = [sample_roster("Cell Games"), sample_roster("Z-Fighters")]


def new_game(seed: int = 1, cast: list[Roster] | None = None) -> PrimeTimeGame:
    """Cell Games against the Z-Fighters (the rule tests' cast), or another cast."""
    return PrimeTimeGame.new(cast or CAST, seed)


def answer(game: PrimeTimeGame, option_id: str) -> None:
    decision = game.pending
    assert decision is not None
    outcome = game.apply(decision.player, option_id, decision.seq)
    assert outcome.ok, outcome.reason


def to_activation(seed: int = 1, cast: list[Roster] | None = None) -> PrimeTimeGame:
    """A game whose set-up took the first option of every decision (no Ascension, no Fusion),
    now asking the first player of round 1 to activate a model."""
    game = new_game(seed, cast)
    scenario.to_activation(game)
    return game


def by_name(game: PrimeTimeGame, cid: str) -> ModelState:
    return next(m for m in game.state.models if m.character == cid)


def place(game: PrimeTimeGame, cid: str, x: float, y: float) -> ModelState:
    m = by_name(game, cid)
    m.x, m.y, m.status = x, y, "active"
    return m


def clear_table(game: PrimeTimeGame) -> None:
    """Every model off to a corner row, out of everyone's way, and no terrain."""
    game.state.terrain = []
    for i, m in enumerate(game.state.models):
        m.x, m.y = 1.0 + 2 * i, 1.0 + 28 * m.owner


def empty_table(cast: list[Roster] | None = None) -> PrimeTimeGame:
    """A game at its first activation with every model in the corner row, no terrain."""
    game = to_activation(cast=cast)
    clear_table(game)
    return game


def activate(game: PrimeTimeGame, m: ModelState) -> None:
    """Make `m` the active model and ask for its action."""
    game.state.active = Activation(model=m.uid, staggered="staggered" in m.states)
    game.state.pending = None
    game.then(("action", {}))
    game.run()


def declare(game: PrimeTimeGame, m: ModelState) -> None:
    """Declare `m` as the active model from its player's activate decision (its "start
    of activation" triggers run)."""
    game.state.active = None
    game.state.turn = m.owner
    game.state.pending = None
    game.then(("next_activation", {}))
    game.run()
    answer(game, f"model:{m.uid}")


def dice(monkeypatch: pytest.MonkeyPatch, *values: int) -> None:
    """The next D20 rolls."""
    rolls = iter(values)
    monkeypatch.setattr(PrimeTimeGame, "d20", lambda self: next(rolls))


def start_move(game: PrimeTimeGame) -> None:
    """Take the Move action, staying at the same altitude if asked."""
    answer(game, "move")
    decision = game.pending
    if decision is not None and decision.kind == "altitude":
        answer(game, decision.options[0].id)  # staying is listed first


def duel() -> tuple[PrimeTimeGame, ModelState, ModelState]:
    """An empty table but for Goku at (15, 10) and Cell in melee range at (15, 11.5)."""
    game = to_activation()
    clear_table(game)
    return game, place(game, "goku", 15, 10), place(game, "cell", 15, 11.5)
