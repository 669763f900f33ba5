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
"""

from .client import AttachmentInput, InteractionResult
from .errors import ApiError, ErrorRecord
from .gateway import GatewayEvent
from .helpers import async_test, running_bot
from .model import (
    FakeChannel,
    FakeGuild,
    FakeInteraction,
    FakeMember,
    FakeModal,
    FakeRole,
    FakeUser,
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
    "RecordedMessage",
    "StoredAttachment",
    "StoredMessage",
    "async_test",
    "running_bot",
]
