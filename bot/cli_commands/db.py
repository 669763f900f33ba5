"""`scouter db backup PATH` and `scouter db restore PATH`: copy the bot's SQLite database
(the file work is in bot/backups.py).

Backup is safe while the bot runs (SQLite's online backup API). Restore first tries to lock
the database exclusively without waiting: a connection in `locking_mode=EXCLUSIVE` asks for
`BEGIN EXCLUSIVE`, which fails at once while anything has the file open (in WAL mode every
open connection holds a shared lock on the WAL index). If it gets the lock it restores and
keeps the lock to the end, so the bot cannot start half-way through. If the database is in
use, the running bot is asked to restore (bot/services/restore.py) and the command waits
for its answer; `--offline` refuses instead.

Exit codes: 0 done; 1 refused (bad backup file, database in use, nothing to back up, the
bot did not answer); 2 unusable settings.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bot.backups import (
    POSTGRES_BACKUPS,
    BackupError,
    DatabaseInUse,
    ask_running_bot,
    backup,
    restore,
)
from bot.settings import SettingsError, load_settings

EXIT_OK = 0
EXIT_REFUSED = 1
EXIT_SETTINGS = 2


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    db = subparsers.add_parser("db", help="back up or restore the bot's database")
    actions = db.add_subparsers(dest="db_command", required=True, metavar="ACTION")
    for name, help_text, target_help in (
        ("backup", "copy the database to PATH (safe while the bot runs)",
         "the backup file to write (a folder: a timestamped file in it)"),
        ("restore", "replace the database with the backup at PATH (the running bot does it "
         "itself)",
         "the backup file to restore"),
    ):
        action = actions.add_parser(name, help=help_text)
        action.add_argument("path", type=Path, metavar="PATH", help=target_help)
        action.add_argument("--database", type=Path,
                            help="the database file (default: DATABASE_PATH from .env)")
        if name == "backup":
            action.add_argument("--force", action="store_true",
                                help="overwrite PATH if it exists")
        else:
            action.add_argument("--offline", action="store_true",
                                help="refuse if the database is in use instead of asking the "
                                     "running bot")
            action.add_argument("--wait", type=float, default=60.0, metavar="SECONDS",
                                help="how long to wait for the running bot to take the "
                                     "restore (default 60)")
    actions.choices["backup"].set_defaults(handler=run_backup)
    actions.choices["restore"].set_defaults(handler=run_restore)


def _database(args: argparse.Namespace) -> Path | None:
    if args.database is not None:
        return Path(args.database)
    try:
        settings = load_settings()
    except SettingsError as exc:
        print(f"error: {exc}")
        return None
    if settings.postgres:
        print(f"error: {POSTGRES_BACKUPS}")
        return None
    return Path(settings.database)


def run_backup(args: argparse.Namespace) -> int:
    database = _database(args)
    if database is None:
        return EXIT_SETTINGS
    try:
        written = backup(database, Path(args.path), force=args.force)
    except BackupError as exc:
        print(f"error: {exc}")
        return EXIT_REFUSED
    print(f"Backed up {database} to {written} ({written.stat().st_size:,} bytes).")
    return EXIT_OK


def run_restore(args: argparse.Namespace) -> int:
    database = _database(args)
    if database is None:
        return EXIT_SETTINGS
    source = Path(args.path)
    try:
        try:
            kept = restore(source, database)
        except DatabaseInUse:
            if args.offline:
                raise
            print(f"{database} is in use: asking the running bot to restore "
                  f"(waiting up to {args.wait:g} s for it to start)...", flush=True)
            said = ask_running_bot(source, database, wait=args.wait)
            print(f"Done: {said}.")
            return EXIT_OK
    except BackupError as exc:
        print(f"error: {exc}")
        return EXIT_REFUSED
    old = f"; the previous database is kept as {kept}" if kept else ""
    print(f"Restored {database} from {source}{old}.")
    return EXIT_OK
