"""The league: ratings per server, ruleset and season with openskill's Plackett-Luce model,
seasons, standings, profiles and match histories. Only ranked matches that finish count
(casual and practice matches are unrated, a void match never counts). A match is rated
once, when it finishes (`match_finished`, a MatchService finish listener); `recompute`
replays a season's stored matches from the default rating and gives exactly what the
incremental updates stored, so a judge voiding or re-awarding a match calls it.
docs/league.md explains the numbers."""

from __future__ import annotations

import json
import math
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from openskill.models import PlackettLuce

from bot.db import Connection, Database, Row
from bot.services.decks import pools_of
from bot.services.families import Pools, playable_rulesets
from bot.services.matches import LiveMatch
from engine.panini.cards import CardPool

# openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300 (sigma's floor per game).
MODEL = PlackettLuce()
DEFAULT_MU = MODEL.mu
DEFAULT_SIGMA = MODEL.sigma
# A rating is provisional while sigma is at or above this: about five rated matches (a new
# player's sigma falls from 8.33 by roughly 0.22 a match against other new players).
PROVISIONAL_SIGMA = 7.25
# Idle uncertainty: sigma^2 grows by this much per day without a rated match (in the same
# season and ruleset), up to DEFAULT_SIGMA: a month adds 3, a year 36.5 (about provisional).
IDLE_VARIANCE_PER_DAY = 0.1
DAY = 86_400.0
# The displayed rating: openskill's ordinal(z=3, alpha=40, target=1000), whole and >= 0,
# that is 1000 + 40 * (mu - 3 * sigma). A new player shows 1000.
DISPLAY_Z = 3.0
DISPLAY_SCALE = 40.0
DISPLAY_BASE = 1000.0
MAX_SEASON_NAME = 40
HISTORY_LIMIT = 15
PROFILE_RECENT = 5

# The moment a match counts from: when it finished (a judge's award may set no time).
AT = "COALESCE(finished_at, created_at)"
RATED = "mode='ranked' AND status='finished'"


class LeagueError(ValueError):
    """A league request that cannot be done; the message says why, for the user."""


# --- the ratings, pure ---------------------------------------------------------------------
def display_rating(mu: float, sigma: float) -> int:
    ordinal = MODEL.rating(mu, sigma).ordinal(z=DISPLAY_Z, alpha=DISPLAY_SCALE,
                                              target=DISPLAY_BASE)
    return max(0, round(ordinal))


def idle_sigma(sigma: float, last_played_at: float | None, at: float) -> float:
    """Sigma grown back with the time since the last rated match, capped at the default."""
    if last_played_at is None or at <= last_played_at:
        return sigma
    grown = math.sqrt(sigma * sigma + IDLE_VARIANCE_PER_DAY * (at - last_played_at) / DAY)
    return max(sigma, min(DEFAULT_SIGMA, grown))


def next_streak(streak: int, outcome: int) -> int:
    """Positive: wins in a row; negative: losses in a row; a draw ends either."""
    if outcome > 0:
        return streak + 1 if streak > 0 else 1
    if outcome < 0:
        return streak - 1 if streak < 0 else -1
    return 0


@dataclass(frozen=True)
class PlayerRating:
    """A player's standing in one season and ruleset (a row of `ratings`)."""

    user_id: int
    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA
    wins: int = 0
    losses: int = 0
    draws: int = 0
    streak: int = 0
    last_match_id: int | None = None
    last_played_at: float | None = None

    @classmethod
    def of(cls, row: Row) -> PlayerRating:
        return cls(row["user_id"], row["mu"], row["sigma"], row["wins"], row["losses"],
                   row["draws"], row["streak"], row["last_match_id"], row["last_played_at"])

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def rating(self) -> int:
        return display_rating(self.mu, self.sigma)

    @property
    def ordinal(self) -> float:
        return self.mu - DISPLAY_Z * self.sigma

    @property
    def provisional(self) -> bool:
        return self.sigma >= PROVISIONAL_SIGMA


