"""Crash safety: the real bot runs in its own process against the fake Discord while two
matches are played through buttons and DMs; at random moments (some with a press in
flight) it is killed with SIGKILL and started again. After every restart each match is
exactly its stored decisions, every decision a player saw confirmed (the board showed it)
is stored, and the buttons work: both matches go on to their end. On both storage backends.

SCOUTER_CRASH_KILLS sets how many kills (default 20; `python -m bench.crash`-style longer
runs can raise it)."""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import sys
from pathlib import Path

from bot.db import Database
from bot.services.matches import LiveMatch, MatchService, decision_token
from engine.panini.ai import GreedyPlayer
from engine.panini.cards import load_pool
from tests.bot.e2e import FRIEZA, GOKU, World, world
from tests.bot.test_discord_e2e import configure, register_by_form
from tests.fakediscord import FakeUser, RecordedMessage, async_test

ROOT = Path(__file__).resolve().parents[2]
KILLS = int(os.environ.get("SCOUTER_CRASH_KILLS", "20"))
MAX_STEPS = 3000
# On PostgreSQL a quarter of them: the storage is what differs, and CPU is scarce.
PG_KILLS = max(1, KILLS // 4)


def kill_chance(kills: int) -> float:
    # Two matches last about 300 decisions: enough presses are killed to reach `kills` first.
    return min(0.9, kills / 120)


class BotProcess:
    """The bot in its own process; with `shard` (of `shards`) it serves that shard only,
    its slash commands synced to `guild`."""

    def __init__(self, w: World, *, shard: int | None = None, shards: int = 1,
                 guild: int | None = None, database: str | None = None) -> None:
        self.w = w
        self.shard = shard
        self.shards = shards
        self.guild = guild or w.guild.id
        self.database = database or str(w.database)
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0

    async def start(self) -> None:
        fake = self.w.fake
        sharding = [] if self.shard is None else ["--shards", f"{self.shard}/{self.shards}"]
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.bot.bot_process", "--base", fake.base_url,
            "--gateway", fake.gateway_url, "--token", fake.bot_token,
            "--db", self.database, "--guild", str(self.guild), *sharding, cwd=ROOT,
            stdout=asyncio.subprocess.DEVNULL, stderr=self._log(),
        )
        self.starts += 1
        await fake.wait_connected(timeout=60, shard=self.shard)  # a loaded machine starts slowly

    def _log(self) -> int:
        """The process's warnings and errors go to a file beside its database, to read
        when a test fails (SCOUTER_BOT_LOGS=1; otherwise nowhere)."""
        if not os.environ.get("SCOUTER_BOT_LOGS"):
            return asyncio.subprocess.DEVNULL
        name = f"bot-{self.shard if self.shard is not None else 0}-{self.starts}.log"
        return os.open(self.w.db_path.parent / name, os.O_WRONLY | os.O_CREAT, 0o644)

    async def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()
        gateway = self.w.fake.gateway
        await self.w.fake.wait_until(
            lambda: not [s for s in gateway.live_sessions
                         if self.shard is None or (s.shard or (0, 1))[0] == self.shard],
            timeout=10)

    async def stop(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)
            await self.proc.wait()


def board_of(w: World, match_id: int, thread_id: int) -> RecordedMessage | None:
    for message in reversed(w.fake.messages_in(thread_id)):
        if message.embeds and str(message.embeds[0].get("title", "")).startswith(
                f"Match #{match_id} "):
            return message
    return None


def shown_decision(message: RecordedMessage | None) -> int:
    """The decision number a board says it shows ("Decision #N" in its footer)."""
    found = re.search(r"Decision #(\d+)", message.text()) if message else None
    return int(found[1]) if found else -1


def dm_hand(w: World, user: FakeUser, match_id: int) -> RecordedMessage | None:
    for message in reversed(w.fake.dm_messages(user)):
        if message.embeds and str(message.embeds[0].get("title", "")).endswith(f"#{match_id}"):
            return message
    return None


async def stored(reader: MatchService, match_id: int) -> LiveMatch:
    reader.forget(match_id)  # the bot process wrote since: replay from the file
    return await reader.get(match_id)


