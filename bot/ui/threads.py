"""Opening a match's thread, or cancelling the match when Discord will not open it: a match
nobody can see must not lock its players in, time out and be rated. Used when a match
starts and, for a match stored without its thread (the bot stopped in between), when the
bot starts again."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.services.matches import AI, LiveMatch
from bot.ui.items import WatchButton
from bot.ui.mentions import pinging

if TYPE_CHECKING:
    from bot.app import ScouterBot

log = logging.getLogger(__name__)

NO_THREAD = "no-thread"  # the win_reason of a match cancelled because its thread never opened


async def start_match(bot: ScouterBot, match: LiveMatch, channel: discord.abc.GuildChannel
                      | None, announcement: str) -> str:
    """Open the thread of a match just stored and announce it in the games channel, with a
    Watch button (a private thread is visible only to those it holds). If Discord will not
    open it (discord.py has already retried), the match is cancelled unrated and both
    players are told. Returns what to tell the player who started it."""
    if not isinstance(channel, discord.TextChannel):
        return await cancel(bot, match, channel, "its channel no longer exists")
    try:
        thread = await bot.notifier.open_match(match, channel)
    except discord.HTTPException as exc:
        log.warning("match #%s: could not open its thread: %s %s", match.id, exc.status,
                    exc.text[:200])
        why = ("I lack the permission to create threads there" if exc.status == 403
               else "Discord did not answer")
        return await cancel(bot, match, channel, why)
    view = discord.ui.View(timeout=None)
    view.add_item(WatchButton(match.id))
    try:
        await channel.send(
            f"{announcement} Match #{match.id} is on: {thread.mention}. Press **Watch** to "
            "follow it.", view=view, allowed_mentions=pinging(match.players))
    except discord.HTTPException:
        log.warning("match #%s: could not announce it", match.id)  # the thread pings them
    return f"Match #{match.id} is on: {thread.mention}"


async def cancel(bot: ScouterBot, match: LiveMatch, channel: discord.abc.GuildChannel | None,
                 why: str) -> str:
    """Cancel a match whose thread could not be opened (void: it never counts) and tell
    both players, in the games channel or, failing that, in their DMs."""
    await bot.matches.settle(match.id, "void", None, NO_THREAD)
    people = " and ".join(f"<@{user}>" for user in match.players if user is not AI)
    text = (f"Match #{match.id} could not start: {why}, so I could not open its thread. It "
            "is cancelled and does not count: queue or challenge again"
            + (" once an admin has checked my permissions" if "permission" in why else "")
            + ".")
    told = False
    if isinstance(channel, discord.TextChannel):
        try:
            await channel.send(f"{people}: {text}", allowed_mentions=pinging(match.players))
            told = True
        except discord.HTTPException:
            log.warning("match #%s: could not say in its channel that it is cancelled",
                        match.id)
    if not told:
        for user in match.players:
            if user is AI:
                continue
            try:
                dm = await bot.create_dm(discord.Object(id=user))
                await dm.send(text)
            except discord.HTTPException:
                log.warning("match #%s: could not tell %s it is cancelled", match.id, user)
    return text


async def open_threadless(bot: ScouterBot) -> None:
    """At start: open the thread of each unfinished match stored without one (the bot
    stopped between storing it and opening its thread), or cancel it."""
    for match_id in await bot.matches.active_ids():
        match = await bot.matches.get(match_id)
        if match.thread_id is not None:
            continue
        channel = bot.get_channel(match.channel_id)
        names = " vs ".join(f"<@{user}>" for user in match.players if user is not AI)
        await start_match(bot, match, channel if isinstance(channel, discord.TextChannel)
                          else None, f"{names}!")
