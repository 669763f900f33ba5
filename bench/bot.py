"""The bot's responsiveness with many matches in progress, on this machine (2 cores).

    python -m bench.bot [--matches N] [--decisions D] [--think S] [--seed X]
    python -m bench.bot --load [--steps 50,100,200,400,800] [--reload 1000]

The real ScouterBot runs against the fake Discord of tests/fakediscord in this process
(loopback; the fake's own work shares the cores, so the numbers are pessimistic); the
bot draws its images in render processes, one per core, as in production. N casual
matches between 2N users are created with MatchService.create and opened with
notifier.open_match (thread, board, both hands in DMs). Then every match has a player
driver, as a person would: wait a random think time (exponential, mean S seconds, so about
N/S decisions per second arrive in all), then press the board's public button for a random
legal option, or, for an option that names a hidden card, pick it in the DM hand select;
then wait for the board to be edited. D decisions are made in all.

Per decision, from the fake's clock at the moment it dispatches INTERACTION_CREATE:
  board edit:     until the fake records the next version of the match's board message
                  (what a player waits for: the headline);
  first response: until the bot's interaction callback (the defer) reaches the fake.
Goals with 200 matches in progress and ~20 decisions/s offered (think 10 s): board edit
p50 <= 150 ms and p99 <= 500 ms, first response p99 <= 100 ms. When fewer decisions are
served than offered, the bot is saturated and the report says so; `--think 0` offers
more than it can take and measures the saturation point (goal: at least 60 decisions/s
served with 200 matches).

--load steps the number of open matches (cumulatively) and prints p99 first response,
resident memory (VmRSS) per open match, as the slope between the last two steps (bot plus
the fake's stored messages, so an upper bound; goal 1,000 matches < 1 GiB, extrapolated),
and the time MatchService.load_unfinished takes on a fresh service for a database of K
unfinished matches with decisions (goal 1,000 matches < 3 s), with the memory those
replayed matches take (bot only).

`--check` exits 1 when a goal is missed by more than 2x (bench/_goals.py, bench/README.md).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bench._goals import Goal, add_check, finish
from bench._world import (
    BotWorld,
    bot_world,
    fill_database,
    percentile,
    rss_bytes,
)
from bot.db import Database
from bot.services.matches import LiveMatch, MatchService, decision_token
from engine.panini.cards import CardPool, load_pool
from tests.fakediscord import InteractionResult, RecordedMessage

GOAL_FIRST_MS = 100.0
GOAL_BOARD_P50_MS = 150.0
GOAL_BOARD_P99_MS = 500.0
GOAL_SERVED = 60.0  # decisions/s served with 200 matches, offered more than that
SATURATED = 0.9  # served below this share of what was offered: the bot could not keep up
GOAL_MATCHES = 1000
GOAL_MEMORY = 1 << 30
GOAL_RELOAD_S = 3.0
STEPS = (50, 100, 200, 400, 800)
WAIT_S = 30.0  # longest wait for a board or hand edit before a driver gives up
RELOAD_DECISIONS = 40  # stored decisions per match in the reload test


@dataclass
class Run:
    matches: int
    first_ms: list[float] = field(default_factory=list)
    board_ms: list[float] = field(default_factory=list)
    via: dict[str, int] = field(default_factory=lambda: {"button": 0, "select": 0})
    failures: list[str] = field(default_factory=list)
    finished: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0  # this process's CPU (bot and fake Discord; not the renderers)
    render_cpu_seconds: float | None = None  # the render processes' CPU, where /proc says
    rss: int = 0

    @property
    def decisions(self) -> int:
        return len(self.first_ms)


class Budget:
    """Decisions left to make; once spent (or past the deadline) every driver stops."""

    def __init__(self, decisions: int, deadline: float) -> None:
        self.left = decisions
        self.deadline = deadline
        self.spent = asyncio.Event()

    def take(self) -> bool:
        if self.left <= 0 or time.monotonic() > self.deadline:
            self.spent.set()
            return False
        self.left -= 1
        if self.left == 0:
            self.spent.set()
        return True

    async def think(self, seconds: float) -> None:
        """Sleep like a player thinking; wakes at once when the budget is spent."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.spent.wait(), seconds)


async def next_version(
    world: BotWorld, message_id: int, ready: asyncio.Future[RecordedMessage]
) -> RecordedMessage:
    """Wait for `ready` (a watcher on `message_id` completes it), then stop watching."""
    try:
        return await asyncio.wait_for(asyncio.shield(ready), WAIT_S)
    finally:
        world.watchers.pop(message_id, None)