def play(
    players: tuple[PlayerRating, PlayerRating], winner: int | None, match_id: int, at: float
) -> tuple[PlayerRating, PlayerRating]:
    """Both players after a match that seat `winner` won (None: a draw) at time `at`."""
    teams = [[MODEL.rating(p.mu, idle_sigma(p.sigma, p.last_played_at, at))] for p in players]
    ranks = [1.0, 1.0] if winner is None else [1.0 if seat == winner else 2.0 for seat in (0, 1)]
    rated = MODEL.rate(teams, ranks=ranks)
    after = []
    for seat, player in enumerate(players):
        new = rated[seat][0]
        outcome = 0 if winner is None else (1 if seat == winner else -1)
        after.append(replace(
            player, mu=new.mu, sigma=new.sigma,
            wins=player.wins + (outcome > 0), losses=player.losses + (outcome < 0),
            draws=player.draws + (outcome == 0), streak=next_streak(player.streak, outcome),
            last_match_id=match_id, last_played_at=at,
        ))
    return after[0], after[1]


def rateable(row: Row) -> bool:
    """A finished ranked match between two different people with a stored result."""
    p0, p1 = row["player0_id"], row["player1_id"]
    return (row["mode"] == "ranked" and row["status"] == "finished" and p0 is not None
            and p1 is not None and p0 != p1 and row["winner"] in (None, 0, 1))


def match_time(row: Row) -> float:
    at = row["finished_at"]
    return float(at if at is not None else row["created_at"])


# --- what the league shows ------------------------------------------------------------------
@dataclass(frozen=True)
class Season:
    id: int
    guild_id: int
    number: int
    name: str
    started_at: float
    ended_at: float | None

    @classmethod
    def of(cls, row: Row) -> Season:
        return cls(row["id"], row["guild_id"], row["number"], row["name"], row["started_at"],
                   row["ended_at"])

    @property
    def current(self) -> bool:
        return self.ended_at is None

    @property
    def title(self) -> str:
        default = f"Season {self.number}"
        return default if self.name == default else f"{default}: {self.name}"


@dataclass(frozen=True)
class SeasonChange:
    ended: Season
    started: Season
    rated: bool  # the ended season had rated matches (its final standings are worth a post)


@dataclass(frozen=True)
class Standing:
    rank: int
    player: PlayerRating


@dataclass(frozen=True)
class Standings:
    season: Season
    ruleset: str
    rows: list[Standing]

    def of(self, user_id: int) -> Standing | None:
        return next((s for s in self.rows if s.player.user_id == user_id), None)


@dataclass(frozen=True)
class MatchEntry:
    """One match as one of its players saw it."""

    match_id: int
    mode: str
    ruleset: str
    status: str  # active | finished | void
    result: str  # win | loss | draw | void | active
    win_reason: str | None
    opponent_id: int | None  # None: the AI
    at: float
    main_personality: str | None
    rating_before: int | None = None  # ranked and counted: the displayed rating around it
    rating_after: int | None = None


@dataclass(frozen=True)
class Profile:
    user_id: int
    season: Season
    ratings: list[tuple[Standings, Standing]]  # per ruleset played this season
    played: int  # matches in this server, any mode, finished or not
    wins: int
    losses: int
    draws: int
    favourite: tuple[str, int] | None  # most played Main Personality and how often
    recent: list[MatchEntry]


def season_name(name: str) -> str:
    cleaned = " ".join(name.split())
    if not cleaned:
        raise LeagueError("A season needs a name (for example `Spring 2026`). Nothing changed.")
    if len(cleaned) > MAX_SEASON_NAME:
        raise LeagueError(f"A season's name is at most {MAX_SEASON_NAME} characters; "
                          f"{cleaned[:MAX_SEASON_NAME]!r}… is {len(cleaned)}. Nothing changed.")
    return cleaned


