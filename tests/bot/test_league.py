"""The league without Discord: ranked matches rate both players (openskill Plackett-Luce),
casual and practice ones do not, draws, a match counts once, void + recompute, recompute
equals the incremental ratings over many random results, idle uncertainty, seasons,
history and profile; and the standings image. Each test uses its own database file."""

from __future__ import annotations

import asyncio
import json
import math
import random
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.db import Database
from bot.services.decks import DeckService
from bot.services.league import (
    DAY,
    DEFAULT_MU,
    DEFAULT_SIGMA,
    IDLE_VARIANCE_PER_DAY,
    PROVISIONAL_SIGMA,
    LeagueError,
    LeagueService,
    PlayerRating,
    display_rating,
    idle_sigma,
    play,
)
from bot.services.matches import LiveMatch, MatchService
from bot.ui.league import history_embed, how_ended, profile_embed, standings_embed
from engine.panini.cards import DATA_DIR, load_pool
from renderers import _draw
from renderers.standings import StandingRow, StandingsTable, draw_standings, render_standings

GOKU = (DATA_DIR / "decks" / "goku-saiyan.txt").read_text()
FRIEZA = (DATA_DIR / "decks" / "frieza-black.txt").read_text()
GUILD, OTHER_GUILD = 1, 2
ALICE, BOB, CAROL = 101, 102, 103
START = 1_000_000.0
DECKS_JSON = json.dumps([
    {"name": "Goku", "main_personality": ["Goku, Hopeful Fighter"], "mastery": "m",
     "life_deck": []},
    {"name": "Frieza", "main_personality": ["Frieza, Cold Tyrant"], "mastery": "m",
     "life_deck": []},
])


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


class World:
    def __init__(self, db: Database) -> None:
        self.db = db
        self.clock = Clock()
        self.pool = load_pool()
        self.decks = DeckService(db, self.pool)
        self.matches = MatchService(db, self.pool, clock=self.clock)
        self.league = LeagueService(db, self.pool, clock=self.clock)
        self.matches.finish_listeners.append(self.league.match_finished)

    async def live(self, mode: str, players: tuple[int | None, int | None],
                   guild: int = GUILD) -> LiveMatch:
        """A real match between Alice's Goku and Bob's Frieza (or the AI)."""
        goku = await self.decks.register(ALICE, "Goku", GOKU)
        frieza = await self.decks.register(BOB, "Frieza", FRIEZA)
        return await self.matches.create(
            guild_id=guild, channel_id=9, mode=mode, ruleset="panini-2016", players=players,
            decks=(goku.deck, frieza.deck), deck_versions=(goku.version_id, frieza.version_id),
            seed=7)

    async def stored(self, p0: int, p1: int, winner: int | None, at: float, *,
                     mode: str = "ranked", status: str = "finished", guild: int = GUILD,
                     reason: str | None = None, ruleset: str = "panini-2016") -> int:
        """A match row as the match service leaves it when a match ends (fast)."""
        async with self.db.write() as conn:
            cursor = await conn.execute(
                "INSERT INTO matches (guild_id, channel_id, ruleset, seed, mode, player0_id,"
                " player1_id, decks_json, status, winner, win_reason, created_at, finished_at,"
                " decision_since) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (guild, 9, ruleset, 1, mode, p0, p1, DECKS_JSON, status, winner,
                 reason or ("survival" if winner is not None else "draw"), at - 600,
                 at if status != "active" else None, at),
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def snapshot(self) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
        ratings = await self.db.fetchall("SELECT * FROM ratings ORDER BY season_id, ruleset,"
                                         " user_id")
        changes = await self.db.fetchall("SELECT * FROM rating_changes ORDER BY match_id,"
                                         " user_id")
        return [tuple(r) for r in ratings], [tuple(r) for r in changes]

    async def rating(self, user_id: int, ruleset: str = "panini-2016") -> PlayerRating:
        standings = await self.league.standings(GUILD, ruleset)
        found = standings.of(user_id)
        assert found is not None, f"{user_id} is not in the standings"
        return found.player


def run(test: Callable[[World], Awaitable[None]]) -> Callable[[Path], None]:
    def wrapper(tmp_path: Path) -> None:
        async def main() -> None:
            db = await Database.open(tmp_path / "league.db")
            try:
                await test(World(db))
            finally:
                await db.close()

        asyncio.run(main())

    wrapper.__name__ = test.__name__
    return wrapper


