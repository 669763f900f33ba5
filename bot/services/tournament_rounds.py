"""Running an event's rounds, and what its judges may do: start the next round (Swiss, then
the top cut), pair the round in play again, give a bye, fix a result, disqualify, call
time. Every act commits with its audit entry (audit_log, as the judge tools do) before
anyone is told; a refused act changes nothing."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

from bot.db_batch import Statement
from bot.events.cut import first_cut_round
from bot.events.pairing import PairingError, pair_round
from bot.services.judges import JudgeError, _reason
from bot.services.matches import PlayerBusy, is_busy
from bot.services.tournaments import (
    CLOCK,
    Entrant,
    Table,
    Tournament,
    TournamentError,
    TournamentService,
)

TIME = "time"  # a match's win_reason when the round clock ended it (ruling 368)


@dataclass(frozen=True)
class Started:
    event: Tournament
    tables: list[Table]
    champion: int | None = None  # the event is over: its winner (None: no cut was played)


class Rounds:
    def __init__(self, events: TournamentService) -> None:
        self.events = events
        self.matches = events.matches

    # --- the next round --------------------------------------------------------------------
    async def start(self, event: Tournament, judge_id: int, reason: str) -> Started:
        reason = _checked(reason)
        if event.stage == "done":
            raise TournamentError(f"{event.name} is over.")
        await self._round_complete(event)
        entrants = await self.events.entrants(event.id)
        active = [e.user_id for e in entrants if e.active]
        if event.stage == "signup" and len(active) < max(2, event.cut):
            raise TournamentError(f"{event.name} needs at least {max(2, event.cut)} players "
                                  f"to start (it has {len(active)}).")
        rounds = self.events.rounds_for(event, len(active))
        number = event.round + 1
        if number <= rounds:
            pairs = await self._swiss(event, number, entrants)
        else:
            pairs = await self._cut(event, rounds, number, set(active))
            if len(pairs) == 0 or (len(pairs) == 1 and pairs[0][1] is None):
                return await self._finish(event, judge_id, reason, pairs)
        stage = "swiss" if number <= rounds else "cut"
        update: Statement = (
            "UPDATE tournaments SET stage=?, round=?, rounds=?, round_started_at=?"
            " WHERE id=? AND round=?",
            [(stage, number, rounds, self.events.clock(), event.id, event.round)])
        return await self._store(event, number, pairs, [update], judge_id, "round", reason)

    async def _round_complete(self, event: Tournament) -> None:
        if event.round == 0:
            return
        tables = await self.events.tables(event.id, event.round)
        playing = [f"#{t.match_id}" for t in tables if not t.done]
        if playing:
            raise TournamentError(f"Round {event.round} still has matches without a result: "
                                  f"{', '.join(playing)}. They end by play, by the round "
                                  "clock, or by a judge's /tournament fix.")
        if event.round > event.rounds and any(t.winner is None and t.players[1] is not None
                                              for t in tables):
            raise TournamentError("A top-cut match needs a winner; fix its result with "
                                  "/tournament fix.")

    async def _cut(self, event: Tournament, rounds: int, number: int, active: set[int]
                   ) -> list[tuple[int, int | None]]:
        if number == rounds + 1:  # seeded by the Swiss standings, dropped players left out
            rows = [s.player for s in await self.events.standings(event) if s.player in active]
            if event.cut == 0:
                return []
            if len(rows) < event.cut:
                raise TournamentError(f"Only {len(rows)} players are left for a top "
                                      f"{event.cut}: the cut cannot be played.")
            return list(first_cut_round(rows[:event.cut]))
        winners: list[int] = []
        for table in await self.events.tables(event.id, event.round):
            winner = table.players[table.winner or 0]
            assert winner is not None  # a cut table has two players and a winner
            winners.append(winner)
        if len(winners) == 1:
            return [(winners[0], None)]
        return [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]

    async def _finish(self, event: Tournament, judge_id: int, reason: str,
                      pairs: list[tuple[int, int | None]]) -> Started:
        champion = pairs[0][0] if pairs else None
        await self.events.commit([
            ("UPDATE tournaments SET stage='done' WHERE id=?", [(event.id,)]),
            self.events.audit_entry(event, judge_id, "finish", {"champion": champion}, reason),
        ])
        return Started(await self.events.refreshed(event), [], champion)

    async def _store(self, event: Tournament, number: int, pairs: list[tuple[int, int | None]],
                     before: list[Statement], judge_id: int, action: str, reason: str
                     ) -> Started:
        """The round's tables and their matches, in one transaction with the event's own
        change and its audit entry; then each match begins (its thread is the cog's)."""
        versions = {e.user_id: e.deck_version_id for e in await self.events.entrants(event.id)}
        decks = {user: (await self.events.lobby.decks.version(vid, event.guild_id)).deck
                 for user, vid in versions.items()}
        match_ids: list[int] = []
        try:
            async with self.events.db.write() as conn:
                for sql, rows in before:
                    await conn.executemany(sql, rows)
                for table_no, (first, second) in enumerate(pairs, start=1):
                    match_id = None
                    if second is not None:
                        match_id = await self.matches.insert(
                            conn, guild_id=event.guild_id, channel_id=event.channel_id,
                            mode="ranked" if event.mode == "ranked" else "casual",
                            ruleset=event.ruleset, players=(first, second),
                            decks=(decks[first], decks[second]),
                            deck_versions=(versions[first], versions[second]))
                        match_ids.append(match_id)
                    await conn.execute(
                        "INSERT INTO tournament_tables (tournament_id, round, table_no,"
                        " player0_id, player1_id, match_id, done, how) VALUES (?,?,?,?,?,?,?,?)",
                        (event.id, number, table_no, first, second, match_id,
                         int(second is None), "bye" if second is None else ""))
                sql, rows = self.events.audit_entry(
                    event, judge_id, action, {"round": number, "tables": pairs}, reason)
                await conn.executemany(sql, rows)
        except PlayerBusy as exc:
            busy = ", ".join(f"<@{p}>" for p in exc.players if p is not None)
            raise TournamentError(f"A player of {busy} is playing another match; the round "
                                  "was not started. Start it when that match ends.") from None
        except sqlite3.IntegrityError as exc:
            if not is_busy(exc):
                raise
            raise TournamentError("A player is playing another match; the round was not "
                                  "started.") from None
        for match_id in match_ids:
            await self.matches.begin(match_id)
        return Started(await self.events.refreshed(event),
                       await self.events.tables(event.id, number))

    # --- judges ----------------------------------------------------------------------------
    async def repair(self, event: Tournament, judge_id: int, reason: str) -> Started:
        """Pair the round in play again (after a late entry, a drop or a wrong pairing):
        its matches, none finished yet, are voided, and the same seed pairs the players
        now in the event."""
        reason = _checked(reason)
        tables = await self.events.tables(event.id, event.round)
        if event.stage != "swiss" or not tables:
            raise TournamentError("Only a Swiss round in play can be paired again.")
        if any(t.done and t.players[1] is not None for t in tables):
            raise TournamentError(f"Round {event.round} already has results; fix them one by "
                                  "one with /tournament fix instead.")
        for table in tables:
            if table.match_id is not None:
                await self.matches.settle(table.match_id, "void", None, "void")
        entrants = await self.events.entrants(event.id)
        pairs = await self._swiss(event, event.round, entrants)
        delete: Statement = ("DELETE FROM tournament_tables WHERE tournament_id=? AND round=?",
                             [(event.id, event.round)])
        return await self._store(event, event.round, pairs, [delete], judge_id, "repair",
                                 reason)

    async def _swiss(self, event: Tournament, number: int, entrants: list[Entrant]
                     ) -> list[tuple[int, int | None]]:
        history = [t.pairing() for t in await self.events.tables(event.id) if t.round < number]
        active = [e.user_id for e in entrants if e.active]
        try:
            tables = pair_round(active, [e.user_id for e in entrants], history, event.seed)
        except PairingError as exc:
            raise TournamentError(str(exc)) from None
        return [(t.first, t.second) for t in tables]

    async def bye(self, event: Tournament, judge_id: int, user_id: int, reason: str) -> None:
        """A bye in the round in play for a player not paired in it (a late entry, say);
        a player has one bye at most."""
        reason = _checked(reason)
        if event.stage != "swiss":
            raise TournamentError("Byes are given in Swiss rounds only.")
        entrant = next((e for e in await self.events.entrants(event.id)
                        if e.user_id == user_id), None)
        if entrant is None or not entrant.active:
            raise TournamentError(f"<@{user_id}> is not playing in {event.name}.")
        tables = await self.events.tables(event.id)
        if any(t.round == event.round and user_id in t.players for t in tables):
            raise TournamentError(f"<@{user_id}> is already paired in round {event.round}.")
        if any(t.players == (user_id, None) for t in tables):
            raise TournamentError(f"<@{user_id}> already had a bye; nobody gets two.")
        number = 1 + max((t.number for t in tables if t.round == event.round), default=0)
        await self.events.commit([
            ("INSERT INTO tournament_tables (tournament_id, round, table_no, player0_id,"
             " done, how) VALUES (?,?,?,?,1,'bye')", [(event.id, event.round, number, user_id)]),
            self.events.audit_entry(event, judge_id, "bye",
                                    {"round": event.round, "player": user_id}, reason),
        ])

    async def fix(self, event: Tournament, judge_id: int, round_no: int, user_id: int,
                  outcome: str, reason: str) -> Table:
        """Set a table's result (`outcome` for `user_id`: win, loss or draw). A table with a
        match has its match end so too, so the match, the event and the league agree."""
        reason = _checked(reason)
        table = next((t for t in await self.events.tables(event.id, round_no)
                      if user_id in t.players), None)
        if table is None:
            raise TournamentError(f"<@{user_id}> has no table in round {round_no}.")
        if table.players[1] is None:
            raise TournamentError("That is a bye: it counts as a win and has no result to fix.")
        if judge_id in table.players:
            raise TournamentError("You play at that table; another judge must fix it.")
        if round_no > event.rounds and outcome == "draw":
            raise TournamentError("A top-cut match needs a winner.")
        if round_no > event.rounds and event.round != round_no:
            raise TournamentError("Only the cut round in play can be fixed.")
        if round_no <= event.rounds < event.round:
            raise TournamentError("The top cut has started: the Swiss results are final.")
        seat = table.players.index(user_id)
        winner = None if outcome == "draw" else seat if outcome == "win" else 1 - seat
        how = "judge" if winner is not None else "draw"
        statements: list[Statement] = [
            ("UPDATE tournament_tables SET done=1, winner=?, how=? WHERE tournament_id=? AND"
             " round=? AND table_no=?", [(winner, how, event.id, round_no, table.number)]),
            self.events.audit_entry(event, judge_id, "fix", {
                "round": round_no, "table": table.number, "player": user_id,
                "outcome": outcome, "match": table.match_id}, reason),
        ]
        if table.match_id is None:
            await self.events.commit(statements)
        else:
            await self.matches.settle(table.match_id, "finished", winner, how, also=statements)
        fixed = next(t for t in await self.events.tables(event.id, round_no)
                     if t.number == table.number)
        return fixed

    async def disqualify(self, event: Tournament, judge_id: int, user_id: int, reason: str
                         ) -> None:
        """Out of the event for good; a match of theirs in play is lost."""
        reason = _checked(reason)
        if user_id == judge_id:
            raise TournamentError("You cannot disqualify yourself; drop with /tournament drop.")
        entrant = next((e for e in await self.events.entrants(event.id)
                        if e.user_id == user_id), None)
        if entrant is None or entrant.disqualified:
            raise TournamentError(f"<@{user_id}> is not playing in {event.name}.")
        statements: list[Statement] = [
            ("UPDATE tournament_players SET disqualified=1, dropped_round=? WHERE"
             " tournament_id=? AND user_id=?", [(event.round, event.id, user_id)]),
            self.events.audit_entry(event, judge_id, "disqualify", {"player": user_id}, reason),
        ]
        table = next((t for t in await self.events.tables(event.id, event.round)
                      if user_id in t.players and not t.done), None)
        if table is None or table.match_id is None:
            await self.events.commit(statements)
            return
        winner = 1 - table.players.index(user_id)
        await self.matches.settle(table.match_id, "finished", winner, "judge", also=statements)

    # --- the round clock ------------------------------------------------------------------
    async def time_up(self, event: Tournament, actor_id: int, reason: str) -> list[int]:
        """Time is called: each match of the Swiss round in play still going ends in a draw
        (ruling 368); returns their numbers. Top-cut matches play to the end."""
        reason = _checked(reason)
        if event.stage != "swiss":
            raise TournamentError("Only a Swiss round has a time limit (ruling 368).")
        ended = []
        for table in await self.events.tables(event.id, event.round):
            if table.done or table.match_id is None:
                continue
            match = await self.matches.find(table.match_id)
            if match is None or not match.active:
                continue
            entry = self.events.audit_entry(event, actor_id, "time",
                                            {"round": event.round, "match": match.id}, reason)
            await self.matches.settle(match.id, "finished", None, TIME, also=[entry])
            ended.append(match.id)
        return ended

    async def check_clocks(self, owns: Callable[[int], bool] = lambda guild_id: True
                           ) -> list[tuple[Tournament, list[int]]]:
        """Call time in every Swiss round whose limit has passed (the bot's timer), in the
        servers `owns` says this process serves (several processes share a PostgreSQL)."""
        now = self.events.clock()
        rows = await self.events.db.fetchall(
            "SELECT id, guild_id FROM tournaments WHERE stage='swiss'"
            " AND round_started_at IS NOT NULL")
        called = []
        for row in rows:
            if not owns(row[1]):
                continue
            event = await self.events.by_id(row[0])
            assert event.round_started_at is not None
            if now >= event.round_started_at + 60 * event.minutes:
                ended = await self.time_up(event, CLOCK, "the round's time is up")
                if ended:
                    called.append((event, ended))
        return called


def _checked(reason: str) -> str:
    try:
        return _reason(reason)
    except JudgeError as exc:
        raise TournamentError(str(exc)) from None
