"""A restore made by the running bot, asked for by `scouter db restore` (bot/backups.py).

The CLI cannot replace the database under a running bot: the bot's matches in memory would
run ahead of the file and its next decision would land after a gap. So the CLI adds a row
to `restore_requests` and waits; the bot, which looks every few seconds, claims the row,
holds every match and every write still, copies the backup in, replays what it needs from
the restored file and writes the outcome into it for the CLI to read."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bot.backups import BackupError, restore_live
from bot.db import Database
from bot.services.matches import MatchService

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Restored:
    """A finished restore: which matches were in memory before it (id, thread), so the bot
    can tell their threads what happened."""

    source: Path
    kept: Path
    before: list[tuple[int, int | None, int]]  # match id, thread id, decisions made


class RestoreService:
    def __init__(self, db: Database, matches: MatchService, database: Path,
                 clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self.matches = matches
        self.database = database
        self.clock = clock

    async def serve_next(self) -> Restored | None:
        """Carry out the oldest pending request, if any; None when there was nothing to do
        or it failed (the failure is written for the CLI to show)."""
        row = await self.db.fetchone(
            "SELECT token, source FROM restore_requests WHERE status='pending'"
            " ORDER BY requested_at LIMIT 1"
        )
        if row is None:
            return None
        token, source = str(row[0]), Path(row[1])
        async with self.db.write() as conn:
            claimed = await conn.execute(
                "UPDATE restore_requests SET status='running' WHERE token=? AND status='pending'",
                (token,),
            )
            if claimed.rowcount != 1:  # the CLI gave up on it a moment ago
                return None
        log.warning("restoring the database from %s (asked by `scouter db restore`)", source)
        try:
            async with self.matches.held_still() as held:
                before = [(m.id, m.thread_id, len(m.record.decisions)) for m in held]
                kept = await self.db.replace_with(
                    lambda: restore_live(source, self.database))
        except BackupError as exc:
            log.error("the restore from %s failed: %s", source, exc)
            await self._answer(token, source, "failed", str(exc))
            return None
        except Exception as exc:
            log.exception("the restore from %s failed", source)
            await self._answer(token, source, "failed",
                               f"the bot could not restore {source}: {exc}; see its log")
            return None
        await self._answer(token, source, "done",
                           f"the running bot restored {self.database} from {source}; the "
                           f"previous database is kept as {kept}")
        log.warning("restored the database from %s; the previous one is kept as %s",
                    source, kept)
        return Restored(source, kept, before)

    async def _answer(self, token: str, source: Path, status: str, message: str) -> None:
        """Write the outcome; after a restore the row is not in the restored file yet."""
        for attempt in range(3):
            try:
                async with self.db.write() as conn:
                    await conn.execute(
                        "INSERT INTO restore_requests (token, source, status, message,"
                        " requested_at, finished_at) VALUES (?,?,?,?,?,?)"
                        " ON CONFLICT (token) DO UPDATE SET status=excluded.status,"
                        " message=excluded.message, finished_at=excluded.finished_at",
                        (token, str(source), status, message, self.clock(), self.clock()),
                    )
                return
            except Exception:
                log.exception("could not record the restore's outcome (try %d)", attempt + 1)
                await asyncio.sleep(0.5)