# --- rating ------------------------------------------------------------------------------------
@run
async def test_a_ranked_win_moves_both_ratings_the_right_way(w: World) -> None:
    match = await w.live("ranked", (ALICE, BOB))
    assert (await w.matches.concede(match.id, BOB)).ok  # Alice wins
    alice, bob = await w.rating(ALICE), await w.rating(BOB)
    assert alice.mu > DEFAULT_MU > bob.mu
    assert alice.sigma < DEFAULT_SIGMA and bob.sigma < DEFAULT_SIGMA
    assert alice.rating > 1000 > bob.rating
    assert (alice.wins, alice.losses, alice.streak) == (1, 0, 1)
    assert (bob.wins, bob.losses, bob.streak) == (0, 1, -1)
    assert alice.provisional and bob.provisional
    season = await w.league.current_season(GUILD)
    assert season.number == 1 and season.name == "Season 1"
    row = await w.db.fetchone("SELECT season_id FROM matches WHERE id=?", (match.id,))
    assert row is not None and row[0] == season.id
    changes = await w.db.fetchall(
        "SELECT user_id, mu_before, sigma_before, mu_after FROM rating_changes"
        " WHERE match_id=? ORDER BY user_id", (match.id,))
    assert [(c[0], c[1], c[2]) for c in changes] == [
        (ALICE, DEFAULT_MU, DEFAULT_SIGMA), (BOB, DEFAULT_MU, DEFAULT_SIGMA)]
    assert changes[0][3] == alice.mu and changes[1][3] == bob.mu
    standings = await w.league.standings(GUILD, "panini-2016")
    assert [s.player.user_id for s in standings.rows] == [ALICE, BOB]
    # the same result the other way round gives the mirror image
    flipped = play((PlayerRating(BOB), PlayerRating(ALICE)), 1, 0, START)
    assert flipped[1].mu == alice.mu and flipped[0].mu == bob.mu


@run
async def test_casual_and_practice_matches_are_unrated(w: World) -> None:
    casual = await w.live("casual", (ALICE, BOB))
    assert (await w.matches.concede(casual.id, BOB)).ok
    practice = await w.live("practice", (ALICE, None))
    assert (await w.matches.concede(practice.id, ALICE)).ok
    assert not casual.active and not practice.active
    assert await w.snapshot() == ([], [])
    rows = await w.db.fetchall("SELECT season_id FROM matches")
    assert [r[0] for r in rows] == [None, None]
    assert not await w.league.rate_match(casual.id)
    assert not await w.league.rate_match(practice.id)
    assert (await w.league.standings(GUILD, "panini-2016")).rows == []


@run
async def test_a_draw_moves_neither_mean_and_breaks_streaks(w: World) -> None:
    first = await w.stored(ALICE, BOB, 0, START)
    draw = await w.stored(ALICE, BOB, None, START + 60)
    assert await w.league.rate_match(first)
    assert await w.league.rate_match(draw)
    alice, bob = await w.rating(ALICE), await w.rating(BOB)
    assert (alice.wins, alice.draws, alice.streak) == (1, 1, 0)
    assert (bob.losses, bob.draws, bob.streak) == (1, 1, 0)
    # between equals a draw changes no mean, only the uncertainty
    even = play((PlayerRating(ALICE), PlayerRating(BOB)), None, 1, START)
    assert even[0].mu == even[1].mu == DEFAULT_MU
    assert even[0].sigma < DEFAULT_SIGMA
    # a draw against a stronger player gains
    before = (await w.rating(ALICE), await w.rating(BOB))
    assert before[0].mu > before[1].mu
    later = play(before, None, 3, START + 120)
    assert later[1].mu > before[1].mu and later[0].mu < before[0].mu


@run
async def test_a_match_counts_once_and_a_missed_one_is_caught_up(w: World) -> None:
    match = await w.live("ranked", (ALICE, BOB))
    assert (await w.matches.concede(match.id, ALICE)).ok
    once = await w.snapshot()
    await w.league.match_finished(match)
    await w.league.match_finished(match)
    await w.league.rerate(match.id)
    assert not await w.league.rate_match(match.id)
    assert await w.snapshot() == once
    assert len(once[1]) == 2 and (await w.rating(BOB)).wins == 1
    # a ranked match that finished while no listener ran (the bot stopped) is rated when
    # the next one finishes, in the order they finished
    missed = await w.stored(ALICE, CAROL, 0, START + 100)
    nxt = await w.live("ranked", (ALICE, BOB))
    w.clock.now = START + 200
    assert (await w.matches.concede(nxt.id, ALICE)).ok
    rows = await w.db.fetchall("SELECT id, season_id FROM matches WHERE id IN (?, ?)",
                               (missed, nxt.id))
    assert all(r[1] is not None for r in rows)
    assert (await w.rating(CAROL)).losses == 1 and (await w.rating(BOB)).wins == 2
    incremental = await w.snapshot()
    season = await w.league.current_season(GUILD)
    assert await w.league.recompute(GUILD, "panini-2016", season.id) == 3
    assert await w.snapshot() == incremental


