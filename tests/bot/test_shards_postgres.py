"""Past one machine (issue 17): two bot processes, each serving its own shard, share one
PostgreSQL and the fake Discord. Each plays a match in the server on its shard; hands
come in DMs, which Discord sends to shard 0, so the shard-0 process also answers the other
process's match and that process must reload it (bot/services/matches.py,
`_changed_elsewhere`). The process not on shard 0 is killed with SIGKILL mid-press: the
other keeps serving its match; the killed one restarts, resumes its match where the
database has it (every decision a board showed is stored) and both play on."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import psycopg

from bot.db import Database
from bot.services.matches import MatchService
from engine.panini.cards import load_pool
from tests.bot.e2e import FRIEZA, GOKU, MANAGE_GUILD, World, world
from tests.bot.test_crash_safety import (
    BotProcess,
    board_of,
    dm_hand,
    press,
    shown_decision,
    stored,
)
from tests.bot.test_discord_e2e import register_by_form
from tests.bot.test_services import ALICE, BOB, services
from tests.fakediscord import FakeChannel, FakeGuild, FakeUser, async_test
from tests.pg import Server

SHARDS = 2
PRESSES = 8  # decisions per match in each phase: enough to cross processes, cheap on CPU


def shard_of(guild_id: int) -> int:
    return (guild_id >> 22) % SHARDS


def guild_on_other_shard(w: World) -> FakeGuild:
    """A second server whose events Discord sends to the other shard."""
    for number in range(10_000):  # snowflakes move with the clock: a new one comes soon
        guild = w.fake.add_guild(f"Capsule Corp {number}")
        if shard_of(guild.id) != shard_of(w.guild.id):
            return guild
    raise AssertionError("no server landed on the other shard")


async def play(w: World, reader: MatchService, match_id: int, thread: int, count: int) -> int:
    """Press the deciding player's answer until `count` more decisions are stored (or the
    match ends); the number of decisions stored then."""
    target = len((await stored(reader, match_id)).record.decisions) + count
    for _ in range(count * 20):
        match = await stored(reader, match_id)
        if not match.active or len(match.record.decisions) >= target:
            return len(match.record.decisions)
        task = await press(w, match, thread)
        if task is None:  # the bot is still bringing the screen up: wait for Discord
            await w.fake.state.wait_changed(0.5)
            continue
        await task
    match = await stored(reader, match_id)
    pending = match.pending
    user = w.users[match.players[pending.player] or 0] if pending else None
    hand = dm_hand(w, user, match_id) if user else None
    raise AssertionError(
        f"match #{match_id} stopped moving at decision {pending and pending.seq} "
        f"({pending and pending.kind}); the board shows "
        f"{shown_decision(board_of(w, match_id, thread))}, the hand "
        f"{shown_decision(hand)}")


def named(url: str, process: int) -> str:
    """The database URL with the process's name on its connections (pg_stat_activity)."""
    return f"{url}?application_name=scouter-shard-{process}"


async def connections_closed(url: str, process: int) -> None:
    """Until PostgreSQL has closed every connection of a killed process: a COMMIT it sent
    before it died is applied before its connection closes, so what is stored is final."""
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        for _ in range(600):
            cursor = await conn.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s",
                (f"scouter-shard-{process}",))
            row = await cursor.fetchone()
            if row is not None and row[0] == 0:
                return
            await asyncio.sleep(0.05)  # the server's own pace: no event to wait for
    raise AssertionError(f"PostgreSQL kept the killed shard {process}'s connections open")


async def press_on_board(w: World, reader: MatchService, match_id: int,
                         thread: int) -> asyncio.Task[object]:
    """Start a press on the match's board, whose thread is served by the match's shard;
    decisions answered in a DM (which Discord sends to shard 0) are played through first."""
    while True:
        match = await stored(reader, match_id)
        assert match.active and match.pending is not None
        if shown_decision(board_of(w, match_id, thread)) != match.pending.seq:
            await w.fake.state.wait_changed(0.5)  # the board is still being drawn
            continue
        task = await press(w, match, thread, board_only=True)
        if task is not None:
            return task
        await play(w, reader, match_id, thread, 1)


async def board_shows(w: World, match_id: int, thread: int, decisions: int) -> None:
    """Until the match's board shows the decision after `decisions` (or the end)."""
    await w.fake.wait_until(
        lambda: shown_decision(board_of(w, match_id, thread)) in (decisions, -1), timeout=30)


