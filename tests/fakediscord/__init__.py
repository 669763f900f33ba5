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

Rate limits (ratelimit.py), off unless ``FakeDiscord(rate_limits=RateLimitConfig(...))`` or
``fake.set_rate_limits(enabled=True, *, time_scale=, global_limit=, global_window=, routes=)``
switches them on. Buckets are a route template ("POST /channels/{channel_id}/messages") plus
its top-level resource (channel, guild, or webhook id + token); ``DISCORD_ROUTE_LIMITS``
has Discord's values (5 messages per 5 s per channel, ...), other routes 5 per 1 s, the
global limit 50 per 1 s (interaction callbacks and interaction webhooks exempt). Every
response then carries X-RateLimit-Limit/-Remaining/-Reset/-Reset-After/-Bucket; over a
bucket: 429 {"message", "retry_after", "global": false}, Retry-After, X-RateLimit-Scope:
user; over the global limit: "global": true, X-RateLimit-Global, X-RateLimit-Scope: global.
Windows run on the fake's clock (``advance`` ends them) and last ``window * time_scale``
(0.1: ten times shorter, for worlds that play at machine speed). ``fake.rate_limited``
records each 429 (route, bucket, scope, retry_after, when), ``fake.request_log`` each
request and ``fake.request_counts(pattern=None)`` counts them per "METHOD /template".
discord.py honours it all: it waits out a spent bucket before sending (the call that spent
it returns only after the reset), and on a 429 sleeps retry_after and tries again (five
tries in all; a retry_after over ``max_ratelimit_timeout`` raises ``discord.RateLimited``).

``instant_retries(fake=None)`` (helpers.py) makes discord.py's 5xx backoffs (1, 3, 5, 7, 9 s)
instant and records its sleeps; with ``fake`` its rate-limit waits move the fake's clock
instead of sleeping, so a test of limits does not depend on how fast the machine is.

Discord failing (faults.py): ``fake.fail(method, path_regex, *, status=503, times=1,
code=None, message=None, retry_after=1.0, scope="user")`` makes the next ``times`` requests
("*": any method; the path after /api/v10 must fullmatch) fail before the fake handles them
(``times=None``: until ``fake.heal()``; ``heal(rule)`` ends one rule): 5xx, 429 (as over a
bucket, ``scope`` "user"/"global"/"shared"), 403 (50013 Missing Permissions), 404 (the
route's Unknown ... code). ``fake.failures`` records each one; they and the 429s are in
``fake.errors`` too (``extra`` says "injected" / "rate_limit"). discord.py's HTTPClient
retries only 500, 502, 504 and 524 (five tries, then DiscordServerError) and raises at once
on 503; its webhook adapter (interaction callbacks, followups, original-response edits)
retries every 5xx and every 429, ignoring ``max_ratelimit_timeout``.
"""

from .client import AttachmentInput, InteractionResult
from .errors import ApiError, ErrorRecord
from .faults import FailureRule, InjectedFailure
from .gateway import GatewayEvent
from .helpers import DiscordSleeps, async_test, instant_retries, running_bot
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
from .ratelimit import (
    DISCORD_ROUTE_LIMITS,
    RateLimitConfig,
    RateLimitRecord,
    RequestRecord,
    RouteLimit,
)
from .server import BOT_FLAGS, FakeDiscord

__all__ = [
    "BOT_FLAGS",
    "DISCORD_ROUTE_LIMITS",
    "ApiError",
    "AttachmentInput",
    "DiscordSleeps",
    "ErrorRecord",
    "FailureRule",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeInteraction",
    "FakeMember",
    "FakeModal",
    "FakeRole",
    "FakeUser",
    "GatewayEvent",
    "InjectedFailure",
    "InteractionResult",
    "Mentions",
    "Ping",
    "RateLimitConfig",
    "RateLimitRecord",
    "RecordedMessage",
    "RequestRecord",
    "RouteLimit",
    "StoredAttachment",
    "StoredMessage",
    "async_test",
    "instant_retries",
    "running_bot",
]