@run
async def test_void_and_re_award_then_recompute(w: World) -> None:
    ids = [await w.stored(ALICE, BOB, 0, START + n * 60) for n in range(3)]
    ids.append(await w.stored(BOB, CAROL, 0, START + 300))
    for match_id in ids:
        assert await w.league.rate_match(match_id)
    season = await w.league.current_season(GUILD)
    # a judge voids the second match and recomputes: as if it had never been played
    async with w.db.write() as conn:
        await conn.execute("UPDATE matches SET status='void' WHERE id=?", (ids[1],))
    assert await w.league.recompute(GUILD, "panini-2016", season.id) == 3
    voided = await w.snapshot()
    assert not [c for c in voided[1] if c[0] == ids[1]]
    alice = await w.rating(ALICE)
    assert (alice.wins, alice.streak) == (2, 2)
    expected = PlayerRating(ALICE), PlayerRating(BOB)
    for n in (0, 2):
        expected = play(expected, 0, ids[n], START + n * 60)
    assert (alice.mu, alice.sigma) == (expected[0].mu, expected[0].sigma)
    # a fresh database rating the same surviving matches stores the very same numbers
    fresh = World(w.db)
    assert await fresh.league.recompute(GUILD, "panini-2016", season.id) == 3
    assert await w.snapshot() == voided
    # a re-award (Bob wins the first match) through rerate
    async with w.db.write() as conn:
        await conn.execute("UPDATE matches SET winner=1 WHERE id=?", (ids[0],))
    await w.league.rerate(ids[0])
    bob = await w.rating(BOB)
    assert (bob.wins, bob.losses) == (2, 1)
    with pytest.raises(LeagueError, match="does not belong"):
        await w.league.recompute(OTHER_GUILD, "panini-2016", season.id)


@run
async def test_recompute_equals_incremental_over_many_random_results(w: World) -> None:
    rng = random.Random(2026)
    people = list(range(201, 209))
    at = START
    rated = []
    for number in range(300):
        at += rng.choice((60.0, 600.0, 3600.0, 2 * DAY, 20 * DAY))
        p0, p1 = rng.sample(people, 2)
        winner = rng.choice((0, 1, 0, 1, None))
        mode = rng.choice(("ranked",) * 8 + ("casual",))
        ruleset = rng.choice(("panini-2016",) * 3 + ("panini-2014",))
        # now and then a match that finished earlier is rated after later ones
        when = at - 5000 if number % 17 == 5 else at
        match_id = await w.stored(p0, p1, winner, when, mode=mode, ruleset=ruleset)
        await w.league.rate_match(match_id)
        rated.append(match_id)
        if number == 150:  # a judge voids an early match mid-season
            async with w.db.write() as conn:
                await conn.execute("UPDATE matches SET status='void' WHERE id=?", (rated[3],))
            await w.league.rerate(rated[3])
    incremental = await w.snapshot()
    assert len(incremental[1]) > 400
    season = await w.league.current_season(GUILD)
    started = time.perf_counter()
    for ruleset in ("panini-2016", "panini-2014"):
        await w.league.recompute(GUILD, ruleset, season.id)
    assert time.perf_counter() - started < 2.0  # hundreds of matches: cheap
    assert await w.snapshot() == incremental
    # each player's changes chain: one match's "after" is the next one's "before"
    rows = await w.db.fetchall(
        "SELECT c.user_id, c.ruleset, c.mu_before, c.sigma_before, c.mu_after, c.sigma_after"
        " FROM rating_changes c JOIN matches m ON m.id=c.match_id"
        " ORDER BY c.user_id, c.ruleset, m.finished_at, m.id")
    last: dict[tuple[int, str], tuple[float, float]] = {}
    for user, ruleset, mu0, sigma0, mu1, sigma1 in rows:
        assert last.get((user, ruleset), (DEFAULT_MU, DEFAULT_SIGMA)) == (mu0, sigma0)
        last[user, ruleset] = (mu1, sigma1)


