"""Swiss events with a top cut, stored: an event, its sign-ups (each locked to the deck
version it entered with), and each round's tables, whose matches are ordinary matches and
whose results come from the referee (MatchService's finish listeners), never from a
player's report. Pairing and standings are bot/events' pure functions; the judges' acts
on an event are in bot/services/tournament_judging.py."""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.db import Database, Row
from bot.db_batch import Statement
from bot.events.cut import swiss_rounds
from bot.events.records import Pairing
from bot.events.standings import Standing, standings
from bot.services.families import playable_rulesets
from bot.services.lobby import LobbyError, LobbyService
from bot.services.matches import LiveMatch, MatchService, execute_all

MAX_NAME = 80
CUTS = (0, 2, 4, 8, 16)
CLOCK = 0  # the actor of what the round clock does, in the audit log
LATE_ENTRY_UNTIL = 2  # sign-ups close when this round starts


class TournamentError(ValueError):
    """An event request that cannot be done; the message says why. Nothing changed."""


@dataclass(frozen=True)
class Tournament:
    id: int
    guild_id: int
    channel_id: int
    name: str
    ruleset: str
    mode: str
    rounds: int  # Swiss rounds; 0 until the event starts when chosen by player count
    cut: int
    minutes: int  # the round time limit (Swiss rounds)
    seed: int
    stage: str  # signup, swiss, cut, done
    round: int  # the round being played (cut rounds follow the Swiss ones)
    round_started_at: float | None
    created_by: int

    @property
    def in_cut(self) -> bool:
        return self.stage in ("cut", "done") and self.round > self.rounds


@dataclass(frozen=True)
class Entrant:
    user_id: int
    deck_version_id: int
    joined_round: int
    dropped_round: int | None
    disqualified: bool

    @property
    def active(self) -> bool:
        return self.dropped_round is None


@dataclass(frozen=True)
class Table:
    round: int
    number: int
    players: tuple[int, int | None]
    match_id: int | None
    done: bool
    winner: int | None  # the seat: 0 or 1; None a draw (or not done)
    how: str

    def pairing(self) -> Pairing:
        return Pairing(self.round, self.players[0], self.players[1], self.done, self.winner)


News = Callable[[Tournament, str], Awaitable[None]]


