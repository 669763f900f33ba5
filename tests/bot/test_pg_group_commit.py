"""Group commit on PostgreSQL (bot/db_postgres.py), as on SQLite (bot/db_batch.py): the
units that arrive while one transaction is written share the next one, sent in one
pipeline (and written again a savepoint each when one is refused, so only it fails).
What `batch` promises on both backends (atomic units, failing alone, answered after their
COMMIT) is tests/bot/test_group_commit.py; this counts the transactions."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import psycopg

from bot.db import Database, IntegrityError
from tests.bot.test_group_commit import ten_with_a_clash, unit

# The notes of test_group_commit.py, each row recording the transaction that stored it.
CREATE = ("CREATE TABLE notes (id BIGINT PRIMARY KEY, body TEXT NOT NULL,"
          " xact BIGINT NOT NULL DEFAULT txid_current())")


def test_units_arriving_together_share_one_transaction_and_fail_alone(
        new_postgres: Callable[[], str]) -> None:
    url = new_postgres()

    async def main() -> list[BaseException | None]:
        db = await Database.open(url)
        try:
            async with db.write() as conn:
                await conn.execute(CREATE)
            outcomes = await ten_with_a_clash(db)
            # and ten more at once that all stand: the pipeline's path, no savepoints
            await asyncio.gather(*(db.batch(unit(note)) for note in range(100, 110)))
            return outcomes
        finally:
            await db.close()

    outcomes = asyncio.run(main())
    assert isinstance(outcomes[3], IntegrityError)
    assert [o for i, o in enumerate(outcomes) if i != 3] == [None] * 9
    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT id, xact FROM notes WHERE id < 70 ORDER BY id").fetchall()
        clean = conn.execute("SELECT id, xact FROM notes WHERE id >= 100 ORDER BY id"
                             ).fetchall()
    assert [note for note, _ in rows] == [0, 1, 2, 4, 5, 6, 7, 8, 9]
    # The first unit is written alone; the eight that stand of those queued behind it
    # were written in one transaction.
    by_xact = {xact for note, xact in rows if note != 0}
    assert len(by_xact) == 1 and rows[0][1] not in by_xact
    assert [note for note, _ in clean] == list(range(100, 110))
    together = {xact for note, xact in clean if note != 100}
    assert len(together) == 1 and clean[0][1] not in together
