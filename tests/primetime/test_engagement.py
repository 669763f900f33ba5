"""Breaking Engagement ("Breaking Engagement"): half speed, and a free melee strike."""

from __future__ import annotations

import math

import pytest

from engine.primetime.options import parse_point
from tests.primetime.helpers import (
    activate,
    answer,
    dice,
    duel,
    start_move,
)


def test_moving_out_of_melee_is_half_speed_and_invites_a_free_strike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "When a model attempts to move away from an enemy within melee range (1"): Must use a
    # half-speed move (MOV ÷ 2). Before the move resolves, the opponent may declare one
    # free melee Z-Reaction attack (0 BK)"
    game, goku, cell = duel()
    activate(game, goku)
    labels = [o.label for o in game.pending.options]  # type: ignore[union-attr]
    assert 'Move (up to 4")' in labels  # 1st Move 8, halved
    start_move(game)
    points = [parse_point(o.id) for o in game.pending.options]  # type: ignore[union-attr]
    assert max(math.hypot(p[0] - 15, p[1] - 10) for p in points if p) == pytest.approx(4)
    answer(game, "at:15,6")
    decision = game.pending
    assert decision is not None and decision.kind == "free_strike"
    assert decision.player == cell.owner and (goku.x, goku.y) == (15, 10)
    bk = game.state.players[cell.owner].bk
    dice(monkeypatch, 10)
    answer(game, f"strike:{cell.uid}:0")  # Tail Drain: 10 + 5 = 15 against RFX 13
    assert goku.hp == 7 - (3 - 1) and game.state.players[cell.owner].bk == bk
    assert (goku.x, goku.y) == (15, 6)
    # the move's log line says what it paid, as any move's does (PT-4)
    assert game.events[-1].text.endswith('moves to (15", 6") (4.0" of MOV).'), game.events[-1]


def test_a_move_that_stays_in_reach_is_no_break() -> None:
    game, goku, _ = duel()
    activate(game, goku)
    start_move(game)
    answer(game, "at:16.5,10.5")  # still within 1" of Cell
    assert (goku.x, goku.y) == (16.5, 10.5)
    assert game.pending is not None and game.pending.kind == "action"