@run
async def test_idle_uncertainty_grows_back_slowly_and_is_capped(w: World) -> None:
    assert idle_sigma(4.0, START, START) == 4.0
    assert idle_sigma(4.0, None, START) == 4.0
    month = idle_sigma(4.0, START, START + 30 * DAY)
    assert month == pytest.approx(math.sqrt(16 + 30 * IDLE_VARIANCE_PER_DAY))
    assert 4.0 < month < 4.5
    assert idle_sigma(4.0, START, START + 3000 * DAY) == DEFAULT_SIGMA
    # two players with the same history, one of them idle for half a year before the next
    # match: the idle one's rating moves more
    history = [await w.stored(ALICE, BOB, n % 2, START + n * 60) for n in range(8)]
    for match_id in history:
        await w.league.rate_match(match_id)
    alice = await w.rating(ALICE)
    soon = play((alice, PlayerRating(CAROL)), 0, 99, START + 600)
    idle = play((alice, PlayerRating(CAROL)), 0, 99, START + 180 * DAY)
    assert idle[0].mu - alice.mu > soon[0].mu - alice.mu
    # stored and recomputed alike: the idle time comes from the matches' own timestamps
    late = await w.stored(ALICE, CAROL, 0, START + 180 * DAY)
    await w.league.rate_match(late)
    after = await w.rating(ALICE)
    assert (after.mu, after.sigma) == (idle[0].mu, idle[0].sigma)
    change = await w.db.fetchone(
        "SELECT sigma_before FROM rating_changes WHERE match_id=? AND user_id=?",
        (late, ALICE))
    assert change is not None and change[0] == alice.sigma  # as it stood, before growth


def test_provisional_until_about_five_games_and_the_displayed_rating() -> None:
    assert display_rating(DEFAULT_MU, DEFAULT_SIGMA) == 1000
    assert display_rating(30.0, 2.0) == 1000 + 40 * (30 - 6)
    assert display_rating(-100.0, 8.0) == 0
    players = [PlayerRating(n) for n in range(6)]
    rng = random.Random(5)
    games = dict.fromkeys(range(6), 0)
    settled_after = {}
    for match_id in range(60):
        a, b = rng.sample(range(6), 2)
        players[a], players[b] = play((players[a], players[b]), rng.choice((0, 1)), match_id,
                                      START)
        games[a] += 1
        games[b] += 1
        for n in (a, b):
            if not players[n].provisional and n not in settled_after:
                settled_after[n] = games[n]
    assert len(settled_after) == 6
    assert all(4 <= count <= 7 for count in settled_after.values()), settled_after
    assert PROVISIONAL_SIGMA < DEFAULT_SIGMA


# --- seasons -----------------------------------------------------------------------------------
@run
async def test_seasons_end_and_start(w: World) -> None:
    assert [s.number for s in await w.league.seasons(GUILD)] == [1]
    with pytest.raises(LeagueError, match="no rated match yet"):
        await w.league.end_season(GUILD)
    assert len(await w.league.seasons(GUILD)) == 1
    for n in range(3):
        assert await w.league.rate_match(await w.stored(ALICE, BOB, 0, START + n))
    w.clock.now = START + DAY
    change = await w.league.end_season(GUILD)
    assert change.rated and change.ended.number == 1 and change.ended.ended_at == START + DAY
    assert change.started.number == 2 and change.started.current
    assert change.started.name == "Season 2" and change.started.title == "Season 2"
    # the new season starts empty; the old one is kept
    assert (await w.league.standings(GUILD, "panini-2016")).rows == []
    final = await w.league.standings(GUILD, "panini-2016", 1)
    assert [s.player.user_id for s in final.rows] == [ALICE, BOB]
    assert not final.season.current
    assert await w.league.rulesets_rated(change.ended.id) == ["panini-2016"]
    # a ranked match now counts in season 2, from the default rating
    fresh = await w.stored(BOB, ALICE, 0, START + 2 * DAY)
    assert await w.league.rate_match(fresh)
    bob = await w.rating(BOB)
    assert (bob.wins, bob.losses) == (1, 0)
    change = await w.league.start_season(GUILD, "  Spring   2026 ")
    assert change.started.title == "Season 3: Spring 2026" and change.rated
    # an empty season can still be replaced by a named one
    empty = await w.league.start_season(GUILD, "Summer")
    assert not empty.rated and empty.started.number == 4
    for bad, reason in (("   ", "needs a name"), ("x" * 41, "at most 40")):
        with pytest.raises(LeagueError, match=reason):
            await w.league.start_season(GUILD, bad)
    assert len(await w.league.seasons(GUILD)) == 4
    with pytest.raises(LeagueError, match="There is no season 9 in this server"):
        await w.league.standings(GUILD, "panini-2016", 9)
    with pytest.raises(LeagueError, match="Unknown ruleset"):
        await w.league.standings(GUILD, "panini-1999")
    # servers are separate leagues
    assert [s.number for s in await w.league.seasons(OTHER_GUILD)] == [1]


