"""Group commit (bot/db_batch.py): transactions that arrive together share one COMMIT, yet
each stays atomic, fails alone, and is answered only once it is stored. What `batch`
promises is tested on both storage backends (PostgreSQL groups them too:
bot/db_postgres.py, tests/bot/test_pg_group_commit.py)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import psycopg
import pytest

from bot.db import Database, IntegrityError
from bot.db_batch import GroupCommit, Statement

CREATE = "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)"
INSERT = "INSERT INTO notes (id, body) VALUES (?, ?)"


def unit(*ids: int) -> list[Statement]:
    return [(INSERT, [(note, f"note {note}") for note in ids])]


async def opened(path: Path | str) -> Database:
    db = await Database.open(path)
    async with db.write() as conn:
        await conn.execute(CREATE)
    return db


def stored(target: Path | str) -> list[int]:
    """The notes committed, read through a separate connection."""
    if isinstance(target, str):
        with psycopg.connect(target) as pg:
            return [row[0] for row in pg.execute("SELECT id FROM notes ORDER BY id")]
    with sqlite3.connect(target) as conn:
        return [row[0] for row in conn.execute("SELECT id FROM notes ORDER BY id")]


def test_units_arriving_together_commit_together_and_fail_alone(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    commits: list[int] = []

    def connect() -> sqlite3.Connection:  # the group's connection, counting its COMMITs
        conn = sqlite3.connect(path, isolation_level=None)
        conn.set_trace_callback(lambda sql: commits.append(1) if sql == "COMMIT" else None)
        return conn

    async def main() -> list[BaseException | None]:
        await (await opened(path)).close()  # the table, through the bot's schema path
        with sqlite3.connect(path) as conn:
            conn.execute("INSERT INTO notes VALUES (70, 'already there')")
        group = GroupCommit(connect, asyncio.Lock())
        try:
            # Ten units at once; unit 3 repeats id 70 (a primary key clash) after adding
            # its own id 3, so it must vanish whole while the other nine stay.
            units = [unit(index) if index != 3 else unit(3, 70) for index in range(10)]
            outcomes = await asyncio.gather(*(group.run(u) for u in units),
                                            return_exceptions=True)
            return [o if isinstance(o, BaseException) else None for o in outcomes]
        finally:
            await group.stop()

    outcomes = asyncio.run(main())
    assert isinstance(outcomes[3], sqlite3.IntegrityError)
    assert [o for i, o in enumerate(outcomes) if i != 3] == [None] * 9
    assert stored(path) == [0, 1, 2, 4, 5, 6, 7, 8, 9, 70]
    # The first unit is written alone; the nine that queued behind it share one COMMIT.
    assert len(commits) == 2


def test_a_caller_is_answered_only_after_its_commit(database_target: Path | str) -> None:
    path = database_target

    async def main() -> None:
        db = await opened(path)
        try:
            for note in range(5):
                await db.batch(unit(note))
                assert note in stored(path)  # visible to another connection: committed
        finally:
            await db.close()

    asyncio.run(main())


def test_a_cancelled_writer_still_writes_what_others_wait_for(database_target: Path | str) -> None:
    path = database_target

    async def main() -> None:
        db = await opened(path)
        try:
            first = asyncio.create_task(db.batch(unit(1)))  # becomes the writer
            await asyncio.sleep(0)
            others = [asyncio.create_task(db.batch(unit(note))) for note in (2, 3)]
            await asyncio.sleep(0)
            first.cancel()
            await asyncio.wait_for(asyncio.gather(*others), timeout=10)
            with pytest.raises(asyncio.CancelledError):
                await first
            # The database is still usable by both paths afterwards.
            await db.batch(unit(4))
            async with db.write() as conn:
                await conn.execute(INSERT, (5, "by write()"))
        finally:
            await db.close()

    asyncio.run(main())
    assert stored(path) == [1, 2, 3, 4, 5]


def test_batches_and_write_transactions_interleave_without_deadlock(
        database_target: Path | str) -> None:
    path = database_target

    async def main() -> None:
        db = await opened(path)
        try:
            async def by_write(note: int) -> None:
                async with db.write() as conn:
                    await conn.execute(INSERT, (note, "write"))

            jobs = [db.batch(unit(n)) if n % 2 else by_write(n) for n in range(200)]
            await asyncio.wait_for(asyncio.gather(*jobs), timeout=30)
        finally:
            await db.close()

    asyncio.run(main())
    assert stored(path) == list(range(200))


def test_a_connection_that_cannot_open_fails_every_caller_instead_of_hanging(
    tmp_path: Path,
) -> None:
    def connect() -> sqlite3.Connection:
        raise sqlite3.OperationalError("unable to open database file")

    async def main() -> list[BaseException | None]:
        group = GroupCommit(connect, asyncio.Lock())
        try:
            outcomes = await asyncio.wait_for(
                asyncio.gather(*(group.run(unit(n)) for n in range(3)),
                               return_exceptions=True), timeout=10)
            return [o if isinstance(o, BaseException) else None for o in outcomes]
        finally:
            await group.stop()

    outcomes = asyncio.run(main())
    assert all(isinstance(o, sqlite3.OperationalError) for o in outcomes), outcomes


def test_a_failing_batch_stores_nothing_and_the_others_stand(database_target: Path | str
                                                             ) -> None:
    async def main() -> list[BaseException | None]:
        db = await opened(database_target)
        try:
            return await ten_with_a_clash(db)
        finally:
            await db.close()

    outcomes = asyncio.run(main())
    assert isinstance(outcomes[3], IntegrityError)  # one error class on both backends
    assert [o for i, o in enumerate(outcomes) if i != 3] == [None] * 9
    assert stored(database_target) == [0, 1, 2, 4, 5, 6, 7, 8, 9, 70]


async def ten_with_a_clash(db: Database) -> list[BaseException | None]:
    """Note 70 stored, then ten units batched at once, notes 0-9; unit 3 adds its own
    note, then repeats 70 (a key clash), so it must vanish whole. What each raised."""
    await db.batch(unit(70))
    units = [unit(index) if index != 3 else unit(3, 70) for index in range(10)]
    outcomes = await asyncio.gather(*(db.batch(u) for u in units), return_exceptions=True)
    return [o if isinstance(o, BaseException) else None for o in outcomes]
