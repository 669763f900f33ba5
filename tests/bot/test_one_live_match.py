"""Issue 13, defect 3: one live match per player, held by the database itself (a check in
the same transaction as the insert), and no queue entry outlives the start of a match.
Concurrent requests are raced with asyncio.gather; the guarantee must hold whatever the
interleaving, so these tests cannot pass by luck after the fix."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.db import Database
from bot.services.lobby import LobbyError
from bot.services.matches import PlayerBusy
from engine.panini.decklist import Deck
from tests.bot.test_services import ALICE, BOB, CAROL, FRIEZA, GOKU, run, services

DAVE = 104


async def register_all(decks: object) -> tuple[Deck, Deck]:
    for user in (ALICE, BOB, CAROL, DAVE):
        await decks.register(user, "Goku", GOKU)  # type: ignore[attr-defined]
        await decks.register(user, "Frieza", FRIEZA)  # type: ignore[attr-defined]
    goku = (await decks.latest(ALICE, "Goku")).deck  # type: ignore[attr-defined]
    frieza = (await decks.latest(ALICE, "Frieza")).deck  # type: ignore[attr-defined]
    return goku, frieza


async def live_matches_of(db: Database, user: int) -> int:
    row = await db.fetchone(
        "SELECT count(*) FROM matches WHERE status='active' AND (player0_id=? OR player1_id=?)",
        (user, user))
    assert row is not None
    return int(row[0])


@run
async def test_the_database_refuses_a_second_live_match(db: Database, tmp: object) -> None:
    decks, matches, _lobby, _ = services(db)
    goku, frieza = await register_all(decks)
    first = await matches.create(guild_id=1, channel_id=2, mode="casual",
                                 ruleset="panini-2016", players=(ALICE, BOB),
                                 decks=(goku, frieza), deck_versions=(None, None), seed=1)
    for players in ((ALICE, CAROL), (CAROL, BOB), (ALICE, None), (CAROL, CAROL)):
        with pytest.raises(PlayerBusy):
            await matches.create(guild_id=9, channel_id=2, mode="casual",
                                 ruleset="panini-2016", players=players,
                                 decks=(goku, frieza), deck_versions=(None, None), seed=2)
    assert await live_matches_of(db, ALICE) == 1 and await live_matches_of(db, CAROL) == 0
    # also below the service: a raw insert is refused in its own transaction
    with pytest.raises(sqlite3.IntegrityError, match="live match"):
        async with db.write() as conn:
            await conn.execute(
                "INSERT INTO matches (guild_id, channel_id, ruleset, seed, mode, player0_id,"
                " player1_id, decks_json, created_at, decision_since)"
                " VALUES (1, 2, 'panini-2016', 1, 'casual', ?, ?, '[]', 0, 0)", (DAVE, BOB))
    # once the first match is over, its players are free again
    await matches.concede(first.id, ALICE)
    again = await matches.create(guild_id=1, channel_id=2, mode="casual",
                                 ruleset="panini-2016", players=(ALICE, CAROL),
                                 decks=(goku, frieza), deck_versions=(None, None), seed=3)
    assert again.active


@run
async def test_starting_a_match_any_way_clears_every_queue_entry(db: Database, tmp: object
                                                                 ) -> None:
    decks, _matches, lobby, _ = services(db)
    goku, _ = await register_all(decks)
    # Alice waits in two servers' queues, then starts a practice match
    for guild in (1, 2):
        waiting = await lobby.join(guild_id=guild, channel_id=5, user_id=ALICE,
                                   ruleset="panini-2016", mode="ranked", deck_name="Goku")
        assert waiting.match is None
    await lobby.practice(guild_id=1, channel_id=5, user_id=ALICE, deck_name="Goku",
                         ruleset="panini-2016", ai_deck=goku)
    assert await db.fetchall("SELECT * FROM queue WHERE user_id=?", (ALICE,)) == []
    # so Bob, queueing next, waits instead of being paired with a player already playing
    bob = await lobby.join(guild_id=1, channel_id=5, user_id=BOB, ruleset="panini-2016",
                           mode="ranked", deck_name="Goku")
    assert bob.match is None
    assert await live_matches_of(db, ALICE) == 1
    # accepting a challenge clears the queue entries of both players too
    challenge = await lobby.challenge(guild_id=1, channel_id=5, challenger_id=CAROL,
                                      challenged_id=BOB, ruleset="panini-2016",
                                      mode="casual", deck_name="Goku")
    await lobby.accept(challenge.id, BOB, "Frieza")
    assert await db.fetchall("SELECT * FROM queue") == []
    # a busy player cannot join a queue, however the check is raced
    with pytest.raises(LobbyError, match="already playing"):
        await lobby.join(guild_id=2, channel_id=5, user_id=BOB, ruleset="panini-2016",
                         mode="ranked", deck_name="Goku")


@run
async def test_two_queues_at_once_never_pair_a_player_with_themselves(db: Database,
                                                                      tmp: object) -> None:
    decks, _matches, lobby, _ = services(db)
    await register_all(decks)
    outcomes = await asyncio.gather(
        *(lobby.join(guild_id=1, channel_id=5, user_id=ALICE, ruleset="panini-2016",
                     mode="ranked", deck_name=name) for name in ("Goku", "Frieza")),
        return_exceptions=True)
    assert await live_matches_of(db, ALICE) == 0
    waiting = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, LobbyError)]
    assert len(waiting) == 1 and waiting[0].match is None, outcomes
    assert len(refused) == 1 and "already in the queue" in str(refused[0])


@run
async def test_two_accepts_at_once_start_one_match(db: Database, tmp: object) -> None:
    decks, _matches, lobby, _ = services(db)
    await register_all(decks)
    asked = [await lobby.challenge(guild_id=1, channel_id=5, challenger_id=challenger,
                                   challenged_id=BOB, ruleset="panini-2016", mode="ranked",
                                   deck_name="Goku") for challenger in (ALICE, CAROL)]
    outcomes = await asyncio.gather(
        *(lobby.accept(challenge.id, BOB, "Frieza") for challenge in asked),
        return_exceptions=True)
    started = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, LobbyError)]
    assert len(started) == 1 and len(refused) == 1, outcomes
    assert "already playing" in str(refused[0])
    assert await live_matches_of(db, BOB) == 1
    # the challenge that could not start stays open (nothing was accepted)
    statuses = sorted(
        row[0] for row in await db.fetchall("SELECT status FROM challenges ORDER BY id"))
    assert statuses == ["accepted", "open"]