def watch(world: BotWorld, message_id: int) -> asyncio.Future[RecordedMessage]:
    ready: asyncio.Future[RecordedMessage] = asyncio.get_running_loop().create_future()

    def seen(rec: RecordedMessage) -> None:
        if not ready.done():
            ready.set_result(rec)

    world.watchers[message_id] = [seen]
    return ready


def select_for(message: RecordedMessage, match_id: int, seq: int, index: int) -> str | None:
    prefix = f"sc:sel:{match_id}:{seq}:"
    for cid in message.custom_ids():
        if cid.startswith(prefix):
            component = message.component(cid) or {}
            if str(index) in [o["value"] for o in component.get("options") or []]:
                return cid
    return None


async def drive(
    world: BotWorld, match: LiveMatch, run: Run, budget: Budget, think: float, seed: int
) -> None:
    """One match's two players, deciding until the budget is spent or the match ends."""
    rng = random.Random(seed)
    store = world.bot.store
    board_ref = await store.message(match.id, "board")
    hands = [await store.message(match.id, f"hand{seat}") for seat in (0, 1)]
    if board_ref is None or None in hands:
        run.failures.append(f"match #{match.id}: no board or hand message")
        return
    board_id = board_ref[1]
    messages = world.fake.state.messages
    await budget.think(rng.uniform(0, think))  # players do not all start at once
    while match.active and budget.take():
        decision = match.pending
        assert decision is not None
        user = world.fake.state.users[match.players[decision.player]]  # type: ignore[index]
        index = rng.randrange(len(decision.options))
        button = f"sc:opt:{match.id}:{decision.seq}:{decision_token(match)}:{index}"
        result: InteractionResult
        if button in messages[board_id].latest.custom_ids():
            board_edit = watch(world, board_id)
            result = await world.fake.click(user, board_id, button)
            via = "button"
        else:
            hand_id = hands[decision.player][1]  # type: ignore[index]
            hand = messages[hand_id].latest
            select = select_for(hand, match.id, decision.seq, index)
            while select is None:  # the hand of this decision is still being drawn
                hand = await next_version(world, hand_id, watch(world, hand_id))
                select = select_for(hand, match.id, decision.seq, index)
            board_edit = watch(world, board_id)
            result = await world.fake.select(user, hand_id, select, [str(index)])
            via = "select"
        inter = result.interaction
        if result.error is not None or inter.responded_at is None:
            world.watchers.pop(board_id, None)
            run.failures.append(f"match #{match.id}: {result.error}")
            return
        try:
            edited = await next_version(world, board_id, board_edit)
        except TimeoutError:
            run.failures.append(f"match #{match.id}: no board edit within {WAIT_S:.0f} s")
            return
        run.first_ms.append((inter.responded_at - inter.created_at) * 1000)
        run.board_ms.append((edited.created_at - inter.created_at) * 1000)
        run.via[via] += 1
        await budget.think(rng.expovariate(1 / think) if think > 0 else 0)
    if not match.active:
        run.finished += 1


async def play(
    world: BotWorld, decisions: int, think: float, seed: int, limit_s: float
) -> Run:
    """Drive every open match at once until `decisions` were made (or `limit_s` passed)."""
    open_matches = [m for m in world.matches if m.active]
    run = Run(len(open_matches))
    budget = Budget(decisions, time.monotonic() + limit_s)
    start, cpu = time.perf_counter(), time.process_time()
    render_cpu = world.bot.renderer.worker_cpu_seconds()
    await asyncio.gather(*(
        drive(world, match, run, budget, think, seed * 100_003 + match.id)
        for match in open_matches
    ))
    run.seconds = time.perf_counter() - start
    run.cpu_seconds = time.process_time() - cpu
    render_after = world.bot.renderer.worker_cpu_seconds()
    if render_after is not None:  # None before: the processes started during the run
        run.render_cpu_seconds = render_after - (render_cpu or 0.0)
    await world.bot.notifier.settle()
    run.rss = rss_bytes()
    return run


def run_line(run: Run) -> str:
    return (
        f"{run.matches:>8}{run.decisions:>10}{run.decisions / run.seconds:>8.1f}"
        f"{statistics.median(run.first_ms):>9.1f}{percentile(run.first_ms, 0.99):>9.1f}"
        f"{statistics.median(run.board_ms):>9.0f}{percentile(run.board_ms, 0.99):>9.0f}"
    )


RUN_HEADER = (
    f"{'matches':>8}{'decided':>10}{'dec/s':>8}"
    f"{'1st p50':>9}{'1st p99':>9}{'brd p50':>9}{'brd p99':>9}"
)


