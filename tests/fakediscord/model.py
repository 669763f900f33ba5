"""The fake's data: users, guilds, roles, channels, threads, messages, interactions.

Everything here is plain data; the rules live in state.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

# Permission bits (Discord API v10).
CREATE_INSTANT_INVITE = 1 << 0
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
SEND_TTS_MESSAGES = 1 << 12
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
CONNECT = 1 << 20
SPEAK = 1 << 21
CHANGE_NICKNAME = 1 << 26
MANAGE_ROLES = 1 << 28
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
USE_EXTERNAL_STICKERS = 1 << 37
SEND_MESSAGES_IN_THREADS = 1 << 38
SEND_VOICE_MESSAGES = 1 << 46
SEND_POLLS = 1 << 49
USE_EXTERNAL_APPS = 1 << 50
ALL_PERMISSIONS = (1 << 53) - 1

DEFAULT_EVERYONE_PERMISSIONS = (
    CREATE_INSTANT_INVITE
    | ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | SEND_TTS_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | CONNECT
    | SPEAK
    | CHANGE_NICKNAME
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS
    | USE_EXTERNAL_STICKERS
    | SEND_MESSAGES_IN_THREADS
    | SEND_VOICE_MESSAGES
    | SEND_POLLS
    | USE_EXTERNAL_APPS
)

# What a typical invite link grants the bot's managed role (no Manage Threads/Messages).
DEFAULT_BOT_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | SEND_MESSAGES_IN_THREADS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | ADD_REACTIONS
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
)

# Permissions a bot has in a DM (what Discord reports as app_permissions there).
DM_PERMISSIONS = (
    ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | SEND_TTS_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | USE_EXTERNAL_STICKERS
    | SEND_VOICE_MESSAGES
    | SEND_POLLS
    | USE_EXTERNAL_APPS
)

# Channel types.
GUILD_TEXT = 0
DM = 1
GUILD_CATEGORY = 4
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (10, PUBLIC_THREAD, PRIVATE_THREAD)

# Message flags.
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_HAS_THREAD = 1 << 5
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
FLAG_COMPONENTS_V2 = 1 << 15

# Interaction types.
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

# Gateway intents.
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_PRESENCES = 1 << 8
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15
PRIVILEGED_INTENTS = INTENT_GUILD_MEMBERS | INTENT_GUILD_PRESENCES | INTENT_MESSAGE_CONTENT


def perm_value(value: int | Any) -> int:
    """Accept an int or anything with an int ``value`` (e.g. discord.Permissions)."""
    if isinstance(value, int):
        return value
    return int(value.value)


@dataclass(eq=False)
class FakeUser:
    id: int
    name: str
    global_name: str | None = None
    bot: bool = False
    dm_open: bool = True
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass(eq=False)
class FakeRole:
    id: int
    guild_id: int
    name: str
    permissions: int
    position: int = 0
    color: int = 0
    hoist: bool = False
    managed: bool = False
    mentionable: bool = False
    bot_id: int | None = None

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"


@dataclass(eq=False)
class FakeMember:
    user: FakeUser
    guild_id: int
    role_ids: list[int]
    joined_at: str
    nick: str | None = None

    @property
    def id(self) -> int:
        return self.user.id


@dataclass
class Overwrite:
    id: int
    type: int  # 0 = role, 1 = member
    allow: int = 0
    deny: int = 0


@dataclass(eq=False)
class FakeGuild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, FakeRole] = field(default_factory=dict)
    members: dict[int, FakeMember] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    locale: str = "en-US"
    bot_role_id: int = 0

    @property
    def everyone_role(self) -> FakeRole:
        return self.roles[self.id]


@dataclass(eq=False)
class FakeChannel:
    """A guild channel, a thread (type 11/12) or a DM (type 1)."""

    id: int
    type: int
    name: str
    guild_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    topic: str | None = None
    overwrites: dict[int, Overwrite] = field(default_factory=dict)
    # threads
    owner_id: int | None = None
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    member_ids: dict[int, str] = field(default_factory=dict)  # user id -> join timestamp
    archive_timestamp: str = ""
    create_timestamp: str = ""
    message_count: int = 0
    total_message_sent: int = 0
    starter_message_id: int | None = None
    # DMs
    recipient_id: int | None = None
    last_message_id: int | None = None
    deleted: bool = False

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def is_private_thread(self) -> bool:
        return self.type == PRIVATE_THREAD

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"


@dataclass
class StoredAttachment:
    id: int
    filename: str
    data: bytes
    url: str
    content_type: str | None = None
    description: str | None = None
    width: int | None = None
    height: int | None = None
    ephemeral: bool = False

    @property
    def size(self) -> int:
        return len(self.data)


def _walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for comp in components:
        yield comp
        for key in ("components", "items"):
            children = comp.get(key)
            if isinstance(children, list):
                yield from _walk_components([c for c in children if isinstance(c, dict)])
        for key in ("accessory", "component"):
            child = comp.get(key)
            if isinstance(child, dict):
                yield from _walk_components([child])


def walk_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component, depth first (rows, containers, sections, labels included)."""
    return list(_walk_components(components))


