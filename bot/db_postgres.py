"""PostgreSQL through psycopg 3 (async), behind the same `Database` as SQLite (bot/db.py).

Several bot processes may share one PostgreSQL. Every write transaction first takes one
transaction-scoped advisory lock, so writes never interleave across processes, exactly as
SQLite's `BEGIN IMMEDIATE` keeps them apart within one: the schema's checks (one live
match per player, a queue of free players) and the services' read-then-write steps stay
correct without a second design. Reads run on their own autocommit connection and see only
committed data.

The services' SQL is written once: `?` placeholders become psycopg's `%s`, `INSERT OR
IGNORE` becomes `ON CONFLICT DO NOTHING`, an INSERT into a table with an identity column
returns it (so `cursor.lastrowid` works), booleans are stored as the integers SQLite
stores, and a refused write raises `bot.db.IntegrityError` as on SQLite."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from typing import Any, TypeVar

import psycopg
from psycopg.rows import RowMaker

from bot.db import Connection, Database, IntegrityError, Row
from bot.db_batch import Statement, _answer, _Job
from bot.migrations import MIGRATIONS, postgresql_statements

T = TypeVar("T")
log = logging.getLogger(__name__)
# The advisory lock every write transaction holds (any fixed number: ours is "SC0").
WRITE_LOCK_KEY = 0x534330


class PgRow:
    """A row readable by index or column name, like sqlite3.Row."""

    __slots__ = ("_index", "_values")

    def __init__(self, values: Sequence[Any], index: dict[str, int]) -> None:
        self._values = tuple(values)
        self._index = index

    def __getitem__(self, key: Any, /) -> Any:
        return self._values[self._index[key] if isinstance(key, str) else key]

    def keys(self) -> list[str]:
        return list(self._index)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"PgRow{self._values!r}"


def _rows(cursor: Any) -> RowMaker[PgRow]:
    index = {column.name: number for number, column in enumerate(cursor.description or ())}
    return lambda values: PgRow(values, index)


_INSERT = re.compile(r"^\s*INSERT\s+(OR\s+IGNORE\s+)?INTO\s+(\w+)", re.IGNORECASE)


@lru_cache(maxsize=1024)
def translate(sql: str, identity: str | None = None) -> str:
    """The statement in psycopg's terms (see the module's docstring); `identity` is the
    identity column of the table an INSERT fills, returned for `lastrowid`."""
    parts = re.split(r"('(?:[^']|'')*')", sql)  # string literals keep their '?'
    text = "".join(part.replace("%", "%%") if index % 2 else
                   part.replace("%", "%%").replace("?", "%s")
                   for index, part in enumerate(parts))
    insert = _INSERT.match(text)
    if insert and insert[1]:
        text = _INSERT.sub(lambda m: f"INSERT INTO {m[2]}", text, count=1)
        text += " ON CONFLICT DO NOTHING"
    if insert and identity and not re.search(r"\bRETURNING\b", text, re.IGNORECASE):
        text += f" RETURNING {identity}"
    return text


def _params(params: Iterable[Any] | None) -> tuple[Any, ...]:
    # SQLite stores a bool as 0/1 in INTEGER columns; PostgreSQL refuses a boolean there.
    return tuple(int(p) if isinstance(p, bool) else p for p in params or ())


class PgCursor:
    def __init__(self, cursor: psycopg.AsyncCursor[PgRow], lastrowid: int | None) -> None:
        self._cursor = cursor
        self.lastrowid = lastrowid

    @property
    def rowcount(self) -> int:
        return self._cursor.rowcount

    async def fetchone(self) -> PgRow | None:
        return await self._cursor.fetchone()

    async def fetchall(self) -> list[PgRow]:
        return await self._cursor.fetchall()

    async def __aenter__(self) -> PgCursor:
        return self

    async def __aexit__(self, *_: object) -> None:
        return None


class _Pending:
    """What `execute` returns: awaited, or used with `async with`, like aiosqlite's."""

    def __init__(self, run: Callable[[], Any]) -> None:
        self._run = run

    def __await__(self) -> Any:
        return self._run().__await__()

    async def __aenter__(self) -> PgCursor:
        cursor: PgCursor = await self._run()
        return cursor

    async def __aexit__(self, *_: object) -> None:
        return None


