"""Events without Discord (bot/services/tournaments.py, tournament_rounds.py): the round
clock (ruling 368), late entry (369, 372), a locked deck, judges' acts and their refusals,
re-pairing a round exactly, disqualification. Each test has its own database."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.db import Database
from bot.services.tournament_rounds import Rounds
from bot.services.tournaments import TournamentError, TournamentService
from engine.panini.decklist import Deck
from tests.bot.test_services import FRIEZA, GOKU, Clock, run, services

GUILD, OTHER_GUILD, CHANNEL, JUDGE = 1, 2, 10, 999
PLAYERS = [201, 202, 203, 204, 205]


async def setup(db: Database, players: list[int] = PLAYERS, cut: int = 2
                ) -> tuple[TournamentService, Rounds, Clock]:
    clock = Clock()
    decks, matches, lobby, _ = services(db, clock)
    events = TournamentService(db, lobby, matches, clock=clock)
    events.new_seed = lambda: 5
    matches.finish_listeners.append(events.match_finished)
    event = await events.create(guild_id=GUILD, channel_id=CHANNEL, name="Cup",
                                ruleset="panini-2016", mode="casual", rounds=2, cut=cut,
                                minutes=30, created_by=JUDGE)
    for index, player in enumerate(players):
        await decks.register(player, "Mine", (GOKU, FRIEZA)[index % 2])
        await events.join(event, player, "Mine")
    return events, Rounds(events), clock


async def concede_all(events: TournamentService, event_id: int, skip: int = 0) -> None:
    """The first player of each table concedes, but for the first `skip` tables."""
    event = await events.get(event_id, GUILD)
    for table in (await events.tables(event.id, event.round))[skip:]:
        if table.match_id is not None:
            assert (await events.matches.concede(table.match_id, table.players[0])).ok


@run
async def test_time_ends_swiss_matches_in_a_draw_but_not_the_cut_368(db: Database,
                                                                     _: Path) -> None:
    events, rounds, clock = await setup(db, PLAYERS[:4])
    event = await events.get(1, GUILD)
    await rounds.start(event, JUDGE, "go")
    await concede_all(events, 1, skip=1)  # table 1 plays on
    clock.now += 29 * 60
    assert await rounds.check_clocks() == []  # not yet: 30 minutes
    clock.now += 60
    # another process's server (shards): its clock is that process's to call
    assert await rounds.check_clocks(owns=lambda guild_id: guild_id != GUILD) == []
    called = await rounds.check_clocks(owns=lambda guild_id: guild_id == GUILD)
    assert [ended for _, ended in called] == [[1]]
    table = (await events.tables(1, 1))[0]
    assert table.done and table.winner is None and table.how == "time"
    match = await events.matches.get(1)
    assert match.status == "finished" and match.winner is None and match.win_reason == "time"
    assert [r[1] for r in await events.audited(event)] == ["event-round", "event-time"]
    # round 2, then the cut: no clock there
    event = await events.get(1, GUILD)
    await rounds.start(event, JUDGE, "go")
    await concede_all(events, 1)
    started = await rounds.start(await events.get(1, GUILD), JUDGE, "cut")
    assert started.event.stage == "cut" and len(started.tables) == 1
    swiss = (await events.tables(1, 1))[1]
    with pytest.raises(TournamentError, match="Swiss results are final"):
        await rounds.fix(started.event, JUDGE, 1, swiss.players[0], "win", "late")
    clock.now += 10 * 3600
    assert await rounds.check_clocks() == []
    with pytest.raises(TournamentError, match="ruling 368"):
        await rounds.time_up(started.event, JUDGE, "time")
    assert (await events.matches.get(started.tables[0].match_id or 0)).active


@run
async def test_a_late_entry_missed_round_counts_as_no_match_369(db: Database, _: Path) -> None:
    events, rounds, _clock = await setup(db, PLAYERS[:4])
    decks = events.lobby.decks
    await rounds.start(await events.get(1, GUILD), JUDGE, "go")
    await decks.register(205, "Mine", GOKU)
    event = await events.get(1, GUILD)
    late = await events.join(event, 205, "Mine")
    assert late.joined_round == 2
    await concede_all(events, 1)
    rows = {s.player: s for s in await events.standings(await events.get(1, GUILD))}
    assert rows[205].points == 0 and rows[205].record == "0-0"  # no match, not a loss
    assert rows[205].gw == 0 and rows[205].omw == 0
    await rounds.start(await events.get(1, GUILD), JUDGE, "round 2")
    with pytest.raises(TournamentError, match="closed"):
        await decks.register(206, "Mine", GOKU)
        await events.join(await events.get(1, GUILD), 206, "Mine")


@run
async def test_the_deck_is_locked_and_judges_acts_are_refused_where_they_must_be(
    db: Database, _: Path
) -> None:
    events, rounds, _clock = await setup(db)
    with pytest.raises(TournamentError, match="no event #1"):
        await events.get(1, OTHER_GUILD)  # another server's judge cannot reach it
    for player in PLAYERS:  # everyone registers their deck again: all Frieza now
        await events.lobby.decks.register(player, "Mine", FRIEZA)
    started = await rounds.start(await events.get(1, GUILD), JUDGE, "go")
    played = 0
    for table in started.tables:  # the version locked at sign-up is the one played
        if table.match_id is None:
            continue
        match = await events.matches.get(table.match_id)
        for seat, user in enumerate(table.players):
            signed_with = "Goku" if PLAYERS.index(user or 0) % 2 == 0 else "Frieza"
            deck = match.decks[seat]
            assert isinstance(deck, Deck) and signed_with in deck.main_personality[0]
            played += 1
    assert played == 4
    with pytest.raises(TournamentError, match="without a result"):
        await rounds.start(started.event, JUDGE, "too soon")
    with pytest.raises(TournamentError, match="Say why"):
        await rounds.bye(started.event, JUDGE, PLAYERS[0], "  ")
    bye_player = next(t.players[0] for t in started.tables if t.players[1] is None)
    with pytest.raises(TournamentError, match="already paired"):
        await rounds.bye(started.event, JUDGE, bye_player, "again")
    first = started.tables[0]
    with pytest.raises(TournamentError, match="another judge"):
        await rounds.fix(started.event, first.players[0], 1, first.players[1] or 0, "win",
                         "mine")
    with pytest.raises(TournamentError, match="a bye"):
        await rounds.fix(started.event, JUDGE, 1, bye_player, "loss", "no")
    with pytest.raises(TournamentError, match="already signed up"):
        await events.join(started.event, PLAYERS[0], "Mine")
    assert [r[1] for r in await events.audited(started.event)] == ["event-round"]


@run
async def test_a_round_paired_again_is_the_same_pairing_and_voids_its_matches(
    db: Database, _: Path
) -> None:
    events, rounds, _clock = await setup(db, PLAYERS[:4])
    started = await rounds.start(await events.get(1, GUILD), JUDGE, "go")
    again = await rounds.repair(started.event, JUDGE, "pairings posted wrongly")
    assert [t.players for t in again.tables] == [t.players for t in started.tables]
    for old in started.tables:
        assert (await events.matches.get(old.match_id or 0)).status == "void"
    for new in again.tables:
        if new.match_id is not None:
            assert (await events.matches.get(new.match_id)).active
    await concede_all(events, 1, skip=1)
    with pytest.raises(TournamentError, match="already has results"):
        await rounds.repair(again.event, JUDGE, "again")


@run
async def test_a_disqualified_player_loses_the_match_in_play_and_is_not_paired(
    db: Database, _: Path
) -> None:
    events, rounds, _clock = await setup(db, PLAYERS[:4])
    started = await rounds.start(await events.get(1, GUILD), JUDGE, "go")
    table = started.tables[0]
    cheat, other = table.players
    assert other is not None
    with pytest.raises(TournamentError, match="yourself"):
        await rounds.disqualify(started.event, cheat, cheat, "me")
    await rounds.disqualify(started.event, JUDGE, cheat, "marked cards")
    match = await events.matches.get(table.match_id or 0)
    assert match.status == "finished" and match.players[match.winner or 0] == other
    fixed = (await events.tables(1, 1))[0]
    assert fixed.done and fixed.players[fixed.winner or 0] == other
    await concede_all(events, 1, skip=1)
    second = await rounds.start(await events.get(1, GUILD), JUDGE, "round 2")
    assert all(cheat not in t.players for t in second.tables)
    assert any(t.players[1] is None for t in second.tables)  # three left: a bye
    entrant = next(e for e in await events.entrants(1) if e.user_id == cheat)
    assert entrant.disqualified and not entrant.active


@run
async def test_a_rolled_back_match_reopens_its_table_only_in_the_round_in_play_374(
        db: Database, _: Path) -> None:
    events, rounds, _clock = await setup(db, PLAYERS[:4])
    events.matches.reopen_checks.append(events.reopened)
    await rounds.start(await events.get(1, GUILD), JUDGE, "go")
    await concede_all(events, 1)
    first = (await events.tables(1, 1))[0]
    assert first.done and first.match_id is not None
    kept = len((await events.matches.get(first.match_id)).record.decisions)
    assert kept > 0  # the concession is a decision a judge can roll back
    await events.matches.rollback(first.match_id, kept - 1)
    reopened = (await events.tables(1, 1))[0]
    assert not reopened.done and reopened.winner is None  # no stale result in standings
    assert (await events.matches.get(first.match_id)).active
    # the referee gives the table its result again when the match ends
    assert (await events.matches.concede(first.match_id, first.players[1] or 0)).ok
    again = (await events.tables(1, 1))[0]
    assert again.done and again.winner == 0

    # once the next round is paired on it, a round-1 match cannot be reopened
    await rounds.start(await events.get(1, GUILD), JUDGE, "go")
    count = len((await events.matches.get(first.match_id)).record.decisions)
    with pytest.raises(ValueError, match="round 1 of Cup, and that round is closed"):
        await events.matches.rollback(first.match_id, count - 1)
    match = await events.matches.get(first.match_id)
    assert match.status == "finished" and len(match.record.decisions) == count
    assert (await events.tables(1, 1))[0] == again