def components_text(components: list[dict[str, Any]]) -> list[str]:
    parts: list[str] = []
    for comp in walk_components(components):
        for key in ("label", "placeholder", "content", "title", "description"):
            value = comp.get(key)
            if isinstance(value, str) and value:
                parts.append(value)
        for option in comp.get("options") or []:
            if isinstance(option, dict):
                for key in ("label", "description"):
                    value = option.get(key)
                    if isinstance(value, str) and value:
                        parts.append(value)
    return parts


def embeds_text(embeds: list[dict[str, Any]]) -> list[str]:
    parts: list[str] = []
    for embed in embeds:
        for key in ("title", "description"):
            if embed.get(key):
                parts.append(str(embed[key]))
        author = embed.get("author") or {}
        if author.get("name"):
            parts.append(str(author["name"]))
        for fld in embed.get("fields") or []:
            parts.append(str(fld.get("name", "")))
            parts.append(str(fld.get("value", "")))
        footer = embed.get("footer") or {}
        if footer.get("text"):
            parts.append(str(footer["text"]))
    return parts


@dataclass(eq=False)
class RecordedMessage:
    """One version of one message: what it looked like and who could see it.

    ``viewers`` can grow after the version was recorded (a user added to a private
    thread can read the thread's history), never shrink.
    """

    seq: int
    id: int
    version: int
    channel_id: int
    guild_id: int | None
    author_id: int
    kind: str  # channel | thread | dm | interaction_response | followup | system
    type: int
    flags: int
    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    attachments: list[StoredAttachment]
    viewers: set[int]
    interaction_id: int | None
    created_at: float
    payload: dict[str, Any]
    deleted: bool = False
    # Mentions as the message payload reports them, and whom this version reaches.
    mentions: list[int] = field(default_factory=list)
    mention_roles: list[int] = field(default_factory=list)
    mention_everyone: bool = False
    pinged: frozenset[int] = frozenset()
    # Who Discord notified: ``pinged`` when this version created the message; an edit
    # highlights its mentions but notifies no one.
    notified: frozenset[int] = frozenset()

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def edit(self) -> bool:
        """This version is an edit (or a deferred response being filled in)."""
        return self.version > 0

    @property
    def silent(self) -> bool:
        """Sent with SUPPRESS_NOTIFICATIONS (@silent): mentions count, no push notification."""
        return bool(self.flags & FLAG_SUPPRESS_NOTIFICATIONS)

    @property
    def loading(self) -> bool:
        return bool(self.flags & FLAG_LOADING)

    @property
    def message_id(self) -> int:
        return self.id

    def text(self) -> str:
        """Everything a person reads: content, embeds, component labels, file names."""
        parts: list[str] = []
        if self.content:
            parts.append(self.content)
        parts.extend(embeds_text(self.embeds))
        parts.extend(components_text(self.components))
        parts.extend(a.filename for a in self.attachments)
        return "\n".join(parts)

    def attachment(self, filename: str) -> bytes:
        for att in self.attachments:
            if att.filename == filename:
                return att.data
        raise KeyError(f"no attachment {filename!r} on message {self.id}")

    def attachment_names(self) -> list[str]:
        return [a.filename for a in self.attachments]

    def all_components(self) -> list[dict[str, Any]]:
        return walk_components(self.components)

    def component(self, custom_id: str) -> dict[str, Any] | None:
        for comp in self.all_components():
            if comp.get("custom_id") == custom_id:
                return comp
        return None

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.all_components() if c.get("custom_id")]

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.all_components() if c.get("type") == 2]

    def visible_to(self, user_id: int) -> bool:
        return user_id in self.viewers

    def __repr__(self) -> str:
        text = self.text().replace("\n", " | ")
        if len(text) > 80:
            text = text[:77] + "..."
        return (
            f"<RecordedMessage id={self.id} v{self.version} {self.kind} channel={self.channel_id}"
            f" flags={self.flags} viewers={sorted(self.viewers)} {text!r}>"
        )