class PgConnection:
    """The write connection as the services see it (bot.db.Connection)."""

    def __init__(self, conn: psycopg.AsyncConnection[PgRow], identities: dict[str, str]
                 ) -> None:
        self._conn = conn
        self._identities = identities

    def execute(self, sql: str, parameters: Iterable[Any] | None = None, /) -> _Pending:
        return _Pending(lambda: self._execute(sql, parameters))

    async def _execute(self, sql: str, parameters: Iterable[Any] | None) -> PgCursor:
        insert = _INSERT.match(sql)
        identity = self._identities.get(insert[2].lower()) if insert else None
        with _integrity():
            cursor = await self._conn.execute(translate(sql, identity), _params(parameters))
        lastrowid = None
        if identity is not None and cursor.description is not None:
            row = await cursor.fetchone()
            lastrowid = row[0] if row is not None else None
        return PgCursor(cursor, lastrowid)

    async def executemany(self, sql: str, parameters: Iterable[Iterable[Any]], /) -> None:
        rows = [_params(row) for row in parameters]
        if not rows:
            return
        with _integrity():
            async with self._conn.cursor() as cursor:
                await cursor.executemany(translate(sql), rows)


def _refused(error: BaseException) -> BaseException:
    """A write the schema refused as bot.db.IntegrityError (a pipeline reports it as
    psycopg's own), anything else as it is."""
    if isinstance(error, psycopg.IntegrityError):
        refused = IntegrityError(error.diag.message_primary or str(error))
        refused.__cause__ = error
        return refused
    return error


class _integrity:
    """A write the schema refuses raises bot.db.IntegrityError, as on SQLite."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, error: BaseException | None, _: object) -> None:
        if isinstance(error, psycopg.IntegrityError):
            raise _refused(error)


async def _connect(url: str) -> psycopg.AsyncConnection[PgRow]:
    # autocommit: we issue BEGIN / COMMIT ourselves, and a read sees the latest commit.
    return await psycopg.AsyncConnection.connect(url, autocommit=True, row_factory=_rows)


async def _alive(conn: psycopg.AsyncConnection[PgRow], url: str, sql: str,
                 params: Sequence[Any] = ()
                 ) -> tuple[psycopg.AsyncConnection[PgRow], psycopg.AsyncCursor[PgRow]]:
    """`sql` run on `conn`, or on a new connection when `conn` had dropped (PostgreSQL
    restarted, or ended the connection) before it could run: nothing was done on the
    dropped one, so running it again is safe for a read or a BEGIN. (A drop later in a
    transaction fails that transaction: the caller is told, nothing is confirmed.)"""
    if not conn.closed:
        try:
            return conn, await conn.execute(sql, params)
        except psycopg.OperationalError:
            if not conn.closed:
                raise
    log.warning("the connection to PostgreSQL had dropped; connecting again")
    conn = await _connect(url)
    return conn, await conn.execute(sql, params)


async def _run(conn: Connection, statements: Sequence[Statement]) -> None:
    for sql, rows in statements:
        await conn.executemany(sql, rows)


# Kept up to date on every start, outside the numbered migrations (they are not schema a
# backup must carry): SQLite's functions the services' SQL uses that PostgreSQL names
# otherwise, and a notice to every process when a match row changes (`listen`).
_RUNTIME = """
CREATE OR REPLACE FUNCTION instr(text, text) RETURNS integer
LANGUAGE sql IMMUTABLE AS 'SELECT strpos($1, $2)';
CREATE OR REPLACE FUNCTION scouter_match_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('scouter_matches', NEW.id || ' ' || NEW.guild_id);
    RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER matches_changed AFTER INSERT OR UPDATE ON matches
