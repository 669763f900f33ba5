"""A faithful fake Discord (REST API v10 + gateway) on loopback for discord.py end-to-end tests.

    fake = await FakeDiscord().start()      # also points discord.py at it (undone by stop)
    guild = fake.add_guild("Games")
    games = fake.add_text_channel(guild, "games", bot_can_create_private_threads=False)
    alice = fake.add_user("alice"); fake.add_member(guild, alice)
    async with running_bot(bot, fake.bot_token):
        result = await fake.slash(alice, games, "deck register", {"name": "Goku"})
        assert result.error is None and result.response.ephemeral
        assert all("secret" not in m.text() for m in fake.visible_to(bob))
    assert fake.unhandled == []
    await fake.stop()

Notes for bot tests:
- discord.py 2.7's Client opens its gateway at ``DiscordWebSocket.DEFAULT_GATEWAY``, not at the
  URL of GET /gateway/bot: ``start()`` patches it together with ``Route.BASE`` and the CDN base.
- on_ready comes ``guild_ready_timeout`` (discord.py default 2 s) after the last GUILD_CREATE;
  build test bots with ``guild_ready_timeout=0.05`` or wait for the guild to be cached instead.
- Intents are honoured: without GUILD_MEMBERS, GUILD_CREATE holds only the bot's member and
  other users' thread joins are not sent; without MESSAGE_CONTENT, users' guild messages
  reach the bot with empty content (unless it is mentioned).
- Interaction deadlines (3 s to acknowledge, 15 min for the token) run on the fake's clock:
  ``fake.advance(seconds)`` moves it without sleeping.
- Results are live: ``result.response`` / ``result.followups`` show later edits and followups.

Mentions and pings (mentions.py): every message the bot creates or edits (channel and DM
messages, interaction responses, followups, webhook and message edits) is resolved from its
content (a components-v2 message: its Text Displays) and the request's ``allowed_mentions``
as Discord does: absent, everything is parsed; present, only the ``parse`` types and listed
``users``/``roles``; ``parse: ["users"]`` with a ``users`` list is 400 50035. @everyone/@here
and unmentionable roles (``add_role(..., mentionable=True)``) need the author's Mention
Everyone permission; code spans, embeds and ephemeral messages ping no one; a reply
mentions its author unless ``replied_user`` is false. Each ``RecordedMessage`` version
has ``mentions``, ``mention_roles``, ``mention_everyone`` (as in its payload), ``pinged``
(the users reached: mentioned users, role members and, for @everyone/@here, everyone who
can view the channel, or a thread's members; never the author) and ``notified`` (``pinged``
for a new message, empty for an edit, a deferred response's filling included: Discord
highlights edited-in mentions but sends no notification). ``fake.pings(user=None, *,
include_edits=True)`` lists every ``Ping(message, user_id)`` so far. discord.py merges a
call's ``AllowedMentions`` onto the client's default, and ``AllowedMentions(users=[x])``
leaves everyone and roles at True: without a client default it still parses @everyone.
"""

from .client import AttachmentInput, InteractionResult
from .errors import ApiError, ErrorRecord
from .gateway import GatewayEvent
from .helpers import async_test, running_bot
from .mentions import Mentions
from .model import (
    FakeChannel,
    FakeGuild,
    FakeInteraction,
    FakeMember,
    FakeModal,
    FakeRole,
    FakeUser,
    Ping,
    RecordedMessage,
    StoredAttachment,
    StoredMessage,
)
from .server import BOT_FLAGS, FakeDiscord

__all__ = [
    "BOT_FLAGS",
    "ApiError",
    "AttachmentInput",
    "ErrorRecord",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeInteraction",
    "FakeMember",
    "FakeModal",
    "FakeRole",
    "FakeUser",
    "GatewayEvent",
    "InteractionResult",
    "Mentions",
    "Ping",
    "RecordedMessage",
    "StoredAttachment",
    "StoredMessage",
    "async_test",
    "running_bot",
]