@dataclass(frozen=True)
class Ping:
    """One user reached by one message version's mentions (``FakeDiscord.pings``)."""

    message: RecordedMessage
    user_id: int

    @property
    def notified(self) -> bool:
        """False for an edit: Discord highlights the mention but sends no notification."""
        return self.user_id in self.message.notified


@dataclass(eq=False)
class StoredMessage:
    """The current state of a message; ``versions`` is its visible history."""

    id: int
    channel_id: int
    guild_id: int | None
    author_id: int
    kind: str
    type: int = 0
    flags: int = 0
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[StoredAttachment] = field(default_factory=list)
    timestamp: str = ""
    edited_timestamp: str | None = None
    tts: bool = False
    mentions: list[int] = field(default_factory=list)
    mention_roles: list[int] = field(default_factory=list)
    mention_everyone: bool = False
    pinged: frozenset[int] = frozenset()
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    interaction_legacy: dict[str, Any] | None = None
    reference: dict[str, Any] | None = None
    referenced_id: int | None = None
    thread_id: int | None = None
    ephemeral_viewer: int | None = None
    reactions: dict[str, set[int]] = field(default_factory=dict)
    pinned: bool = False
    deleted: bool = False
    versions: list[RecordedMessage] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def latest(self) -> RecordedMessage:
        return self.versions[-1]


@dataclass
class FakeModal:
    """A modal the bot showed to a user (interaction callback type 9)."""

    custom_id: str
    title: str
    components: list[dict[str, Any]]
    user_id: int
    channel_id: int
    guild_id: int | None
    interaction_id: int
    message_id: int | None = None

    def inputs(self) -> list[dict[str, Any]]:
        """The submit-able fields: text inputs, selects, checkboxes, ..."""
        return [
            c
            for c in walk_components(self.components)
            if c.get("custom_id") and c.get("type") not in (1, 18)
        ]

    def text(self) -> str:
        return "\n".join([self.title, *components_text(self.components)])


@dataclass(eq=False)
class FakeInteraction:
    id: int
    token: str
    type: int
    user_id: int
    channel_id: int
    guild_id: int | None
    data: dict[str, Any]
    payload: dict[str, Any]
    created_at: float
    message_id: int | None = None  # the message the component/modal came from
    response_type: int | None = None
    responded_at: float | None = None
    original_id: int | None = None
    original_loading: bool = False
    deferred_flags: int = 0
    followup_ids: list[int] = field(default_factory=list)
    modal: FakeModal | None = None
    choices: list[dict[str, Any]] | None = None
    last_activity: float = 0.0
    errors: list[Any] = field(default_factory=list)

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None


@dataclass
class RegisteredCommand:
    id: int
    guild_id: int | None
    payload: dict[str, Any]

    @property
    def name(self) -> str:
        return str(self.payload["name"])

    @property
    def type(self) -> int:
        return int(self.payload.get("type", 1))
