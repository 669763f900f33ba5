"""Several shards in one process (issue 17, past one machine): with SHARD_COUNT=2 and
SHARD_IDS=0,1 the bot is discord.py's AutoShardedBot (bot/app.py, `create_bot`), one
gateway session per shard. Against the fake Discord, which sends a server's events only to
its shard ((guild_id >> 22) % 2) and DMs only to shard 0, it plays a match in a server on
each shard, hands answered in DMs included. At start-up a process resumes and redraws
only the matches of the servers on its own shards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.app import ShardedScouterBot
from bot.db import Database
from bot.services.matches import MatchService
from engine.panini.cards import load_pool
from tests.bot.e2e import World, world
from tests.bot.test_crash_safety import board_of
from tests.bot.test_shards_postgres import (
    PRESSES,
    SHARDS,
    TwoServers,
    boards_show_what_is_stored,
    play,
    shard_of,
    start_matches,
    two_servers,
)
from tests.fakediscord import async_test


@pytest.fixture
def identify_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """discord.py waits 5 s before each IDENTIFY but a process's first (Discord's limit
    on identifying); the fake Discord sets no such limit, so the shards identify at once."""

    async def at_once(self: Any, shard_id: int | None, *, initial: bool = False) -> None:
        return None

    monkeypatch.setattr(ShardedScouterBot, "before_identify_hook", at_once)


def dm_answers(w: World, match_id: int) -> int:
    """How many of the match's decisions its players answered in a DM (a hand's select)."""
    return sum(1 for interaction in w.fake.state.interactions.values()
               if interaction.guild_id is None and interaction.acknowledged
               and str(interaction.data.get("custom_id", "")).startswith(f"sc:sel:{match_id}:"))


def board_versions(servers: TwoServers) -> dict[int, int]:
    """Each match's board, as the number of versions its message has had (edits)."""
    found = {}
    for m in servers.ids:
        board = board_of(servers.w, m, servers.threads[m])
        assert board is not None
        found[m] = board.version
    return found


@async_test(timeout=300)
async def test_one_process_serves_two_shards_and_resumes_only_its_own(
        tmp_path: Path, database_target: Path | str, identify_at_once: None) -> None:
    async with world(tmp_path, database=database_target) as w:
        reader_db = await Database.open(w.database)
        try:
            servers = two_servers(w, MatchService(reader_db, load_pool()))
            shards = {shard_of(w.guild.id), shard_of(servers.other.id)}
            assert shards == {0, 1}
            async with w.start_bot(global_commands=True, shard_ids=(0, 1),
                                   shard_count=SHARDS) as bot:
                assert isinstance(bot, ShardedScouterBot) and bot.shard_ids == [0, 1]
                sessions = sorted(s.shard or (-1, 0) for s in w.fake.gateway.live_sessions)
                assert sessions == [(0, SHARDS), (1, SHARDS)]  # one session per shard
                await start_matches(servers)
                for m in servers.ids:
                    await play(w, servers.reader, m, servers.threads[m], PRESSES)
                    assert dm_answers(w, m) > 0  # its hands came in DMs, through shard 0
                await boards_show_what_is_stored(servers)
            assert sorted(await servers.reader.active_ids()) == servers.ids  # both go on

            # A process serving one of the shards resumes and redraws that shard's match
            # only; the other match waits, untouched, for the process serving its shard.
            for shard in (0, 1):
                before = board_versions(servers)
                async with w.start_bot(shard_ids=(shard,), shard_count=SHARDS) as bot:
                    assert bot.shard_id == shard
                    ours = servers.matches[
                        w.guild.id if shard_of(w.guild.id) == shard else servers.other.id]
                    assert await bot.matches.active_ids() == [ours]
                    await bot.notifier.settle()
                after = board_versions(servers)
                for m in servers.ids:
                    if m == ours:
                        assert after[m] > before[m], "its own shard's board was redrawn"
                    else:
                        assert after[m] == before[m], "another shard's board was touched"
        finally:
            await reader_db.close()
