"""The bot and storage benchmarks still run (tiny sizes; their numbers are not checked)."""

from __future__ import annotations

import argparse
import asyncio
import math

import pytest

from bench import bot as bench_bot
from bench import engine as bench_engine
from bench import restore as bench_restore
from bench import score as bench_score
from bench import storage as bench_storage
from engine.panini.cards import load_pool


def test_bench_bot_plays_decisions_through_the_fake_discord() -> None:
    run = asyncio.run(bench_bot.bench_play(matches=3, decisions=5, think=0.05, seed=1))
    assert run.failures == []
    assert run.decisions == 5
    assert all(math.isfinite(ms) and ms >= 0 for ms in run.first_ms + run.board_ms)
    assert "saturated" in bench_bot.play_report(run, 0.05)[-1].lower()
    assert run.cpu_seconds > 0 and "ms per decision" in bench_bot.play_report(run, 0.05)[-2]
    goals = {goal.what for goal in bench_bot.play_goals(run, 0.05)}
    assert goals == {"board edit p50", "board edit p99", "first response p99"}
    assert "decisions/s served at saturation" in {g.what for g in bench_bot.play_goals(run, 0)}


def test_bench_bot_times_reloading_unfinished_matches() -> None:
    reload = asyncio.run(bench_bot.bench_reload(load_pool(), matches=10, decisions=5))
    assert reload.matches == 10 and reload.decisions > 0
    assert reload.seconds > 0


def test_bench_storage_compares_the_service_with_raw_sqlite() -> None:
    result = asyncio.run(bench_storage.bench_storage(decisions=20, rounds=2))
    assert result.service_rate > 0 and result.raw_rate > 0
    assert result.raw_batched_rate > 0
    assert "decisions per COMMIT" in "\n".join(bench_storage.report(result))
    assert [goal.what for goal in bench_storage.goals(result)] == [
        "service/raw time, one at a time", "service/raw time, 20 at once"]


def test_bench_restore_times_a_restore_by_the_running_bot() -> None:
    times = asyncio.run(bench_restore.bench_restore(matches=3, decisions=5))
    assert times.matches == 3 and times.decisions > 0
    assert times.held_s > 0 and times.replay_s > 0
    assert "play held still" in bench_restore.report(times)[1]


def test_bench_score_plays_each_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_engine.main(["--ruleset", "ocg", "--games", "2"]) == 0
    assert bench_score.main(["--games", "2"]) == 0
    out = capsys.readouterr().out
    assert out.count("\nocg ") == 2 and out.count("\nscore ") == 1


def test_a_goal_fails_check_only_when_missed_widely(capsys: pytest.CaptureFixture[str]) -> None:
    """`--check` is for regressions: a miss within the margin is noise and passes."""
    from bench._goals import Goal, add_check, finish

    parser = argparse.ArgumentParser()
    add_check(parser)
    checking = parser.parse_args(["--check"])
    near = [Goal("games/s", 60, 100, True), Goal("board ms", 250, 150, False)]
    far = [Goal("games/s", 40, 100, True)]
    slow = [Goal("board ms", 400, 150, False, " ms")]
    assert finish(near, checking) == 0
    assert finish(far, checking) == 1 and finish(slow, checking) == 1
    assert finish(far, parser.parse_args([])) == 0  # without --check, numbers only
    out = capsys.readouterr().out
    assert "goal games/s >= 100: NOT met (40)" in out
    assert "check: FAILED: board ms is past 2x its goal" in out


def test_bench_engine_check_passes_or_fails_on_its_goal(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_engine.main(["--games", "2", "--check", "--margin", "1000"]) == 0
    out = capsys.readouterr().out
    assert "goal random games per CPU second >= 100" in out and "check: ok" in out
