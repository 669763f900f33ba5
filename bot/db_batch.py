"""Group commit for the hottest write, a stored decision.

aiosqlite makes one trip to its thread per statement (about 60 us each on a small
machine); storing a decision took four. Here a transaction of fixed statements is one trip
to a thread that owns a plain sqlite3 connection. Transactions that arrive while one is
being written wait and are then written together: one BEGIN IMMEDIATE ... COMMIT (one
fsync) for all of them, each inside its own SAVEPOINT so that one failing rolls back only
itself. Every caller is answered only after the COMMIT that holds its statements."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Callable, Sequence
from queue import SimpleQueue
from typing import Any

# One statement: SQL and the parameter rows it runs with (executemany).
Statement = tuple[str, Sequence[Sequence[Any]]]
_Job = tuple[Sequence[Statement], "asyncio.Future[None]"]
_Trip = tuple[list[_Job], "asyncio.Future[None]"]


class GroupCommit:
    def __init__(self, connect: Callable[[], sqlite3.Connection], lock: asyncio.Lock) -> None:
        self._connect = connect
        self._lock = lock  # shared with the other write connection: never two transactions
        self._waiting: list[_Job] = []
        self._writing = False  # a caller is writing; what arrives meanwhile waits for it
        self._trips: SimpleQueue[_Trip | None] = SimpleQueue()
        self._thread: threading.Thread | None = None

    async def run(self, statements: Sequence[Statement]) -> None:
        """Store the statements as one atomic unit; returns once they are committed."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((statements, done))
        if not self._writing:
            await self._flush()
        await done

    async def stop(self) -> None:
        async with self._lock:  # after the transaction being written
            pass
        if self._thread is not None:
            self._trips.put(None)
            await asyncio.to_thread(self._thread.join)
            self._thread = None

    async def _flush(self) -> None:
        """Write what waits, then what arrived meanwhile, until nothing waits. Runs in the
        first caller's task, which saves a task per decision when the bot is quiet."""
        self._writing = True
        cancelled = False
        try:
            async with self._lock:
                while self._waiting:
                    jobs, self._waiting = self._waiting, []
                    try:
                        self._start_thread()
                    except RuntimeError as error:  # no thread to be had: say so, not hang
                        _answer(jobs, [error] * len(jobs), None)
                        continue
                    trip: asyncio.Future[None] = asyncio.get_running_loop().create_future()
                    self._trips.put((jobs, trip))
                    while not trip.done():
                        try:
                            await asyncio.shield(trip)
                        except asyncio.CancelledError:
                            # Finish: the others' transactions depend on this loop.
                            cancelled = True
        finally:
            self._writing = False
        if cancelled:
            raise asyncio.CancelledError

    def _start_thread(self) -> None:
        if self._thread is None:
            thread = threading.Thread(target=self._serve, daemon=True,
                                      name="scouter-group-commit")
            thread.start()
            self._thread = thread

    def _serve(self) -> None:
        try:
            conn: sqlite3.Connection | None = self._connect()
        except Exception as error:  # every trip is answered with why, none waits forever
            conn, failure = None, error
        try:
            while (trip := self._trips.get()) is not None:
                jobs, written = trip
                if conn is None:
                    errors: list[BaseException | None] = [failure] * len(jobs)
                else:
                    errors = _write(conn, [statements for statements, _ in jobs])
                written.get_loop().call_soon_threadsafe(_answer, jobs, errors, written)
        finally:
            if conn is not None:
                conn.close()


def _write(conn: sqlite3.Connection, units: list[Sequence[Statement]]
           ) -> list[BaseException | None]:
    """One transaction holding every unit in its own savepoint; what each unit raised."""
    errors: list[BaseException | None] = [None] * len(units)
    try:
        conn.execute("BEGIN IMMEDIATE")
    except BaseException as error:
        return [error] * len(units)
    try:
        if len(units) == 1:  # alone, the transaction is its unit: no savepoint needed
            _run(conn, units[0])
        else:
            for index, statements in enumerate(units):
                conn.execute("SAVEPOINT unit")
                try:
                    _run(conn, statements)
                except Exception as error:
                    conn.execute("ROLLBACK TO unit")
                    errors[index] = error
                conn.execute("RELEASE unit")
        conn.execute("COMMIT")
    except BaseException as error:  # the commit itself failed: nothing of it is stored
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        return [error] * len(units)
    return errors


def _run(conn: sqlite3.Connection, statements: Sequence[Statement]) -> None:
    for sql, rows in statements:
        if len(rows) == 1:
            conn.execute(sql, rows[0])
        else:
            conn.executemany(sql, rows)


def _answer(jobs: list[_Job], errors: list[BaseException | None],
            written: asyncio.Future[None] | None) -> None:
    for (_, done), error in zip(jobs, errors, strict=True):
        if done.cancelled():  # the caller went away; its statements stand or fell anyway
            continue
        if error is None:
            done.set_result(None)
        else:
            done.set_exception(error)
    if written is not None:
        written.set_result(None)
