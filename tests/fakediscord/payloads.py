"""JSON shapes of Discord API v10 objects, built from the fake's state."""

from __future__ import annotations

from typing import Any

from .model import (
    INTENT_GUILD_MEMBERS,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeRole,
    FakeUser,
    StoredAttachment,
    StoredMessage,
)
from .state import FakeState


def user(u: FakeUser) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": str(u.id),
        "username": u.name,
        "discriminator": "0",
        "global_name": u.global_name,
        "avatar": None,
        "public_flags": 0,
        "flags": 0,
        "banner": None,
        "accent_color": None,
        "avatar_decoration_data": None,
    }
    if u.bot:
        data["bot"] = True
    return data


def me(state: FakeState) -> dict[str, Any]:
    data = user(state.bot)
    data.update(
        {
            "verified": True,
            "mfa_enabled": False,
            "email": None,
            "locale": "en-US",
            "premium_type": 0,
        }
    )
    return data


def role(r: FakeRole) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": str(r.id),
        "name": r.name,
        "color": r.color,
        "colors": {"primary_color": r.color, "secondary_color": None, "tertiary_color": None},
        "hoist": r.hoist,
        "icon": None,
        "unicode_emoji": None,
        "position": r.position,
        "permissions": str(r.permissions),
        "managed": r.managed,
        "mentionable": r.mentionable,
        "flags": 0,
    }
    if r.bot_id is not None:
        data["tags"] = {"bot_id": str(r.bot_id)}
    return data


def member(m: FakeMember, *, with_user: bool = True) -> dict[str, Any]:
    data: dict[str, Any] = {
        "nick": m.nick,
        "avatar": None,
        "banner": None,
        "roles": [str(r) for r in m.role_ids],
        "joined_at": m.joined_at,
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "communication_disabled_until": None,
    }
    if with_user:
        data["user"] = user(m.user)
    return data


def overwrites(channel: FakeChannel) -> list[dict[str, Any]]:
    return [
        {"id": str(o.id), "type": o.type, "allow": str(o.allow), "deny": str(o.deny)}
        for o in channel.overwrites.values()
    ]


def thread_member(thread: FakeChannel, user_id: int, joined: str) -> dict[str, Any]:
    return {"id": str(thread.id), "user_id": str(user_id), "join_timestamp": joined, "flags": 1}


def channel(state: FakeState, ch: FakeChannel) -> dict[str, Any]:
    if ch.is_dm:
        assert ch.recipient_id is not None
        return {
            "id": str(ch.id),
            "type": ch.type,
            "last_message_id": None if ch.last_message_id is None else str(ch.last_message_id),
            "flags": 0,
            "recipients": [user(state.users[ch.recipient_id])],
        }
    if ch.is_thread:
        return thread(state, ch)
    data: dict[str, Any] = {
        "id": str(ch.id),
        "type": ch.type,
        "guild_id": str(ch.guild_id),
        "name": ch.name,
        "position": ch.position,
        "permission_overwrites": overwrites(ch),
        "nsfw": False,
        "parent_id": None if ch.parent_id is None else str(ch.parent_id),
        "flags": 0,
    }
    if ch.type in (0, 5):
        data.update(
            {
                "topic": ch.topic,
                "last_message_id": None if ch.last_message_id is None else str(ch.last_message_id),
                "rate_limit_per_user": 0,
                "default_auto_archive_duration": 1440,
                "default_thread_rate_limit_per_user": 0,
            }
        )
    return data


def thread(state: FakeState, th: FakeChannel, *, for_user: int | None = None) -> dict[str, Any]:
    bot_id = state.bot.id if for_user is None else for_user
    metadata: dict[str, Any] = {
        "archived": th.archived,
        "auto_archive_duration": th.auto_archive_duration,
        "archive_timestamp": th.archive_timestamp,
        "locked": th.locked,
        "create_timestamp": th.create_timestamp,
    }
    if th.is_private_thread:
        metadata["invitable"] = th.invitable
    data: dict[str, Any] = {
        "id": str(th.id),
        "type": th.type,
        "guild_id": str(th.guild_id),
        "parent_id": str(th.parent_id),
        "owner_id": str(th.owner_id),
        "name": th.name,
        "last_message_id": None if th.last_message_id is None else str(th.last_message_id),
        "rate_limit_per_user": 0,
        "message_count": th.message_count,
        "member_count": min(len(th.member_ids), 50),
        "total_message_sent": th.total_message_sent,
        "thread_metadata": metadata,
        "flags": 0,
        "nsfw": False,
    }
    if bot_id in th.member_ids:
        data["member"] = thread_member(th, bot_id, th.member_ids[bot_id])
    return data