@dataclass
class TwoServers:
    """The world's server and a second one on the other shard, a match queued in each."""

    w: World
    other: FakeGuild
    games2: FakeChannel
    general2: FakeChannel
    eve: FakeUser  # plays in the other server
    reader: MatchService  # the test's own look at what is stored
    matches: dict[int, int] = field(default_factory=dict)  # server -> its match
    threads: dict[int, int] = field(default_factory=dict)  # match -> its thread

    @property
    def ids(self) -> list[int]:
        return sorted(self.threads)


def two_servers(w: World, reader: MatchService) -> TwoServers:
    """A second server on the other shard, with its channels, the admin and two players
    (carol and eve; eve is in both servers)."""
    fake = w.fake
    other = guild_on_other_shard(w)
    games2 = fake.add_text_channel(other, "games")
    general2 = fake.add_text_channel(other, "general")
    fake.add_member(other, w.admin, permissions=MANAGE_GUILD)
    eve = fake.add_user("eve")
    w.users[eve.id] = eve
    fake.add_member(w.guild, eve)
    for user in (w.carol, eve):
        fake.add_member(other, user)
    return TwoServers(w, other, games2, general2, eve, reader)


async def start_matches(servers: TwoServers) -> None:
    """Both servers configured, four players registered, one match queued in each."""
    w, fake = servers.w, servers.w.fake
    games2, general2, eve = servers.games2, servers.general2, servers.eve
    for admin_channel, games in ((w.general, w.games), (general2, games2)):
        done = await fake.slash(w.admin, admin_channel, "config games-channel",
                                {"channel": games})
        assert "Matches will be played in" in done.text()
    for user, deck in ((w.alice, GOKU), (w.bob, FRIEZA), (w.carol, FRIEZA), (eve, GOKU)):
        assert "Saved" in await register_by_form(w, user, "Deck", deck)
    for user, games in ((w.alice, w.games), (w.bob, w.games), (w.carol, games2),
                        (eve, games2)):
        await fake.slash(user, games, "play queue", {"deck": "Deck"})
    ids = await servers.reader.active_ids()
    assert len(ids) == 2
    for m in ids:
        match = await stored(servers.reader, m)
        servers.matches[match.guild_id] = m
        servers.threads[m] = match.thread_id or 0


@asynccontextmanager
async def two_processes(tmp_path: Path, url: str
                        ) -> AsyncIterator[tuple[TwoServers, BotProcess, BotProcess]]:
    """Two bot processes on one PostgreSQL, one per shard, each serving one of two servers
    with a match started in each: (servers, home's process, the other's)."""
    async with world(tmp_path, rate_limits=False, database=url) as w:
        reader_db = await Database.open(w.database)
        servers = two_servers(w, MatchService(reader_db, load_pool()))
        other = servers.other
        home = BotProcess(w, shard=shard_of(w.guild.id), shards=SHARDS, guild=w.guild.id,
                          database=named(url, shard_of(w.guild.id)))
        away = BotProcess(w, shard=shard_of(other.id), shards=SHARDS, guild=other.id,
                          database=named(url, shard_of(other.id)))
        try:
            await asyncio.gather(home.start(), away.start())
            await start_matches(servers)
            yield servers, home, away
        finally:
            await asyncio.gather(home.stop(), away.stop())
            await reader_db.close()


@async_test(timeout=300)
async def test_two_processes_share_postgres_and_one_survives_the_others_sigkill(
        tmp_path: Path, new_postgres: Callable[[], str]) -> None:
    url = new_postgres()
    async with two_processes(tmp_path, url) as (servers, home, away):
        w, reader, matches, threads = servers.w, servers.reader, servers.matches, servers.threads
        # DMs go to shard 0: the process there survives, the other is the victim.
        victim = home if home.shard != 0 else away
        survivor = away if victim is home else home
        lost = matches[w.guild.id if victim is home else servers.other.id]
        kept = matches[servers.other.id if victim is home else w.guild.id]
        for m in servers.ids:
            await play(w, reader, m, threads[m], PRESSES)

        # SIGKILL the victim while a player's press on its board is on its way to it.
        pending = await press_on_board(w, reader, lost, threads[lost])
        await asyncio.sleep(0)  # let the press leave: the kill lands mid-press
        await victim.kill()
        await asyncio.gather(pending, return_exceptions=True)
        await connections_closed(url, victim.shard or 0)
        shown = shown_decision(board_of(w, lost, threads[lost]))
        before = len((await stored(reader, lost)).record.decisions)
        assert before >= shown  # what the board confirmed survived the kill

        # The survivor keeps serving its shard (and the DMs) meanwhile.
        kept_before = len((await stored(reader, kept)).record.decisions)
        kept_now = await play(w, reader, kept, threads[kept], PRESSES)
        assert kept_now >= kept_before + PRESSES or not (await stored(reader, kept)).active
        assert len((await stored(reader, lost)).record.decisions) == before

        # The victim restarts, resumes its match and both play on.
        await victim.start()
        after = await play(w, reader, lost, threads[lost], PRESSES)
        assert after >= before + PRESSES or not (await stored(reader, lost)).active
        await play(w, reader, kept, threads[kept], PRESSES)
        await boards_show_what_is_stored(servers)
        assert survivor.starts == 1 and victim.starts == 2


