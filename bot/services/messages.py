"""The Discord messages a match keeps up to date (its board, each hand, the last ping),
stored so that a restarted bot edits them instead of posting new ones.

Every refresh of a match asks for several of them, so what was read or written is also
kept in memory: the rows are written only here, by the one process that shows the match
(bot/ui/notifier.py), and a restore drops what was kept (bot/app.py)."""

from __future__ import annotations

from collections import OrderedDict

from bot.db import Database

KEPT = 16384  # (match, kind) rows kept in memory: ~8 per match shown


class MessageStore:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._kept: OrderedDict[tuple[int, str], tuple[int, int] | None] = OrderedDict()

    async def message(self, match_id: int, kind: str) -> tuple[int, int] | None:
        """(channel id, message id) of the match's `kind` message, if it has one."""
        key = (match_id, kind)
        if key in self._kept:
            self._kept.move_to_end(key)
            return self._kept[key]
        row = await self.db.fetchone(
            "SELECT channel_id, message_id FROM match_messages WHERE match_id=? AND kind=?",
            (match_id, kind),
        )
        # A write while this read waited wins: its row is newer than what was read.
        return self._keep(key, (row[0], row[1]) if row else None, replace=False)

    async def set_message(self, match_id: int, kind: str, channel_id: int, message_id: int) -> None:
        # In the group commit with the decisions: a ping per decision is a row per decision,
        # and a transaction (a flush to disk) of its own each would queue behind the others.
        await self.db.batch([(
            "INSERT INTO match_messages (match_id, kind, channel_id, message_id)"
            " VALUES (?,?,?,?) ON CONFLICT(match_id, kind) DO UPDATE SET"
            " channel_id=excluded.channel_id, message_id=excluded.message_id",
            [(match_id, kind, channel_id, message_id)],
        )])
        self._keep((match_id, kind), (channel_id, message_id), replace=True)

    def forget_all(self) -> None:
        """The database was replaced (a restore): read every row anew."""
        self._kept.clear()

    def _keep(self, key: tuple[int, str], value: tuple[int, int] | None, *, replace: bool
              ) -> tuple[int, int] | None:
        if replace or key not in self._kept:
            self._kept[key] = value
        self._kept.move_to_end(key)
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return self._kept[key]