def guild_create(state: FakeState, g: FakeGuild, intents: int) -> dict[str, Any]:
    bot_id = state.bot.id
    # Without the GUILD_MEMBERS intent Discord only sends the bot's own member.
    members = list(g.members.values()) if intents & INTENT_GUILD_MEMBERS else [g.members[bot_id]]
    channels = []
    threads = []
    for cid in g.channel_ids:
        ch = state.channels[cid]
        if ch.deleted:
            continue
        if ch.is_thread:
            if not ch.archived and state.can_view(ch, bot_id):
                threads.append(thread(state, ch))
        else:
            channels.append(channel(state, ch))
    data = guild(g)
    data.update(
        {
            "joined_at": g.members[bot_id].joined_at,
            "large": False,
            "unavailable": False,
            "member_count": len(g.members),
            "members": [member(m) for m in members],
            "channels": channels,
            "threads": threads,
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }
    )
    return data


def guild(g: FakeGuild) -> dict[str, Any]:
    return {
        "id": str(g.id),
        "name": g.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": str(g.owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 1,
        "explicit_content_filter": 0,
        "roles": [role(r) for r in g.roles.values()],
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "application_id": None,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "safety_alerts_channel_id": None,
        "vanity_url_code": None,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": g.locale,
        "nsfw_level": 0,
        "premium_progress_bar_enabled": False,
        "max_members": 500000,
        "max_video_channel_users": 25,
        "incidents_data": None,
    }


def attachment(a: StoredAttachment) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": str(a.id),
        "filename": a.filename,
        "size": a.size,
        "url": a.url,
        "proxy_url": a.url,
    }
    if a.content_type:
        data["content_type"] = a.content_type
    if a.description:
        data["description"] = a.description
    if a.width is not None:
        data["width"] = a.width
        data["height"] = a.height
    if a.ephemeral:
        data["ephemeral"] = True
    return data


def message(state: FakeState, msg: StoredMessage, *, gateway: bool = False) -> dict[str, Any]:
    author = state.users[msg.author_id]
    data: dict[str, Any] = {
        "id": str(msg.id),
        "channel_id": str(msg.channel_id),
        "author": user(author),
        "content": msg.content,
        "timestamp": msg.timestamp,
        "edited_timestamp": msg.edited_timestamp,
        "tts": msg.tts,
        "mention_everyone": msg.mention_everyone,
        "mentions": [user(state.users[uid]) for uid in msg.mentions],
        "mention_roles": [str(r) for r in msg.mention_roles],
        "attachments": [attachment(a) for a in msg.attachments],
        "embeds": msg.embeds,
        "pinned": msg.pinned,
        "type": msg.type,
        "flags": msg.flags,
        "components": msg.components,
    }
    if msg.webhook_id is not None:
        data["webhook_id"] = str(msg.webhook_id)
    if msg.application_id is not None:
        data["application_id"] = str(msg.application_id)
    if msg.interaction_metadata is not None:
        data["interaction_metadata"] = msg.interaction_metadata
    if msg.interaction_legacy is not None:
        data["interaction"] = msg.interaction_legacy
    if msg.reference is not None:
        data["message_reference"] = msg.reference
        ref = state.messages.get(msg.referenced_id or 0)
        if msg.type == 19:
            data["referenced_message"] = None if ref is None or ref.deleted else message(state, ref)
    if msg.thread_id is not None and msg.thread_id in state.channels:
        data["thread"] = thread(state, state.channels[msg.thread_id])
    if msg.reactions:
        data["reactions"] = [
            {
                "emoji": {"id": None, "name": emoji},
                "count": len(users),
                "count_details": {"burst": 0, "normal": len(users)},
                "me": state.bot.id in users,
                "me_burst": False,
                "burst_colors": [],
            }
            for emoji, users in msg.reactions.items()
            if users
        ]
    channel_obj = state.channels[msg.channel_id]
    if channel_obj.is_thread:
        data["position"] = max(channel_obj.message_count - 1, 0)
    if gateway and msg.guild_id is not None:
        data["guild_id"] = str(msg.guild_id)
        g = state.guilds[msg.guild_id]
        m = g.members.get(msg.author_id)
        if m is not None:
            data["member"] = member(m, with_user=False)
    return data


def application(state: FakeState) -> dict[str, Any]:
    return {
        "id": str(state.application_id),
        "name": state.bot.name,
        "icon": None,
        "description": "",
        "summary": "",
        "type": None,
        "hook": True,
        "bot_public": True,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "flags": 0,
        "owner": user(state.users[_owner_id(state)]),
        "team": None,
        "bot": user(state.bot),
        "tags": [],
        "redirect_uris": [],
        "interactions_endpoint_url": None,
        "role_connections_verification_url": None,
        "approximate_guild_count": len(state.guilds),
        "integration_types_config": {"0": {}, "1": {}},
    }


def _owner_id(state: FakeState) -> int:
    for g in state.guilds.values():
        return g.owner_id
    return state.bot.id
