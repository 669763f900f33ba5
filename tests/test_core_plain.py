"""engine.core.plain writes a state exactly as `dataclasses.asdict` would, without its
deep copy: the saved JSON of both families' games is unchanged, at every decision."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

import pytest

from bot import score_decks
from bot.simulation import load_starter_decks
from engine.core.plain import plain
from engine.panini.ai import RandomPlayer
from engine.panini.cards import load_pool
from engine.panini.game import Game
from engine.score.ai import make_player
from engine.score.family import ScoreFamily


def _same(state: object) -> None:
    expected = json.dumps(asdict(state), sort_keys=True)  # type: ignore[call-overload]
    assert json.dumps(plain(state), sort_keys=True) == expected


def _play_checking(game: Any, player: Any, decisions: int = 150) -> None:
    for _ in range(decisions):
        if game.over:
            break
        _same(game.state)
        decision = game.pending
        assert decision is not None
        game.apply(decision.player, player.choose(game, decision), decision.seq)


def test_a_panini_state_is_written_as_asdict_writes_it_at_every_decision() -> None:
    pool = load_pool()
    game = Game.new(load_starter_decks(pool)[:2], seed=11, pool=pool)
    player = RandomPlayer(11)
    _play_checking(game, player)
    assert game.state.attack is not None or game.state.turn > 1  # it went past the set-up


@pytest.mark.parametrize("ruleset", ["score", "ocg"])
def test_a_score_state_is_written_as_asdict_writes_it_at_every_decision(ruleset: str) -> None:
    pool = score_decks.score_pool()
    decks = score_decks.load_score_decks(score_decks.default_names(ruleset), ruleset, pool)
    game = ScoreFamily(pool).new_game(decks, 5, ruleset)
    player = make_player("random", 5)
    _play_checking(game, player)
    assert game.state.turn > 1


@dataclass
class _Nested:
    pairs: list[tuple[int, str]] = field(default_factory=lambda: [(1, "a")])
    table: dict[str, list[int]] = field(default_factory=lambda: {"k": [1, 2]})
    inner: list[_Inner] = field(default_factory=lambda: [_Inner()])


@dataclass(slots=True)
class _Inner:
    value: float | None = 0.5
    flag: bool = True


def test_nested_tuples_dicts_and_slotted_dataclasses() -> None:
    _same(_Nested())
    with pytest.raises(TypeError, match="not plain data: set"):
        plain({"bad": {1, 2}})
