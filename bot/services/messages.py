"""The Discord messages a match keeps up to date (its board, each hand, the last ping),
stored so that a restarted bot edits them instead of posting new ones."""

from __future__ import annotations

from bot.db import Database


class MessageStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def message(self, match_id: int, kind: str) -> tuple[int, int] | None:
        """(channel id, message id) of the match's `kind` message, if it has one."""
        row = await self.db.fetchone(
            "SELECT channel_id, message_id FROM match_messages WHERE match_id=? AND kind=?",
            (match_id, kind),
        )
        return (row[0], row[1]) if row else None

    async def set_message(self, match_id: int, kind: str, channel_id: int, message_id: int) -> None:
        async with self.db.write() as conn:
            await conn.execute(
                "INSERT INTO match_messages (match_id, kind, channel_id, message_id)"
                " VALUES (?,?,?,?) ON CONFLICT(match_id, kind) DO UPDATE SET"
                " channel_id=excluded.channel_id, message_id=excluded.message_id",
                (match_id, kind, channel_id, message_id),
            )
