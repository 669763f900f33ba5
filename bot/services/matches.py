"""The match service: one owner per match, behind a per-match lock. It checks an answer
against the pending decision and its sequence number, commits it to the append-only
decision table, and only then tells anyone (through a Notifier). A match is the replay of
its stored decisions, so a restart loses nothing that was committed."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import secrets
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, NotRequired, Protocol, TypedDict, Unpack

from bot.db import Connection, Database, Row
from bot.db_batch import Statement
from bot.services.decks import deck_from_json, deck_to_json, pools_of
from bot.services.families import (
    AnyDeck,
    CardSources,
    MatchFamily,
    Pools,
    PrimeTimePools,
    ScorePools,
    match_family,
    sample_everywhere,
    sandbox_everywhere,
)
from engine.core.adjust import KINDS as MANUAL_PALETTE
from engine.core.adjust import encode as encode_adjustment
from engine.core.decisions import Decision, Option
from engine.core.events import Event
from engine.core.record import Answer, GameRecord
from engine.panini.cards import CardPool

log = logging.getLogger(__name__)

AI = None  # the user id of a seat the built-in AI plays
MAX_TIMEOUTS = 3  # consecutive timeouts before a player forfeits
RECENT_EVENTS = 12  # public and private events kept for the board and the hand messages
MODES = ("ranked", "casual", "practice")


BUSY = "a player already plays a live match"  # the database's refusal (migration 4)


STALE = ("That button belongs to an earlier decision that has already been answered (or "
         "undone); nothing changed. Use the newest message.")


def decision_token(match: LiveMatch) -> str:
    """Eight hex digits naming the pending decision exactly: the branch of the log it is on
    (a rollback starts a new one and reuses decision numbers), its number, its chooser and
    its options. Components carry it, so one made for another decision is refused."""
    decision = match.pending
    if decision is None:
        return "0" * 8
    text = "\x1f".join((str(match.id), str(match.epoch), str(decision.seq),
                         str(decision.player), decision.kind,
                         *(option.id for option in decision.options)))
    return hashlib.blake2b(text.encode(), digest_size=4).hexdigest()


class NewMatch(TypedDict):
    """What a new match is made of (MatchService.create and insert)."""

    guild_id: int
    channel_id: int
    mode: str
    ruleset: str
    players: tuple[int | None, int | None]  # user ids; None is the AI
    decks: tuple[AnyDeck, AnyDeck]
    deck_versions: tuple[int | None, int | None]
    seed: NotRequired[int | None]  # None: a fresh random one (MatchService.new_seed)


class PlayerBusy(Exception):
    """A match could not start: one of its players already plays a live match (or both
    seats are one player). Nothing was stored."""

    def __init__(self, players: tuple[int | None, int | None]) -> None:
        super().__init__(f"a player of {players} already plays a live match")
        self.players = players


def is_busy(exc: sqlite3.IntegrityError) -> bool:
    return BUSY in str(exc)


class Notifier(Protocol):
    """What the service tells the outside world (Discord), always after a commit."""

    async def match_changed(self, match: LiveMatch) -> None: ...
    async def remind(self, match: LiveMatch, seat: int, seconds_left: float) -> None: ...


class NullNotifier:
    async def match_changed(self, match: LiveMatch) -> None:
        return None

    async def remind(self, match: LiveMatch, seat: int, seconds_left: float) -> None:
        return None


@dataclass(frozen=True)
class Result:
    ok: bool
    message: str = ""
    disputed: bool = False  # the answer disputes a card resolved by hand: call the judges


@dataclass
class LiveMatch:
    """A match held in memory: its row, its game (the replay of its decisions) and the
    recent events each seat may see."""

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    ruleset: str
    seed: int
    mode: str
    players: tuple[int | None, int | None]  # user ids; None is the AI
    decks: tuple[AnyDeck, AnyDeck]
    status: str
    record: GameRecord[AnyDeck]
    # The game of its ruleset's family (`family`): a FamilyGame. Typed Any because Panini's
    # code and tests reach into Panini's Game; family-neutral code goes through `family`.
    game: Any
    decision_since: float
    epoch: int = 0  # which branch of the decision log is the game (a rollback starts one)
    paused: bool = False  # a dispute stops the play and the timer until a judge resumes
    winner: int | None = None  # as stored: a judge's award or draw is not an engine win
    win_reason: str | None = None
    reminded: bool = False
    timeouts: list[int] = field(default_factory=lambda: [0, 0])
    public_log: list[Event] = field(default_factory=list)
    private_log: tuple[list[Event], list[Event]] = field(default_factory=lambda: ([], []))
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # Replaced by a fresh copy (the database was restored under it): never act on it.
    retired: bool = False

    @property
    def active(self) -> bool:
        return self.status == "active"

    @property
    def ranked(self) -> bool:
        return self.mode == "ranked"

    @property
    def family(self) -> MatchFamily:
        return match_family(self.ruleset)

    def seat_of(self, user_id: int) -> int | None:
        for seat, player in enumerate(self.players):
            if player is not None and player == user_id:
                return seat
        return None

    @property
    def pending(self) -> Decision | None:
        pending: Decision | None = self.game.pending
        return pending

    def record_events(self, events: Sequence[Event]) -> None:
        for event in events:
            if event.private_to is None:
                self.public_log.append(event)
            else:
                self.private_log[event.private_to].append(event)
        del self.public_log[:-RECENT_EVENTS]
        for seat_log in self.private_log:
            del seat_log[:-RECENT_EVENTS]


class MatchService:
    def __init__(
        self,
        db: Database,
        pool: CardPool | Pools,
        notifier: Notifier | None = None,
        clock: Callable[[], float] = time.time,
        decision_timeout: float = 600.0,
        score_pools: ScorePools = sandbox_everywhere,
        primetime_pools: PrimeTimePools = sample_everywhere,
    ) -> None:
        self.db = db
        self.pools = pools_of(pool)  # each server's cards: a match is read with its own
        self.cards = CardSources(self.pools, score_pools, primetime_pools)
        self.notifier: Notifier = notifier or NullNotifier()
        self.clock = clock
        self.default_timeout = decision_timeout
        # Where a new match's shuffle comes from (tests fix it so a test plays one game).
        self.new_seed: Callable[[], int] = lambda: secrets.randbelow(2**53)
        self._live: dict[int, LiveMatch] = {}
        self._loading = asyncio.Lock()
        # Which servers' matches this process resumes and times (its shards; bot/app.py).
        self.owns: Callable[[int], bool] = lambda guild_id: True
        # Called once when a match ends (after the commit): the league rates it.
        self.finish_listeners: list[Callable[[LiveMatch], Awaitable[None]]] = []
        # Asked before a rollback reopens an ended match: each may refuse (ValueError) or
        # give what must change with it, in the same transaction (an event's table).
        self.reopen_checks: list[Callable[[LiveMatch], Awaitable[Sequence[Statement]]]] = []

    # --- creating and loading -----------------------------------------------------------------
    async def create(self, **new: Unpack[NewMatch]) -> LiveMatch:
        """Store a new match and start it; PlayerBusy if a player already plays one."""
        async with self.db.write() as conn:
            match_id = await self.insert(conn, **new)
        return await self.begin(match_id)

    async def insert(self, conn: Connection, **new: Unpack[NewMatch]) -> int:
        """Insert a match row inside the caller's write transaction (so pairing from the
        queue or accepting a challenge commits with it, or not at all); then `begin` it.
        The database refuses a player who already plays a live match: PlayerBusy."""
        mode, players, decks = new["mode"], new["players"], new["decks"]
        deck_versions = new["deck_versions"]
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}")
        seed = new.get("seed")
        seed = self.new_seed() if seed is None else seed
        now = self.clock()
        try:
            cursor = await conn.execute(
                "INSERT INTO matches (guild_id, channel_id, ruleset, seed, mode, player0_id,"
                " player1_id, deck0_version_id, deck1_version_id, decks_json, created_at,"
                " decision_since) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    new["guild_id"],
                    new["channel_id"],
                    new["ruleset"],
                    seed,
                    mode,
                    players[0],
                    players[1],
                    deck_versions[0],
                    deck_versions[1],
                    json.dumps([json.loads(deck_to_json(deck)) for deck in decks]),
                    now,
                    now,
                ),
            )
        except sqlite3.IntegrityError as exc:
            if is_busy(exc):
                raise PlayerBusy(players) from None
            raise
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def begin(self, match_id: int) -> LiveMatch:
        """A match just committed: load it and let the AI make its first moves."""
        match = await self.get(match_id)
        async with self._locked(match) as match:
            await self._play_ai(match)
        return match

    async def get(self, match_id: int) -> LiveMatch:
        """The live match, replayed from the database the first time it is asked for."""
        match = self._live.get(match_id)
        if match is not None and not await self._changed_elsewhere(match):
            return match
        async with self._loading:
            match = self._live.get(match_id)
            if match is None:
                match = await self._load(match_id)
                self._live[match_id] = match
            return match

    @asynccontextmanager
    async def _locked(self, match: LiveMatch) -> AsyncIterator[LiveMatch]:
        """Hold the match's lock. If a restore replaced the match while this waited, hold
        the fresh copy instead (LookupError if the restored database does not have it), so
        nothing is ever decided on a game the database no longer holds."""
        while True:
            async with match.lock:
                if not match.retired and not await self._changed_elsewhere(match):
                    yield match
                    return
            match = await self.get(match.id)

    async def _changed_elsewhere(self, match: LiveMatch) -> bool:
        """With a database other bot processes write too (PostgreSQL), whether the stored
        match moved on from this copy; it is then retired and replayed afresh. Its row
        version is (epoch, decisions stored, status, paused); a change racing this check
        still fails inside the transaction (match_decisions' key) and reloads."""
        if not self.db.shared:
            return False
        row = await self.db.fetchone(
            "SELECT epoch, status, paused, (SELECT COUNT(*) FROM match_decisions d"
            " WHERE d.match_id=m.id AND d.epoch=m.epoch) FROM matches m WHERE id=?",
            (match.id,))
        if row is not None and (row[0], row[1], bool(row[2]), row[3]) == (
                match.epoch, match.status, match.paused, len(match.record.decisions)):
            return False
        match.retired = True
        if self._live.get(match.id) is match:
            del self._live[match.id]
        return True

    @asynccontextmanager
    async def held_still(self) -> AsyncIterator[list[LiveMatch]]:
        """Stop every match (none loads, none decides) for a restore; yields the matches in
        memory, then retires them all: each is replayed from the database when next asked
        for."""
        async with self._loading:
            held: list[LiveMatch] = []
            try:
                for match in sorted(self._live.values(), key=lambda live: live.id):
                    await match.lock.acquire()
                    held.append(match)
                yield list(held)
                for match in held:
                    match.retired = True
                self._live.clear()
            finally:
                for match in held:
                    match.lock.release()

    async def find(self, match_id: int) -> LiveMatch | None:
        try:
            return await self.get(match_id)
        except LookupError:
            return None

    async def _load(self, match_id: int) -> LiveMatch:
        if not 0 < match_id < 2**63:  # an id no row can have (e.g. a forged custom_id)
            raise LookupError(f"no match #{match_id}")
        row = await self.db.fetchone("SELECT * FROM matches WHERE id=?", (match_id,))
        if row is None:
            raise LookupError(f"no match #{match_id}")
        answers = await self.db.fetchall(
            "SELECT player, option FROM match_decisions WHERE match_id=? AND epoch=?"
            " ORDER BY seq",
            (match_id, row["epoch"]),
        )
        decks_data = json.loads(row["decks_json"])
        decks = (
            deck_from_json(json.dumps(decks_data[0])),
            deck_from_json(json.dumps(decks_data[1])),
        )
        record: GameRecord[AnyDeck] = GameRecord(row["ruleset"], row["seed"], decks)
        family = match_family(row["ruleset"])
        game = family.new_game(decks, row["seed"], row["ruleset"], self.cards, row["guild_id"])
        match = LiveMatch(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            thread_id=row["thread_id"],
            ruleset=row["ruleset"],
            seed=row["seed"],
            mode=row["mode"],
            players=(row["player0_id"], row["player1_id"]),
            decks=decks,
            status=row["status"],
            record=record,
            game=game,
            decision_since=row["decision_since"],
            epoch=row["epoch"],
            paused=bool(row["paused"]),
            winner=row["winner"],
            win_reason=row["win_reason"],
            reminded=bool(row["reminded"]),
            timeouts=[row["timeouts0"], row["timeouts1"]],
        )
        match.record_events(game.events)
        for number, (player, option) in enumerate(answers, start=1):
            answer = Answer(player, option)
            outcome = family.apply(game, answer)
            if not outcome.ok:  # the engine changed under a stored match: say so loudly
                raise RuntimeError(f"match #{match_id}: decision {number} no longer replays: "
                                   f"{outcome.reason}")
            record.decisions.append(answer)
            match.record_events(outcome.events)
        return match

    async def active_ids(self) -> list[int]:
        """The unfinished matches of the servers this process serves (`owns`)."""
        rows = await self.db.fetchall(
            "SELECT id, guild_id FROM matches WHERE status='active' ORDER BY id")
        return [row[0] for row in rows if self.owns(row[1])]

    async def load_unfinished(self) -> list[LiveMatch]:
        """Replay every unfinished match (at start-up)."""
        return [await self.get(match_id) for match_id in await self.active_ids()]

    async def set_thread(self, match_id: int, thread_id: int) -> None:
        async with self.db.write() as conn:
            await conn.execute("UPDATE matches SET thread_id=? WHERE id=?", (thread_id, match_id))
        match = self._live.get(match_id)
        if match is not None:
            match.thread_id = thread_id

    async def match_in_thread(self, thread_id: int) -> LiveMatch | None:
        row = await self.db.fetchone(
            "SELECT id FROM matches WHERE thread_id=? ORDER BY id DESC LIMIT 1", (thread_id,)
        )
        return await self.get(row[0]) if row else None

    async def active_match_of(self, user_id: int) -> LiveMatch | None:
        row = await self.db.fetchone(
            "SELECT id FROM matches WHERE status='active' AND (player0_id=? OR player1_id=?)"
            " ORDER BY id DESC LIMIT 1",
            (user_id, user_id),
        )
        return await self.get(row[0]) if row else None

    # --- answering ---------------------------------------------------------------------------
    async def decide(self, match_id: int, user_id: int, seq: int, choice: int | str,
                     token: str | None = None) -> Result:
        """`user_id` picks option number `choice` of decision `seq` (a component also names
        the decision's `token`), or answers it with an option id the family accepts beyond
        the listed ones (a Prime Time point "at:x,y"). Anything but a legal answer to the
        pending decision is refused with a reason and changes nothing."""
        match = await self.find(match_id)
        if match is None:
            return Result(False, "That match no longer exists.")
        async with self._locked(match) as match:
            seat, refusal = self._player_in_play(match, user_id)
            if refusal is not None:
                return refusal
            decision = match.pending
            if decision is None:  # cannot happen while active; be safe anyway
                return Result(False, "No decision is pending.")
            if seq != decision.seq or (token is not None and token != decision_token(match)):
                return Result(False, STALE)
            if decision.player != seat:
                return Result(False, f"Not your decision: {self._name(match, decision.player)}"
                                     " decides now.")
            if isinstance(choice, str):  # tried on a copy: a refusal names the reason
                tried = match.family.apply(match.family.copy(match.game),
                                           Answer(seat, choice))
                if not tried.ok:
                    return Result(False, f"That is not a legal answer: {tried.reason}. "
                                         "Nothing changed.")
                option = Option(choice, choice)
            elif not 0 <= choice < len(decision.options):
                return Result(False, "That option does not exist for this decision.")
            else:
                option = decision.options[choice]
            ok = await self._commit(match, [Answer(seat, option.id)], user_id, "player")
            if not ok:
                return Result(False, "Something went wrong saving that; nothing changed. "
                                     "Please try again.")
            match.timeouts[seat] = 0
            await self._play_ai(match)
        await self._tell(match)
        disputed = decision.kind == "manual_confirm" and option.id == "dispute"
        return Result(True, option.label, disputed=disputed)

    @staticmethod
    def _player_in_play(match: LiveMatch, user_id: int) -> tuple[int, Result | None]:
        """The user's seat, or why they cannot act in this match now."""
        seat = match.seat_of(user_id)
        if seat is None:
            return -1, Result(False, "You are not playing in this match; you can watch it.")
        if not match.active:
            return seat, Result(False, "This match is over; nothing more can be played in it.")
        if match.paused:
            return seat, Result(False, "This match is paused while a judge looks at a "
                                       "dispute; nothing changed. A judge will resume it.")
        return seat, None

    async def concede(self, match_id: int, user_id: int) -> Result:
        match = await self.find(match_id)
        if match is None:
            return Result(False, "That match no longer exists.")
        async with self._locked(match) as match:
            seat = match.seat_of(user_id)
            if seat is None:
                return Result(False, "Only a player of this match can concede it.")
            if not match.active:
                return Result(False, "This match is already over.")
            if not await self._commit(match, [Answer(seat, "@concede")], user_id, "player"):
                return Result(False, "Something went wrong saving that; nothing changed: "
                                     "the match goes on. Please try again.")
        await self._tell(match)
        return Result(True, "You conceded.")

    async def _commit(
        self, match: LiveMatch, answers: list[Answer], actor_id: int | None, source: str,
        also: Sequence[Statement] = (),
    ) -> bool:
        """Apply answers to a copy of the game and store them in one transaction (with
        `also`, e.g. the judges' audit entry); only then does the copy become the match's
        game. A board drawn meanwhile (the notifier reads memory) shows nothing unstored."""
        game = match.family.copy(match.game)
        applied: list[tuple[int, Answer]] = []
        events: list[Event] = []
        for answer in answers:
            seq = len(match.record.decisions) + len(applied)
            outcome = match.family.apply(game, answer)
            if not outcome.ok:
                log.error("match #%s: engine refused %s: %s", match.id, answer, outcome.reason)
                break
            applied.append((seq, answer))
            events.extend(outcome.events)
        if not applied:
            return False
        now = self.clock()
        winner, win_reason = match.family.result(game)
        try:
            await self.db.batch([
                (
                    "INSERT INTO match_decisions (match_id, epoch, seq, player, option,"
                    " actor_id, source, created_at) VALUES (?,?,?,?,?,?,?,?)",
                    [
                        (match.id, match.epoch, seq, a.player, a.option, actor_id, source, now)
                        for seq, a in applied
                    ],
                ),
                (
                    "UPDATE matches SET status=?, winner=?, win_reason=?, finished_at=?,"
                    " decision_since=?, reminded=0, timeouts0=?, timeouts1=? WHERE id=?",
                    [(
                        "finished" if game.over else "active",
                        winner,
                        win_reason,
                        now if game.over else None,
                        now,
                        match.timeouts[0],
                        match.timeouts[1],
                        match.id,
                    )],
                ),
                *also,
            ])
        except Exception:
            # Not applied in memory either; but a racing process may have stored one first
            # (PostgreSQL): take what the database holds.
            log.exception("match #%s: could not store a decision; reloading it", match.id)
            fresh = await self._load(match.id)
            match.game, match.record, match.status = fresh.game, fresh.record, fresh.status
            match.winner, match.win_reason = fresh.winner, fresh.win_reason
            match.public_log, match.private_log = fresh.public_log, fresh.private_log
            return False
        match.game = game
        match.record.decisions.extend(answer for _, answer in applied)
        match.record_events(events)
        match.status = "finished" if game.over else "active"
        match.winner, match.win_reason = winner, win_reason
        match.decision_since = now
        match.reminded = False
        return True

    async def _play_ai(self, match: LiveMatch) -> None:
        """Let the built-in AI answer every decision that is its own (practice matches)."""
        while match.active:
            decision = match.pending
            if decision is None or match.players[decision.player] is not AI:
                return
            choice = match.family.ai_answer(match.game, decision)
            if not await self._commit(match, [Answer(decision.player, choice)], None, "ai"):
                return

    async def resolve_by_hand(
        self, match_id: int, user_id: int, seq: int, target: int, change: dict[str, Any]
    ) -> Result:
        """A correction a player makes while resolving their own card by hand (the pending
        decision is theirs and of kind "manual"); recorded and replayed like an answer."""
        match = await self.find(match_id)
        if match is None:
            return Result(False, "That match no longer exists.")
        async with self._locked(match) as match:
            seat, refusal = self._player_in_play(match, user_id)
            if refusal is not None:
                return refusal
            decision = match.pending
            if decision is None or decision.player != seat:
                return Result(False, "You can make changes by hand only when the game waits "
                                     "for you.")
            if not match.family.changes_by_hand:
                return Result(False, f"Changes by hand are not offered in {match.ruleset} "
                                     "matches yet; nothing changed.")
            if decision.kind != "manual":
                # Lasting text of a card in play the engine cannot read, applied when it
                # matters; the change names the card and the opponent may /dispute it.
                standing = match.family.standing_by_hand(match.game, seat)
                per = str(change.get("per") or "")
                if per.casefold() not in {name.casefold() for name in standing}:
                    cards = ", ".join(standing) or "none"
                    return Result(False, "Outside resolving a card the game asked you to, "
                                         "name the card in play whose text you apply (per:); "
                                         f"yours that need it: {cards}.")
            if seq != decision.seq:
                return Result(False, "That belongs to an earlier decision; nothing changed.")
            if change.get("kind") not in MANUAL_PALETTE:
                return Result(False, f"By hand you can change: {', '.join(MANUAL_PALETTE)}.")
            answer = Answer(target, encode_adjustment({**change, "by": "player"}))
            result = await self._commit_change(match, answer, user_id, "player", "change")
        if result.ok:
            await self._tell(match)
        return result

    # --- judges ---
    async def set_paused(self, match_id: int, paused: bool, also: Sequence[Statement] = ()
                         ) -> LiveMatch:
        """Pause (a dispute) or resume the match; `also` commits in the same transaction."""
        match = await self.get(match_id)
        async with self._locked(match) as match:
            now = self.clock()
            async with self.db.write() as conn:
                # Resuming restarts the clock: the pause is not the player's time.
                await conn.execute(
                    "UPDATE matches SET paused=?, decision_since=?, reminded=0 WHERE id=?",
                    (int(paused), now, match_id),
                )
                await execute_all(conn, also)
            match.paused, match.decision_since, match.reminded = paused, now, False
        await self._tell(match, was_active=False)
        return match

    async def correct(self, match_id: int, judge_id: int, seat: int, change: dict[str, Any],
                      also: Sequence[Statement] = ()) -> Result:
        """A judge's correction, tried on a copy first so a refused one stores nothing."""
        match = await self.get(match_id)
        async with self._locked(match) as match:
            if not match.active:
                return Result(False, "The match is over; roll it back first to correct it.")
            if not match.family.changes_by_hand:
                return Result(False, f"Corrections are not offered in {match.ruleset} "
                                     "matches yet; roll the match back instead.")
            answer = Answer(seat, encode_adjustment(change))
            result = await self._commit_change(match, answer, judge_id, "judge", "correction",
                                               also)
        if result.ok:
            await self._tell(match)
        return result

    async def _commit_change(self, match: LiveMatch, answer: Answer, actor_id: int,
                             source: str, what: str, also: Sequence[Statement] = ()
                             ) -> Result:
        """A change made by hand (`@adjust`), tried on a copy first so a refused one stores
        nothing; the caller holds the match's lock. The result says what changed."""
        outcome = match.family.apply(match.family.copy(match.game), answer)
        if not outcome.ok:
            return Result(False, f"That {what} cannot be made: {outcome.reason}.")
        if not await self._commit(match, [answer], actor_id, source, also):
            return Result(False, "Something went wrong saving that; nothing changed.")
        return Result(True, outcome.events[0].text if outcome.events else f"{what} made")

    async def rollback(self, match_id: int, to: int, also: Sequence[Statement] = ()
                       ) -> list[Answer]:
        """Continue from the state after decision `to` (0: the start): a new branch of the
        decision log holds the first `to` answers; the old branch stays stored. Returns the
        answers undone."""
        match = await self.get(match_id)
        async with self._locked(match) as match:
            count = len(match.record.decisions)
            if not 0 <= to < count:
                raise ValueError(f"choose a decision from 0 to {count - 1} (the match has "
                                 f"{count} decisions)")
            undone = match.record.decisions[to:]
            if not match.active:
                for check in self.reopen_checks:
                    also = [*also, *await check(match)]
            epoch, now = match.epoch + 1, self.clock()
            try:
                async with self.db.write() as conn:
                    await conn.execute(
                        "INSERT INTO match_decisions (match_id, epoch, seq, player, option,"
                        " actor_id, source, created_at) SELECT match_id, ?, seq, player,"
                        " option, actor_id, source, created_at FROM match_decisions"
                        " WHERE match_id=? AND epoch=? AND seq<?",
                        (epoch, match_id, match.epoch, to),
                    )
                    await conn.execute(
                        "UPDATE matches SET epoch=?, status='active', winner=NULL,"
                        " win_reason=NULL, finished_at=NULL, decision_since=?, reminded=0"
                        " WHERE id=?",
                        (epoch, now, match_id),
                    )
                    await execute_all(conn, also)
            except sqlite3.IntegrityError as exc:
                if not is_busy(exc):
                    raise
                raise ValueError("a player of this match plays another match now, and "
                                 "nobody plays two at once; roll it back when that one "
                                 "ends") from None
            fresh = await self._load(match_id)
            match.game, match.record, match.epoch = fresh.game, fresh.record, fresh.epoch
            match.status, match.winner, match.win_reason = "active", None, None
            match.public_log, match.private_log = fresh.public_log, fresh.private_log
            match.decision_since, match.reminded = now, False
        await self._tell(match, was_active=False)
        return undone

    async def settle(self, match_id: int, status: str, winner: int | None, reason: str,
                     also: Sequence[Statement] = ()) -> None:
        """End a match by a judge's ruling: an award ("finished" with a winner), a draw
        ("finished", no winner) or "void" (it never counts); `also` commits with it."""
        match = await self.get(match_id)
        was_active = match.active
        async with self._locked(match) as match:
            now = self.clock()
            async with self.db.write() as conn:
                await conn.execute(
                    "UPDATE matches SET status=?, winner=?, win_reason=?, finished_at=?,"
                    " paused=0 WHERE id=?",
                    (status, winner, reason, now, match_id),
                )
                await execute_all(conn, also)
            match.status, match.winner, match.win_reason = status, winner, reason
            match.paused = False
        if status == "finished":
            await self._tell(match, was_active=True)
        else:
            await self._tell(match, was_active=was_active and status != "void")

    # --- the decision timer ------------------------------------------------------------------
    async def timeout_for(self, guild_id: int) -> float:
        row = await self.db.fetchone(
            "SELECT decision_timeout_s FROM guild_config WHERE guild_id=?", (guild_id,)
        )
        if row is not None and row[0]:
            return float(row[0])
        return self.default_timeout

    async def check_timers(self) -> None:
        """Remind at half time; at the limit apply the rulebook's default for the pending
        decision; after MAX_TIMEOUTS timeouts in a row the player forfeits."""
        for match_id in await self.active_ids():
            match = await self.get(match_id)
            try:
                await self._check_timer(match)
            except Exception:
                log.exception("match #%s: the decision timer failed", match_id)

    async def _check_timer(self, match: LiveMatch) -> None:
        limit = await self.timeout_for(match.guild_id)
        remind: tuple[int, float] | None = None
        changed = False
        async with self._locked(match) as match:
            decision = match.pending
            if not match.active or match.paused or decision is None:
                return
            seat = decision.player
            user = match.players[seat]
            if user is AI:
                return
            elapsed = self.clock() - match.decision_since
            if elapsed >= limit:
                match.timeouts[seat] += 1
                if match.timeouts[seat] >= MAX_TIMEOUTS:
                    answer = Answer(seat, "@forfeit")
                else:
                    answer = Answer(seat, default_option(decision))
                changed = await self._commit(match, [answer], None, "timeout")
                if not changed:
                    match.timeouts[seat] -= 1
                await self._play_ai(match)
            elif elapsed >= limit / 2 and not match.reminded:
                match.reminded = True
                async with self.db.write() as conn:
                    await conn.execute("UPDATE matches SET reminded=1 WHERE id=?", (match.id,))
                remind = (seat, limit - elapsed)
        if changed:
            await self._tell(match)
        if remind is not None:
            try:
                await self.notifier.remind(match, *remind)
            except Exception:
                log.exception("match #%s: reminder failed", match.id)

    # --- telling -----------------------------------------------------------------------------
    async def _tell(self, match: LiveMatch, was_active: bool = True) -> None:
        """Notify after a commit. A failed message never undoes the committed decision."""
        if was_active and not match.active:
            await self.finished(match)
        try:
            await self.notifier.match_changed(match)
        except Exception:
            log.exception("match #%s: notifying failed (the decision is saved)", match.id)

    async def finished(self, match: LiveMatch) -> None:
        for listener in self.finish_listeners:
            try:
                await listener(match)
            except Exception:
                log.exception("match #%s: a finish listener failed", match.id)

    def _name(self, match: LiveMatch, seat: int) -> str:
        user = match.players[seat]
        return "the AI" if user is AI else f"<@{user}>"

    def forget(self, match_id: int) -> None:
        """Drop a match from memory (it is replayed from storage when next needed)."""
        self._live.pop(match_id, None)


# The answer a player who runs out of time gives: the rulebook's "do nothing" where
# there is one (pass, do not defend, take the damage, keep, skip, leave a "You may"
# unused), else the last option of a discard (the newest card), else the first option.
# "take": a Score player leaves Endurance unused (ruling 340; no Panini option is "take").
# "end", "stay": a Prime Time model ends its activation, stays put (PT-63; no card game
# option has these ids).
DEFAULT_ORDER = ("pass", "none", "done", "skip", "decline", "no", "discard", "mp", "take",
                 "end", "stay")


def default_option(decision: Decision) -> str:
    ids = [option.id for option in decision.options]
    for wanted in DEFAULT_ORDER:
        if wanted in ids:
            return wanted
    if decision.kind == "discard":
        return ids[-1]
    return ids[0]


async def execute_all(conn: Connection, statements: Sequence[Statement]) -> None:
    """Run statements in the caller's transaction (each with its rows of parameters)."""
    for sql, rows in statements:
        await conn.executemany(sql, rows)


def row_players(row: Row) -> tuple[int | None, int | None]:
    return row["player0_id"], row["player1_id"]
