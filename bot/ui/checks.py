"""Checks shared by the commands: where a command may be used, and whether the bot has the
permissions a match needs in the games channel. Each failure is a sentence for the user."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import discord

if TYPE_CHECKING:
    from bot.app import ScouterBot

# What the bot needs in the games channel to run a match there, and why.
MATCH_PERMISSIONS = {
    "view_channel": "see the channel",
    "send_messages": "post the match announcement",
    "send_messages_in_threads": "post the board in the match thread",
    "embed_links": "show the board",
    "attach_files": "attach board images and logs",
}


class CommandRefused(Exception):
    """A request refused before anything changed; the message says why."""


def missing_permissions(channel: discord.abc.GuildChannel) -> list[str]:
    perms = channel.permissions_for(channel.guild.me)
    missing = [f"{name.replace('_', ' ').title()} (to {why})"
               for name, why in MATCH_PERMISSIONS.items() if not getattr(perms, name)]
    if not (perms.create_private_threads or perms.create_public_threads):
        missing.append("Create Private Threads or Create Public Threads (to open match threads)")
    return missing


async def games_channel(interaction: discord.Interaction[Any]) -> discord.TextChannel:
    """The server's games channel, when the command was used in it and the bot can run
    matches there; otherwise CommandRefused says what to do."""
    bot = cast("ScouterBot", interaction.client)
    guild = interaction.guild
    if guild is None:
        raise CommandRefused("Matches are played in a server: use this command there.")
    config = await bot.guild_config.get(guild.id)
    if config.games_channel_id is None:
        raise CommandRefused(
            "This server has no games channel yet. A server admin sets one with "
            "`/config games-channel`."
        )
    channel = guild.get_channel(config.games_channel_id)
    if not isinstance(channel, discord.TextChannel):
        raise CommandRefused(
            "The games channel set for this server no longer exists. A server admin can set "
            "a new one with `/config games-channel`."
        )
    if interaction.channel_id != channel.id:
        raise CommandRefused(f"Use this command in the games channel, {channel.mention}.")
    missing = missing_permissions(channel)
    if missing:
        raise CommandRefused(
            f"I am missing permissions in {channel.mention}, so I cannot run a match there:\n"
            + "\n".join(f"- {item}" for item in missing)
            + "\nA server admin can grant them in the channel's settings."
        )
    return channel
