"""Bursts across many matches at once: each match's deciding player presses its button
many times while the other player and a spectator press it too, in every match together.
Exactly one answer per match applies, nothing deadlocks, and everyone else is told why.
On both storage backends."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.services.matches import LiveMatch
from tests.bot.e2e import GOKU, board, world
from tests.bot.test_discord_e2e import configure, register_by_form
from tests.fakediscord import FakeUser, async_test

MATCHES = 4
PRESSES = 10


@async_test(timeout=120)
async def test_bursts_on_many_matches_apply_exactly_the_legal_presses(
        tmp_path: Path, database_target: Path | str) -> None:
    async with world(tmp_path, database=database_target) as w, w.start_bot() as bot:
        await configure(w)
        players = [w.fake.add_user(f"player{i}") for i in range(MATCHES * 2)]
        for user in players:
            w.fake.add_member(w.guild, user)
            w.users[user.id] = user
            await register_by_form(w, user, "Goku", GOKU)
        for user in players:
            await w.fake.slash(user, w.games, "play queue", {"deck": "Goku"})
        matches: list[LiveMatch] = [await bot.matches.get(i + 1) for i in range(MATCHES)]
        await bot.notifier.settle()
        # the spectator follows every match
        announcements = [m for m in w.fake.messages_in(w.games) if "Press **Watch**" in m.text()]
        for message in announcements:
            watch = next(c for c in message.custom_ids() if c.startswith("sc:watch:"))
            await w.fake.click(w.carol, message, watch)

        before = {m.id: len(m.record.decisions) for m in matches}
        presses = []
        for match in matches:
            decision = match.pending
            assert decision is not None
            decider: FakeUser = w.users[match.players[decision.player] or 0]
            other: FakeUser = w.users[match.players[1 - decision.player] or 0]
            button = next(c for c in board(w, match).custom_ids() if c.startswith("sc:opt:"))
            for user in [decider] * PRESSES + [other] * PRESSES + [w.carol] * PRESSES:
                presses.append((match, user, w.fake.click(user, board(w, match), button)))
        results = await asyncio.gather(*(p[2] for p in presses))
        assert all(r.error is None for r in results)
        await w.fake.wait_until(
            lambda: all(len(m.record.decisions) > before[m.id] for m in matches))
        await bot.notifier.settle()
        for match in matches:
            assert len(match.record.decisions) == before[match.id] + 1, match.id
        for (_, user, _), result in zip(presses, results, strict=True):
            if user is w.carol:
                assert "not playing in this match" in result.text()
        rows = await bot.db.fetchall("SELECT match_id, COUNT(*) FROM match_decisions"
                                     " GROUP BY match_id")
        assert {row[0]: row[1] for row in rows} == {m.id: before[m.id] + 1 for m in matches}
