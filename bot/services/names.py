"""The names players go by in each server (their nickname there, else their global name),
kept as their own interactions show them and refreshed when those change. Boards, thread
titles and standings read them here instead of asking Discord for every user each time."""

from __future__ import annotations

import time
from collections.abc import Callable

from bot.db import Database

MAX_NAME = 100  # Discord's display names are at most 32; a bound for what is stored


class NameService:
    def __init__(self, db: Database, clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self.clock = clock
        self._names: dict[tuple[int, int], str] = {}

    async def load(self) -> None:
        rows = await self.db.fetchall("SELECT guild_id, user_id, name FROM player_names")
        self._names = {(row[0], row[1]): row[2] for row in rows}

    def get(self, guild_id: int, user_id: int) -> str | None:
        return self._names.get((guild_id, user_id))

    async def seen(self, guild_id: int, user_id: int, name: str) -> None:
        """`user_id` goes by `name` in `guild_id` now; stored only when it changed."""
        name = " ".join(name.split())[:MAX_NAME]
        if not name or self._names.get((guild_id, user_id)) == name:
            return
        async with self.db.write() as conn:
            await conn.execute(
                "INSERT INTO player_names (guild_id, user_id, name, updated_at)"
                " VALUES (?,?,?,?) ON CONFLICT(guild_id, user_id) DO UPDATE SET"
                " name=excluded.name, updated_at=excluded.updated_at",
                (guild_id, user_id, name, self.clock()))
        self._names[(guild_id, user_id)] = name
