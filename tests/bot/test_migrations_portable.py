"""A migration appended in plain portable SQL (the rule in bot/migrations.py and
docs/operations.md) runs on SQLite and on PostgreSQL alike: its ids are generated and
returned, its references and checks hold, and it is applied once."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.db import Database, IntegrityError
from bot.migrations import MIGRATIONS

# Like a new feature's tables: a table created before the one it references is fine too.
APPENDED = """
CREATE TABLE entries (
    id INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events(id),
    user_id INTEGER NOT NULL,
    score REAL NOT NULL DEFAULT 0,
    UNIQUE (event_id, user_id)
);
CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    created_at REAL NOT NULL
);
CREATE INDEX events_open ON events(guild_id) WHERE status = 'open'
"""


@pytest.fixture
def appended() -> Iterator[None]:
    MIGRATIONS.append(APPENDED)
    try:
        yield
    finally:
        MIGRATIONS.remove(APPENDED)


@pytest.mark.usefixtures("appended")
def test_a_portable_migration_appended_runs_on_both(database_target: Path | str) -> None:
    async def main() -> None:
        db = await Database.open(database_target)
        try:
            assert await db.user_version() == len(MIGRATIONS)
            async with db.write() as conn:
                # a Discord id needs 64 bits; a time keeps its milliseconds
                cursor = await conn.execute(
                    "INSERT INTO events (guild_id, name, created_at) VALUES (?, ?, ?)",
                    (1_574_885_903_787_098_115, "Cell Games", 1_700_000_000.125))
                event_id = cursor.lastrowid
                await conn.execute("INSERT INTO entries (event_id, user_id) VALUES (?, ?)",
                                   (event_id, 5))
            row = await db.fetchone("SELECT guild_id, created_at, status FROM events"
                                    " WHERE id=?", (event_id,))
            assert row is not None
            assert tuple(row) == (1_574_885_903_787_098_115, 1_700_000_000.125, "open")
            for sql, params in (
                ("INSERT INTO entries (event_id, user_id) VALUES (?, ?)", (event_id, 5)),
                ("INSERT INTO entries (event_id, user_id) VALUES (?, ?)", (999, 6)),
                ("UPDATE events SET status='gone' WHERE id=?", (event_id,)),
            ):
                with pytest.raises(IntegrityError):
                    async with db.write() as conn:
                        await conn.execute(sql, params)
        finally:
            await db.close()
        again = await Database.open(database_target)  # applied once: opening again is a no-op
        try:
            assert await again.user_version() == len(MIGRATIONS)
            assert (await again.fetchone("SELECT COUNT(*) FROM entries"))[0] == 1  # type: ignore[index]
        finally:
            await again.close()

    asyncio.run(main())
