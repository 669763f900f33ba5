"""A restore made by the running bot (bot/services/restore.py): the CLI asks, the bot holds
every match still, copies the backup in, and nothing decided on the old state reaches the
restored file."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.backups import ask_running_bot, backup, restore_live
from bot.db import Database
from bot.services.matches import LiveMatch, MatchService
from bot.services.restore import RestoreService
from tests.bot.test_services import ALICE, BOB, FRIEZA, GOKU, run_on_sqlite, services


async def started(db: Database) -> tuple[MatchService, LiveMatch]:
    decks, matches, lobby, _ = services(db)
    await decks.register(ALICE, "Goku", GOKU)
    await decks.register(BOB, "Frieza", FRIEZA)
    for user, deck in ((ALICE, "Goku"), (BOB, "Frieza")):
        joined = await lobby.join(guild_id=1, channel_id=2, user_id=user,
                                  ruleset="panini-2016", mode="casual", deck_name=deck)
    assert joined.match is not None
    return matches, joined.match


async def answer(matches: MatchService, match: LiveMatch, times: int) -> None:
    for _ in range(times):
        decision = match.pending
        assert decision is not None
        user = match.players[decision.player]
        assert user is not None
        assert (await matches.decide(match.id, user, decision.seq, 0)).ok


async def stored_decisions(db: Database, match_id: int) -> int:
    row = await db.fetchone("SELECT COUNT(*) FROM match_decisions WHERE match_id=?",
                            (match_id,))
    assert row is not None
    return int(row[0])


@run_on_sqlite
async def test_a_press_waiting_through_a_restore_meets_the_restored_match(
    db: Database, tmp: Path
) -> None:
    matches, match = await started(db)
    await answer(matches, match, 5)
    saved = await asyncio.to_thread(backup, tmp / "t.db", tmp / "backup.db")
    await answer(matches, match, 5)
    decision = match.pending
    assert decision is not None
    user = match.players[decision.player]
    assert user is not None

    async with matches.held_still() as held:
        assert held == [match]
        # A player presses during the restore: the press waits for the match.
        press = asyncio.create_task(matches.decide(match.id, user, decision.seq, 0))
        await asyncio.sleep(0.05)
        assert not press.done()
        await db.replace_with(lambda: restore_live(saved, tmp / "t.db"))
    result = await press

    # The press was for decision 10, which the restored match has not reached: refused,
    # and nothing was written on top of the restored five decisions.
    assert not result.ok and "earlier decision" in result.message
    assert match.retired
    fresh = await matches.get(match.id)
    assert fresh is not match and len(fresh.record.decisions) == 5
    assert await stored_decisions(db, match.id) == 5
    await answer(matches, fresh, 1)  # and play goes on from the restored state
    assert await stored_decisions(db, match.id) == 6


@run_on_sqlite
async def test_the_cli_asks_and_the_bot_restores(db: Database, tmp: Path) -> None:
    matches, match = await started(db)
    await answer(matches, match, 4)
    saved = await asyncio.to_thread(backup, tmp / "t.db", tmp / "backup.db")
    await answer(matches, match, 6)
    restores = RestoreService(db, matches, tmp / "t.db")

    async def bot_looks() -> None:
        # The CLI's request arrives from another thread: look as the bot does, until it is
        # there (the bound only ends a test whose CLI never asks).
        deadline = asyncio.get_running_loop().time() + 60
        while asyncio.get_running_loop().time() < deadline:
            restored = await restores.serve_next()
            if restored is not None:
                assert restored.before == [(match.id, None, 10)]
                return
            await asyncio.sleep(0.02)
        raise AssertionError("no restore request arrived")

    said, _ = await asyncio.gather(
        asyncio.to_thread(ask_running_bot, saved, tmp / "t.db", wait=60, poll=0.02),
        bot_looks(),
    )
    assert "restored" in said and "t.db.bak" in said
    assert await stored_decisions(db, match.id) == 4
    assert len((await matches.get(match.id)).record.decisions) == 4
    row = await db.fetchone("SELECT status FROM restore_requests")
    assert row is not None and row[0] == "done"