class TournamentService:
    def __init__(self, db: Database, lobby: LobbyService, matches: MatchService,
                 clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self.lobby = lobby
        self.matches = matches
        self.clock = clock
        self.news: list[News] = []  # told (after the commit) what the event announces
        # Where a new event's seed comes from (tests fix it to know the pairings).
        self.new_seed: Callable[[], int] = lambda: secrets.randbelow(2**53)

    # --- reading -----------------------------------------------------------------------------
    async def get(self, tournament_id: int, guild_id: int) -> Tournament:
        """The event, only in its own server (another server's number is unknown here)."""
        row = await self.db.fetchone("SELECT * FROM tournaments WHERE id=? AND guild_id=?",
                                     (tournament_id, guild_id))
        if row is None:
            raise TournamentError(f"This server has no event #{tournament_id}.")
        return _tournament(row)

    async def of_server(self, guild_id: int) -> list[Tournament]:
        rows = await self.db.fetchall(
            "SELECT * FROM tournaments WHERE guild_id=? ORDER BY id DESC LIMIT 25", (guild_id,))
        return [_tournament(row) for row in rows]

    async def entrants(self, tournament_id: int) -> list[Entrant]:
        rows = await self.db.fetchall(
            "SELECT user_id, deck_version_id, joined_round, dropped_round, disqualified"
            " FROM tournament_players WHERE tournament_id=? ORDER BY user_id", (tournament_id,))
        return [Entrant(r[0], r[1], r[2], r[3], bool(r[4])) for r in rows]

    async def tables(self, tournament_id: int, round_no: int | None = None) -> list[Table]:
        sql = ("SELECT round, table_no, player0_id, player1_id, match_id, done, winner, how"
               " FROM tournament_tables WHERE tournament_id=?")
        params: list[Any] = [tournament_id]
        if round_no is not None:
            sql += " AND round=?"
            params.append(round_no)
        rows = await self.db.fetchall(sql + " ORDER BY round, table_no", params)
        return [Table(r[0], r[1], (r[2], r[3]), r[4], bool(r[5]), r[6], r[7]) for r in rows]

    async def of_match(self, match_id: int) -> bool:
        """Whether the match is one of an event's."""
        row = await self.db.fetchone(
            "SELECT 1 FROM tournament_tables WHERE match_id=?", (match_id,))
        return row is not None

    async def standings(self, event: Tournament) -> list[Standing]:
        """The Swiss standings (cut matches do not change them)."""
        swiss = [t.pairing() for t in await self.tables(event.id) if t.round <= event.rounds]
        everyone = [e.user_id for e in await self.entrants(event.id)]
        return standings(everyone, swiss, event.seed)

    # --- creating and signing up -------------------------------------------------------------
    async def create(self, *, guild_id: int, channel_id: int, name: str, ruleset: str,
                     mode: str, rounds: int, cut: int, minutes: int, created_by: int
                     ) -> Tournament:
        name = " ".join(name.split())
        if not name or len(name) > MAX_NAME:
            raise TournamentError(f"Give the event a name of 1 to {MAX_NAME} characters.")
        if ruleset not in playable_rulesets():
            raise TournamentError(f"Unknown ruleset {ruleset!r}; choose one of "
                                  f"{', '.join(playable_rulesets())}.")
        if cut not in CUTS:
            raise TournamentError(f"The top cut is one of {', '.join(map(str, CUTS))} "
                                  "players (0: no cut).")
        if not 0 <= rounds <= 15 or not 10 <= minutes <= 240:
            raise TournamentError("Rounds: 1 to 15 (0: by player count); round time: 10 to "
                                  "240 minutes.")
        now = self.clock()
        async with self.db.write() as conn:
            cursor = await conn.execute(
                "INSERT INTO tournaments (guild_id, channel_id, name, ruleset, mode, rounds,"
                " cut, minutes, seed, created_by, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                (guild_id, channel_id, name, ruleset, mode, rounds, cut, minutes,
                 self.new_seed(), created_by, now))
            tournament_id = cursor.lastrowid
        assert tournament_id is not None
        return await self.get(tournament_id, guild_id)

    async def join(self, event: Tournament, user_id: int, deck_name: str) -> Entrant:
        """Sign up with a deck legal for the event (checked now, and this version is the
        one played all event long). Late entry is open until round 2 starts."""
        if event.stage not in ("signup", "swiss") or event.round >= LATE_ENTRY_UNTIL:
            raise TournamentError(f"Sign-ups for {event.name} are closed (late entry ends "
                                  f"when round {LATE_ENTRY_UNTIL} starts).")
        try:
            deck = await self.lobby.playable_deck(user_id, deck_name, event.ruleset,
                                                  event.guild_id)
        except LobbyError as exc:
            raise TournamentError(str(exc)) from None
        async with self.db.write() as conn:
            cursor = await conn.execute(
                "SELECT dropped_round FROM tournament_players WHERE tournament_id=? AND"
                " user_id=?", (event.id, user_id))
            if await cursor.fetchone() is not None:
                raise TournamentError(f"You are already signed up for {event.name}; a deck "
                                      "is locked for the whole event.")
            await conn.execute(
                "INSERT INTO tournament_players (tournament_id, user_id, deck_version_id,"
                " joined_round) VALUES (?,?,?,?)",
                (event.id, user_id, deck.version_id, event.round + 1))
        return Entrant(user_id, deck.version_id, event.round + 1, None, False)

    async def drop(self, event: Tournament, user_id: int) -> None:
        """Leave the event: not paired again; results so far still count for opponents.
        A match of the round still being played goes on (a player concedes it to end it)."""
        if event.stage == "done":
            raise TournamentError(f"{event.name} is over.")
        async with self.db.write() as conn:
            cursor = await conn.execute(
                "UPDATE tournament_players SET dropped_round=? WHERE tournament_id=? AND"
                " user_id=? AND dropped_round IS NULL", (event.round, event.id, user_id))
            if cursor.rowcount == 0:
                raise TournamentError(f"You are not playing in {event.name}.")

    # --- results from the referee --------------------------------------------------------------
    async def match_finished(self, match: LiveMatch) -> None:
        """A match ended (or a judge changed its end): its table takes the referee's
        result. A void match leaves its table without one, for a judge to fix."""
        row = await self.db.fetchone(
            "SELECT tournament_id, round FROM tournament_tables WHERE match_id=?", (match.id,))
        if row is None:
            return
        done = match.status == "finished"
        async with self.db.write() as conn:
            await conn.execute(
                "UPDATE tournament_tables SET done=?, winner=?, how=? WHERE match_id=?",
                (int(done), match.winner if done else None,
                 (match.win_reason or "") if done else "void", match.id))
        event = await self.by_id(row[0])
        await self.round_news(event)

    async def reopened(self, match: LiveMatch) -> Sequence[Statement]:
        """A judge's rollback reopens an ended match: its table of the round in play loses
        its result, which the referee gives again when the match ends (ruling 374). A table
        of a closed round cannot reopen: the next round was paired on that result."""
        row = await self.db.fetchone(
            "SELECT tournament_id, round FROM tournament_tables WHERE match_id=?", (match.id,))
        if row is None:
            return []
        event = await self.by_id(row[0])
        if event.stage not in ("swiss", "cut") or row[1] != event.round:
            raise ValueError(
                f"it is a table of round {row[1]} of {event.name}, and that round is closed "
                "(later pairings rest on its result); change the result with "
                "`/tournament fix` instead")
        return [("UPDATE tournament_tables SET done=0, winner=NULL, how='' WHERE match_id=?",
                 [(match.id,)])]

    async def reconcile(self) -> None:
        """After a restart: a table whose match ended while its result was not yet stored
        takes it now."""
        rows = await self.db.fetchall(
            "SELECT m.id FROM tournament_tables t JOIN matches m ON m.id = t.match_id"
            " WHERE t.done = 0 AND m.status = 'finished'")
        for row in rows:
            match = await self.matches.find(row[0])
            if match is not None:
                await self.match_finished(match)

    async def round_news(self, event: Tournament) -> None:
        """Say when the round in play has every result."""
        if event.stage not in ("swiss", "cut"):
            return
        tables = await self.tables(event.id, event.round)
        if tables and all(t.done for t in tables):
            await self.tell(event, f"Round {event.round} of **{event.name}** is complete. "
                                   "A judge starts the next with `/tournament round`.")

    async def tell(self, event: Tournament, text: str) -> None:
        for listener in self.news:
            await listener(event, text)

    async def by_id(self, tournament_id: int) -> Tournament:
        row = await self.db.fetchone("SELECT * FROM tournaments WHERE id=?", (tournament_id,))
        assert row is not None
        return _tournament(row)

    async def refreshed(self, event: Tournament) -> Tournament:
        return await self.by_id(event.id)

    # --- auditing ---------------------------------------------------------------------------
    def audit_entry(self, event: Tournament, actor_id: int, action: str,
                    detail: dict[str, Any], reason: str) -> Statement:
        """An event's audit row, committed in the action's own transaction (as the judge
        tools' are: bot/services/judges.py)."""
        return (
            "INSERT INTO audit_log (guild_id, match_id, actor_id, action, detail, reason,"
            " created_at) VALUES (?,?,?,?,?,?,?)",
            [(event.guild_id, None, actor_id, f"event-{action}",
              json.dumps({"event": event.id, **detail}, sort_keys=True), reason,
              self.clock())],
        )

    async def audited(self, event: Tournament) -> list[Row]:
        rows = await self.db.fetchall(
            "SELECT actor_id, action, detail, reason FROM audit_log WHERE match_id IS NULL"
            " AND guild_id=? AND action LIKE 'event-%' ORDER BY id", (event.guild_id,))
        return [r for r in rows if json.loads(r[2]).get("event") == event.id]

    async def commit(self, statements: Sequence[Statement]) -> None:
        async with self.db.write() as conn:
            await execute_all(conn, statements)

    def rounds_for(self, event: Tournament, players: int) -> int:
        return event.rounds or swiss_rounds(players)


def _tournament(row: Row) -> Tournament:
    return Tournament(row["id"], row["guild_id"], row["channel_id"], row["name"],
                      row["ruleset"], row["mode"], row["rounds"], row["cut"], row["minutes"],
                      row["seed"], row["stage"], row["round"], row["round_started_at"],
                      row["created_by"])
