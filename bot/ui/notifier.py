"""Discord I/O for matches, always after the service has committed: the thread with its
board message (edited in place), each player's hand message in their DMs, pings, and the
result. Refreshes are coalesced per match and always show the newest state, so a burst of
decisions ends with the right board. A failed message never undoes anything: what Discord
refused to show is tried again, with growing pauses, until it is shown (a match must never
look stuck because Discord was failing for a while)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

from bot.services.matches import AI, LiveMatch
from bot.ui.board import HAND_FOOTER_END, seat_label
from bot.ui.items import hand_view, thread_view
from bot.ui.mentions import pinging
from bot.ui.names import seat_names
from bot.ui.presenters import BOARD_FILE, HAND_FILE, presenter
from bot.ui.rematch import ending_view

if TYPE_CHECKING:
    from bot.app import ScouterBot

log = logging.getLogger(__name__)

DM_CLOSED = 50007
UNKNOWN_MESSAGE = 10008


BACKOFF = (2.0, 300.0)  # seconds before the first retry of a failed refresh, and at most


class RefreshFailed(Exception):
    """Some of a refresh could not be shown; the rest was, and all of it is tried again."""


class DiscordNotifier:
    def __init__(self, bot: ScouterBot) -> None:
        self.bot = bot
        self.backoff = BACKOFF
        self._dirty: set[int] = set()
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._waiting: set[int] = set()  # matches whose refresh waits to be tried again
        self._progress = asyncio.Event()  # a worker started waiting, or finished
        self._pinged: dict[int, tuple[int, int]] = {}  # match -> (seq, user) last pinged
        self._opening: dict[int, asyncio.Lock] = {}  # match -> held while its thread opens
        # (match, kind) -> (message, digest of what it shows), as last shown in this run.
        self._shown: dict[tuple[int, str], tuple[int, bytes]] = {}

    # --- the service's Notifier protocol ---
    async def match_changed(self, match: LiveMatch) -> None:
        # Only the process serving the match's server shows it (others' edits could land
        # out of order); it hears of changes made elsewhere from the database (bot/app.py).
        if self.bot.owns_guild(match.guild_id):
            self.schedule(match.id)

    async def remind(self, match: LiveMatch, seat: int, seconds_left: float) -> None:
        thread = await self._thread(match)
        if thread is None:
            return
        minutes = max(1, round(seconds_left / 60))
        await thread.send(
            f"{seat_label(match, seat)}, your decision is waiting: about {minutes} minute(s) "
            "left before the rulebook's default is applied for you.",
            allowed_mentions=pinging([match.players[seat]]),
        )

    async def restored(self, before: list[tuple[int, int | None, int]]) -> None:
        """Tell each match thread that was live what a restore did to its match (match id,
        thread id, decisions made before the restore)."""
        for match_id, thread_id, made in before:
            match = await self.bot.matches.find(match_id)
            if match is None:
                text = ("The server's database was restored from a backup made before this "
                        "match began: it is no longer stored, and nothing more can be played "
                        "here.")
            else:
                now = len(match.record.decisions)
                if now == made:
                    continue
                text = (f"The server's database was restored from a backup: this match is "
                        f"back to decision {now} (it was at {made}); the moves after it were "
                        "undone. The board below is the restored one.")
                self.schedule(match_id)
            await self._say(thread_id, text)

    async def _say(self, thread_id: int | None, text: str) -> None:
        if thread_id is None:
            return
        try:
            channel = self.bot.get_channel(thread_id) or await self.bot.fetch_channel(thread_id)
            if isinstance(channel, discord.Thread):
                await channel.send(text)
        except discord.HTTPException:
            log.warning("could not post in thread %s", thread_id)

    # --- coalesced refreshes ---
    def schedule(self, match_id: int) -> None:
        self._dirty.add(match_id)
        worker = self._workers.get(match_id)
        if worker is None or worker.done():
            self._workers[match_id] = asyncio.create_task(self._work(match_id))

    async def _work(self, match_id: int) -> None:
        delay, longest = self.backoff
        try:
            while match_id in self._dirty:
                self._dirty.discard(match_id)
                try:
                    await self.refresh(match_id)
                except Exception as exc:
                    # Shown later, from the newest state: the refresh is idempotent.
                    log.warning("match #%s: Discord did not take its messages (%s); trying "
                                "again in %.0f s", match_id, _why(exc), delay)
                    self._dirty.add(match_id)
                    self._waiting.add(match_id)
                    self._progress.set()
                    try:
                        await asyncio.sleep(delay)
                    finally:
                        self._waiting.discard(match_id)
                    delay = min(delay * 2, longest)
                else:
                    delay = self.backoff[0]
        finally:
            self._progress.set()

    async def settle(self) -> None:
        """Wait until every scheduled refresh is done or waiting to be tried again (tests
        and shutdown)."""
        while True:
            busy = [worker for match_id, worker in self._workers.items()
                    if not worker.done() and match_id not in self._waiting]
            if not busy:
                return
            self._progress = asyncio.Event()
            progress = asyncio.create_task(self._progress.wait())
            try:
                await asyncio.wait([*busy, progress], return_when=asyncio.FIRST_COMPLETED)
            finally:
                progress.cancel()

    async def stop(self) -> None:
        """Give up the refreshes still waiting to be tried again (at shutdown: the next
        start shows every unfinished match anew)."""
        await self.settle()
        for worker in self._workers.values():
            worker.cancel()
        await asyncio.gather(*self._workers.values(), return_exceptions=True)

    # --- what a refresh does ---
    async def open_match(self, match: LiveMatch, channel: discord.TextChannel) -> discord.Thread:
        """Create the match's thread (private when the bot may) and remember it; its players,
        its first message and its board follow in the refresh (tried until shown). Opened
        once, even if the start of a match and the bot's start both ask."""
        lock = self._opening.setdefault(match.id, asyncio.Lock())
        try:
            async with lock:
                existing = await self._thread(match)
                if existing is not None:
                    return existing
                return await self._open(match, channel)
        finally:
            if not lock.locked():  # nobody else waits on it: do not keep one per match
                self._opening.pop(match.id, None)

    async def _open(self, match: LiveMatch, channel: discord.TextChannel) -> discord.Thread:
        names = await seat_names(self.bot, match)
        title = f"Match #{match.id}: {names[0]} vs {names[1]}"[:100]
        me = channel.guild.me
        private = channel.permissions_for(me).create_private_threads
        if private:
            thread = await channel.create_thread(
                name=title, type=discord.ChannelType.private_thread, invitable=False
            )
        else:
            thread = await channel.create_thread(
                name=title, type=discord.ChannelType.public_thread
            )
        await self.bot.matches.set_thread(match.id, thread.id)
        self.schedule(match.id)
        return thread

    async def refresh(self, match_id: int) -> None:
        """Show the match as it is now; every part is tried even if another fails, and
        RefreshFailed says that some part must be tried again."""
        try:
            match = await self.bot.matches.get(match_id)
        except LookupError:
            return  # no longer stored (a restore): nothing to show
        thread = await self._thread(match)
        if thread is None:
            return
        if thread.archived:  # a judge's ruling changed a finished match: show it
            await thread.edit(archived=False)
        await self._welcome(match, thread)
        parts: list[Callable[[], Awaitable[None]]] = [
            functools.partial(self._board, match, thread)]
        parts += [functools.partial(self._hand, match, seat, thread)
                  for seat in (0, 1) if match.players[seat] is not AI]
        parts.append(functools.partial(self._ping if match.active else self._finish,
                                       match, thread))
        failed = []
        for part in parts:
            try:
                await part()
            except (TimeoutError, discord.HTTPException, OSError) as exc:
                failed.append(exc)
        if failed:
            raise RefreshFailed("; ".join(_why(exc) for exc in failed))

    async def _welcome(self, match: LiveMatch, thread: discord.Thread) -> None:
        """Once per match: both players in the thread, and its first message (a match whose
        board is up, begun before this step existed, had them)."""
        store = self.bot.store
        if (await store.message(match.id, "welcome") is not None
                or await store.message(match.id, "board") is not None):
            return
        for user_id in match.players:
            if user_id is not None:
                await thread.add_user(discord.Object(id=user_id))
        players = " vs ".join(seat_label(match, seat) for seat in (0, 1))
        message = await thread.send(
            f"{players}: match #{match.id} ({match.mode}, {match.ruleset}) begins. Your hand "
            "is in your DMs; if your DMs are closed, press **My hand** or use `/hand`. "
            "Spectators are welcome to read along.",
            allowed_mentions=pinging(match.players),
        )
        await self.bot.store.set_message(match.id, "welcome", thread.id, message.id)

    async def _board(self, match: LiveMatch, thread: discord.Thread) -> None:
        shown = presenter(match)
        image = await shown.board_file(self.bot, match)
        await self._upsert(match, "board", thread, embed=shown.board_embed(match, BOARD_FILE),
                           view=thread_view(match), file=image)

    async def _hand(self, match: LiveMatch, seat: int, thread: discord.Thread) -> None:
        user_id = match.players[seat]
        assert user_id is not None
        kind = f"hand{seat}"
        stored = await self.bot.store.message(match.id, kind)
        closed = await self.bot.store.message(match.id, f"dmclosed{seat}")
        if closed is not None and stored is None:
            return  # already told: this player uses /hand
        try:
            # The DM the hand is already in, else a new one: never a fetch of the user.
            dm: discord.abc.Messageable = (
                self.bot.get_partial_messageable(stored[0], type=discord.ChannelType.private)
                if stored is not None and stored[0]
                else await self.bot.create_dm(discord.Object(id=user_id)))
            shown = presenter(match)
            await self._upsert(match, kind, dm, embed=shown.hand_embed(match, seat, HAND_FILE),
                               view=hand_view(match, seat),
                               file=await shown.hand_file(self.bot, match, seat))
        except discord.Forbidden as exc:
            if exc.code != DM_CLOSED:
                raise
            await self.bot.store.set_message(match.id, f"dmclosed{seat}", thread.id, 0)
            await thread.send(
                f"{seat_label(match, seat)}, I cannot send you direct messages (they are closed "
                "for this server), so your hand is not in your DMs. Press **My hand** below the "
                "board or use `/hand`: it shows your cards and choices only to you.",
                allowed_mentions=pinging([match.players[seat]]),
            )

    async def _ping(self, match: LiveMatch, thread: discord.Thread) -> None:
        decision = match.pending
        if decision is None:
            return
        user_id = match.players[decision.player]
        if user_id is AI:
            return
        last = self._pinged.get(match.id)
        if last is not None and last[1] == user_id:
            return  # the same player still decides: no new ping
        old = await self.bot.store.message(match.id, "ping")
        message = await thread.send(
            f"<@{user_id}>, it is your move in match #{match.id}.",
            allowed_mentions=pinging([user_id]),
        )
        self._pinged[match.id] = (decision.seq, user_id)  # only once it was sent
        await self.bot.store.set_message(match.id, "ping", thread.id, message.id)
        if old is not None:
            with contextlib.suppress(discord.HTTPException):
                await thread.get_partial_message(old[1]).delete()

    async def _finish(self, match: LiveMatch, thread: discord.Thread) -> None:
        # One result post per outcome: a judge's rollback or award can change it.
        self._forget(match.id)
        kind = f"result:{match.epoch}:{match.status}:{match.winner}"
        if await self.bot.store.message(match.id, kind) is not None:
            return
        message = await thread.send(
            f"🏁 {presenter(match).result_line(match)} Thanks for playing! This thread is now "
            "archived.",
            allowed_mentions=pinging(match.players),
            view=ending_view(match),  # Rematch and Show the log (bot/ui/rematch.py)
        )
        await self.bot.store.set_message(match.id, kind, thread.id, message.id)
        # Locking needs Manage Threads; archiving our own thread does not.
        locked = thread.permissions_for(thread.guild.me).manage_threads
        try:
            await thread.edit(archived=True, locked=locked)
        except discord.HTTPException:
            log.warning("match #%s: could not archive its thread", match.id)

    async def _upsert(
        self,
        match: LiveMatch,
        kind: str,
        channel: discord.abc.Messageable,
        *,
        embed: discord.Embed,
        view: discord.ui.View,
        file: discord.File,
    ) -> None:
        """Edit the match's `kind` message in place, or post it (and remember it). A message
        that would show what it shows already is left alone."""
        stored = await self.bot.store.message(match.id, kind)
        shown = shown_as(embed, view, file)
        if stored is not None and stored[1]:
            if self._shown.get((match.id, kind)) == (stored[1], shown):
                return
            partial = discord.PartialMessage(channel=channel, id=stored[1])  # type: ignore[arg-type]
            try:
                # The image goes again: an edit without it shows it twice (a Discord bug).
                await partial.edit(embed=embed, view=view, attachments=[file])
                self._shown[(match.id, kind)] = (stored[1], shown)
                return
            except discord.NotFound:
                file.reset()  # deleted by someone: post a new one
        message = await channel.send(embed=embed, view=view, file=file)
        await self.bot.store.set_message(match.id, kind, message.channel.id, message.id)
        self._shown[(match.id, kind)] = (message.id, shown)

    def _forget(self, match_id: int) -> None:
        """A finished match's messages change seldom: what they show is not kept."""
        self._shown.pop((match_id, "board"), None)
        self.bot.renderer.forget(("board", match_id))
        for seat in (0, 1):
            self._shown.pop((match_id, f"hand{seat}"), None)
            self.bot.renderer.forget(("hand", match_id, seat))

    async def _thread(self, match: LiveMatch) -> discord.Thread | None:
        if match.thread_id is None:
            return None
        channel = self.bot.get_channel(match.thread_id)
        if isinstance(channel, discord.Thread):
            return channel
        try:
            fetched = await self.bot.fetch_channel(match.thread_id)
        except (discord.NotFound, discord.Forbidden):
            log.warning("match #%s: its thread %s is gone", match.id, match.thread_id)
            return None
        return fetched if isinstance(fetched, discord.Thread) else None


def shown_as(embed: discord.Embed, view: discord.ui.View, file: discord.File) -> bytes:
    """A digest of what a message shows. A hand's footer ("Decision #N · only you can see
    this") is left out: a hand whose cards, choices and status did not change is not sent
    again only because the match's decision count moved on."""
    shown = embed.to_dict()
    if str(shown.get("footer", {}).get("text", "")).endswith(HAND_FOOTER_END):
        shown.pop("footer")
    digest = hashlib.blake2b(json.dumps([shown, view.to_components()], sort_keys=True,
                                        default=str).encode(), digest_size=16)
    digest.update(file.fp.read())
    file.reset()
    return digest.digest()


def _why(exc: BaseException) -> str:
    if isinstance(exc, discord.HTTPException):
        return f"{exc.status} {exc.text[:100]}".strip()
    return type(exc).__name__
