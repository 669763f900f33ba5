"""The database: SQLite (embedded, the default) or PostgreSQL (bot/db_postgres.py), chosen
by a database URL (`open_database`). Both offer what the services use: `write()` (one
transaction at a time, committed or rolled back whole), `batch`, `fetchone` / `fetchall` on
committed data, `?` placeholders, rows read by index or by column name, and the schema's
numbered migrations (bot/migrations.py).

SQLite here through aiosqlite: WAL, busy_timeout, foreign keys, `BEGIN IMMEDIATE` for every
write, and migrations numbered by `PRAGMA user_version`."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Callable, Generator, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Protocol, TypeVar

import aiosqlite

from bot.db_batch import GroupCommit, Statement
from bot.migrations import MIGRATIONS, sqlite_script, sqlite_statements

T = TypeVar("T")
# What both backends raise when the schema refuses a write (a key, a check, a trigger):
# the services catch this one class whichever database runs.
IntegrityError = sqlite3.IntegrityError


class Row(Protocol):
    """A row: by index (`row[0]`) or by column name (`row["id"]`)."""

    def __getitem__(self, key: Any, /) -> Any: ...
    def __iter__(self) -> Iterator[Any]: ...
    def __len__(self) -> int: ...
    def keys(self) -> list[str]: ...


class Cursor(Protocol):
    @property
    def rowcount(self) -> int: ...
    @property
    def lastrowid(self) -> int | None: ...
    async def fetchone(self) -> Row | None: ...
    async def fetchall(self) -> Iterable[Row]: ...


class Executed(Protocol):
    """What `execute` returns: awaited, or entered with `async with`, it is the cursor."""

    def __await__(self) -> Generator[Any, None, Cursor]: ...
    async def __aenter__(self) -> Cursor: ...
    async def __aexit__(self, *args: Any) -> Any: ...


class Connection(Protocol):
    """A connection inside a write transaction: `await conn.execute(sql, params)` (or
    `async with conn.execute(...) as cursor`) gives a cursor with fetchone / fetchall,
    rowcount and lastrowid."""

    def execute(self, sql: str, parameters: Iterable[Any] | None = None, /) -> Executed: ...
    async def executemany(self, sql: str, parameters: Iterable[Iterable[Any]], /) -> Any: ...


SQLITE_URL = "sqlite:///"
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(target: Path | str) -> bool:
    return isinstance(target, str) and target.startswith(POSTGRES_SCHEMES)


def sqlite_path(target: Path | str) -> Path:
    """The file of an SQLite target: a path, or `sqlite:///relative` / `sqlite:////abs`."""
    text = str(target)
    return Path(text.removeprefix(SQLITE_URL)) if text.startswith(SQLITE_URL) else Path(text)


class Database:
    """What the services use, whichever database runs (see the module's docstring)."""

    dialect = "sqlite"
    # Other processes write too (PostgreSQL shared by several bots): what a process holds
    # in memory is checked against the stored row before it is trusted.
    shared = False

    @classmethod
    async def open(cls, target: Path | str) -> Database:
        """A path or `sqlite:///path` opens SQLite; `postgresql://...` opens PostgreSQL."""
        if is_postgres(target):
            from bot.db_postgres import PostgresDatabase

            return await PostgresDatabase.connect(str(target))
        return await SqliteDatabase.connect(sqlite_path(target))

    async def close(self) -> None:
        raise NotImplementedError

    async def listen(self, changed: Callable[[int, int], None]) -> None:
        """Be told `changed(match_id, guild_id)` when another process changes a match; a
        database only this process writes (SQLite) has nothing to tell."""
        return None

    async def migrate(self) -> int:
        raise NotImplementedError

    async def user_version(self) -> int:
        """How many migrations the database has."""
        raise NotImplementedError

    def write(self) -> contextlib.AbstractAsyncContextManager[Connection]:
        raise NotImplementedError

    async def replace_with(self, copy: Callable[[], T]) -> T:
        raise NotImplementedError

    async def batch(self, statements: Sequence[Statement]) -> None:
        """Store the statements atomically (all or none of them); returns once they are
        committed. Raises what a statement raised (and then none of them is stored)."""
        raise NotImplementedError

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        raise NotImplementedError

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        raise NotImplementedError


class SqliteDatabase(Database):
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
    async def connect(cls, path: Path) -> SqliteDatabase:
        path.parent.mkdir(parents=True, exist_ok=True)
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
        for number, migration in enumerate(MIGRATIONS, start=1):
            if number <= version:
                continue
            async with self._transaction() as conn:
                for statement in sqlite_statements(sqlite_script(migration)):
                    await conn.execute(statement)
                await conn.execute(f"PRAGMA user_version={number}")
            version = number
        return version

    async def user_version(self) -> int:
        row = await self._fetchone("PRAGMA user_version")
        return int(row[0]) if row else 0

    @asynccontextmanager
    async def write(self) -> AsyncIterator[Connection]:
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
        await self._group.run(statements)

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        return await self._fetchone(sql, params)

    async def _fetchone(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
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

