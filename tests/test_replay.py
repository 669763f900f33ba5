"""DESIGN.md "Engine contract": state at any point = replay of a prefix of decisions."""

from __future__ import annotations

import pytest

from engine.panini.ai import GreedyPlayer, RandomPlayer
from engine.panini.replay import (
    RecordedGame,
    ReplayError,
    record_from_json,
    record_to_json,
    replay,
)
from tests.pool import TEST_POOL, test_deck


def _played(seed: int) -> tuple[RecordedGame, list[str]]:
    recorded = RecordedGame.start((test_deck("Goku"), test_deck("Vegeta")), seed,
                                  "panini-2016", TEST_POOL)
    players = (RandomPlayer(seed), GreedyPlayer())
    snapshots = [recorded.game.to_json()]
    while not recorded.game.over:
        decision = recorded.game.pending
        assert decision is not None
        option = players[decision.player].choose(recorded.game, decision)
        assert recorded.apply(decision.player, option, decision.seq).ok
        snapshots.append(recorded.game.to_json())
    return recorded, snapshots


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_replay_reproduces_every_state(seed: int) -> None:
    recorded, snapshots = _played(seed)
    record = record_from_json(record_to_json(recorded.record))
    assert replay(record, TEST_POOL).to_json() == snapshots[-1]
    for upto in (0, 1, len(snapshots) // 2, len(snapshots) - 2):
        assert replay(record, TEST_POOL, upto).to_json() == snapshots[upto]


def test_rollback_continues_from_earlier_point() -> None:
    recorded, snapshots = _played(4)
    recorded.rollback(10)
    assert recorded.game.to_json() == snapshots[10]
    assert len(recorded.record.decisions) == 10
    assert not recorded.game.over


def test_rejected_answers_are_not_recorded() -> None:
    recorded = RecordedGame.start((test_deck("Goku"), test_deck("Vegeta")), 5,
                                  "panini-2016", TEST_POOL)
    decision = recorded.game.pending
    assert decision is not None
    assert not recorded.apply(1 - decision.player, decision.options[0].id).ok
    assert not recorded.apply(decision.player, "no-such-option").ok
    assert recorded.record.decisions == []


def test_record_that_does_not_fit_is_reported() -> None:
    recorded, _ = _played(6)
    recorded.record.decisions[3] = type(recorded.record.decisions[3])(0, "bogus")
    with pytest.raises(ReplayError, match="decision 4"):
        replay(recorded.record, TEST_POOL)
