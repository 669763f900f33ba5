"""Issue 13, defect 6: Discord failing (5xx past discord.py's own retries) must not leave a
match looking stuck. What the bot failed to show is retried with backoff until it shows;
a match whose thread cannot be opened is cancelled unrated, and both players are told."""

from __future__ import annotations

from pathlib import Path

from bot.services.matches import LiveMatch
from tests.bot.e2e import (
    FRIEZA,
    GOKU,
    World,
    board,
    hand_message,
    play_decision,
    press,
    world,
)
from tests.bot.test_discord_e2e import configure, register_by_form
from tests.bot.test_trust_e2e import queue_match
from tests.fakediscord import async_test

MESSAGES = r"/channels/\d+/messages(/\d+)?"  # posts and edits, in threads and DMs alike


def shows_the_pending_decision(w: World, match: LiveMatch) -> bool:
    decision = match.pending
    return decision is not None and f"Decision #{decision.seq}" in board(w, match).text()


@async_test(timeout=120)
async def test_what_failed_to_show_is_shown_once_discord_answers_again(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.start_bot() as bot:
        bot.notifier.backoff = (0.01, 0.05)  # how soon it tries again, not what is waited for
        await configure(w)
        match = await queue_match(w, w.alice, w.bob)
        for _ in range(3):
            await play_decision(w, match)
        shown = board(w, match)
        decision = match.pending
        assert decision is not None
        before = decision.seq
        # Discord fails every message post and edit, past discord.py's retries
        outage = w.fake.fail("*", MESSAGES, status=500, times=None)
        decider = w.users[match.players[decision.player] or 0]
        await press(w, match)  # a board button, or the select in the DM
        assert match.pending is not None and match.pending.seq > before  # committed
        await w.fake.wait_until(lambda: len(w.fake.failures) >= 12)  # tried, and tried again
        assert board(w, match).version == shown.version  # nothing could be shown yet
        mark = w.fake.mark()
        w.fake.heal(outage)
        # the board, the hands and the ping catch up, without anyone doing anything
        await w.fake.wait_until(lambda: shows_the_pending_decision(w, match))
        await bot.notifier.settle()
        now = match.pending
        assert now is not None
        assert f"Decision #{now.seq}" in board(w, match).text()
        for user in (w.alice, w.bob):
            hand = hand_message(w, user, match)
            assert hand is not None and f"Decision #{now.seq}" in hand.text(), hand
        decider_now = match.players[now.player]
        if decider_now != decider.id:
            await w.fake.wait_for(lambda m: f"<@{decider_now}>, it is your move" in m.text(),
                                  after=mark)
        await play_decision(w, match)  # and play goes on


@async_test(timeout=120)
async def test_a_match_whose_thread_cannot_open_is_cancelled_unrated(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.start_bot() as bot:
        await configure(w)
        refused = w.fake.fail("POST", rf"/channels/{w.games.id}/threads", status=500, times=None)
        mark = w.fake.mark()
        await register_by_form(w, w.alice, "Goku", GOKU)
        await register_by_form(w, w.bob, "Frieza", FRIEZA)
        await w.fake.slash(w.alice, w.games, "play queue", {"deck": "Goku", "mode": "ranked"})
        paired = await w.fake.slash(w.bob, w.games, "play queue",
                                    {"deck": "Frieza", "mode": "ranked"})
        assert "cancelled" in paired.text() and "does not count" in paired.text(), paired.text()
        told = await w.fake.wait_for(lambda m: "could not start" in m.text(), after=mark)
        assert {w.alice.id, w.bob.id} <= set(told.pinged), told
        row = await bot.db.fetchone("SELECT status FROM matches WHERE id=1")
        assert row is not None and row[0] == "void"
        assert await bot.matches.active_ids() == []
        ratings = await bot.db.fetchall("SELECT * FROM rating_changes")
        assert ratings == []
        # both are free to play, and once Discord lets the thread open, they do
        w.fake.heal(refused)
        await w.fake.slash(w.alice, w.games, "play queue", {"deck": "Goku", "mode": "ranked"})
        again = await w.fake.slash(w.bob, w.games, "play queue",
                                   {"deck": "Frieza", "mode": "ranked"})
        assert "Match #2 is on" in again.text(), again.text()


@async_test(timeout=120)
async def test_a_match_left_without_a_thread_is_opened_when_the_bot_starts(tmp_path: Path
                                                                           ) -> None:
    """A bot stopped between storing a match and opening its thread opens it on start."""
    async with world(tmp_path) as w:
        async with w.start_bot() as bot:
            await configure(w)
            deck = bot.decks.compile("Goku", GOKU)[0]
            match = await bot.matches.create(
                guild_id=w.guild.id, channel_id=w.games.id, mode="ranked",
                ruleset="panini-2016", players=(w.alice.id, w.bob.id), decks=(deck, deck),
                deck_versions=(None, None), seed=3)
            assert match.thread_id is None
        async with w.start_bot() as bot:
            await w.fake.wait_until(lambda: any(
                "match #1" in m.text().lower() for m in w.fake.messages_in(w.games)))
            await bot.notifier.settle()
            reopened = await bot.matches.get(match.id)
            assert reopened.thread_id is not None and reopened.active
            assert board(w, reopened).id