async def boards_show_what_is_stored(servers: TwoServers) -> None:
    """Each board shows its stored match: nothing lost, nothing run ahead."""
    for m in servers.ids:
        final = await stored(servers.reader, m)
        await board_shows(servers.w, m, servers.threads[m], len(final.record.decisions))


@async_test(timeout=300)
async def test_two_processes_play_on_when_postgresql_restarts_mid_game(
        tmp_path: Path, postgres_server: Server) -> None:
    """PostgreSQL restarts while both matches are under way: every connection of both
    processes ends. Both play on: their next reads and writes connect again, and each
    hears again of the decisions the other stores (the DMs of the match not on shard 0
    are answered by the shard-0 process, so its board is redrawn only if its own process
    hears of them). Every board ends showing exactly its stored match."""
    url = postgres_server.new_database()
    async with two_processes(tmp_path, url) as (servers, _, _):
        w, reader, threads = servers.w, servers.reader, servers.threads
        for m in servers.ids:
            await play(w, reader, m, threads[m], PRESSES)
        before = {m: len((await stored(reader, m)).record.decisions) for m in servers.ids}
        postgres_server.restart()
        for m in servers.ids:
            now = await play(w, reader, m, threads[m], PRESSES)
            assert now >= before[m] + PRESSES or not (await stored(reader, m)).active
        await boards_show_what_is_stored(servers)


def test_a_match_changed_by_another_process_is_reloaded_and_announced(
        new_postgres: Callable[[], str]) -> None:
    """Two services on one PostgreSQL, as two processes: what one commits, the other is
    told of (and not of its own commits), and its cached copy is replayed afresh."""
    url = new_postgres()

    async def main() -> None:
        first, second = await Database.open(url), await Database.open(url)
        heard: list[tuple[int, int]] = []
        arrived = asyncio.Event()

        def hear(match_id: int, guild_id: int) -> None:
            heard.append((match_id, guild_id))
            arrived.set()

        async def reached(condition: Callable[[], bool]) -> None:
            while not condition():  # each notice arrives on the listener's own task
                await asyncio.wait_for(arrived.wait(), 10)
                arrived.clear()

        await second.listen(hear)
        try:
            decks, here, _, _ = services(first)
            there = MatchService(second, load_pool())
            await decks.register(ALICE, "Goku", GOKU)
            await decks.register(BOB, "Frieza", FRIEZA)
            match = await here.create(
                guild_id=77 << 22, channel_id=2, mode="casual", ruleset="panini-2016",
                players=(ALICE, BOB), decks=((await decks.latest(ALICE, "Goku")).deck,
                                             (await decks.latest(BOB, "Frieza")).deck),
                deck_versions=(None, None), seed=5)
            stale = await there.get(match.id)
            for _ in range(3):
                decision = match.pending
                assert decision is not None
                user = match.players[decision.player]
                assert user is not None
                assert (await here.decide(match.id, user, decision.seq, 0)).ok
            fresh = await there.get(match.id)
            assert fresh is not stale and stale.retired
            assert len(fresh.record.decisions) == 3
            assert fresh.game.to_json() == match.game.to_json()
            # the other process answers the next decision on the fresh copy, then this one
            # must reload before its own answer, which then goes through
            decision = fresh.pending
            assert decision is not None
            user = fresh.players[decision.player]
            assert user is not None
            assert (await there.decide(match.id, user, decision.seq, 0)).ok
            assert len((await here.get(match.id)).record.decisions) == 4
            await reached(lambda: (match.id, 77 << 22) in heard)
            await second.batch([("UPDATE matches SET reminded=1 WHERE id=?", [(match.id,)])])
            count = len(heard)
            await first.batch([("UPDATE matches SET reminded=0 WHERE id=?", [(match.id,)])])
            await reached(lambda: len(heard) > count)  # told of the first's commit ...
            assert heard[count:] == [(match.id, 77 << 22)]  # ... not of its own
        finally:
            await first.close()
            await second.close()

    asyncio.run(main())