def ruleset_name(ruleset: str) -> str:
    """A ruleset a match can be played under: each has its own standings."""
    rulesets = playable_rulesets()
    if ruleset not in rulesets:
        raise LeagueError(f"Unknown ruleset {ruleset!r}; choose one of {', '.join(rulesets)}.")
    return ruleset


async def _one(conn: Connection, sql: str, params: Iterable[Any] = ()) -> Row | None:
    async with conn.execute(sql, tuple(params)) as cursor:
        row: Row | None = await cursor.fetchone()
        return row


async def _all(conn: Connection, sql: str, params: Iterable[Any] = ()) -> list[Row]:
    async with conn.execute(sql, tuple(params)) as cursor:
        return list(await cursor.fetchall())


MATCH_COLUMNS = ("id, guild_id, ruleset, mode, status, winner, win_reason, player0_id,"
                 " player1_id, created_at, finished_at, season_id")


class LeagueService:
    def __init__(
        self,
        db: Database,
        pool: CardPool | Pools | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.db = db
        self.pools = pools_of(pool) if pool is not None else None  # each server's cards
        self.clock = clock

    # --- rating matches ------------------------------------------------------------------
    async def match_finished(self, match: LiveMatch) -> None:
        """The finish listener: a ranked match that finished counts once (see `rerate`)."""
        if match.ranked:
            await self.rerate(match.id)

    async def rerate(self, match_id: int) -> None:
        """Bring the league up to date with a match's stored result. A match that never
        counted is rated in its server's current season (with any ranked match that
        finished during that season but was never rated: the bot stopped between the two);
        a match that counted already has its season recomputed, which changes nothing when
        nothing changed and applies a judge's re-award, void or rollback."""
        async with self.db.write() as conn:
            row = await _one(conn, f"SELECT {MATCH_COLUMNS} FROM matches WHERE id=?",
                             (match_id,))
            if row is None:
                return
            if row["season_id"] is not None:
                await self._replay(conn, row["season_id"], row["ruleset"])
                return
            if not rateable(row):
                return
            season = await self._current_in(conn, row["guild_id"])
            pending = await _all(
                conn,
                f"SELECT id FROM matches WHERE guild_id=? AND {RATED} AND season_id IS NULL"
                f" AND (id=? OR {AT} >= ?) ORDER BY {AT}, id",
                (row["guild_id"], match_id, season.started_at),
            )
            for found in pending:
                await self._rate_in(conn, found["id"])

    async def rate_match(self, match_id: int) -> bool:
        """Rate one finished ranked match in its server's current season; False (and
        nothing changes) when it does not count or was rated already."""
        async with self.db.write() as conn:
            return await self._rate_in(conn, match_id)

    async def recompute(self, guild_id: int, ruleset: str, season_id: int) -> int:
        """Rewrite a season's ratings and rating changes for one ruleset by replaying its
        finished ranked matches (void ones skipped) from the default rating, in the order
        they finished; returns how many matches counted."""
        async with self.db.write() as conn:
            row = await _one(conn, "SELECT guild_id FROM seasons WHERE id=?", (season_id,))
            if row is None or row["guild_id"] != guild_id:
                raise LeagueError("That season does not belong to this server.")
            return await self._replay(conn, season_id, ruleset)

    async def _rate_in(self, conn: Connection, match_id: int) -> bool:
        row = await _one(conn, f"SELECT {MATCH_COLUMNS} FROM matches WHERE id=?", (match_id,))
        if row is None or row["season_id"] is not None or not rateable(row):
            return False
        season = await self._current_in(conn, row["guild_id"])
        ruleset, at = row["ruleset"], match_time(row)
        await conn.execute("UPDATE matches SET season_id=? WHERE id=?", (season.id, match_id))
        later = await _one(
            conn,
            f"SELECT 1 FROM matches WHERE season_id=? AND ruleset=? AND {RATED} AND id<>?"
            f" AND ({AT} > ? OR ({AT} = ? AND id > ?)) LIMIT 1",
            (season.id, ruleset, match_id, at, at, match_id),
        )
        if later is not None:  # it finished before one already rated: replay in order
            await self._replay(conn, season.id, ruleset)
            return True
        before = []
        for user_id in (row["player0_id"], row["player1_id"]):
            stored = await _one(
                conn, "SELECT * FROM ratings WHERE season_id=? AND ruleset=? AND user_id=?",
                (season.id, ruleset, user_id))
            before.append(PlayerRating.of(stored) if stored else PlayerRating(user_id))
        pair = (before[0], before[1])
        after = play(pair, row["winner"], match_id, at)
        await self._store(conn, season.id, ruleset, after,
                          _change(match_id, season.id, ruleset, pair, after, at))
        return True

    async def _replay(self, conn: Connection, season_id: int, ruleset: str) -> int:
        rows = await _all(
            conn,
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE season_id=? AND ruleset=? AND {RATED}"
            f" ORDER BY {AT}, id",
            (season_id, ruleset),
        )
        players: dict[int, PlayerRating] = {}
        changes: list[tuple[Any, ...]] = []
        counted = 0
        for row in rows:
            if not rateable(row):
                continue
            p0, p1 = row["player0_id"], row["player1_id"]
            pair = (players.get(p0) or PlayerRating(p0), players.get(p1) or PlayerRating(p1))
            at = match_time(row)
            after = play(pair, row["winner"], row["id"], at)
            players[p0], players[p1] = after
            changes += _change(row["id"], season_id, ruleset, pair, after, at)
            counted += 1
        for table in ("ratings", "rating_changes"):
            await conn.execute(f"DELETE FROM {table} WHERE season_id=? AND ruleset=?",
                               (season_id, ruleset))
        await self._store(conn, season_id, ruleset, players.values(), changes)
        return counted

    @staticmethod
    async def _store(
        conn: Connection, season_id: int, ruleset: str,
        players: Iterable[PlayerRating], changes: Sequence[tuple[Any, ...]],
    ) -> None:
        await conn.executemany(
            "INSERT INTO ratings (season_id, ruleset, user_id, mu, sigma, wins, losses, draws,"
            " streak, last_match_id, last_played_at) VALUES (?,?,?,?,?,?,?,?,?,?,?)"
            " ON CONFLICT(season_id, ruleset, user_id) DO UPDATE SET mu=excluded.mu,"
            " sigma=excluded.sigma, wins=excluded.wins, losses=excluded.losses,"
            " draws=excluded.draws, streak=excluded.streak,"
            " last_match_id=excluded.last_match_id, last_played_at=excluded.last_played_at",
            [(season_id, ruleset, p.user_id, p.mu, p.sigma, p.wins, p.losses, p.draws, p.streak,
              p.last_match_id, p.last_played_at) for p in players],
        )
        await conn.executemany(
            "INSERT INTO rating_changes (match_id, user_id, season_id, ruleset, mu_before,"
            " sigma_before, mu_after, sigma_after, created_at) VALUES (?,?,?,?,?,?,?,?,?)",
            changes,
        )

    # --- seasons -------------------------------------------------------------------------
    async def _current_in(self, conn: Connection, guild_id: int) -> Season:
        row = await _one(conn, "SELECT * FROM seasons WHERE guild_id=? AND ended_at IS NULL"
                               " ORDER BY number DESC LIMIT 1", (guild_id,))
        if row is not None:
            return Season.of(row)
        return await self._start_in(conn, guild_id, None)

    async def _start_in(
        self, conn: Connection, guild_id: int, name: str | None
    ) -> Season:
        last = await _one(conn, "SELECT MAX(number) FROM seasons WHERE guild_id=?", (guild_id,))
        number = (last[0] if last is not None and last[0] is not None else 0) + 1
        cursor = await conn.execute(
            "INSERT INTO seasons (guild_id, number, name, started_at) VALUES (?,?,?,?)",
            (guild_id, number, name or f"Season {number}", self.clock()),
        )
        row = await _one(conn, "SELECT * FROM seasons WHERE id=?", (cursor.lastrowid,))
        assert row is not None
        return Season.of(row)

    async def current_season(self, guild_id: int) -> Season:
        """The server's current season; season 1 is created the first time it is needed."""
        row = await self.db.fetchone("SELECT * FROM seasons WHERE guild_id=? AND ended_at IS"
                                     " NULL ORDER BY number DESC LIMIT 1", (guild_id,))
        if row is not None:
            return Season.of(row)
        async with self.db.write() as conn:
            return await self._current_in(conn, guild_id)

    async def seasons(self, guild_id: int) -> list[Season]:
        await self.current_season(guild_id)
        rows = await self.db.fetchall("SELECT * FROM seasons WHERE guild_id=? ORDER BY number",
                                      (guild_id,))
        return [Season.of(row) for row in rows]

    async def season(self, guild_id: int, number: int | None = None) -> Season:
        """Season `number` of the server (None: the current one)."""
        if number is None:
            return await self.current_season(guild_id)
        row = await self.db.fetchone("SELECT * FROM seasons WHERE guild_id=? AND number=?",
                                     (guild_id, number))
        if row is not None:
            return Season.of(row)
        known = await self.seasons(guild_id)
        listing = ", ".join(f"{s.number} ({s.name}{', current' if s.current else ''})"
                            for s in known[-10:])
        raise LeagueError(f"There is no season {number} in this server. Seasons: {listing}.")

    async def rulesets_rated(self, season_id: int) -> list[str]:
        rows = await self.db.fetchall(
            "SELECT DISTINCT ruleset FROM ratings WHERE season_id=?", (season_id,))
        found = {row[0] for row in rows}
        known = playable_rulesets()
        return [name for name in known if name in found] + sorted(found - set(known))

    async def start_season(self, guild_id: int, name: str) -> SeasonChange:
        """End the current season and start the next, called `name`."""
        cleaned = season_name(name)
        async with self.db.write() as conn:
            return await self._next_season(conn, guild_id, cleaned)

    async def end_season(self, guild_id: int) -> SeasonChange:
        """End the current season (it must have rated matches) and start the next one."""
        async with self.db.write() as conn:
            current = await self._current_in(conn, guild_id)
            if not await self._has_ratings(conn, current.id):
                raise LeagueError(
                    f"{current.title} has no rated match yet, so there is nothing to end; it "
                    "goes on. (`/league season start name:` starts a new, named season.) "
                    "Nothing changed.")
            return await self._next_season(conn, guild_id, None)

    async def _next_season(
        self, conn: Connection, guild_id: int, name: str | None
    ) -> SeasonChange:
        current = await self._current_in(conn, guild_id)
        rated = await self._has_ratings(conn, current.id)
        now = self.clock()
        await conn.execute("UPDATE seasons SET ended_at=? WHERE id=?", (now, current.id))
        started = await self._start_in(conn, guild_id, name)
        return SeasonChange(replace(current, ended_at=now), started, rated)

    @staticmethod
    async def _has_ratings(conn: Connection, season_id: int) -> bool:
        row = await _one(conn, "SELECT 1 FROM ratings WHERE season_id=? LIMIT 1", (season_id,))
        return row is not None

    # --- reading -------------------------------------------------------------------------
    async def standings(
        self, guild_id: int, ruleset: str, number: int | None = None
    ) -> Standings:
        """A season's table for one ruleset, best first: by displayed rating (mu - 3 sigma),
        then by games played."""
        ruleset_name(ruleset)
        season = await self.season(guild_id, number)
        rows = await self.db.fetchall("SELECT * FROM ratings WHERE season_id=? AND ruleset=?",
                                      (season.id, ruleset))
        players = sorted((PlayerRating.of(row) for row in rows),
                         key=lambda p: (-p.ordinal, -p.games, p.user_id))
        return Standings(season, ruleset,
                         [Standing(rank, p) for rank, p in enumerate(players, start=1)])

    async def history(
        self, guild_id: int, user_id: int, limit: int = HISTORY_LIMIT
    ) -> list[MatchEntry]:
        """The player's latest matches in this server (any mode), newest first."""
        rows = await self.db.fetchall(
            "SELECT m.id, m.mode, m.ruleset, m.status, m.winner, m.win_reason, m.player0_id,"
            " m.player1_id, m.decks_json, COALESCE(m.finished_at, m.created_at) AS at,"
            " c.mu_before, c.sigma_before, c.mu_after, c.sigma_after"
            " FROM matches m LEFT JOIN rating_changes c"
            " ON c.match_id=m.id AND c.user_id=? WHERE m.guild_id=? AND"
            " (m.player0_id=? OR m.player1_id=?) ORDER BY at DESC, m.id DESC LIMIT ?",
            (user_id, guild_id, user_id, user_id, limit),
        )
        return [self._entry(row, user_id, guild_id) for row in rows]

    def _entry(self, row: Row, user_id: int, guild_id: int) -> MatchEntry:
        seat = 0 if row["player0_id"] == user_id else 1
        status, winner = row["status"], row["winner"]
        if status != "finished":
            result = status
        elif winner is None:
            result = "draw"
        else:
            result = "win" if winner == seat else "loss"
        before = after = None
        if row["mu_before"] is not None and status == "finished":
            before = display_rating(row["mu_before"], row["sigma_before"])
            after = display_rating(row["mu_after"], row["sigma_after"])
        return MatchEntry(
            match_id=row["id"], mode=row["mode"], ruleset=row["ruleset"], status=status,
            result=result, win_reason=row["win_reason"],
            opponent_id=row["player1_id"] if seat == 0 else row["player0_id"],
            at=float(row["at"]),
            main_personality=self._personality(row["decks_json"], seat, guild_id),
            rating_before=before, rating_after=after,
        )

    def _personality(self, decks_json: str, seat: int, guild_id: int) -> str | None:
        try:
            first = str(json.loads(decks_json)[seat]["main_personality"][0])
        except (ValueError, LookupError, TypeError):
            return None
        card = self.pools(guild_id).find(first) if self.pools is not None else None
        if card is not None and card.personality:
            return card.personality
        return first.split(",")[0].strip() or None

    async def profile(self, guild_id: int, user_id: int) -> Profile:
        season = await self.current_season(guild_id)
        ratings = []
        for ruleset in playable_rulesets():
            standings = await self.standings(guild_id, ruleset, season.number)
            mine = standings.of(user_id)
            if mine is not None:
                ratings.append((standings, mine))
        rows = await self.db.fetchall(
            "SELECT player0_id, status, winner, decks_json FROM matches WHERE guild_id=? AND"
            " (player0_id=? OR player1_id=?)", (guild_id, user_id, user_id))
        results: Counter[str] = Counter()
        personalities: Counter[str] = Counter()
        for row in rows:
            seat = 0 if row["player0_id"] == user_id else 1
            if row["status"] == "finished":
                winner = row["winner"]
                results["draw" if winner is None else "win" if winner == seat else "loss"] += 1
            name = self._personality(row["decks_json"], seat, guild_id)
            if name is not None:
                personalities[name] += 1
        favourite = min(personalities.items(), key=lambda item: (-item[1], item[0]),
                        default=None)
        return Profile(
            user_id=user_id, season=season, ratings=ratings, played=len(rows),
            wins=results["win"], losses=results["loss"], draws=results["draw"],
            favourite=favourite, recent=await self.history(guild_id, user_id, PROFILE_RECENT),
        )


def _change(
    match_id: int, season_id: int, ruleset: str, before: tuple[PlayerRating, PlayerRating],
    after: tuple[PlayerRating, PlayerRating], at: float,
) -> list[tuple[Any, ...]]:
    return [(match_id, b.user_id, season_id, ruleset, b.mu, b.sigma, a.mu, a.sigma, at)
            for b, a in zip(before, after, strict=True)]
