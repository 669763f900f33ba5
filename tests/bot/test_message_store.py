"""The match messages a refresh asks for come from memory once read or written; a write
made while a read waited is not undone by it; a restore drops what was kept
(bot/services/messages.py)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from bot.db import Database
from bot.services.messages import MessageStore


def test_rows_are_kept_a_racing_write_wins_and_a_restore_forgets(tmp_path: Path) -> None:
    async def scenario() -> None:
        db = await Database.open(tmp_path / "t.db")
        try:
            async with db.write() as conn:
                await conn.execute(
                    "INSERT INTO matches (id, guild_id, channel_id, ruleset, seed, mode,"
                    " player0_id, player1_id, decks_json, created_at, decision_since)"
                    " VALUES (1, 1, 2, 'panini-2016', 1, 'casual', 3, 4, '[]', 0, 0)")
            store = MessageStore(db)
            reads = []
            fetchone = db.fetchone

            async def counted(sql: str, args: Any = ()) -> Any:
                reads.append(args)
                row = await fetchone(sql, args)
                await asyncio.sleep(0)  # a write can land while this read is on its way
                return row

            db.fetchone = counted  # type: ignore[method-assign,assignment]
            assert await store.message(1, "board") is None
            assert await store.message(1, "board") is None and len(reads) == 1
            # A read of hand0 waits while hand0 is written: the written row stays.
            racing = asyncio.create_task(store.message(1, "hand0"))
            await asyncio.sleep(0)
            await store.set_message(1, "hand0", 10, 20)
            assert await racing in (None, (10, 20))
            assert await store.message(1, "hand0") == (10, 20)
            await store.set_message(1, "board", 11, 21)
            assert await store.message(1, "board") == (11, 21) and len(reads) == 2
            # What the database holds is read again after a restore.
            async with db.write() as conn:
                await conn.execute("UPDATE match_messages SET message_id=99 WHERE kind='board'")
            assert await store.message(1, "board") == (11, 21)
            store.forget_all()
            assert await store.message(1, "board") == (11, 99) and len(reads) == 3
        finally:
            await db.close()

    asyncio.run(scenario())
