"""`scouter db backup PATH` and `scouter db restore PATH`: copy the bot's SQLite database.

Backup uses SQLite's online backup API, so it is safe while the bot runs: it copies one
consistent snapshot (committed data only; the WAL is read through SQLite, never copied as a
file) into a temporary file next to PATH, checks it, then renames it into place, so PATH
is either the whole backup or absent.

Restore refuses while anything has the database open. The check: a connection in
`locking_mode=EXCLUSIVE` asks for `BEGIN EXCLUSIVE` without waiting. In WAL mode every open
connection (the running bot keeps two, even when idle) holds a shared lock on the WAL
index, so the request fails at once while the bot runs and succeeds once it has stopped.
The lock is then kept for the whole restore, so the bot cannot start half-way through. The
backup file is checked first (an SQLite file, `PRAGMA integrity_check` is ok, its
`user_version` is a schema this version of Scouter knows); the current database is copied
to `<database>.bak`, then the backup is copied into the database through the backup API,
inside SQLite's own transaction, so a crash leaves either the old or the new database.

Exit codes: 0 done; 1 refused (bad backup file, database in use, nothing to back up);
2 unusable settings.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

from bot.migrations import MIGRATIONS
from bot.settings import SettingsError, load_settings

EXIT_OK = 0
EXIT_REFUSED = 1
EXIT_SETTINGS = 2
SQLITE_HEADER = b"SQLite format 3\x00"
BUSY_TIMEOUT_MS = 5000


class DbCommandError(Exception):
    """A backup or restore that cannot be done; the message says why and what to do."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    db = subparsers.add_parser("db", help="back up or restore the bot's database")
    actions = db.add_subparsers(dest="db_command", required=True, metavar="ACTION")
    for name, help_text, target_help in (
        ("backup", "copy the database to PATH (safe while the bot runs)",
         "the backup file to write (a folder: a timestamped file in it)"),
        ("restore", "replace the database with the backup at PATH (the bot must be stopped)",
         "the backup file to restore"),
    ):
        action = actions.add_parser(name, help=help_text)
        action.add_argument("path", type=Path, metavar="PATH", help=target_help)
        action.add_argument("--database", type=Path,
                            help="the database file (default: DATABASE_PATH from .env)")
        if name == "backup":
            action.add_argument("--force", action="store_true",
                                help="overwrite PATH if it exists")
    actions.choices["backup"].set_defaults(handler=run_backup)
    actions.choices["restore"].set_defaults(handler=run_restore)


def _database(args: argparse.Namespace) -> Path | None:
    if args.database is not None:
        return Path(args.database)
    try:
        return load_settings().database_path
    except SettingsError as exc:
        print(f"error: {exc}")
        return None


def run_backup(args: argparse.Namespace) -> int:
    database = _database(args)
    if database is None:
        return EXIT_SETTINGS
    try:
        written = backup(database, Path(args.path), force=args.force)
    except DbCommandError as exc:
        print(f"error: {exc}")
        return EXIT_REFUSED
    print(f"Backed up {database} to {written} ({written.stat().st_size:,} bytes).")
    return EXIT_OK


def run_restore(args: argparse.Namespace) -> int:
    database = _database(args)
    if database is None:
        return EXIT_SETTINGS
    try:
        kept = restore(Path(args.path), database)
    except DbCommandError as exc:
        print(f"error: {exc}")
        return EXIT_REFUSED
    old = f"; the previous database is kept as {kept}" if kept else ""
    print(f"Restored {database} from {args.path}{old}.")
    return EXIT_OK


# --- backup ---------------------------------------------------------------------------------
def backup(database: Path, target: Path, *, force: bool = False) -> Path:
    """Copy a consistent snapshot of `database` to `target`; returns the file written."""
    if not database.is_file():
        raise DbCommandError(f"there is no database at {database} (check DATABASE_PATH)")
    if target.is_dir():
        target = target / f"{database.stem}-{time.strftime('%Y%m%d-%H%M%S')}.db"
    if target.exists() and not force:
        raise DbCommandError(f"{target} already exists; choose another name or add --force")
    if not target.parent.is_dir():
        raise DbCommandError(f"the folder {target.parent} does not exist")
    temporary = target.with_name(f".{target.name}.partial")
    temporary.unlink(missing_ok=True)
    try:
        with _connect(database, readonly=True) as source, _connect(temporary) as copy:
            source.backup(copy)  # pages=-1: one step, one snapshot
        problem = check_backup(temporary)
        if problem:
            raise DbCommandError(f"the copy failed its check ({problem}); nothing was written")
        os.replace(temporary, target)
    except sqlite3.Error as exc:
        raise DbCommandError(f"cannot back up {database}: {exc}") from None
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
    """Replace `database` with the backup at `source`. Returns the path the previous
    database was kept at (None when there was none)."""
    problem = check_backup(source)
    if problem:
        raise DbCommandError(f"{problem}; nothing was changed")
    if source.resolve() == database.resolve():
        raise DbCommandError("the backup and the database are the same file; nothing was changed")
    if not database.parent.is_dir():
        raise DbCommandError(f"the folder {database.parent} does not exist; nothing was changed")
    kept: Path | None = None
    existed = database.is_file()
    try:
        with _connect(database) as target:
            _lock_exclusively(target, database)
            if existed:
                kept = database.with_name(database.name + ".bak")
                kept.unlink(missing_ok=True)
                with _connect(kept) as old_copy:
                    target.backup(old_copy)
            with _connect(source, readonly=True) as backup_file:
                backup_file.backup(target)
    except sqlite3.Error as exc:
        raise DbCommandError(f"cannot restore into {database}: {exc}") from None
    problem = check_backup(database)
    if problem:  # cannot happen after a successful backup step; say so loudly if it does
        raise DbCommandError(f"the restored database failed its check: {problem}")
    return kept


def _lock_exclusively(connection: sqlite3.Connection, database: Path) -> None:
    """Take and keep an exclusive lock on `database`, or refuse if anything has it open."""
    connection.execute("PRAGMA busy_timeout=0")
    connection.execute("PRAGMA locking_mode=EXCLUSIVE")
    try:
        connection.execute("BEGIN EXCLUSIVE")
        connection.execute("SELECT COUNT(*) FROM sqlite_master").fetchall()
        connection.execute("COMMIT")  # the lock stays: locking_mode=EXCLUSIVE
    except sqlite3.OperationalError as exc:
        raise DbCommandError(
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
