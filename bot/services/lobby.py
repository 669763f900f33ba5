"""Finding opponents: the queue (pairs two waiting players of the same server, ruleset and
mode) and challenges (one player asks another; Accept or Decline before it expires)."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass

from bot.db import Database
from bot.services.cardsets import CardSetService
from bot.services.decks import DeckError, DeckService, DeckVersion, cards_not_enabled
from bot.services.families import AnyDeck, playable_rulesets
from bot.services.matches import LiveMatch, MatchService, PlayerBusy, is_busy

CHALLENGE_SECONDS = 15 * 60


class LobbyError(ValueError):
    """A queue or challenge request that cannot be done; the message is for the player."""


@dataclass(frozen=True)
class Challenge:
    id: int
    guild_id: int
    channel_id: int
    challenger_id: int
    challenged_id: int
    ruleset: str
    mode: str
    deck_version_id: int
    status: str
    expires_at: float


@dataclass(frozen=True)
class QueueResult:
    match: LiveMatch | None  # None: waiting for an opponent
    waiting: int = 0  # players waiting, this one included


class LobbyService:
    def __init__(
        self,
        db: Database,
        decks: DeckService,
        matches: MatchService,
        clock: Callable[[], float] = time.time,
        cardsets: CardSetService | None = None,
    ) -> None:
        self.db = db
        self.decks = decks
        self.matches = matches
        self.clock = clock
        self.cardsets = cardsets  # None: every card in the pool may be played anywhere

    async def playable_deck(
        self, user_id: int, deck_name: str, ruleset: str, guild_id: int | None = None
    ) -> DeckVersion:
        """The user's deck, if legal under `ruleset` and, in a server (`guild_id`), made
        only of cards that server enables for that ruleset."""
        if ruleset not in playable_rulesets():
            raise LobbyError(f"Unknown ruleset {ruleset!r}; choose one of "
                             f"{', '.join(playable_rulesets())}.")
        try:
            deck = await self.decks.latest(user_id, deck_name, guild_id)
        except DeckError as exc:
            raise LobbyError(str(exc)) from None
        if ruleset not in deck.problems:  # a deck of another game family
            raise LobbyError(
                f"Your deck {deck.name!r} is not legal under {ruleset}: it is a deck for "
                f"{', '.join(deck.problems)}. Pick or register a deck for {ruleset}.")
        problems = deck.problems[ruleset]
        if problems:
            reasons = "\n".join(f"- {problem.message}" for problem in problems[:8])
            raise LobbyError(
                f"Your deck {deck.name!r} is not legal under {ruleset}:\n{reasons}\n"
                "Fix it with /deck register (same name) and try again."
            )
        # either family: the server's built-in cards and the sets it enables for `ruleset`
        if self.cardsets is not None and guild_id is not None:
            enabled = await self.cardsets.enabled_names(guild_id, ruleset)
            missing = cards_not_enabled(deck.deck, enabled)
            if missing:
                raise LobbyError(
                    f"Your deck {deck.name!r} uses cards this server does not enable for "
                    f"{ruleset}: {', '.join(missing)}. A server admin can enable their set "
                    "with /cards enable, or pick another deck."
                )
        return deck

    async def ensure_free(self, user_id: int, who: str = "You") -> None:
        """A friendly early refusal; the database itself holds the rule (PlayerBusy)."""
        match = await self.matches.active_match_of(user_id)
        if match is not None:
            raise self._playing(match, who)

    @staticmethod
    def _playing(match: LiveMatch, who: str) -> LobbyError:
        where = f" in <#{match.thread_id}>" if match.thread_id else ""
        verb = "are" if who == "You" else "is"
        return LobbyError(f"{who} {verb} already playing match #{match.id}{where}; "
                          "a player plays one match at a time.")

    async def _busy(self, players: tuple[int | None, int | None], me: int) -> LobbyError:
        """Why a match could not start: which of its players is already playing."""
        for user in sorted((p for p in players if p is not None), key=lambda p: p != me):
            match = await self.matches.active_match_of(user)
            if match is not None:
                return self._playing(match, "You" if user == me else f"<@{user}>")
        return LobbyError("A player of this match just started another one; nothing changed.")

    # --- the queue -----------------------------------------------------------------------------
    async def join(
        self,
        *,
        guild_id: int,
        channel_id: int,
        user_id: int,
        ruleset: str,
        mode: str,
        deck_name: str,
    ) -> QueueResult:
        """Wait in this server's queue, or be paired with the player waiting longest for the
        same ruleset and mode. The pairing and the match commit in one transaction."""
        await self.ensure_free(user_id)
        deck = await self.playable_deck(user_id, deck_name, ruleset, guild_id)
        try:
            async with self.db.write() as conn:
                cursor = await conn.execute(
                    "SELECT ruleset, mode FROM queue WHERE guild_id=? AND user_id=?",
                    (guild_id, user_id))
                existing = await cursor.fetchone()
                if existing is not None:
                    raise LobbyError(
                        f"You are already in the queue ({existing[0]}, {existing[1]}). "
                        "Use /play leave to leave it first.")
                cursor = await conn.execute(
                    "SELECT user_id, deck_version_id FROM queue WHERE guild_id=? AND ruleset=?"
                    " AND mode=? AND user_id!=? ORDER BY joined_at LIMIT 1",
                    (guild_id, ruleset, mode, user_id),
                )
                opponent = await cursor.fetchone()
                if opponent is None:
                    await conn.execute(
                        "INSERT INTO queue (guild_id, user_id, channel_id, ruleset, mode,"
                        " deck_version_id, joined_at) VALUES (?,?,?,?,?,?,?)",
                        (guild_id, user_id, channel_id, ruleset, mode, deck.version_id,
                         self.clock()),
                    )
                    return QueueResult(None, waiting=1)
                other = await self.decks.version(opponent[1], guild_id)
                # Inserting the match clears both players' queue entries (migration 4).
                match_id = await self.matches.insert(
                    conn,
                    guild_id=guild_id,
                    channel_id=channel_id,
                    mode=mode,
                    ruleset=ruleset,
                    players=(opponent[0], user_id),
                    decks=(other.deck, deck.deck),
                    deck_versions=(other.version_id, deck.version_id),
                )
        except PlayerBusy as exc:
            raise await self._busy(exc.players, user_id) from None
        except sqlite3.IntegrityError as exc:
            if not is_busy(exc):  # the queue refuses a player who is playing
                raise
            raise await self._busy((user_id, None), user_id) from None
        return QueueResult(await self.matches.begin(match_id))

    async def practice(self, *, guild_id: int, channel_id: int, user_id: int,
                       deck_name: str, ruleset: str, ai_deck: AnyDeck) -> LiveMatch:
        """A practice match against the built-in AI."""
        await self.ensure_free(user_id)
        mine = await self.playable_deck(user_id, deck_name, ruleset, guild_id)
        try:
            return await self.matches.create(
                guild_id=guild_id, channel_id=channel_id, mode="practice", ruleset=ruleset,
                players=(user_id, None), decks=(mine.deck, ai_deck),
                deck_versions=(mine.version_id, None))
        except PlayerBusy as exc:
            raise await self._busy(exc.players, user_id) from None

    async def leave(self, guild_id: int, user_id: int) -> bool:
        async with self.db.write() as conn:
            cursor = await conn.execute(
                "DELETE FROM queue WHERE guild_id=? AND user_id=?", (guild_id, user_id)
            )
            return cursor.rowcount > 0

    # --- challenges ----------------------------------------------------------------------------
    async def challenge(
        self,
        *,
        guild_id: int,
        channel_id: int,
        challenger_id: int,
        challenged_id: int,
        ruleset: str,
        mode: str,
        deck_name: str,
    ) -> Challenge:
        if challenger_id == challenged_id:
            raise LobbyError("You cannot challenge yourself. Try /play practice against the AI.")
        await self.ensure_free(challenger_id)
        await self.ensure_free(challenged_id, who=f"<@{challenged_id}>")
        deck = await self.playable_deck(challenger_id, deck_name, ruleset, guild_id)
        now = self.clock()
        async with self.db.write() as conn:
            cursor = await conn.execute(
                "INSERT INTO challenges (guild_id, channel_id, challenger_id, challenged_id,"
                " ruleset, mode, deck_version_id, created_at, expires_at)"
                " VALUES (?,?,?,?,?,?,?,?,?)",
                (
                    guild_id,
                    channel_id,
                    challenger_id,
                    challenged_id,
                    ruleset,
                    mode,
                    deck.version_id,
                    now,
                    now + CHALLENGE_SECONDS,
                ),
            )
            challenge_id = cursor.lastrowid
        assert challenge_id is not None
        return await self.get_challenge(challenge_id)

    async def get_challenge(self, challenge_id: int) -> Challenge:
        row = await self.db.fetchone(
            "SELECT id, guild_id, channel_id, challenger_id, challenged_id, ruleset, mode,"
            " deck_version_id, status, expires_at FROM challenges WHERE id=?",
            (challenge_id,),
        )
        if row is None:
            raise LobbyError("That challenge no longer exists.")
        return Challenge(*row)

    async def _close(self, challenge: Challenge, status: str) -> bool:
        async with self.db.write() as conn:
            cursor = await conn.execute(
                "UPDATE challenges SET status=? WHERE id=? AND status='open'",
                (status, challenge.id),
            )
            return cursor.rowcount > 0

    async def open_for(self, challenge_id: int, user_id: int) -> Challenge:
        challenge = await self.get_challenge(challenge_id)
        if user_id != challenge.challenged_id:
            if user_id == challenge.challenger_id:
                raise LobbyError("This is your own challenge; wait for your opponent to answer.")
            raise LobbyError("This challenge is not addressed to you.")
        if challenge.status != "open":
            raise LobbyError(f"This challenge is already {challenge.status}.")
        if self.clock() >= challenge.expires_at:
            await self._close(challenge, "expired")
            raise LobbyError("This challenge has expired. Ask for a new one.")
        return challenge

    async def decline(self, challenge_id: int, user_id: int) -> Challenge:
        challenge = await self.open_for(challenge_id, user_id)
        if not await self._close(challenge, "declined"):
            raise LobbyError("This challenge was already answered.")
        return challenge

    async def legal_decks(self, user_id: int, ruleset: str, guild_id: int | None = None
                          ) -> list[DeckVersion]:
        """The user's decks legal under `ruleset`, read with the cards of `guild_id`."""
        return [d for d in await self.decks.owned(user_id, guild_id) if d.legal_under(ruleset)]

    async def accept(self, challenge_id: int, user_id: int, deck_name: str) -> LiveMatch:
        """Accept an open challenge: closing it and starting the match commit together, so
        a refused start leaves the challenge open."""
        challenge = await self.open_for(challenge_id, user_id)
        await self.ensure_free(user_id)
        await self.ensure_free(challenge.challenger_id, who=f"<@{challenge.challenger_id}>")
        deck = await self.playable_deck(user_id, deck_name, challenge.ruleset,
                                         challenge.guild_id)
        theirs = await self.decks.version(challenge.deck_version_id, challenge.guild_id)
        try:
            async with self.db.write() as conn:
                cursor = await conn.execute(
                    "UPDATE challenges SET status='accepted' WHERE id=? AND status='open'",
                    (challenge.id,))
                if cursor.rowcount == 0:
                    raise LobbyError("This challenge was already answered.")
                match_id = await self.matches.insert(
                    conn,
                    guild_id=challenge.guild_id,
                    channel_id=challenge.channel_id,
                    mode=challenge.mode,
                    ruleset=challenge.ruleset,
                    players=(challenge.challenger_id, user_id),
                    decks=(theirs.deck, deck.deck),
                    deck_versions=(theirs.version_id, deck.version_id),
                )
        except PlayerBusy as exc:
            raise await self._busy(exc.players, user_id) from None
        return await self.matches.begin(match_id)
