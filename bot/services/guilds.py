"""Per-server settings: the games channel and the decision timer."""

from __future__ import annotations

from dataclasses import dataclass

from bot.db import Database

MIN_TIMER_MINUTES = 1
MAX_TIMER_MINUTES = 24 * 60


@dataclass(frozen=True)
class GuildConfig:
    guild_id: int
    games_channel_id: int | None = None
    decision_timeout_s: float | None = None  # None: the bot's default (settings)
    judge_role_id: int | None = None
    judges_channel_id: int | None = None


class GuildService:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def get(self, guild_id: int) -> GuildConfig:
        row = await self.db.fetchone(
            "SELECT games_channel_id, decision_timeout_s, judge_role_id, judges_channel_id"
            " FROM guild_config WHERE guild_id=?",
            (guild_id,),
        )
        if row is None:
            return GuildConfig(guild_id)
        return GuildConfig(guild_id, row[0], row[1], row[2], row[3])

    async def set_judges(self, guild_id: int, role_id: int, channel_id: int) -> None:
        async with self.db.write() as conn:
            await conn.execute(
                "INSERT INTO guild_config (guild_id, judge_role_id, judges_channel_id)"
                " VALUES (?, ?, ?) ON CONFLICT(guild_id) DO UPDATE SET"
                " judge_role_id=excluded.judge_role_id,"
                " judges_channel_id=excluded.judges_channel_id",
                (guild_id, role_id, channel_id),
            )

    async def set_games_channel(self, guild_id: int, channel_id: int) -> None:
        async with self.db.write() as conn:
            await conn.execute(
                "INSERT INTO guild_config (guild_id, games_channel_id) VALUES (?, ?)"
                " ON CONFLICT(guild_id) DO UPDATE SET games_channel_id=excluded.games_channel_id",
                (guild_id, channel_id),
            )

    async def set_decision_timer(self, guild_id: int, minutes: float) -> None:
        if not MIN_TIMER_MINUTES <= minutes <= MAX_TIMER_MINUTES:
            raise ValueError(
                f"The decision timer is between {MIN_TIMER_MINUTES} and {MAX_TIMER_MINUTES}"
                " minutes."
            )
        async with self.db.write() as conn:
            await conn.execute(
                "INSERT INTO guild_config (guild_id, decision_timeout_s) VALUES (?, ?)"
                " ON CONFLICT(guild_id) DO UPDATE SET"
                " decision_timeout_s=excluded.decision_timeout_s",
                (guild_id, minutes * 60),
            )
