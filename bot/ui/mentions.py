"""Who a message pings. The bot's default pings nobody (ScouterBot sets
AllowedMentions.none() for every message), so text a player wrote (a dispute's reason, a
deck or card name) can never ping; a message that means to ping names exactly whom."""

from __future__ import annotations

from collections.abc import Iterable

import discord


def pinging(user_ids: Iterable[int | None]) -> discord.AllowedMentions:
    """Ping these users (None, the AI, is skipped) and no one else."""
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False,
        users=[discord.Object(id=user_id) for user_id in user_ids if user_id is not None])


def pinging_role(role_id: int | None) -> discord.AllowedMentions:
    """Ping the members of this role (it must be mentionable, or the bot may Mention
    Everyone) and no one else."""
    return discord.AllowedMentions(
        everyone=False, users=False, replied_user=False,
        roles=[discord.Object(id=role_id)] if role_id is not None else False)
