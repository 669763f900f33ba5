"""PostgreSQL going away and coming back (issue 17, past one machine): a restart of the
server, or a connection it ends, must cost a process neither its writes, its reads nor
what it hears of other processes' changes. The writer and the reader connect again before
their next statement; the listener connects again by itself and then announces every
match that may have changed while it heard nothing, so no board stays stale."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import psycopg

from bot.db import Database
from bot.db_postgres import PostgresDatabase
from bot.services.matches import LiveMatch, MatchService
from engine.panini.cards import load_pool
from tests.bot.e2e import FRIEZA, GOKU
from tests.bot.test_services import ALICE, BOB, services
from tests.pg import Server

GUILD = 77 << 22


class Heard:
    """What a listening database announced, waited for as it arrives (no sleeping)."""

    def __init__(self) -> None:
        self.matches: list[tuple[int, int]] = []
        self._arrived = asyncio.Event()

    def __call__(self, match_id: int, guild_id: int) -> None:
        self.matches.append((match_id, guild_id))
        self._arrived.set()

    async def until(self, condition: Callable[[], bool], timeout: float = 30) -> None:
        async def wait() -> None:
            while not condition():
                await self._arrived.wait()
                self._arrived.clear()
        await asyncio.wait_for(wait(), timeout)


async def new_match(db: Database) -> tuple[MatchService, LiveMatch]:
    decks, here, _, _ = services(db)
    await decks.register(ALICE, "Goku", GOKU)
    await decks.register(BOB, "Frieza", FRIEZA)
    match = await here.create(
        guild_id=GUILD, channel_id=2, mode="casual", ruleset="panini-2016",
        players=(ALICE, BOB), decks=((await decks.latest(ALICE, "Goku")).deck,
                                     (await decks.latest(BOB, "Frieza")).deck),
        deck_versions=(None, None), seed=5)
    return here, match


async def answer(service: MatchService, match_id: int) -> int:
    """The pending decision answered with its first option, on `service`'s copy of the
    match (reloaded when another process moved it on); the decisions stored after it."""
    match = await service.get(match_id)
    decision = match.pending
    assert decision is not None
    user = match.players[decision.player]
    assert user is not None
    result = await service.decide(match_id, user, decision.seq, 0)
    assert result.ok, result.message
    return len((await service.get(match_id)).record.decisions)


def test_the_writer_and_the_reader_connect_again_before_their_next_statement(
        postgres_server: Server) -> None:
    """PostgreSQL ended both connections (as a dropped network or a restart does): the
    next read and the next write each take a new connection, and the player's answer is
    stored at the first try rather than refused."""
    url = postgres_server.new_database()

    async def main() -> None:
        db = await Database.open(url)
        try:
            here, match = await new_match(db)
            await answer(here, match.id)
            ended = postgres_server.end_connections(url)
            assert len(ended) == 2  # the writer and the reader (nothing listens here)
            assert await answer(here, match.id) == 2  # a read, then the write
            checker = MatchService(db, load_pool())
            assert len((await checker.get(match.id)).record.decisions) == 2
        finally:
            await db.close()

    asyncio.run(main())


def test_the_listener_announces_what_changed_while_it_could_not_listen(
        postgres_server: Server) -> None:
    """The listener's connection ends, and while the database takes no new connection
    another process finishes a match: no notice can reach this process. Once it can
    connect again the listener announces that match (finished, so no longer among the
    unfinished ones: it is the one it was watching) and then hears new changes as
    before."""
    url = postgres_server.new_database()

    async def main() -> None:
        first, second = await Database.open(url), await Database.open(url)
        heard = Heard()
        other = await psycopg.AsyncConnection.connect(url, autocommit=True)
        try:
            here, match = await new_match(first)
            await second.listen(heard)
            await answer(here, match.id)
            await heard.until(lambda: (match.id, GUILD) in heard.matches)
            heard.matches.clear()
            postgres_server.allow_connections(url, False)
            try:
                keep = {other.info.backend_pid}
                for db in (first, second):  # everything but the listener stays up
                    assert isinstance(db, PostgresDatabase)
                    keep |= {db._writer.info.backend_pid, db._reader.info.backend_pid}
                assert len(postgres_server.end_connections(url, keep=keep)) == 1
                # another process finishes the match while nothing listens here
                await other.execute("UPDATE matches SET status='finished', winner=0,"
                                    " win_reason='concession' WHERE id=%s", (match.id,))
            finally:
                postgres_server.allow_connections(url, True)
            await heard.until(lambda: (match.id, GUILD) in heard.matches)
            stored = await MatchService(second, load_pool()).get(match.id)
            assert stored.status == "finished"  # what the announced board will show
            # and it hears the next change as it comes
            heard.matches.clear()
            await first.batch([("UPDATE matches SET reminded=1 WHERE id=?", [(match.id,)])])
            await heard.until(lambda: heard.matches == [(match.id, GUILD)])
        finally:
            await other.close()
            await first.close()
            await second.close()

    asyncio.run(main())


def test_two_processes_play_on_across_a_postgresql_restart(postgres_server: Server) -> None:
    """A restart in the middle of a match: the process that answers next stores its
    answer at the first try, the other process hears of it (or catches up on it) and
    replays the match afresh before answering the next decision itself."""
    url = postgres_server.new_database()

    async def main() -> None:
        first, second = await Database.open(url), await Database.open(url)
        heard = Heard()
        try:
            here, match = await new_match(first)
            there = MatchService(second, load_pool())
            await second.listen(heard)
            assert await answer(here, match.id) == 1
            await heard.until(lambda: (match.id, GUILD) in heard.matches)
            heard.matches.clear()
            assert await answer(there, match.id) == 2  # its own: not announced to it
            postgres_server.restart()
            assert await answer(here, match.id) == 3
            await heard.until(lambda: (match.id, GUILD) in heard.matches)
            assert len((await there.get(match.id)).record.decisions) == 3
            assert await answer(there, match.id) == 4
            replayed = await here.get(match.id)
            assert len(replayed.record.decisions) == 4
            assert replayed.game.to_json() == (await there.get(match.id)).game.to_json()
        finally:
            await first.close()
            await second.close()

    asyncio.run(main())
