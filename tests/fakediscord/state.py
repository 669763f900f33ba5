"""The fake's world and its rules: ids, clock, permissions, visibility and message records."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import datetime
import mimetypes
import secrets
import struct
import time
from dataclasses import dataclass
from typing import Any

from . import mentions
from .errors import ApiError, ErrorRecord, FormErrors, missing_permissions, unknown
from .faults import InjectedFailure
from .model import (
    ADMINISTRATOR,
    ALL_PERMISSIONS,
    ATTACH_FILES,
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_EVERYONE_PERMISSIONS,
    DM,
    DM_PERMISSIONS,
    EMBED_LINKS,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
    GUILD_TEXT,
    MANAGE_THREADS,
    MENTION_EVERYONE,
    PRIVILEGED_INTENTS,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    SEND_TTS_MESSAGES,
    VIEW_CHANNEL,
    FakeChannel,
    FakeGuild,
    FakeInteraction,
    FakeMember,
    FakeModal,
    FakeRole,
    FakeUser,
    Overwrite,
    RecordedMessage,
    RegisteredCommand,
    StoredAttachment,
    StoredMessage,
)
from .ratelimit import RateLimitRecord, RequestRecord
from .validate import check_message

DISCORD_EPOCH_MS = 1420070400000
INTERACTION_ACK_SECONDS = 3.0
INTERACTION_TOKEN_SECONDS = 15 * 60.0
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
# Recompute the access index on every use and fail on a stale entry (the fake's own tests).
CHECK_ACCESS_INDEX = False


@dataclass
class UploadedFile:
    """A file part of a multipart request (files[n])."""

    index: int
    filename: str
    data: bytes
    content_type: str | None = None


def png_size(data: bytes) -> tuple[int, int] | None:
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24 and data[12:16] == b"IHDR":
        width, height = struct.unpack(">II", data[16:24])
        return int(width), int(height)
    return None


def json_copy(value: Any) -> Any:
    """A deep copy of JSON data (dicts, lists, scalars): what copy.deepcopy gives, at a
    fraction of its cost (every message version copies its embeds and components)."""
    if isinstance(value, dict):
        return {key: json_copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [json_copy(item) for item in value]
    return value


def number_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Copy components and give each one an ``id`` as Discord does when it is missing."""
    result: list[dict[str, Any]] = json_copy(components)
    used: set[int] = set()

    def collect(items: list[dict[str, Any]]) -> None:
        for comp in items:
            if isinstance(comp.get("id"), int):
                used.add(comp["id"])
            for key in ("components", "items"):
                if isinstance(comp.get(key), list):
                    collect(comp[key])
            for key in ("accessory", "component"):
                if isinstance(comp.get(key), dict):
                    collect([comp[key]])

    counter = [0]

    def assign(items: list[dict[str, Any]]) -> None:
        for comp in items:
            if not isinstance(comp.get("id"), int):
                counter[0] += 1
                while counter[0] in used:
                    counter[0] += 1
                comp["id"] = counter[0]
            for key in ("components", "items"):
                if isinstance(comp.get(key), list):
                    assign(comp[key])
            for key in ("accessory", "component"):
                if isinstance(comp.get(key), dict):
                    assign([comp[key]])

    collect(result)
    assign(result)
    return result


