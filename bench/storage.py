"""How fast decisions are stored, against what SQLite itself can do on this disk.

    python -m bench.storage [--decisions D] [--rounds R] [--seed S]

Service: MatchService.decide (no Discord: a null notifier) on casual matches, each call the
real commit path: check the answer, apply it to the game, BEGIN IMMEDIATE, INSERT into
match_decisions, UPDATE matches, COMMIT, through aiosqlite with WAL and synchronous=FULL.
Raw: the stdlib sqlite3 module on a database with the same schema and pragmas (WAL,
synchronous=FULL, busy_timeout, foreign_keys) storing the same rows, one transaction per
decision (BEGIN IMMEDIATE, the same INSERT and UPDATE, COMMIT), no engine, no asyncio.
Both run in the same process, in alternating rounds of D/R decisions so disk and cache
state affect them alike; a new match replaces one that ends (its creation is not timed).
The goal: the service stores at least half as many decisions per second as raw SQLite.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bench._world import INSERT_DECISION, RULESET, deck_pair, starter_decks, verdict
from bot.db import Database
from bot.services.matches import LiveMatch, MatchService
from engine.cards import CardPool, load_pool

GOAL_RATIO = 2.0
UPDATE_MATCH = (
    "UPDATE matches SET status=?, winner=?, win_reason=?, finished_at=?,"
    " decision_since=?, reminded=0, timeouts0=?, timeouts1=? WHERE id=?"
)
Row = tuple[int, int, int, int, str, int, str, float]


@dataclass
class Storage:
    decisions: int
    service_s: float
    raw_s: float

    @property
    def service_rate(self) -> float:
        return self.decisions / self.service_s

    @property
    def raw_rate(self) -> float:
        return self.decisions / self.raw_s

    @property
    def ratio(self) -> float:
        return self.raw_rate / self.service_rate


class ServiceSide:
    def __init__(self, db: Database, pool: CardPool, seed: int) -> None:
        self.service = MatchService(db, pool)
        self.decks = starter_decks(pool)
        self.rng = random.Random(seed)
        self.seed = seed
        self.created = 0
        self.match: LiveMatch | None = None
        self.rows: list[Row] = []  # what was stored, for the raw side to store again

    async def _fresh(self) -> LiveMatch:
        self.created += 1
        return await self.service.create(
            guild_id=1, channel_id=2, mode="casual", ruleset=RULESET,
            players=(10, 11), decks=deck_pair(self.decks, self.created),
            deck_versions=(None, None), seed=self.seed + self.created,
        )

    async def run(self, decisions: int) -> float:
        """Seconds spent inside MatchService.decide for `decisions` accepted answers."""
        spent = 0.0
        made = 0
        while made < decisions:
            if self.match is None or not self.match.active:
                self.match = await self._fresh()
            match = self.match
            decision = match.pending
            assert decision is not None
            choice = self.rng.randrange(len(decision.options))
            user = match.players[decision.player]
            assert user is not None
            start = time.perf_counter()
            result = await self.service.decide(match.id, user, decision.seq, choice)
            spent += time.perf_counter() - start
            if not result.ok:
                raise RuntimeError(f"bench: the service refused a legal answer: {result.message}")
            answer = match.record.decisions[-1]
            self.rows.append((match.id, match.epoch, len(match.record.decisions) - 1,
                              answer.player, answer.option, user, "player", time.time()))
            made += 1
        return spent


class RawSide:
    def __init__(self, path: Path) -> None:
        self.conn = sqlite3.connect(path, isolation_level=None)
        for pragma in ("journal_mode=WAL", "busy_timeout=5000", "foreign_keys=ON",
                       "synchronous=FULL"):
            self.conn.execute(f"PRAGMA {pragma}").fetchall()
        self.parents: set[int] = set()

    def add_parents(self, rows: Sequence[Row]) -> None:
        """The match rows the decisions' foreign key needs (not timed)."""
        missing = sorted({row[0] for row in rows} - self.parents)
        self.conn.executemany(
            "INSERT INTO matches (id, guild_id, channel_id, ruleset, seed, mode, player0_id,"
            " player1_id, decks_json, created_at, decision_since)"
            " VALUES (?, 1, 2, ?, 0, 'casual', 10, 11, '[]', 0, 0)",
            [(match_id, RULESET) for match_id in missing],
        )
        self.parents.update(missing)

    def run(self, rows: Sequence[Row]) -> float:
        conn = self.conn
        start = time.perf_counter()
        for row in rows:
            conn.execute("BEGIN IMMEDIATE")
            conn.execute(INSERT_DECISION, row)
            conn.execute(UPDATE_MATCH, ("active", None, None, None, row[7], 0, 0, row[0]))
            conn.execute("COMMIT")
        return time.perf_counter() - start

    def close(self) -> None:
        self.conn.close()


async def bench_storage(decisions: int, rounds: int = 4, seed: int = 0) -> Storage:
    pool = load_pool()
    with tempfile.TemporaryDirectory(prefix="bench-storage-") as tmp:
        db = await Database.open(Path(tmp) / "service.db")
        raw_db = await Database.open(Path(tmp) / "raw.db")  # the same schema, then raw
        await raw_db.close()
        raw = RawSide(Path(tmp) / "raw.db")
        try:
            side = ServiceSide(db, pool, seed)
            per_round = max(1, decisions // rounds)
            service_s = raw_s = 0.0
            made = 0
            while made < decisions:
                count = min(per_round, decisions - made)
                service_s += await side.run(count)
                rows = side.rows[made:made + count]
                raw.add_parents(rows)
                raw_s += raw.run(rows)
                made += count
        finally:
            raw.close()
            await db.close()
    return Storage(decisions, service_s, raw_s)


def report(result: Storage) -> list[str]:
    return [
        f"{result.decisions} decisions, one transaction each, WAL + synchronous=FULL, "
        "on this machine's disk (temp dir)",
        "",
        f"{'path':<34}{'decisions/s':>12}{'ms each':>10}",
        "-" * 56,
        f"{'MatchService.decide (aiosqlite)':<34}{result.service_rate:>12.0f}"
        f"{result.service_s / result.decisions * 1000:>10.2f}",
        f"{'raw sqlite3 INSERT + UPDATE':<34}{result.raw_rate:>12.0f}"
        f"{result.raw_s / result.decisions * 1000:>10.2f}",
        "",
        f"raw / service: {result.ratio:.2f}x",
        f"goal within {GOAL_RATIO:g}x of raw: {verdict(result.ratio <= GOAL_RATIO)}",
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.storage", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decisions", type=int, default=2000, help="default 2000")
    parser.add_argument("--rounds", type=int, default=4, help="alternations (default 4)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.decisions < 1 or args.rounds < 1:
        parser.error("--decisions and --rounds must be at least 1")
    print("\n".join(report(asyncio.run(bench_storage(args.decisions, args.rounds, args.seed)))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