def problems(run: Run) -> list[str]:
    lines = [f"  {len(run.failures)} driver(s) stopped: {run.failures[0]}"] if run.failures else []
    return lines


async def bench_play(matches: int, decisions: int, think: float, seed: int) -> Run:
    with tempfile.TemporaryDirectory(prefix="bench-bot-") as tmp:
        async with bot_world(Path(tmp), 2 * matches) as world:
            await world.open_matches(matches, seed)
            return await play(world, decisions, think, seed, limit_s=max(60.0, decisions))


# --- load mode -------------------------------------------------------------------------------
@dataclass
class Reload:
    matches: int
    decisions: int
    seconds: float
    rss_per_match: float


@dataclass
class Load:
    baseline_rss: int
    runs: list[Run]
    reload: Reload


async def bench_reload(
    pool: CardPool, matches: int, decisions: int = RELOAD_DECISIONS, seed: int = 0
) -> Reload:
    """Time MatchService.load_unfinished on a fresh service over `matches` stored ones."""
    with tempfile.TemporaryDirectory(prefix="bench-reload-") as tmp:
        path = Path(tmp) / "scouter.db"
        stored = await fill_database(path, pool, matches, decisions, seed=seed)
        db = await Database.open(path)
        try:
            service = MatchService(db, pool)
            before = rss_bytes()
            start = time.perf_counter()
            loaded = await service.load_unfinished()
            seconds = time.perf_counter() - start
            grown = rss_bytes() - before
            assert len(loaded) == matches, (len(loaded), matches)
        finally:
            await db.close()
    return Reload(matches, stored, seconds, grown / max(1, matches))


