"""Player names for images and titles: the name kept for the server (bot.names), asked of
Discord only for a player the bot has never seen there (and then kept)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.services.matches import AI, LiveMatch

if TYPE_CHECKING:
    from bot.app import ScouterBot

log = logging.getLogger(__name__)


async def player_name(bot: ScouterBot, guild_id: int, user_id: int) -> str | None:
    known = bot.names.get(guild_id, user_id)
    if known is not None:
        return known
    try:
        user = bot.get_user(user_id) or await bot.fetch_user(user_id)
    except discord.HTTPException:
        log.warning("could not look up user %s", user_id)
        return None
    await bot.names.seen(guild_id, user_id, user.display_name)
    return user.display_name


async def seat_names(bot: ScouterBot, match: LiveMatch) -> tuple[str, str]:
    names = []
    for seat, user_id in enumerate(match.players):
        if user_id is AI:
            names.append("AI")
            continue
        name = await player_name(bot, match.guild_id, user_id)
        names.append(name or f"Player {seat + 1}")
    return names[0], names[1]
