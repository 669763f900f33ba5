"""Calling the judges about a disputed match: a post in their channel with a Watch button
(a private match thread needs its judge added)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.services.matches import LiveMatch
from bot.ui.items import WatchButton
from bot.ui.mentions import pinging_role

if TYPE_CHECKING:
    from bot.app import ScouterBot


async def call_judges(bot: ScouterBot, match: LiveMatch, user: discord.abc.User,
                      reason: str) -> str | None:
    """Announce a dispute in the judges' channel of the match's own server (wherever the
    dispute came from: a DM has no server), with a Watch button to join the thread;
    returns what went wrong, for the player, or None."""
    guild = bot.get_guild(match.guild_id)
    config = await bot.guild_config.get(match.guild_id)
    channel = (guild.get_channel(config.judges_channel_id)
               if guild is not None and config.judges_channel_id else None)
    if not isinstance(channel, discord.TextChannel):
        return ("This server has no judges channel (`/config judges`), so ask a moderator "
                "to look at this thread.")
    role = f"<@&{config.judge_role_id}> " if config.judge_role_id else ""
    view = discord.ui.View(timeout=None)
    view.add_item(WatchButton(match.id))  # a private thread needs its judge added
    try:
        await channel.send(
            f"{role}Dispute in match #{match.id} (<#{match.thread_id}>) by {user.mention}: "
            f"{reason[:500]}\nPress **Watch** to join the thread, then use `/judge` there.",
            view=view, allowed_mentions=pinging_role(config.judge_role_id))
    except discord.HTTPException:
        return "I could not post in the judges channel; ask a moderator to look at this thread."
    return None