async def bench_load(
    steps: Sequence[int], decisions: int | None, think: float, seed: int, reload: int
) -> Load:
    # Replay first, in a process with nothing else in memory yet: its memory is the bot's.
    reload_result = await bench_reload(load_pool(), reload, seed=seed)
    runs: list[Run] = []
    with tempfile.TemporaryDirectory(prefix="bench-bot-") as tmp:
        async with bot_world(Path(tmp), 2 * max(steps)) as world:
            baseline = rss_bytes()
            for count in steps:
                await world.open_matches(count, seed)
                budget = decisions if decisions is not None else max(100, count // 2)
                run = await play(world, budget, think, seed + count, limit_s=120.0)
                run.matches = count
                runs.append(run)
                print(f"  step {count}: {run.decisions} decisions in {run.seconds:.0f} s",
                      file=sys.stderr, flush=True)
    return Load(baseline, runs, reload_result)


def memory_slope(load: Load) -> tuple[float, str]:
    """Bytes per open match: the slope between the last two steps, so the memory the bot
    had before any match (start-up, imports, caches) is not counted per match."""
    last = load.runs[-1]
    if len(load.runs) < 2:
        return (last.rss - load.baseline_rss) / last.matches, f"at {last.matches} over baseline"
    before = load.runs[-2]
    slope = (last.rss - before.rss) / max(1, last.matches - before.matches)
    return slope, f"slope from {before.matches} to {last.matches}"


def load_goals(load: Load) -> list[Goal]:
    per_match, _ = memory_slope(load)
    projected = load.runs[-1].rss + (GOAL_MATCHES - load.runs[-1].matches) * per_match
    worst = max(percentile(run.first_ms, 0.99) for run in load.runs)
    r = load.reload
    return [
        Goal("p99 first response at every step", worst, GOAL_FIRST_MS, False, " ms"),
        Goal(f"MiB for {GOAL_MATCHES} matches (extrapolated)", projected / 2**20,
             GOAL_MEMORY / 2**20, False, " MiB"),
        Goal(f"reload of {GOAL_MATCHES} matches", r.seconds / r.matches * GOAL_MATCHES,
             GOAL_RELOAD_S, False, " s"),
    ]  # fmt: skip


def load_report(load: Load) -> list[str]:
    lines = [RUN_HEADER + f"{'RSS MiB':>9}", "-" * (len(RUN_HEADER) + 9)]
    for run in load.runs:
        lines.append(run_line(run) + f"{run.rss / 2**20:>9.0f}")
        lines += problems(run)
    per_match, how = memory_slope(load)
    r = load.reload
    lines += [
        "",
        f"memory: baseline {load.baseline_rss / 2**20:.0f} MiB (bot ready, fake included); "
        f"{per_match / 1024:.0f} KiB per open match ({how}; bot + the fake's stored "
        "messages and images: an upper bound)",
        f"  replayed matches alone (bot only): {r.rss_per_match / 1024:.0f} KiB each",
        f"reload: {r.matches} unfinished matches, {r.decisions} stored decisions: "
        f"load_unfinished {r.seconds:.2f} s ({r.seconds / r.matches * 1000:.2f} ms/match)",
        "",
    ]
    return lines


def offered_rate(run: Run, think: float) -> float:
    return run.matches / think if think else float("inf")


def saturation_line(run: Run, think: float) -> str:
    served = run.decisions / run.seconds
    offered = offered_rate(run, think)
    if served >= SATURATED * offered:
        return f"not saturated: served {served:.1f} of ~{offered:.0f} decisions/s offered"
    return (f"SATURATED: served {served:.1f} decisions/s of ~{offered:.0f} offered: the "
            "latencies above include the queue (--think 0 measures the saturation point)")


def play_goals(run: Run, think: float) -> list[Goal]:
    goals = [
        Goal("board edit p50", statistics.median(run.board_ms), GOAL_BOARD_P50_MS, False, " ms"),
        Goal("board edit p99", percentile(run.board_ms, 0.99), GOAL_BOARD_P99_MS, False, " ms"),
        Goal("first response p99", percentile(run.first_ms, 0.99), GOAL_FIRST_MS, False, " ms"),
    ]
    if think == 0:  # offered more than any bot serves: what it serves is its ceiling
        goals.append(Goal("decisions/s served at saturation", run.decisions / run.seconds,
                          GOAL_SERVED, True))  # fmt: skip
    return goals


def play_report(run: Run, think: float) -> list[str]:
    return [
        f"{run.matches} matches in progress, players think {think:g} s on average "
        f"(offered ~{offered_rate(run, think):.0f} decisions/s); "
        f"answered by button {run.via['button']}, by DM select {run.via['select']}; "
        f"{run.finished} match(es) ended; times in ms from INTERACTION_CREATE",
        "",
        RUN_HEADER,
        "-" * len(RUN_HEADER),
        run_line(run),
        *problems(run),
        "",
        f"this process's CPU: {run.cpu_seconds / max(1, run.decisions) * 1000:.1f} ms per "
        "decision (bot and fake Discord; the render processes not included): what a busy "
        "machine changes least",
        render_line(run),
        saturation_line(run, think),
    ]


def render_line(run: Run) -> str:
    if run.render_cpu_seconds is None:
        return "the render processes' CPU: not known here (no /proc, or drawing on threads)"
    decisions = max(1, run.decisions)
    render_ms = run.render_cpu_seconds / decisions * 1000
    total_ms = max(0.1, render_ms + run.cpu_seconds / decisions * 1000)
    cores = os.cpu_count() or 1
    return (f"the render processes' CPU: {render_ms:.1f} ms per decision (boards and hands); "
            f"with this process's, {cores} core(s) can serve at most about "
            f"{cores * 1000 / total_ms:.0f} decisions/s")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bot", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=200, help="open matches (default 200)")
    parser.add_argument("--decisions", type=int, default=None,
                        help="decisions to make (default 2 per match; per step in --load: "
                             "max(100, N/2))")
    parser.add_argument("--think", type=float, default=10.0,
                        help="mean seconds a player takes per decision (default 10)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--load", action="store_true", help="step the number of matches")
    parser.add_argument("--steps", default=",".join(map(str, STEPS)))
    parser.add_argument("--reload", type=int, default=GOAL_MATCHES,
                        help="matches in the reload test (default 1000)")
    add_check(parser)
    args = parser.parse_args(argv)
    if args.matches < 1 or args.think < 0 or (args.decisions is not None and args.decisions < 1):
        parser.error("--matches and --decisions must be at least 1, --think at least 0")
    if args.load:
        steps = sorted({int(s) for s in args.steps.split(",") if s.strip()})
        if not steps or steps[0] < 1 or args.reload < 1:
            parser.error("--steps and --reload need positive numbers")
        load = asyncio.run(bench_load(steps, args.decisions, args.think, args.seed, args.reload))
        print("\n".join(load_report(load)))
        return finish(load_goals(load), args)
    decisions = args.decisions if args.decisions is not None else 2 * args.matches
    run = asyncio.run(bench_play(args.matches, decisions, args.think, args.seed))
    if not run.first_ms:
        print("bench: no decision was made: " + "; ".join(run.failures[:3]))
        return 1
    print("\n".join(play_report(run, args.think)))
    return finish(play_goals(run, args.think), args)


if __name__ == "__main__":
    sys.exit(main())