class FakeState:
    """All of the fake Discord's data, shared by the REST API, the gateway and the test client."""

    def __init__(self, *, bot_name: str = "Scouter", enabled_privileged_intents: int | None = None):
        self.clock_offset = 0.0
        self._counter = 0
        self._last_snowflake = 0
        self.base_url = ""
        self.users: dict[int, FakeUser] = {}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, StoredMessage] = {}
        self.records: list[RecordedMessage] = []
        self.interactions: dict[int, FakeInteraction] = {}
        self.interactions_by_token: dict[str, FakeInteraction] = {}
        self.commands: dict[int, RegisteredCommand] = {}
        self.open_modals: dict[tuple[int, str], FakeModal] = {}
        self.attachments: dict[int, StoredAttachment] = {}
        self.dm_channels: dict[int, int] = {}
        self.errors: list[ErrorRecord] = []
        self.unhandled: list[str] = []
        self.requests: list[str] = []
        self.request_log: list[RequestRecord] = []
        self.rate_limited: list[RateLimitRecord] = []
        self.failures: list[InjectedFailure] = []
        self.enabled_privileged_intents = (
            PRIVILEGED_INTENTS if enabled_privileged_intents is None else enabled_privileged_intents
        )
        self._changed = asyncio.Event()
        # channel id -> (members who can view it, those who can also read its history):
        # asked for every message version, so kept until access may have changed.
        self._access: dict[int, tuple[frozenset[int], frozenset[int]]] = {}
        # Discord's 3 seconds to acknowledge an interaction; tests of a bot on a loaded
        # machine may give more (the bot's real latency is a benchmark's business).
        self.ack_seconds = INTERACTION_ACK_SECONDS
        self.bot = self.add_user(bot_name, bot=True)
        self.application_id = self.bot.id
        self.bot_token = f"fake.{self.bot.id}.{secrets.token_urlsafe(18)}"

    # ---- clock, ids, notifications -------------------------------------------------------------

    def now(self) -> float:
        """Monotonic seconds on the fake's clock (moved by ``advance``)."""
        return time.monotonic() + self.clock_offset

    def wall_ms(self) -> int:
        return int((time.time() + self.clock_offset) * 1000)

    def iso(self, ms: int | None = None) -> str:
        stamp = (self.wall_ms() if ms is None else ms) / 1000
        return datetime.datetime.fromtimestamp(stamp, datetime.UTC).isoformat()

    def snowflake(self) -> int:
        self._counter += 1
        value = ((self.wall_ms() - DISCORD_EPOCH_MS) << 22) | (self._counter & 0x3FFFFF)
        if value <= self._last_snowflake:
            value = self._last_snowflake + 1
        self._last_snowflake = value
        return value

    def notify(self) -> None:
        """Wake everything waiting for a change (messages, acks, ...)."""
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_changed(self, timeout: float) -> None:
        event = self._changed
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout)

    # ---- entities -------------------------------------------------------------------------------

    def add_user(
        self,
        name: str,
        *,
        bot: bool = False,
        dm_open: bool = True,
        global_name: str | None = None,
        locale: str = "en-US",
    ) -> FakeUser:
        user = FakeUser(
            id=self.snowflake(),
            name=name,
            global_name=global_name,
            bot=bot,
            dm_open=dm_open,
            locale=locale,
        )
        self.users[user.id] = user
        return user

    def create_guild(
        self,
        name: str,
        owner: FakeUser,
        *,
        everyone_permissions: int = DEFAULT_EVERYONE_PERMISSIONS,
        bot_permissions: int = DEFAULT_BOT_PERMISSIONS,
    ) -> FakeGuild:
        guild_id = self.snowflake()
        guild = FakeGuild(id=guild_id, name=name, owner_id=owner.id)
        guild.roles[guild_id] = FakeRole(
            id=guild_id, guild_id=guild_id, name="@everyone", permissions=everyone_permissions
        )
        bot_role = FakeRole(
            id=self.snowflake(),
            guild_id=guild_id,
            name=self.bot.name,
            permissions=bot_permissions,
            position=1,
            managed=True,
            bot_id=self.bot.id,
        )
        guild.roles[bot_role.id] = bot_role
        guild.bot_role_id = bot_role.id
        self.guilds[guild_id] = guild
        self.join(guild, owner, [])
        self.join(guild, self.bot, [bot_role.id])
        return guild

    def join(self, guild: FakeGuild, user: FakeUser, role_ids: list[int]) -> FakeMember:
        member = FakeMember(
            user=user, guild_id=guild.id, role_ids=list(role_ids), joined_at=self.iso()
        )
        guild.members[user.id] = member
        self.access_changed()
        return member

    def add_role(self, guild: FakeGuild, name: str, permissions: int) -> FakeRole:
        position = max((r.position for r in guild.roles.values()), default=0) + 1
        role = FakeRole(
            id=self.snowflake(),
            guild_id=guild.id,
            name=name,
            permissions=permissions,
            position=position,
        )
        guild.roles[role.id] = role
        return role

    def create_channel(
        self,
        guild: FakeGuild,
        name: str,
        *,
        type: int = GUILD_TEXT,
        parent_id: int | None = None,
        topic: str | None = None,
    ) -> FakeChannel:
        channel = FakeChannel(
            id=self.snowflake(),
            type=type,
            name=name,
            guild_id=guild.id,
            parent_id=parent_id,
            position=len(guild.channel_ids),
            topic=topic,
        )
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        return channel

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        channel_id = self.dm_channels.get(user.id)
        if channel_id is not None:
            return self.channels[channel_id]
        channel = FakeChannel(id=self.snowflake(), type=DM, name="", recipient_id=user.id)
        self.channels[channel.id] = channel
        self.dm_channels[user.id] = channel.id
        return channel

    def user(self, user_id: int) -> FakeUser:
        try:
            return self.users[user_id]
        except KeyError:
            raise unknown("User", 10013) from None

    def channel(self, channel_id: int) -> FakeChannel:
        channel = self.channels.get(channel_id)
        if channel is None or channel.deleted:
            raise unknown("Channel", 10003)
        return channel

    def guild(self, guild_id: int) -> FakeGuild:
        try:
            return self.guilds[guild_id]
        except KeyError:
            raise unknown("Guild", 10004) from None

    def message(self, channel_id: int, message_id: int) -> StoredMessage:
        msg = self.messages.get(message_id)
        if msg is None or msg.deleted or msg.channel_id != channel_id or msg.ephemeral:
            raise unknown("Message", 10008)
        return msg

    def parent(self, channel: FakeChannel) -> FakeChannel:
        if channel.parent_id is None:
            return channel
        return self.channels[channel.parent_id]

    def shares_guild(self, user_id: int) -> bool:
        return any(user_id in g.members and self.bot.id in g.members for g in self.guilds.values())

    # ---- permissions ----------------------------------------------------------------------------

    def base_permissions(self, guild: FakeGuild, user_id: int) -> int:
        if user_id == guild.owner_id:
            return ALL_PERMISSIONS
        member = guild.members.get(user_id)
        if member is None:
            return 0
        perms = guild.everyone_role.permissions
        for role_id in member.role_ids:
            role = guild.roles.get(role_id)
            if role is not None:
                perms |= role.permissions
        if perms & ADMINISTRATOR:
            return ALL_PERMISSIONS
        return perms

    def permissions_in(self, channel: FakeChannel, user_id: int) -> int:
        """Discord's permission algorithm: roles, then @everyone/role/member overwrites."""
        if channel.is_dm:
            return DM_PERMISSIONS if user_id in (channel.recipient_id, self.bot.id) else 0
        assert channel.guild_id is not None
        guild = self.guilds[channel.guild_id]
        member = guild.members.get(user_id)
        if member is None:
            return 0
        perms = self.base_permissions(guild, user_id)
        if perms == ALL_PERMISSIONS:
            return perms
        target = self.parent(channel) if channel.is_thread else channel
        everyone = target.overwrites.get(guild.id)
        if everyone is not None:
            perms = (perms & ~everyone.deny) | everyone.allow
        allow = deny = 0
        for role_id in member.role_ids:
            ow = target.overwrites.get(role_id)
            if ow is not None and ow.type == 0:
                allow |= ow.allow
                deny |= ow.deny
        perms = (perms & ~deny) | allow
        own = target.overwrites.get(user_id)
        if own is not None and own.type == 1:
            perms = (perms & ~own.deny) | own.allow
        if not perms & VIEW_CHANNEL:
            return 0
        if channel.is_thread:
            if (
                channel.is_private_thread
                and user_id not in channel.member_ids
                and not perms & MANAGE_THREADS
            ):
                return 0
        elif not perms & SEND_MESSAGES:
            perms &= ~(SEND_TTS_MESSAGES | MENTION_EVERYONE | EMBED_LINKS | ATTACH_FILES)
        return perms

    def can_view(self, channel: FakeChannel, user_id: int) -> bool:
        return bool(self.permissions_in(channel, user_id) & VIEW_CHANNEL)

    def require(self, channel: FakeChannel, *bits: int) -> int:
        perms = self.permissions_in(channel, self.bot.id)
        if not perms & VIEW_CHANNEL:
            raise ApiError(403, 50001, "Missing Access")
        for bit in bits:
            if not perms & bit:
                raise missing_permissions()
        return perms

    def set_overwrite(
        self, channel: FakeChannel, target_id: int, target_type: int, allow: int, deny: int
    ) -> None:
        if allow == 0 and deny == 0:
            channel.overwrites.pop(target_id, None)
        else:
            channel.overwrites[target_id] = Overwrite(target_id, target_type, allow, deny)
        self.access_changed()

    # ---- visibility -----------------------------------------------------------------------------

    def access_changed(self, thread: FakeChannel | None = None) -> None:
        """Members, roles or overwrites changed (or only `thread`'s members): who sees what
        is asked anew. Everything that changes them calls this; ``CHECK_ACCESS_INDEX``
        catches a miss."""
        if thread is not None and thread.is_thread:
            self._access.pop(thread.id, None)
        else:
            self._access.clear()

    def channel_access(self, channel: FakeChannel) -> tuple[frozenset[int], frozenset[int]]:
        """The guild channel's members who can view it, and those of them who can also
        read its history."""
        cached = self._access.get(channel.id)
        if cached is None or CHECK_ACCESS_INDEX:
            fresh = self._scan_access(channel)
            assert cached is None or cached == fresh, f"stale access index: {channel.id}"
            cached = self._access[channel.id] = fresh
        return cached

    def _scan_access(self, channel: FakeChannel) -> tuple[frozenset[int], frozenset[int]]:
        assert channel.guild_id is not None
        viewers: set[int] = set()
        readers: set[int] = set()
        for uid in self.guilds[channel.guild_id].members:
            perms = self.permissions_in(channel, uid)
            if perms & VIEW_CHANNEL:
                viewers.add(uid)
                if perms & READ_MESSAGE_HISTORY:
                    readers.add(uid)
        return frozenset(viewers), frozenset(readers)

    def viewers_now(self, msg: StoredMessage) -> set[int]:
        if msg.ephemeral_viewer is not None:
            return {msg.ephemeral_viewer}
        channel = self.channels[msg.channel_id]
        if channel.is_dm:
            assert channel.recipient_id is not None
            return {channel.recipient_id, self.bot.id}
        viewers = set(self.channel_access(channel)[0])
        viewers.add(msg.author_id)
        return viewers

    def refresh_visibility(self, thread: FakeChannel | None = None) -> None:
        """Users who gained access to a channel (or to `thread` only: its members changed)
        can read its history (latest versions)."""
        self.access_changed(thread)
        for msg in self.messages.values():
            if msg.deleted or msg.ephemeral_viewer is not None or not msg.versions:
                continue
            if thread is not None and msg.channel_id != thread.id:
                continue
            channel = self.channels.get(msg.channel_id)
            if channel is None or channel.is_dm or channel.guild_id is None:
                continue
            msg.versions[-1].viewers |= self.channel_access(channel)[1]

    def record(self, msg: StoredMessage, payload: dict[str, Any]) -> RecordedMessage:
        rec = RecordedMessage(
            seq=len(self.records) + 1,
            id=msg.id,
            version=len(msg.versions),
            channel_id=msg.channel_id,
            guild_id=msg.guild_id,
            author_id=msg.author_id,
            kind=msg.kind,
            type=msg.type,
            flags=msg.flags,
            content=msg.content,
            # Shared, not copied: the fake replaces a message's embeds and components on
            # every edit and never changes them in place, so each version keeps its own.
            embeds=msg.embeds,
            components=msg.components,
            attachments=list(msg.attachments),
            viewers=self.viewers_now(msg),
            interaction_id=msg.interaction_id,
            created_at=self.now(),
            payload=payload,
            mentions=list(msg.mentions),
            mention_roles=list(msg.mention_roles),
            mention_everyone=msg.mention_everyone,
            pinged=msg.pinged,
            notified=frozenset() if msg.versions else msg.pinged,
        )
        msg.versions.append(rec)
        self.records.append(rec)
        self.notify()
        return rec

    # ---- messages -------------------------------------------------------------------------------

    def make_attachments(
        self,
        entries: Any,
        files: list[UploadedFile],
        channel_id: int,
        existing: list[StoredAttachment],
        *,
        ephemeral: bool = False,
        keep_existing_by_default: bool = False,
    ) -> list[StoredAttachment]:
        """Resolve an ``attachments`` array: ids of kept attachments and indexes of new files."""
        by_index = {f.index: f for f in files}
        by_id = {a.id: a for a in existing}
        result: list[StoredAttachment] = []
        used: set[int] = set()
        if isinstance(entries, list):
            for entry in entries:
                raw_id = entry.get("id")
                try:
                    ident = int(raw_id)
                except (TypeError, ValueError):
                    continue
                if ident in by_id:
                    result.append(by_id[ident])
                elif ident in by_index:
                    upload = by_index[ident]
                    used.add(ident)
                    result.append(
                        self.store_attachment(
                            channel_id,
                            entry.get("filename") or upload.filename,
                            upload.data,
                            description=entry.get("description"),
                            ephemeral=ephemeral,
                        )
                    )
        else:
            if keep_existing_by_default:
                result.extend(existing)
        for upload in files:
            if upload.index not in used:
                result.append(
                    self.store_attachment(
                        channel_id, upload.filename, upload.data, ephemeral=ephemeral
                    )
                )
        return result

    def store_attachment(
        self,
        channel_id: int,
        filename: str,
        data: bytes,
        *,
        description: str | None = None,
        ephemeral: bool = False,
    ) -> StoredAttachment:
        if len(data) > ATTACHMENT_SIZE_LIMIT:
            raise ApiError(413, 40005, "Request entity too large")
        att_id = self.snowflake()
        size = png_size(data)
        att = StoredAttachment(
            id=att_id,
            filename=filename,
            data=data,
            url=f"{self.base_url}/attachments/{channel_id}/{att_id}/{filename}",
            content_type=mimetypes.guess_type(filename)[0],
            description=description,
            width=size[0] if size else None,
            height=size[1] if size else None,
            ephemeral=ephemeral,
        )
        self.attachments[att_id] = att
        return att

    def apply_mentions(self, msg: StoredMessage, body: dict[str, Any]) -> None:
        """Resolve the message's mentions from its text and the request's allowed_mentions."""
        channel = self.channels[msg.channel_id]
        replied = self.messages.get(msg.referenced_id or 0)
        found = mentions.resolve(
            self,
            channel,
            msg.author_id,
            mentions.mention_text(msg.content, msg.components, msg.flags),
            body.get("allowed_mentions"),
            replied_author=None if replied is None else replied.author_id,
            ephemeral=msg.ephemeral,
        )
        msg.mentions = list(found.users)
        msg.mention_roles = list(found.roles)
        msg.mention_everyone = found.everyone
        msg.pinged = found.pinged

    def new_message(
        self,
        body: dict[str, Any],
        files: list[UploadedFile],
        *,
        channel: FakeChannel,
        author_id: int,
        kind: str,
        allowed_flags: int,
        type: int = 0,
        error_path: list[str | int] | None = None,
        ephemeral_viewer: int | None = None,
    ) -> StoredMessage:
        """Validate a message body and build the message (not yet stored or recorded)."""
        flags = int(body.get("flags") or 0) & allowed_flags
        errs = FormErrors()
        check_message(body, errs, path=error_path, file_count=len(files), flags=flags)
        errs.raise_if_any()
        if flags & FLAG_EPHEMERAL and ephemeral_viewer is None:
            flags &= ~FLAG_EPHEMERAL
        msg_id = self.snowflake()
        content = body.get("content") or ""
        msg = StoredMessage(
            id=msg_id,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author_id=author_id,
            kind=kind,
            type=type,
            flags=flags,
            content=content,
            embeds=[self._embed(e) for e in body.get("embeds") or []],
            components=number_components(body.get("components") or []),
            timestamp=self.iso(),
            tts=bool(body.get("tts")),
            ephemeral_viewer=ephemeral_viewer if flags & FLAG_EPHEMERAL else None,
        )
        msg.attachments = self.make_attachments(
            body.get("attachments"), files, channel.id, [], ephemeral=msg.ephemeral
        )
        self.apply_mentions(msg, body)
        self.check_not_empty(msg, body)
        return msg

    @staticmethod
    def _embed(embed: dict[str, Any]) -> dict[str, Any]:
        result: dict[str, Any] = json_copy(embed)
        result.setdefault("type", "rich")
        return result

    @staticmethod
    def check_not_empty(msg: StoredMessage, body: dict[str, Any]) -> None:
        if not (
            msg.content
            or msg.embeds
            or msg.attachments
            or msg.components
            or body.get("sticker_ids")
            or body.get("poll")
        ):
            raise ApiError(400, 50006, "Cannot send an empty message")

    def store(self, msg: StoredMessage) -> None:
        self.messages[msg.id] = msg
        channel = self.channels[msg.channel_id]
        if not msg.ephemeral:
            channel.last_message_id = msg.id
            if channel.is_thread:
                channel.message_count += 1
                channel.total_message_sent += 1

    def apply_edit(
        self,
        msg: StoredMessage,
        body: dict[str, Any],
        files: list[UploadedFile],
        *,
        error_path: list[str | int] | None = None,
    ) -> None:
        """Apply a PATCH body to a message, validating the result like Discord."""
        flags = msg.flags
        if "flags" in body and body["flags"] is not None:
            wanted = int(body["flags"])
            flags = (flags & ~FLAG_SUPPRESS_EMBEDS) | (wanted & FLAG_SUPPRESS_EMBEDS)
            if wanted & FLAG_COMPONENTS_V2:
                flags |= FLAG_COMPONENTS_V2
        errs = FormErrors()
        merged = dict(body)
        if flags & FLAG_COMPONENTS_V2:
            merged.setdefault("content", None)
        check_message(merged, errs, path=error_path, file_count=len(files), flags=flags)
        if flags & FLAG_COMPONENTS_V2 and "content" not in body and msg.content:
            errs.add(
                [*(error_path or []), "content"],
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                "The 'content' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
            )
        errs.raise_if_any()
        new = copy.copy(msg)
        new.flags = flags
        if "content" in body:
            new.content = body["content"] or ""
        if "embeds" in body:
            new.embeds = [self._embed(e) for e in body["embeds"] or []]
        if "components" in body:
            new.components = number_components(body["components"] or [])
        if "attachments" in body or files:
            new.attachments = self.make_attachments(
                body.get("attachments"),
                files,
                msg.channel_id,
                msg.attachments,
                ephemeral=msg.ephemeral,
                keep_existing_by_default=True,
            )
            if len(new.attachments) > 10:
                errs.max_length([*(error_path or []), "attachments"], 10)
                errs.raise_if_any()
        self.check_not_empty(new, body)
        if "content" in body or (flags & FLAG_COMPONENTS_V2 and "components" in body):
            self.apply_mentions(new, body)
        for key in (
            "flags",
            "content",
            "mentions",
            "mention_roles",
            "mention_everyone",
            "pinged",
            "embeds",
            "components",
            "attachments",
        ):
            setattr(msg, key, getattr(new, key))
        msg.edited_timestamp = self.iso()

    def bot_channel_send_check(
        self, channel: FakeChannel, body: dict[str, Any], has_files: bool
    ) -> None:
        """Permission checks of POST /channels/{id}/messages for the bot."""
        if channel.is_dm:
            assert channel.recipient_id is not None
            recipient = self.users[channel.recipient_id]
            if not recipient.dm_open or not self.shares_guild(recipient.id):
                raise ApiError(403, 50007, "Cannot send messages to this user")
            return
        send_bit = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
        perms = self.require(channel, send_bit)
        if body.get("embeds") and not perms & EMBED_LINKS:
            raise missing_permissions()
        if has_files and not perms & ATTACH_FILES:
            raise missing_permissions()
        if channel.is_thread and channel.archived:
            if channel.locked and not perms & MANAGE_THREADS:
                raise ApiError(400, 50083, "Thread is archived")
            channel.archived = False

    # ---- interactions ---------------------------------------------------------------------------

    def interaction_by_token(self, application_id: int, token: str) -> FakeInteraction:
        if application_id != self.application_id:
            raise unknown("Webhook", 10015)
        inter = self.interactions_by_token.get(token)
        if inter is None:
            raise unknown("Webhook", 10015)
        if self.now() - inter.created_at > INTERACTION_TOKEN_SECONDS:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        return inter


MESSAGE_ALLOWED_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2
INTERACTION_ALLOWED_FLAGS = MESSAGE_ALLOWED_FLAGS | FLAG_EPHEMERAL
