"""The task machine in engine.core (docs/games.md), tried on a toy game written only
against it: the interface a new family gets for free."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from engine.core.decisions import Decision, JsonDict, Option, Task
from engine.core.events import EngineError
from engine.core.machine import Handlers, TaskMachine

TOY = Handlers()


@dataclass
class ToyState:
    total: int = 0
    tasks: list[Task] = field(default_factory=list)
    pending: Decision | None = None
    seq: int = 0
    winner: int | None = None


class ToyGame(TaskMachine):
    """Players take turns adding 1 or 2; whoever reaches 5 wins."""

    handlers = TOY
    state: ToyState

    def __init__(self) -> None:
        self.state = ToyState()
        self.events = []
        self.then(("turn", {"player": 0}))
        self.run()


@TOY.register("turn")
def _turn(game: ToyGame, args: JsonDict) -> None:
    options = [Option("1", "Add 1"), Option("2", "Add 2")]
    game.ask(args["player"], "add", f"Total {game.state.total}", options, "added", **args)


@TOY.register("added")
def _added(game: ToyGame, args: JsonDict) -> None:
    game.state.total += int(args["choice"])
    game.emit("add", f"{game.who(args['player'])} adds {args['choice']}.")
    if game.state.total >= 5:
        game.state.winner = args["player"]
        return
    game.then(("turn", {"player": 1 - args["player"]}))


def test_answers_run_until_the_next_decision() -> None:
    game = ToyGame()
    assert game.pending is not None and game.pending.player == 0 and game.pending.seq == 0
    outcome = game.apply(0, "2", 0)
    assert outcome.ok and [e.text for e in outcome.events] == ["Player 1 adds 2."]
    assert game.pending is not None and game.pending.player == 1 and game.pending.seq == 1
    game.apply(1, "2")
    game.apply(0, "1")
    assert game.over and game.state.winner == 0 and game.pending is None
    assert not game.apply(1, "1").ok  # nothing to answer once the game is over


def test_bad_answers_are_refused_and_change_nothing() -> None:
    game = ToyGame()
    refused = [game.apply(1, "1"), game.apply(0, "3"), game.apply(0, "1", seq=7)]
    assert [o.ok for o in refused] == [False, False, False]
    assert "not your decision" in refused[0].reason
    assert "not a legal option" in refused[1].reason
    assert "stale decision #7" in refused[2].reason
    assert game.state.total == 0 and game.pending is not None and game.pending.seq == 0


def test_a_decision_without_options_and_running_dry_are_engine_bugs() -> None:
    game = ToyGame()
    with pytest.raises(EngineError, match="no options"):
        game.ask(0, "add", "nothing", [], "added")
    game.state.pending = None
    with pytest.raises(EngineError, match="nothing left to do"):
        game.run()


def test_a_task_kind_is_registered_once() -> None:
    with pytest.raises(ValueError, match="two handlers"):
        TOY.register("turn")(_turn)
    assert "turn" in TOY and "fly" not in TOY