FOR EACH ROW EXECUTE FUNCTION scouter_match_changed();
"""
CHANNEL = "scouter_matches"
# What a listener may have missed while disconnected: match ids, and every id above one.
Missed = tuple[set[int], int]
# The listener's pause before connecting again, first and longest (seconds).
LISTEN_RETRY = (0.1, 5.0)


def _tell(changed: Callable[[int, int], None], match_id: int, guild_id: int) -> None:
    try:
        changed(match_id, guild_id)
    except Exception:
        log.exception("handling a change to match #%s failed", match_id)


class PostgresDatabase(Database):
    dialect = "postgresql"
    shared = True

    def __init__(self, url: str, writer: psycopg.AsyncConnection[PgRow],
                 reader: psycopg.AsyncConnection[PgRow]) -> None:
        self.url = url
        self._writer = writer
        self._reader = reader
        self._write_lock = asyncio.Lock()  # one transaction at a time on the writer
        self._identities: dict[str, str] = {}  # table -> its identity column
        self._listener: asyncio.Task[None] | None = None
        self._waiting: list[_Job] = []  # group commit: units waiting for the next write
        self._grouping = False  # a caller is writing units; what arrives meanwhile waits
        # The listener's view: matches whose change it may miss while disconnected (the
        # unfinished ones and any heard of) and the newest match id when it connected.
        self._watched: set[int] = set()
        self._newest = 0

    @classmethod
    async def connect(cls, url: str) -> PostgresDatabase:
        database = cls(url, await _connect(url), await _connect(url))
        await database.migrate()
        return database

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            await asyncio.gather(self._listener, return_exceptions=True)
        async with self._write_lock:  # after the transaction being written
            await self._reader.close()
            await self._writer.close()

    async def listen(self, changed: Callable[[int, int], None]) -> None:
        """Call `changed(match_id, guild_id)` after another process commits a change to a
        match (PostgreSQL's LISTEN/NOTIFY, sent by the trigger in _RUNTIME at COMMIT).

        A notice sent while the listening connection is down (PostgreSQL restarted, the
        connection dropped) is lost, so the listener connects again by itself and then
        calls `changed` for every match that may have changed meanwhile: each one that
        was unfinished or heard of since it last connected, is unfinished now, or is
        newer: a stale board must not stay up."""
        conn = await self._listening()
        self._listener = asyncio.create_task(self._hear(conn, changed))

    async def _listening(self) -> psycopg.AsyncConnection[PgRow]:
        """A connection listening on CHANNEL; `_watched` and `_newest` say what it could
        miss should it drop: the unfinished matches and the newest match id now."""
        conn = await _connect(self.url)
        try:
            await conn.execute(f"LISTEN {CHANNEL}")
            # Read after LISTEN: a change committed later is heard, an earlier one is here.
            rows = await (await conn.execute(
                "SELECT id FROM matches WHERE status='active' UNION ALL"
                " SELECT COALESCE(MAX(id), 0) FROM matches")).fetchall()
        except BaseException:
            await conn.close()
            raise
        *active, newest = (int(row[0]) for row in rows)
        self._watched, self._newest = set(active), newest
        return conn

    async def _hear(self, conn: psycopg.AsyncConnection[PgRow],
                    changed: Callable[[int, int], None]) -> None:
        since: Missed | None = None  # what a reconnect has not caught up on yet
        while True:
            try:
                if since is not None:
                    await self._caught_up(conn, changed, since)
                    since = None
                await self._notices(conn, changed)
            except psycopg.OperationalError as exc:
                log.warning("lost the connection that hears other processes' changes "
                            "(%s); connecting again", exc)
            finally:
                await conn.close()
            conn, since = await self._reconnect_listener(since)

    async def _notices(self, conn: psycopg.AsyncConnection[PgRow],
                       changed: Callable[[int, int], None]) -> None:
        async for notice in conn.notifies():
            match_id, guild_id = (int(part) for part in notice.payload.split())
            self._watched.add(match_id)
            if notice.pid == self._writer.info.backend_pid:
                continue  # this process's own commit: it knows
            _tell(changed, match_id, guild_id)

    async def _reconnect_listener(self, since: Missed | None
                                  ) -> tuple[psycopg.AsyncConnection[PgRow], Missed]:
        """Connect and LISTEN again, trying until PostgreSQL answers (the pause doubling
        up to LISTEN_RETRY's longest); with what may have been missed meanwhile."""
        watched, newest = since or (self._watched, self._newest)
        delay, longest = LISTEN_RETRY
        while True:
            try:
                conn = await self._listening()
            except psycopg.OperationalError as exc:
                log.warning("cannot listen for other processes' changes yet (%s); trying "
                            "again in %.1f s", exc, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, longest)
                continue
            log.warning("listening for other processes' changes again")
            return conn, (watched | self._watched, newest)

    async def _caught_up(self, conn: psycopg.AsyncConnection[PgRow],
                         changed: Callable[[int, int], None], since: Missed) -> None:
        """After a reconnect every match that may have changed unheard is `changed`: each
        one unfinished or heard of before, unfinished now, or newer."""
        watched, newest = since
        rows = await (await conn.execute(
            "SELECT id, guild_id FROM matches WHERE id = ANY(%s) OR id > %s ORDER BY id",
            (sorted(watched), newest))).fetchall()
        for row in rows:
            _tell(changed, int(row[0]), int(row[1]))

    async def migrate(self) -> int:
        """Apply the migrations newer than `schema_version`, in one transaction (under
        the write lock: two processes starting together migrate once)."""
        async with self._write_lock, self._transaction() as conn:
            await conn.execute("CREATE TABLE IF NOT EXISTS schema_version ("
                               " version BIGINT NOT NULL)")
            row = await (await conn.execute("SELECT version FROM schema_version")).fetchone()
            if row is None:
                await conn.execute("INSERT INTO schema_version (version) VALUES (0)")
            version = int(row[0]) if row is not None else 0
            for number, migration in enumerate(MIGRATIONS, start=1):
                if number <= version:
                    continue
                for statement in postgresql_statements(migration):
                    await conn.execute(statement)
                version = number
            await conn.execute("UPDATE schema_version SET version=%s", (version,))
            await conn.execute(_RUNTIME)
            found = await (await conn.execute(
                "SELECT table_name, column_name FROM information_schema.columns"
                " WHERE table_schema = current_schema() AND is_identity = 'YES'")).fetchall()
        self._identities = {str(row[0]): str(row[1]) for row in found}
        return version

    async def user_version(self) -> int:
        row = await self.fetchone("SELECT version FROM schema_version")
        return int(row[0]) if row else 0

    @asynccontextmanager
    async def write(self) -> AsyncIterator[Connection]:
        """A write transaction holding the advisory lock: COMMIT, or ROLLBACK on error."""
        async with self._write_lock, self._transaction() as conn:
            yield PgConnection(conn, self._identities)

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[psycopg.AsyncConnection[PgRow]]:
        self._writer, _ = await _alive(self._writer, self.url, "BEGIN")
        conn = self._writer
        try:
            await conn.execute("SELECT pg_advisory_xact_lock(%s)", (WRITE_LOCK_KEY,))
            yield conn
        except BaseException:
            if not conn.closed:
                await conn.execute("ROLLBACK")
            raise
        with _integrity():
            await conn.execute("COMMIT")

    async def replace_with(self, copy: Callable[[], T]) -> T:
        raise NotImplementedError("restoring a backup file is SQLite's; with PostgreSQL use "
                                  "pg_restore (docs/operations.md)")

    async def batch(self, statements: Sequence[Statement]) -> None:
        # Shielded, as SQLite's group commit is: a caller that goes away mid-write does not
        # cut the transaction short (nor the others' written with it); its statements
        # stand or fall whole anyway.
        written = asyncio.ensure_future(self._group(statements))
        try:
            await asyncio.shield(written)
        except asyncio.CancelledError:
            await asyncio.wait([written])
            raise

    async def _group(self, statements: Sequence[Statement]) -> None:
        """Group commit, as on SQLite (bot/db_batch.py): the units that arrive while one
        transaction is written wait, then are written together in the next one, each in
        its own savepoint; every caller hears back only after the COMMIT holding its
        statements. One COMMIT (one WAL flush) for many decisions."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((statements, done))
        if not self._grouping:
            self._grouping = True
            try:
                while self._waiting:
                    jobs, self._waiting = self._waiting, []
                    _answer(jobs, await self._write_units([unit for unit, _ in jobs]), None)
            finally:
                self._grouping = False
        await done

    async def _write_units(self, units: list[Sequence[Statement]]
                           ) -> list[BaseException | None]:
        """One transaction holding every unit; what each unit raised (all of them fail if
        the transaction does). The units' statements go to PostgreSQL in one pipeline (one
        round trip, not one per statement); should one be refused, they are written
        again each in its own savepoint, so that only it fails."""
        try:
            async with self.write() as conn, self._writer.pipeline():
                for unit in units:
                    await _run(conn, unit)
            return [None] * len(units)
        except BaseException as error:
            if len(units) == 1 or self._writer.closed or not isinstance(error, Exception):
                # alone, or the connection dropped (the COMMIT's fate is not known): fail
                return [_refused(error)] * len(units)
        return await self._write_each(units)

    async def _write_each(self, units: list[Sequence[Statement]]
                          ) -> list[BaseException | None]:
        errors: list[BaseException | None] = [None] * len(units)
        try:
            async with self.write() as conn:
                for index, unit in enumerate(units):
                    await conn.execute("SAVEPOINT unit")
                    try:
                        await _run(conn, unit)
                    except Exception as error:
                        await conn.execute("ROLLBACK TO SAVEPOINT unit")
                        errors[index] = error
                    await conn.execute("RELEASE SAVEPOINT unit")
        except BaseException as error:  # the transaction failed: nothing of it is stored
            return [error] * len(units)
        return errors

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        cursor = await self._read(sql, params)
        return await cursor.fetchone()

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        cursor = await self._read(sql, params)
        return list(await cursor.fetchall())

    async def _read(self, sql: str, params: Iterable[Any]) -> psycopg.AsyncCursor[PgRow]:
        self._reader, cursor = await _alive(self._reader, self.url, translate(sql),
                                            _params(params))
        return cursor
