"""`scouter db restore` while the bot runs, through the fake Discord: the bot restores, the
match is back where the backup had it (its thread is told and its board shows it), a match
begun after the backup is gone (its thread is told), and play goes on from the buttons."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.backups import backup
from bot.cli import main
from tests.bot.e2e import VEGETA, board, play_decision, world
from tests.bot.test_discord_e2e import register_by_form
from tests.bot.test_judges_e2e import start_match
from tests.fakediscord import async_test


@async_test(timeout=120)
async def test_restore_while_the_bot_runs(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.start_bot(restore_period=0.05) as bot:
        match = await start_match(w)
        for _ in range(6):
            await play_decision(w, match)
        saved = await asyncio.to_thread(backup, w.db_path, tmp_path / "backup.db")
        for _ in range(8):
            await play_decision(w, match)
        # dave begins a practice match the backup does not have
        await register_by_form(w, w.dave, "Vegeta", VEGETA)
        started = await w.fake.slash(w.dave, w.games, "play practice", {"deck": "Vegeta"})
        assert "Practice against the AI" in started.text(), started.text()
        practice = await bot.matches.get(2)
        await bot.notifier.settle()

        code = await asyncio.to_thread(
            main, ["db", "restore", str(saved), "--database", str(w.db_path), "--wait", "120"])
        assert code == 0

        back = await w.fake.wait_for(lambda m: m.channel_id == match.thread_id
                                     and "restored from a backup" in m.text())
        assert "back to decision 6 (it was at 14)" in back.text()
        gone = await w.fake.wait_for(lambda m: m.channel_id == practice.thread_id
                                     and "restored from a backup" in m.text())
        assert "no longer stored" in gone.text()
        fresh = await bot.matches.get(match.id)
        assert fresh is not match and len(fresh.record.decisions) == 6
        await bot.notifier.settle()
        # the board and hands were redrawn for the restored decision (play_decision presses
        # its button or picks it in the DM, so it fails on a stale message), and it plays
        await play_decision(w, fresh)
        assert len(fresh.record.decisions) == 7
        # dave's old practice board answers, changing nothing
        pressed = await w.fake.click(w.dave, board(w, practice), f"sc:hand:{practice.id}")
        assert "no longer exists" in pressed.text(), pressed.text()
        assert await bot.matches.find(2) is None
        assert w.db_path.with_name("scouter.db.bak").exists()
