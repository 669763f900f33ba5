"""Who a message mentions and pings, resolved the way Discord does.

Discord's rules (Message resource, "Allowed Mentions Reference", and the Edit Message notes):

- Without ``allowed_mentions`` the content is parsed for everything: users, roles,
  @everyone/@here, and a reply mentions the replied-to author.
- With it, only the ``parse`` types and the listed ``users``/``roles`` ids count, and a
  reply mentions its author only with ``replied_user: true``. Ids not mentioned in the
  content are ignored. ``parse: ["users"]`` together with a ``users`` list (or roles
  likewise) is a 400 50035 (checked in validate.py).
- @everyone/@here, and roles that are not mentionable, need the author's Mention Everyone
  permission in the channel; without it they stay plain text.
- Mentions inside code (`...` or ```...```) and in embeds never count; components count
  only as Text Display content of a components-v2 message.
- An ephemeral message pings no one. Discord does not keep ``allowed_mentions``: an edit
  that changes the content is parsed afresh with the edit's own ``allowed_mentions``
  (absent: parse everything); an edit highlights the new mentions but notifies nobody.

``pinged`` is who the mentions reach: mentioned users who can view the channel, members
of mentioned roles who can, and for @everyone/@here every member who can (in a thread:
its members; the fake has no presence, so @here is @everyone). The author is never
pinged by their own message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .model import FLAG_COMPONENTS_V2, MENTION_EVERYONE, FakeChannel, walk_components

if TYPE_CHECKING:
    from .state import FakeState

USER_MENTION = re.compile(r"<@!?(\d+)>")
ROLE_MENTION = re.compile(r"<@&(\d+)>")
EVERYONE_MENTION = re.compile(r"@(?:everyone|here)")
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)
PARSE_TYPES = ("roles", "users", "everyone")


@dataclass(frozen=True)
class Mentions:
    """What a message version mentions (as the message payload reports) and whom it pings."""

    users: tuple[int, ...] = ()
    roles: tuple[int, ...] = ()
    everyone: bool = False
    pinged: frozenset[int] = frozenset()


NO_MENTIONS = Mentions()


def mention_text(body_content: str, components: list[dict[str, Any]], flags: int) -> str:
    """The text Discord parses for mentions: content, or a v2 message's Text Displays."""
    if flags & FLAG_COMPONENTS_V2:
        return "\n".join(
            str(c.get("content") or "") for c in walk_components(components) if c.get("type") == 10
        )
    return body_content


def _ids(value: Any) -> set[int]:
    found: set[int] = set()
    for item in value or []:
        try:
            found.add(int(item))
        except (TypeError, ValueError):
            continue
    return found


def resolve(
    state: FakeState,
    channel: FakeChannel,
    author_id: int,
    text: str,
    allowed: dict[str, Any] | None,
    *,
    replied_author: int | None = None,
    ephemeral: bool = False,
) -> Mentions:
    """Apply ``allowed`` (the request's ``allowed_mentions``, None when absent) to ``text``."""
    if allowed is None:
        parse = set(PARSE_TYPES)
        listed_users: set[int] = set()
        listed_roles: set[int] = set()
        reply = True
    else:
        parse = {p for p in allowed.get("parse") or [] if p in PARSE_TYPES}
        listed_users = _ids(allowed.get("users"))
        listed_roles = _ids(allowed.get("roles"))
        reply = bool(allowed.get("replied_user"))
    plain = CODE.sub("", text)
    users = [
        uid
        for uid in dict.fromkeys(int(m) for m in USER_MENTION.findall(plain))
        if uid in state.users and ("users" in parse or uid in listed_users)
    ]
    if (
        reply
        and replied_author is not None
        and replied_author != author_id
        and replied_author not in users
    ):
        users.append(replied_author)
    roles: list[int] = []
    everyone = False
    if channel.guild_id is not None:
        guild = state.guilds[channel.guild_id]
        can_everyone = bool(state.permissions_in(channel, author_id) & MENTION_EVERYONE)
        for rid in dict.fromkeys(int(m) for m in ROLE_MENTION.findall(plain)):
            role = guild.roles.get(rid)
            if role is None or rid == guild.id:
                continue
            if ("roles" in parse or rid in listed_roles) and (role.mentionable or can_everyone):
                roles.append(rid)
        everyone = "everyone" in parse and can_everyone and bool(EVERYONE_MENTION.search(plain))
    pinged: frozenset[int] = frozenset()
    if not ephemeral:
        pinged = frozenset(_reached(state, channel, users, roles, everyone) - {author_id})
    return Mentions(tuple(users), tuple(roles), everyone, pinged)


def _reached(
    state: FakeState, channel: FakeChannel, users: list[int], roles: list[int], everyone: bool
) -> set[int]:
    if channel.is_dm:
        return {uid for uid in users if uid in (channel.recipient_id, state.bot.id)}
    assert channel.guild_id is not None
    guild = state.guilds[channel.guild_id]
    viewers = state.channel_access(channel)[0]
    reached = set(viewers.intersection(users))
    wanted_roles = set(roles)
    for uid in viewers if wanted_roles else ():
        if wanted_roles.intersection(guild.members[uid].role_ids):
            reached.add(uid)
    if everyone:
        reached |= viewers & set(channel.member_ids) if channel.is_thread else viewers
    return reached