# --- history, profile and their words -------------------------------------------------------
@run
async def test_history_and_profile(w: World) -> None:
    win = await w.stored(ALICE, BOB, 0, START, reason="dragon_balls")
    loss = await w.stored(BOB, ALICE, 0, START + 60, reason="concede")
    draw = await w.stored(ALICE, BOB, None, START + 120)
    casual = await w.stored(ALICE, CAROL, 1, START + 180, mode="casual", reason="mppv")
    award = await w.stored(BOB, ALICE, 1, START + 240, reason="judge")
    void = await w.stored(ALICE, BOB, None, START + 300, status="void", reason="void")
    practice = await w.stored(ALICE, CAROL, 0, START + 360, mode="practice")
    async with w.db.write() as conn:
        await conn.execute("UPDATE matches SET player1_id=NULL WHERE id=?", (practice,))
    for match_id in (win, loss, draw, award):
        assert await w.league.rate_match(match_id)
    assert not await w.league.rate_match(void)
    entries = await w.league.history(GUILD, ALICE)
    assert [e.match_id for e in entries] == [practice, void, award, casual, draw, loss, win]
    by_id = {e.match_id: e for e in entries}
    assert [by_id[i].result for i in (win, loss, draw, casual, award, void)] == [
        "win", "loss", "draw", "loss", "win", "void"]
    assert [how_ended(by_id[i]) for i in (win, loss, draw, casual, award, void)] == [
        "Dragon Ball Victory", "concession", "draw", "MPPV", "judge's award",
        "voided by a judge; it does not count"]
    assert by_id[practice].opponent_id is None
    first = by_id[win]
    assert first.rating_before == 1000 and first.rating_after is not None
    assert first.rating_after > 1000
    assert by_id[casual].rating_before is None and by_id[void].rating_before is None
    assert by_id[loss].main_personality == "Frieza"  # Alice sat in seat 1 there
    assert by_id[win].main_personality == "Goku"
    text = history_embed(entries, "alice").description or ""
    assert "vs the AI" in text and f"vs <@{BOB}>" in text and "**Won** · Dragon Ball" in text
    assert "1000 → " in text and "**Draw**" in text

    profile = await w.league.profile(GUILD, ALICE)
    assert profile.played == 7 and (profile.wins, profile.losses, profile.draws) == (3, 2, 1)
    assert profile.favourite == ("Goku", 5)
    assert len(profile.recent) == 5
    [(standings, mine)] = profile.ratings
    assert standings.ruleset == "panini-2016" and mine.player.games == 4
    embed = profile_embed(profile, "alice").to_dict()
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert "(provisional)" in fields["Rating · panini-2016"]
    assert fields["Most played Main Personality"] == "Goku (5 of 7 matches)"
    assert "1 void or in progress" in fields["All matches here (any mode)"]
    nobody = await w.league.profile(GUILD, 999)
    assert nobody.played == 0 and nobody.ratings == [] and nobody.favourite is None
    table = standings_embed(await w.league.standings(GUILD, "panini-2016"), 0, "s.png")
    assert f"<@{ALICE}>" in (table.description or "") and "?" in (table.description or "")


# --- the image -----------------------------------------------------------------------------------
def table(rows: int) -> StandingsTable:
    return StandingsTable(
        "Season 2: Spring", "panini-2016 · 12 players · current season",
        tuple(StandingRow(n, f"Player {n} 🐉", 1500 - 37 * n, n > 3, f"{20 - n}W {n}L",
                          "W2" if n % 2 else "L1") for n in range(1, rows + 1)),
    )


def test_the_standings_image_is_deterministic_legible_and_draws_the_table() -> None:
    png = render_standings(table(10))
    assert png.startswith(b"\x89PNG") and png == render_standings(table(10))
    with _draw.record_text() as drawn:
        image = draw_standings(table(10))
    assert image.width == 800  # half size on a phone: text of 22 px and more stays legible
    assert "Player 1 🐉" in drawn and "1463" in drawn and "1315?" in drawn
    assert "Season 2: Spring" in drawn and "RATING" in drawn and "W2" in drawn
    assert draw_standings(table(3)).height < image.height
    with _draw.record_text() as drawn:
        empty = draw_standings(StandingsTable("Season 1", "panini-2016", ()))
    assert "No rated matches yet" in drawn and empty.width == 800
    assert len(png) < 150 * 1024
