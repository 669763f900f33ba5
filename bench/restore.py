"""How long a restore made by the running bot holds play still, on this machine.

    python -m bench.restore [--matches N] [--decisions D] [--check]

A database of N unfinished matches with D stored decisions each is backed up; a
MatchService with every match replayed (as in the running bot) then restores that backup
the way the bot does (bot/services/restore.py): it holds every match still, copies the
backup in through SQLite (keeping the current file as `.bak`) and replays the unfinished
matches from the restored file. Prints the time play is held still and the replay time.
The goal: play held still at most 1 s with 1,000 matches (a press waiting through it must
still be answered inside Discord's 3 s); `--check` exits 1 past 2x that.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bench._goals import Goal, add_check, finish
from bench._world import fill_database
from bot.backups import backup, restore_live
from bot.db import Database
from bot.services.matches import MatchService
from engine.panini.cards import load_pool


@dataclass
class RestoreTimes:
    matches: int
    decisions: int
    megabytes: float
    held_s: float  # no match can load or decide
    replay_s: float  # the unfinished matches replayed from the restored file


async def bench_restore(matches: int, decisions: int) -> RestoreTimes:
    pool = load_pool()
    with tempfile.TemporaryDirectory(prefix="bench-restore-") as tmp:
        path = Path(tmp) / "scouter.db"
        stored = await fill_database(path, pool, matches, decisions)
        saved = await asyncio.to_thread(backup, path, Path(tmp) / "backup.db")
        db = await Database.open(path)
        try:
            service = MatchService(db, pool)
            await service.load_unfinished()
            start = time.perf_counter()
            async with service.held_still():
                await db.replace_with(lambda: restore_live(saved, path))
            held = time.perf_counter() - start
            start = time.perf_counter()
            await service.load_unfinished()
            replay = time.perf_counter() - start
            size = path.stat().st_size / 1e6
        finally:
            await db.close()
    return RestoreTimes(matches, stored, size, held, replay)


GOAL_HELD_S = 1.0


def goals(times: RestoreTimes) -> list[Goal]:
    return [Goal(f"play held still ({times.matches} matches)", times.held_s, GOAL_HELD_S,
                 False, " s")]  # fmt: skip


def report(times: RestoreTimes) -> list[str]:
    return [
        f"{times.matches} unfinished matches, {times.decisions} stored decisions, "
        f"{times.megabytes:.1f} MB",
        f"play held still (copy the backup in, keep .bak, migrate): {times.held_s * 1000:.0f} ms",
        f"replay the unfinished matches afterwards: {times.replay_s * 1000:.0f} ms",
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.restore", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=1000, help="default 1000")
    parser.add_argument("--decisions", type=int, default=40, help="per match (default 40)")
    add_check(parser)
    args = parser.parse_args(argv)
    if args.matches < 1 or args.decisions < 1:
        parser.error("--matches and --decisions must be at least 1")
    times = asyncio.run(bench_restore(args.matches, args.decisions))
    print("\n".join(report(times)))
    return finish(goals(times), args)


if __name__ == "__main__":
    sys.exit(main())
