"""The database file operations behind `scouter db backup|restore` and a restore made by
the running bot: all through SQLite (the online backup API), never by copying files.

Backup copies one consistent snapshot of committed data (the WAL is read through SQLite)
into a temporary file next to the target, checks it, then renames it into place, so the
target is either the whole backup or absent.

A restore checks the backup first (an SQLite file, `PRAGMA integrity_check` is ok, its
`user_version` is a schema this version of Scouter knows), keeps the current database as
`<database>.bak`, then copies the backup in through the backup API, inside SQLite's own
transaction, so a crash leaves either the old or the new database. Offline (nothing has
the database open) the CLI does it under an exclusive lock; while the bot runs, the bot
does it itself (bot/services/restore.py), with every match and write held still.

With PostgreSQL (DATABASE_URL) these are refused with POSTGRES_BACKUPS: PostgreSQL's own
pg_dump / pg_restore do this job there (docs/operations.md).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from bot.migrations import MIGRATIONS

SQLITE_HEADER = b"SQLite format 3\x00"
# What `scouter db backup|restore` says when DATABASE_URL names PostgreSQL.
POSTGRES_BACKUPS = ("`scouter db backup` and `scouter db restore` copy an SQLite file; this "
                    "bot keeps its data in PostgreSQL (DATABASE_URL). Back it up with "
                    "pg_dump and restore it with pg_restore (docs/operations.md).")
BUSY_TIMEOUT_MS = 5000


class BackupError(Exception):
    """A backup or restore that cannot be done; the message says why and what to do."""


class DatabaseInUse(BackupError):
    """An offline restore found the database open (the bot, or anything else)."""


# --- backup ---------------------------------------------------------------------------------
def backup(database: Path, target: Path, *, force: bool = False) -> Path:
    """Copy a consistent snapshot of `database` to `target`; returns the file written."""
    if not database.is_file():
        raise BackupError(f"there is no database at {database} (check DATABASE_PATH)")
    if target.is_dir():
        target = target / f"{database.stem}-{time.strftime('%Y%m%d-%H%M%S')}.db"
    if target.exists() and not force:
        raise BackupError(f"{target} already exists; choose another name or add --force")
    if not target.parent.is_dir():
        raise BackupError(f"the folder {target.parent} does not exist")
    temporary = target.with_name(f".{target.name}.partial")
    temporary.unlink(missing_ok=True)
    try:
        with _connect(database, readonly=True) as source, _connect(temporary) as copy:
            source.backup(copy)  # pages=-1: one step, one snapshot
        problem = check_backup(temporary)
        if problem:
            raise BackupError(f"the copy failed its check ({problem}); nothing was written")
        os.replace(temporary, target)
    except sqlite3.Error as exc:
        raise BackupError(f"cannot back up {database}: {exc}") from None
    finally:
        temporary.unlink(missing_ok=True)
    return target


# --- restore --------------------------------------------------------------------------------
def check_backup(path: Path) -> str | None:
    """Why `path` is not a usable Scouter database, or None when it is."""
    if not path.is_file():
        return f"{path} does not exist"
    with path.open("rb") as handle:
        if handle.read(len(SQLITE_HEADER)) != SQLITE_HEADER:
            return f"{path} is not an SQLite database"
    try:
        with _connect(path, readonly=True) as connection:
            rows = connection.execute("PRAGMA integrity_check").fetchall()
            version = int(connection.execute("PRAGMA user_version").fetchone()[0])
    except sqlite3.Error as exc:
        return f"{path} is damaged or unreadable as an SQLite database ({exc})"
    if [tuple(row) for row in rows] != [("ok",)]:
        details = "; ".join(str(row[0]) for row in rows[:5])
        return f"{path} is damaged (integrity_check: {details})"
    if version == 0:
        return f"{path} is not a Scouter database (it has no schema version)"
    if version > len(MIGRATIONS):
        return (f"{path} has schema version {version}, newer than this Scouter knows "
                f"({len(MIGRATIONS)}); upgrade Scouter first")
    return None


def restore(source: Path, database: Path) -> Path | None:
    """Replace `database`, which nothing may have open, with the backup at `source`.
    Returns the path the previous database was kept at (None when there was none)."""
    _check_restore(source, database)
    existed = database.is_file()
    try:
        with _connect(database) as target:
            _lock_exclusively(target, database)
            kept = _copy_in(target, source, database, existed)
    except sqlite3.Error as exc:
        raise BackupError(f"cannot restore into {database}: {exc}") from None
    _check_restored(database)
    return kept


def restore_live(source: Path, database: Path) -> Path:
    """The same, into the database of the running bot, which calls this (in a thread)
    while it holds every match and every write still: its idle connections see the
    restored data at their next statement."""
    _check_restore(source, database)
    if not database.is_file():
        raise BackupError(f"there is no database at {database}; nothing was changed")
    try:
        with _connect(database) as target:
            kept = _copy_in(target, source, database, existed=True)
    except sqlite3.Error as exc:
        raise BackupError(f"cannot restore into {database}: {exc}") from None
    _check_restored(database)
    assert kept is not None
    return kept


def ask_running_bot(source: Path, database: Path, *, wait: float = 60.0, poll: float = 0.25,
                    sleep: Callable[[float], None] = time.sleep) -> str:
    """Hand the restore to the bot that has `database` open (bot/services/restore.py) and
    wait for it; returns what the bot said. The bot looks for requests every few seconds;
    if none claims it within `wait` seconds the request is withdrawn."""
    _check_restore(source, database)
    token = secrets.token_hex(8)
    try:
        with _connect(database) as conn:
            conn.execute(
                "INSERT INTO restore_requests (token, source, requested_at) VALUES (?,?,?)",
                (token, str(source.resolve()), time.time()))
    except sqlite3.OperationalError as exc:
        raise BackupError(
            f"cannot ask the running bot to restore ({exc}): if it is an older Scouter, stop "
            "it and restore again; nothing was changed") from None
    deadline = time.monotonic() + wait
    claimed_by = 0.0
    while True:
        sleep(poll)
        status, message = _request(database, token)
        if status == "done":
            return message
        if status == "failed":
            raise BackupError(message)
        if status == "running" and not claimed_by:
            claimed_by = time.monotonic()
        if time.monotonic() < deadline:
            continue
        if status == "pending" and _withdraw(database, token):
            raise BackupError(
                f"{database} is in use, but no running Scouter took the restore within "
                f"{wait:g} s (the bot looks every few seconds): stop whatever has the "
                "database open and restore again; nothing was changed")
        if claimed_by and time.monotonic() > deadline + wait:
            raise BackupError(
                "the bot started the restore but has not finished it: read its log, "
                "then check the database with `scouter db backup`")


def _request(database: Path, token: str) -> tuple[str | None, str]:
    """A request's status and message; None while the restored file does not have it yet
    (the bot is between copying the backup in and writing the outcome)."""
    with _connect(database) as conn:
        row = conn.execute("SELECT status, message FROM restore_requests WHERE token=?",
                           (token,)).fetchone()
    return (str(row[0]), str(row[1])) if row else (None, "")


def _withdraw(database: Path, token: str) -> bool:
    with _connect(database) as conn:
        cursor = conn.execute(
            "UPDATE restore_requests SET status='cancelled' WHERE token=? AND status='pending'",
            (token,))
        return cursor.rowcount == 1


def _check_restore(source: Path, database: Path) -> None:
    problem = check_backup(source)
    if problem:
        raise BackupError(f"{problem}; nothing was changed")
    if source.resolve() == database.resolve():
        raise BackupError("the backup and the database are the same file; nothing was changed")
    if not database.parent.is_dir():
        raise BackupError(f"the folder {database.parent} does not exist; nothing was changed")


def _copy_in(target: sqlite3.Connection, source: Path, database: Path, existed: bool
             ) -> Path | None:
    """Keep the current database as `<database>.bak`, then copy the backup in."""
    kept: Path | None = None
    if existed:
        kept = database.with_name(database.name + ".bak")
        kept.unlink(missing_ok=True)
        with _connect(kept) as old_copy:
            target.backup(old_copy)
    with _connect(source, readonly=True) as backup_file:
        backup_file.backup(target)
    return kept


def _check_restored(database: Path) -> None:
    problem = check_backup(database)
    if problem:  # cannot happen after a successful backup step; say so loudly if it does
        raise BackupError(f"the restored database failed its check: {problem}")


def _lock_exclusively(connection: sqlite3.Connection, database: Path) -> None:
    """Take and keep an exclusive lock on `database`, or refuse if anything has it open."""
    connection.execute("PRAGMA busy_timeout=0")
    connection.execute("PRAGMA locking_mode=EXCLUSIVE")
    try:
        connection.execute("BEGIN EXCLUSIVE")
        connection.execute("SELECT COUNT(*) FROM sqlite_master").fetchall()
        connection.execute("COMMIT")  # the lock stays: locking_mode=EXCLUSIVE
    except sqlite3.OperationalError as exc:
        raise DatabaseInUse(
            f"{database} is in use ({exc}): stop the bot (and anything else that has the "
            "database open) before restoring; nothing was changed") from None


@contextlib.contextmanager
def _connect(path: Path, *, readonly: bool = False) -> Iterator[sqlite3.Connection]:
    if readonly:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True,
                                     isolation_level=None)
    else:
        connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        yield connection
    finally:
        connection.close()