async def press(w: World, match: LiveMatch, thread_id: int, *,
                board_only: bool = False) -> asyncio.Task[object] | None:
    """Start the deciding player's answer, as they would give it; None if the screen they
    need is not up to date yet (or, with `board_only`, if the answer is given in a DM)."""
    decision = match.pending
    assert decision is not None
    user = w.users[match.players[decision.player] or 0]
    choice = GreedyPlayer().choose(match.game, decision)
    index = [option.id for option in decision.options].index(choice)
    board = board_of(w, match.id, thread_id)
    if shown_decision(board) != decision.seq:
        return None
    assert board is not None
    button = f"sc:opt:{match.id}:{decision.seq}:{decision_token(match)}:{index}"
    if button in board.custom_ids():
        return asyncio.create_task(w.fake.click(user, board, button))
    if board_only:
        return None
    hand = dm_hand(w, user, match.id)
    if hand is None or shown_decision(hand) != decision.seq:
        return None
    select = next((c for c in hand.custom_ids() if c.startswith(f"sc:sel:{match.id}:")
                   and str(index) in [o["value"] for o in (hand.component(c) or {})
                                      .get("options", [])]), None)
    if select is None:
        return None
    return asyncio.create_task(w.fake.select(user, hand, select, [str(index)]))


@async_test(timeout=600)
async def test_sigkill_at_random_moments_loses_no_confirmed_decision(
        tmp_path: Path, database_target: Path | str) -> None:
    rng = random.Random(20261122)
    wanted = PG_KILLS if isinstance(database_target, str) else KILLS
    # The bot runs in its own process, where a rate-limit wait would take real time.
    async with world(tmp_path, rate_limits=False, database=database_target) as w:
        eve = w.fake.add_user("eve")
        w.fake.add_member(w.guild, eve)
        w.users[eve.id] = eve
        bot = BotProcess(w)
        await bot.start()
        reader_db = await Database.open(w.database)
        reader = MatchService(reader_db, load_pool())
        try:
            await configure(w)
            for user, deck in ((w.alice, GOKU), (w.bob, FRIEZA), (w.carol, FRIEZA),
                               (eve, GOKU)):
                assert "Saved" in await register_by_form(w, user, "Deck", deck)
            for user in (w.alice, w.bob, w.carol, eve):
                await w.fake.slash(user, w.games, "play queue", {"deck": "Deck"})
            ids = await reader.active_ids()
            assert len(ids) == 2
            threads = {m: (await stored(reader, m)).thread_id or 0 for m in ids}
            confirmed = dict.fromkeys(ids, 0)  # decisions a player saw on the board
            kills = presses = 0
            while presses < MAX_STEPS:
                live = [m for m in ids if (await stored(reader, m)).active]
                if not live:
                    break
                match = await stored(reader, rng.choice(live))
                if match.pending is None:
                    continue  # it ended since `live` was read (the bot runs on meanwhile)
                for m in ids:
                    confirmed[m] = max(confirmed[m], shown_decision(board_of(w, m, threads[m])))
                task = await press(w, match, threads[match.id])
                if task is None:
                    # the bot is still bringing the screen up: wait for Discord to change
                    await w.fake.state.wait_changed(0.5)
                    continue
                presses += 1
                if kills < wanted and rng.random() < kill_chance(wanted):
                    await asyncio.sleep(rng.uniform(0, 0.03))  # mid-press, or just after
                    await bot.kill()
                    kills += 1
                    await asyncio.gather(task, return_exceptions=True)
                    for m in ids:
                        board = board_of(w, m, threads[m])
                        confirmed[m] = max(confirmed[m], shown_decision(board))
                        after = await stored(reader, m)
                        # every decision a player saw confirmed survived the kill
                        assert len(after.record.decisions) >= confirmed[m], (m, kills)
                    await bot.start()
                    continue
                await asyncio.gather(task, return_exceptions=True)
            assert kills == wanted, f"only {kills} kills happened"
            for m in ids:
                final = await stored(reader, m)
                assert not final.active, f"match #{m} did not finish after {bot.starts} starts"
                assert len(final.record.decisions) >= confirmed[m]
        finally:
            await bot.stop()
            await reader_db.close()
