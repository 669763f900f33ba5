"""FakeDiscord: the loopback server plus the test's handle on it."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from types import TracebackType
from typing import Any

from aiohttp import web

from . import payloads
from .client import UserActions, UserLike
from .errors import ErrorRecord
from .faults import FailureRule, InjectedFailure
from .gateway import Gateway, GatewayEvent
from .model import (
    ATTACH_FILES,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_EVERYONE_PERMISSIONS,
    EMBED_LINKS,
    GUILD_CATEGORY,
    INTENT_GUILD_MEMBERS,
    INTENT_GUILDS,
    MANAGE_MESSAGES,
    MANAGE_THREADS,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeRole,
    FakeUser,
    RegisteredCommand,
    perm_value,
)
from .ratelimit import RateLimitConfig, RateLimitRecord, RequestRecord, RouteLimit
from .rest import RestApi
from .state import FakeState

# add_text_channel / set_bot_permissions keyword -> permission bit.
BOT_FLAGS: dict[str, int] = {
    "bot_can_view": VIEW_CHANNEL,
    "bot_can_send": SEND_MESSAGES,
    "bot_can_send_in_threads": SEND_MESSAGES_IN_THREADS,
    "bot_can_create_public_threads": CREATE_PUBLIC_THREADS,
    "bot_can_create_private_threads": CREATE_PRIVATE_THREADS,
    "bot_can_manage_threads": MANAGE_THREADS,
    "bot_can_embed": EMBED_LINKS,
    "bot_can_attach": ATTACH_FILES,
    "bot_can_read_history": READ_MESSAGE_HISTORY,
    "bot_can_manage_messages": MANAGE_MESSAGES,
}


class FakeDiscord(UserActions):
    """A Discord API v10 + gateway double on 127.0.0.1 for discord.py end-to-end tests.

    ``await fake.start()`` serves on a free port and points discord.py at it:
    ``discord.http.Route.BASE`` and ``DiscordWebSocket.DEFAULT_GATEWAY`` (discord.py 2.7's
    Client connects to DEFAULT_GATEWAY, it does not ask GET /gateway/bot) and the CDN base.
    ``await fake.stop()`` restores them.
    """

    def __init__(
        self,
        *,
        bot_name: str = "Scouter",
        enabled_privileged_intents: int | None = None,
        ack_timeout: float = 3.5,
        response_timeout: float = 5.0,
        settle: float = 0.05,
        rate_limits: RateLimitConfig | None = None,
    ) -> None:
        self.state = FakeState(
            bot_name=bot_name, enabled_privileged_intents=enabled_privileged_intents
        )
        self.gateway = Gateway(self.state)
        self.rest = RestApi(self.state, self.gateway, rate_limits)
        self.ack_timeout = ack_timeout
        self.response_timeout = response_timeout
        self.settle = settle
        self.base_url = ""
        self._runner: web.AppRunner | None = None
        self._saved: list[tuple[Any, str, Any]] = []

    # ---- lifecycle ------------------------------------------------------------------------------

    async def start(self) -> FakeDiscord:
        """Serve on 127.0.0.1 (free port) and point discord.py at this fake (always: a bot
        that only had Route.BASE patched would open its gateway to Discord itself)."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        self.rest.install(app)
        app.router.add_get("/gateway-ws", self.gateway.handle)
        runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=1.0)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        self._runner = runner
        host, port = runner.addresses[0][:2]
        self.base_url = f"http://{host}:{port}"
        self.state.base_url = self.base_url
        self.gateway.url = f"ws://{host}:{port}/gateway-ws"
        self.patch_discord()
        return self

    async def stop(self) -> None:
        self.unpatch_discord()
        await self.gateway.close_all(1001, "fake discord stopping")
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()

    def patch_discord(self) -> None:
        """Point discord.py's REST base, gateway and CDN at this fake (undone by stop)."""
        import discord.asset
        import discord.gateway
        import discord.http
        import yarl

        targets: list[tuple[Any, str, Any]] = [
            (discord.http.Route, "BASE", self.api_base),
            (discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(self.gateway_url)),
            (discord.asset.Asset, "BASE", self.base_url + "/cdn"),
        ]
        for obj, attr, value in targets:
            self._saved.append((obj, attr, getattr(obj, attr)))
            setattr(obj, attr, value)

    def unpatch_discord(self) -> None:
        while self._saved:
            obj, attr, value = self._saved.pop()
            setattr(obj, attr, value)

    # ---- what the bot is told -------------------------------------------------------------------

    @property
    def api_base(self) -> str:
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return self.gateway.url

    @property
    def bot_token(self) -> str:
        return self.state.bot_token

    @property
    def application_id(self) -> int:
        return self.state.application_id

    @property
    def bot_user(self) -> FakeUser:
        return self.state.bot

    # ---- what a test checks ---------------------------------------------------------------------

    @property
    def unhandled(self) -> list[str]:
        """Requests to routes the fake does not implement ("METHOD /path")."""
        return self.state.unhandled

    @property
    def errors(self) -> list[ErrorRecord]:
        """Every error answer the REST API gave (429s and injected failures: see ``extra``)."""
        return self.state.errors

    @property
    def requests(self) -> list[str]:
        return self.state.requests

    @property
    def request_log(self) -> list[RequestRecord]:
        """Every REST request: method, path, route template, top-level resource, status."""
        return self.state.request_log

    def request_counts(self, pattern: str | None = None) -> Counter[str]:
        """Requests per route ("METHOD /template"), those matching ``pattern`` (re.search)."""
        return Counter(
            r.route
            for r in self.state.request_log
            if pattern is None or re.search(pattern, r.route)
        )

    @property
    def rate_limited(self) -> list[RateLimitRecord]:
        """Every 429 served: rate limits and injected ones (``injected``)."""
        return self.state.rate_limited

    @property
    def failures(self) -> list[InjectedFailure]:
        """Every failure ``fail`` injected, in order."""
        return self.state.failures

    @property
    def events(self) -> list[GatewayEvent]:
        """Every gateway dispatch sent, in order."""
        return self.gateway.events

    @property
    def identify_count(self) -> int:
        return self.gateway.identify_count

    @property
    def connected(self) -> bool:
        return bool(self.gateway.live_sessions)

    @property
    def threads(self) -> list[FakeChannel]:
        return [c for c in self.state.channels.values() if c.is_thread and not c.deleted]

    def commands(self, guild: FakeGuild | None = None) -> list[RegisteredCommand]:
        gid = None if guild is None else guild.id
        return [c for c in self.state.commands.values() if c.guild_id == gid]

    async def wait_connected(self, timeout: float = 5.0, shard: int | None = None) -> None:
        """Until a bot identified (READY and GUILD_CREATEs sent); with `shard`, a bot
        serving that shard."""
        await self.gateway.wait_connected(timeout, shard)

    async def wait_disconnected(self, timeout: float = 5.0) -> None:
        await self.wait_until(lambda: not self.gateway.live_sessions, timeout=timeout)

    async def drop_connections(self, code: int = 4000) -> None:
        """Close the bot's websocket like a network failure (it resumes, gets op 9, identifies)."""
        await self.gateway.close_all(code, "fake discord: connection dropped")

    # ---- rate limits and failures ---------------------------------------------------------------

    @property
    def rate_limit_config(self) -> RateLimitConfig:
        return self.rest.limits.config

    @rate_limit_config.setter
    def rate_limit_config(self, config: RateLimitConfig) -> None:
        self.rest.limits.config = config
        self.rest.limits.reset()

    def set_rate_limits(
        self,
        enabled: bool = True,
        *,
        time_scale: float | None = None,
        global_limit: int | None = None,
        global_window: float | None = None,
        routes: Mapping[str, RouteLimit | None] | None = None,
    ) -> RateLimitConfig:
        """Switch Discord's rate limits on (off with ``False``), changing what is given:
        ``routes`` ("METHOD /template" -> RouteLimit, or None for none) are laid over the
        current table. Every bucket starts afresh."""
        config = self.rest.limits.config
        changes: dict[str, Any] = {"enabled": enabled}
        if time_scale is not None:
            changes["time_scale"] = time_scale
        if global_limit is not None:
            changes["global_limit"] = global_limit
        if global_window is not None:
            changes["global_window"] = global_window
        if routes is not None:
            changes["routes"] = {**config.routes, **routes}
        self.rate_limit_config = dataclasses.replace(config, **changes)
        return self.rate_limit_config

    def fail(
        self,
        method: str,
        path: str,
        *,
        status: int = 503,
        times: int | None = 1,
        code: int | None = None,
        message: str | None = None,
        retry_after: float = 1.0,
        scope: str = "user",
    ) -> FailureRule:
        """Make the next ``times`` requests (None: all until ``heal``) whose method is
        ``method`` ("*": any) and whose path after /api/v10 matches ``path`` (re.fullmatch)
        fail with ``status``: 5xx, 429 (``retry_after`` seconds, ``scope`` "user", "global" or
        "shared"), 403 (50013 Missing Permissions), 404 (the route's Unknown ... code), or
        another, with ``code``/``message``. Nothing is done and no bucket is used."""
        return self.rest.faults.add(
            FailureRule(
                method.upper(),
                re.compile(path),
                status,
                times,
                code=code,
                message=message,
                retry_after=retry_after,
                scope=scope,
            )
        )

    def heal(self, rule: FailureRule | None = None) -> None:
        """Stop injecting ``rule``'s failures, or every rule's."""
        self.rest.faults.heal(rule)

    def advance(self, seconds: float) -> None:
        """Move the fake's clock (interaction 3 s / 15 min limits, rate limit windows)
        without sleeping."""
        self.state.clock_offset += seconds

    # ---- world building -------------------------------------------------------------------------

    def add_user(
        self,
        name: str,
        *,
        dm_open: bool = True,
        global_name: str | None = None,
        locale: str = "en-US",
        bot: bool = False,
    ) -> FakeUser:
        return self.state.add_user(
            name, dm_open=dm_open, global_name=global_name, locale=locale, bot=bot
        )

    def set_dm_open(self, user: UserLike, dm_open: bool) -> None:
        self._user(user).dm_open = dm_open

    def dm_channel(self, user: UserLike) -> FakeChannel:
        return self.state.dm_channel(self._user(user))

    def add_guild(
        self,
        name: str = "Test Guild",
        *,
        owner: FakeUser | None = None,
        everyone_permissions: int | Any = DEFAULT_EVERYONE_PERMISSIONS,
        bot_permissions: int | Any = DEFAULT_BOT_PERMISSIONS,
    ) -> FakeGuild:
        """A guild the bot is in; ``owner`` (default: a new user "owner") is a member too."""
        if owner is None:
            owner = self.add_user(f"{name.lower().replace(' ', '-')}-owner")
        guild = self.state.create_guild(
            name,
            owner,
            everyone_permissions=perm_value(everyone_permissions),
            bot_permissions=perm_value(bot_permissions),
        )
        self.gateway.dispatch_guild_create(guild)
        return guild

    def add_role(
        self,
        guild: FakeGuild,
        name: str,
        permissions: int | Any = 0,
        *,
        mentionable: bool = False,
    ) -> FakeRole:
        """A role; anyone may ping a ``mentionable`` one, others need Mention Everyone."""
        role = self.state.add_role(guild, name, perm_value(permissions))
        role.mentionable = mentionable
        self.gateway.dispatch(
            "GUILD_ROLE_CREATE",
            {"guild_id": str(guild.id), "role": payloads.role(role)},
            intent=INTENT_GUILDS,
        )
        return role

    def bot_role(self, guild: FakeGuild) -> FakeRole:
        return guild.roles[guild.bot_role_id]

    def set_role_permissions(self, role: FakeRole, permissions: int | Any) -> None:
        role.permissions = perm_value(permissions)
        self.gateway.dispatch(
            "GUILD_ROLE_UPDATE",
            {"guild_id": str(role.guild_id), "role": payloads.role(role)},
            intent=INTENT_GUILDS,
        )
        self.state.refresh_visibility()

    def add_member(
        self,
        guild: FakeGuild,
        user: FakeUser,
        *,
        roles: Sequence[FakeRole] = (),
        permissions: int | Any | None = None,
        nick: str | None = None,
    ) -> FakeMember:
        """Make ``user`` a member; ``permissions`` gives them an extra role with those bits."""
        role_ids = [r.id for r in roles]
        if permissions is not None:
            role_ids.append(self.add_role(guild, f"{user.name}-perms", permissions).id)
        member = self.state.join(guild, user, role_ids)
        member.nick = nick
        data = payloads.member(member)
        data["guild_id"] = str(guild.id)
        self.gateway.dispatch("GUILD_MEMBER_ADD", data, intent=INTENT_GUILD_MEMBERS)
        self.state.refresh_visibility()
        return member

    def remove_member(self, guild: FakeGuild, user: FakeUser) -> None:
        guild.members.pop(user.id, None)
        for thread in self.threads:
            if thread.guild_id == guild.id:
                thread.member_ids.pop(user.id, None)
        self.state.access_changed()
        self.gateway.dispatch(
            "GUILD_MEMBER_REMOVE",
            {"guild_id": str(guild.id), "user": payloads.user(user)},
            intent=INTENT_GUILD_MEMBERS,
        )

    def add_category(self, guild: FakeGuild, name: str) -> FakeChannel:
        channel = self.state.create_channel(guild, name, type=GUILD_CATEGORY)
        self.gateway.dispatch(
            "CHANNEL_CREATE", payloads.channel(self.state, channel), intent=INTENT_GUILDS
        )
        return channel

    def add_text_channel(
        self,
        guild: FakeGuild,
        name: str,
        *,
        topic: str | None = None,
        category: FakeChannel | None = None,
        everyone_can_view: bool = True,
        visible_to: Sequence[FakeUser | FakeRole] = (),
        **bot_flags: bool | None,
    ) -> FakeChannel:
        """A text channel. ``bot_can_*`` flags (True/False/None) become an overwrite for the bot,
        so ``channel.permissions_for(guild.me)`` in discord.py agrees with what the REST API
        enforces. Flags: see ``BOT_FLAGS``."""
        channel = self.state.create_channel(
            guild, name, parent_id=None if category is None else category.id, topic=topic
        )
        if not everyone_can_view:
            self.state.set_overwrite(channel, guild.id, 0, 0, VIEW_CHANNEL)
        for target in visible_to:
            ttype = 0 if isinstance(target, FakeRole) else 1
            self.state.set_overwrite(channel, target.id, ttype, VIEW_CHANNEL, 0)
        self._apply_bot_flags(channel, bot_flags)
        self.gateway.dispatch(
            "CHANNEL_CREATE", payloads.channel(self.state, channel), intent=INTENT_GUILDS
        )
        return channel

    def _apply_bot_flags(self, channel: FakeChannel, flags: dict[str, bool | None]) -> None:
        bot_id = self.state.bot.id
        current = channel.overwrites.get(bot_id)
        allow = current.allow if current else 0
        deny = current.deny if current else 0
        for key, value in flags.items():
            if key not in BOT_FLAGS:
                raise TypeError(f"unknown flag {key!r}; known: {sorted(BOT_FLAGS)}")
            bit = BOT_FLAGS[key]
            allow &= ~bit
            deny &= ~bit
            if value is True:
                allow |= bit
            elif value is False:
                deny |= bit
        self.state.set_overwrite(channel, bot_id, 1, allow, deny)

    def set_bot_permissions(self, channel: FakeChannel, **bot_flags: bool | None) -> None:
        """Change the bot's overwrite on a channel (CHANNEL_UPDATE reaches the bot)."""
        self._apply_bot_flags(channel, bot_flags)
        self._channel_updated(channel)

    def set_overwrite(
        self,
        channel: FakeChannel,
        target: FakeUser | FakeMember | FakeRole,
        *,
        allow: int | Any = 0,
        deny: int | Any = 0,
    ) -> None:
        ttype = 0 if isinstance(target, FakeRole) else 1
        self.state.set_overwrite(channel, target.id, ttype, perm_value(allow), perm_value(deny))
        self._channel_updated(channel)

    def _channel_updated(self, channel: FakeChannel) -> None:
        self.gateway.dispatch(
            "CHANNEL_UPDATE", payloads.channel(self.state, channel), intent=INTENT_GUILDS
        )
        self.state.refresh_visibility()
        self.state.notify()

    def add_thread(
        self,
        channel: FakeChannel,
        name: str,
        *,
        owner: FakeUser,
        private: bool = False,
        members: Sequence[FakeUser] = (),
    ) -> FakeChannel:
        """A thread a user created (the bot hears of it if it can see it)."""
        state = self.state
        assert channel.guild_id is not None
        now = state.iso()
        thread = FakeChannel(
            id=state.snowflake(),
            type=PRIVATE_THREAD if private else PUBLIC_THREAD,
            name=name,
            guild_id=channel.guild_id,
            parent_id=channel.id,
            owner_id=owner.id,
            member_ids={owner.id: now, **{m.id: now for m in members}},
            archive_timestamp=now,
            create_timestamp=now,
        )
        state.channels[thread.id] = thread
        state.guilds[channel.guild_id].channel_ids.append(thread.id)
        if state.can_view(thread, state.bot.id):
            data = payloads.thread(state, thread)
            data["newly_created"] = True
            self.gateway.dispatch("THREAD_CREATE", data, intent=INTENT_GUILDS)
        state.notify()
        return thread
