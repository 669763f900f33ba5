"""SQLite through aiosqlite: WAL, busy_timeout, foreign keys, `BEGIN IMMEDIATE` for every
write, and schema migrations numbered by `PRAGMA user_version` (bot/migrations.py)."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.db_batch import GroupCommit, Statement
from bot.migrations import MIGRATIONS

Row = aiosqlite.Row
T = TypeVar("T")


class Database:
    """Connections for writes, serialised by one lock so transactions never interleave,
    and one for reads, which under WAL only ever sees committed data.

    `batch` stores a transaction of fixed statements through a connection of its own (same
    pragmas, same lock) with group commit (bot/db_batch.py): the hottest write, a decision,
    in one trip to the database thread instead of four."""

    def __init__(self, writer: aiosqlite.Connection, reader: aiosqlite.Connection,
                 path: Path | str) -> None:
        self._conn = writer
        self._reader = reader
        self._write_lock = asyncio.Lock()
        self._group = GroupCommit(lambda: _connect_plain(str(path)), self._write_lock)

    @classmethod
    async def open(cls, path: Path | str) -> Database:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        writer = await _connect(path)
        await _pragma(writer, "journal_mode=WAL")
        database = cls(writer, await _connect(path), path)
        await database.migrate()
        return database

    async def close(self) -> None:
        await self._group.stop()  # after the transactions already asked for
        await self._reader.close()
        await self._conn.close()

    async def migrate(self) -> int:
        """Apply the migrations newer than the file's user_version; returns the version."""
        async with self._write_lock:
            return await self._migrate()

    async def _migrate(self) -> int:
        version = await self.user_version()
        for number, script in enumerate(MIGRATIONS, start=1):
            if number <= version:
                continue
            async with self._transaction() as conn:
                for statement in _statements(script):
                    await conn.execute(statement)
                await conn.execute(f"PRAGMA user_version={number}")
            version = number
        return version

    async def user_version(self) -> int:
        row = await self.fetchone("PRAGMA user_version")
        return int(row[0]) if row else 0

    @asynccontextmanager
    async def write(self) -> AsyncIterator[aiosqlite.Connection]:
        """A write transaction: BEGIN IMMEDIATE, then COMMIT, or ROLLBACK on any error."""
        async with self._write_lock, self._transaction() as conn:
            yield conn

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        await self._conn.execute("BEGIN IMMEDIATE")
        try:
            yield self._conn
        except BaseException:
            await self._conn.execute("ROLLBACK")
            raise
        await self._conn.execute("COMMIT")

    async def replace_with(self, copy: Callable[[], T]) -> T:
        """Run `copy`, which rewrites the whole file through SQLite (a restore), in a
        thread while no write can start, then bring the schema up to date before any
        write sees it. The caller holds the matches still (MatchService.held_still)."""
        async with self._write_lock:
            result = await asyncio.to_thread(copy)
            await self._migrate()
        return result

    async def batch(self, statements: Sequence[Statement]) -> None:
        """Store the statements atomically (all or none of them); returns once they are
        committed. Raises what a statement raised (and then none of them is stored)."""
        await self._group.run(statements)

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        async with self._reader.execute(sql, tuple(params)) as cursor:
            row: Row | None = await cursor.fetchone()
            return row

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        async with self._reader.execute(sql, tuple(params)) as cursor:
            return list(await cursor.fetchall())


# FULL: a decision a player saw confirmed survives even a power cut.
_SETTINGS = ("busy_timeout=5000", "foreign_keys=ON", "synchronous=FULL")


async def _connect(path: Path | str) -> aiosqlite.Connection:
    # isolation_level=None: we issue BEGIN IMMEDIATE / COMMIT ourselves.
    connection = await aiosqlite.connect(str(path), isolation_level=None)
    connection.row_factory = aiosqlite.Row
    for setting in _SETTINGS:
        await _pragma(connection, setting)
    return connection


def _connect_plain(path: str) -> sqlite3.Connection:
    """The same settings as `_connect`, for the batch thread's own connection."""
    connection = sqlite3.connect(path, isolation_level=None)
    for setting in _SETTINGS:
        connection.execute(f"PRAGMA {setting}").fetchall()
    return connection


async def _pragma(connection: aiosqlite.Connection, setting: str) -> None:
    # Read the answer to the end so the statement holds no lock afterwards.
    async with connection.execute(f"PRAGMA {setting}") as cursor:
        await cursor.fetchall()


def _statements(script: str) -> list[str]:
    """Split a script into statements (a trigger's body keeps its inner semicolons)."""
    statements: list[str] = []
    current = ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            statements.append(current.strip())
            current = ""
    if current.strip():
        statements.append(current.strip())
    return statements
