"""The gateway websocket: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, dispatches.

Sharding, minimally as Discord does it: a session that identifies with `shard: [id, count]`
gets only the events of guilds with (guild_id >> 22) % count == id, and DMs on shard 0."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import WSMsgType, web

from . import payloads
from .model import (
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MEMBERS,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILDS,
    INTENT_MESSAGE_CONTENT,
    PRIVILEGED_INTENTS,
    FakeGuild,
    StoredMessage,
)
from .state import FakeState

log = logging.getLogger(__name__)

HEARTBEAT_INTERVAL_MS = 41250


@dataclass
class GatewayEvent:
    """One dispatch sent to a session (kept in ``FakeDiscord.events``)."""

    session_id: str
    seq: int
    name: str
    data: dict[str, Any]


class GatewaySession:
    def __init__(self, ws: web.WebSocketResponse, hub: Gateway) -> None:
        self.ws = ws
        self.hub = hub
        self.session_id = ""
        self.intents = 0
        self.identified = False
        self.seq = 0
        self.closed = False
        self.presence: dict[str, Any] | None = None
        self.shard: tuple[int, int] | None = None  # (id, count) from IDENTIFY
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._pending = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self._writer = asyncio.create_task(self._write_loop())

    def owns(self, guild_id: int | None) -> bool:
        """Whether this session's shard gets the events of `guild_id` (None: a DM)."""
        if self.shard is None:
            return True
        shard_id, count = self.shard
        return shard_id == (0 if guild_id is None else (guild_id >> 22) % count)

    def send(self, payload: dict[str, Any]) -> None:
        if self.closed:
            return
        self._pending += 1
        self._idle.clear()
        self._queue.put_nowait(json.dumps(payload))

    def dispatch(self, name: str, data: dict[str, Any]) -> None:
        if self.closed:
            return
        self.seq += 1
        self.hub.events.append(GatewayEvent(self.session_id, self.seq, name, data))
        self.send({"op": 0, "t": name, "s": self.seq, "d": data})

    async def _write_loop(self) -> None:
        while True:
            item = await self._queue.get()
            if item is None:
                break
            try:
                if not self.ws.closed:
                    await self.ws.send_str(item)
            except (ConnectionError, RuntimeError) as exc:
                log.debug("fake gateway: send failed: %s", exc)
            finally:
                self._pending -= 1
                if self._pending <= 0:
                    self._pending = 0
                    self._idle.set()

    async def drain(self, timeout: float = 2.0) -> None:
        if self._idle.is_set():  # nothing queued: no timer, no task (asked after each request)
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._idle.wait(), timeout)

    async def close(self, code: int, message: str = "") -> None:
        await self.drain()
        self.closed = True
        if not self.ws.closed:
            await self.ws.close(code=code, message=message.encode())

    async def shutdown(self) -> None:
        self.closed = True
        self._queue.put_nowait(None)
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(self._writer, 1.0)


class Gateway:
    """All websocket sessions; dispatches events to the identified ones, filtered by intents."""

    def __init__(self, state: FakeState) -> None:
        self.state = state
        self.sessions: list[GatewaySession] = []
        self.events: list[GatewayEvent] = []
        self.identify_count = 0
        self.resume_count = 0
        self.url = ""

    # ---- websocket handler ----------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        session = GatewaySession(ws, self)
        self.sessions.append(session)
        try:
            if request.query.get("v", "10") != "10":
                await session.close(4012, "Invalid API version")
                return ws
            if request.query.get("encoding", "json") != "json":
                await session.close(4002, "Decode error")
                return ws
            session.send(
                {"op": 10, "s": None, "t": None, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}}
            )
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    await session.close(4002, "Decode error")
                    break
                try:
                    payload = json.loads(msg.data)
                except ValueError:
                    await session.close(4002, "Decode error")
                    break
                await self._on_payload(session, payload)
                if session.closed:
                    break
        finally:
            await session.shutdown()
            if session in self.sessions:
                self.sessions.remove(session)
            self.state.notify()
        return ws

    async def _on_payload(self, session: GatewaySession, payload: dict[str, Any]) -> None:
        op = payload.get("op")
        data = payload.get("d")
        if op == 1:
            session.send({"op": 11, "s": None, "t": None, "d": None})
        elif op == 2:
            await self._identify(session, data or {})
        elif op == 6:
            self.resume_count += 1
            # Sessions are not kept: tell the client to identify again (as Discord does
            # for a session it no longer knows).
            session.send({"op": 9, "s": None, "t": None, "d": False})
        elif not session.identified:
            await session.close(4003, "Not authenticated.")
        elif op == 3:
            session.presence = data
        elif op == 4:
            pass
        elif op == 8:
            self._request_members(session, data or {})
        else:
            await session.close(4001, "Unknown opcode.")

    async def _identify(self, session: GatewaySession, data: dict[str, Any]) -> None:
        state = self.state
        if session.identified:
            await session.close(4005, "Already authenticated.")
            return
        if data.get("token") != state.bot_token:
            await session.close(4004, "Authentication failed.")
            return
        intents = data.get("intents")
        if not isinstance(intents, int) or intents < 0:
            await session.close(4013, "Invalid intent(s).")
            return
        if intents & PRIVILEGED_INTENTS & ~state.enabled_privileged_intents:
            await session.close(4014, "Disallowed intent(s).")
            return
        self.identify_count += 1
        session.intents = intents
        session.identified = True
        session.session_id = secrets.token_hex(16)
        session.presence = data.get("presence")
        shard = data.get("shard")
        if shard is not None:
            session.shard = (int(shard[0]), int(shard[1]))
        guilds = [g for g in state.guilds.values()
                  if state.bot.id in g.members and session.owns(g.id)]
        ready = {
            "v": 10,
            "user": payloads.me(state),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.url,
            "application": {"id": str(state.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "auth_session_id_hash": secrets.token_hex(8),
            "_trace": ["fake-discord"],
        }
        if "shard" in data:
            ready["shard"] = data["shard"]
        session.dispatch("READY", ready)
        if intents & INTENT_GUILDS:
            for g in guilds:
                session.dispatch("GUILD_CREATE", payloads.guild_create(state, g, intents))
        await session.drain()
        state.notify()

    def _request_members(self, session: GatewaySession, data: dict[str, Any]) -> None:
        try:
            guild = self.state.guilds[int(data["guild_id"])]
        except (KeyError, ValueError, TypeError):
            return
        if not session.intents & INTENT_GUILD_MEMBERS:
            return
        members = list(guild.members.values())
        user_ids = data.get("user_ids")
        if user_ids:
            wanted = {int(u) for u in user_ids}
            members = [m for m in members if m.id in wanted]
        query = data.get("query")
        if query:
            members = [m for m in members if m.user.name.lower().startswith(str(query).lower())]
        limit = int(data.get("limit") or 0)
        if limit:
            members = members[:limit]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [payloads.member(m) for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    # ---- dispatching ----------------------------------------------------------------------------

    @property
    def live_sessions(self) -> list[GatewaySession]:
        return [s for s in self.sessions if s.identified and not s.closed]

    def dispatch(
        self,
        name: str,
        data: dict[str, Any] | Callable[[GatewaySession], dict[str, Any] | None],
        *,
        intent: int | None = None,
    ) -> None:
        """Send an event to every identified session that has ``intent`` (None: always)
        and serves the event's guild."""
        for session in self.live_sessions:
            if intent is not None and not session.intents & intent:
                continue
            payload = data(session) if callable(data) else data
            if payload is not None and session.owns(_guild_of(name, payload)):
                session.dispatch(name, payload)

    def serving(self, guild_id: int | None) -> bool:
        """Whether a connected session gets the events of `guild_id` (None: DMs)."""
        return any(session.owns(guild_id) for session in self.live_sessions)

    def dispatch_message(self, name: str, msg: StoredMessage) -> None:
        """MESSAGE_CREATE / MESSAGE_UPDATE, with Discord's message-content intent rule."""
        if msg.ephemeral:
            return
        state = self.state
        intent = INTENT_DIRECT_MESSAGES if msg.guild_id is None else INTENT_GUILD_MESSAGES
        if not any(session.intents & intent for session in self.live_sessions):
            return  # no bot asked for message events: none is built
        channel = state.channels[msg.channel_id]
        if msg.guild_id is not None and not state.can_view(channel, state.bot.id):
            return
        full = payloads.message(state, msg, gateway=True)

        def for_session(session: GatewaySession) -> dict[str, Any]:
            if (
                session.intents & INTENT_MESSAGE_CONTENT
                or msg.author_id == state.bot.id
                or msg.guild_id is None
                or state.bot.id in msg.mentions
            ):
                return full
            blank = dict(full)
            blank.update(content="", embeds=[], attachments=[], components=[])
            return blank

        self.dispatch(name, for_session, intent=intent)

    def dispatch_guild_create(self, guild: FakeGuild) -> None:
        self.dispatch(
            "GUILD_CREATE",
            lambda s: payloads.guild_create(self.state, guild, s.intents),
            intent=INTENT_GUILDS,
        )

    async def drain(self) -> None:
        for session in list(self.sessions):
            await session.drain()

    async def wait_connected(self, timeout: float = 5.0, shard: int | None = None) -> None:
        """Until a session identified (with `shard`: one serving that shard)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not [s for s in self.live_sessions
                   if shard is None or (s.shard is not None and s.shard[0] == shard)]:
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError("no bot identified on the fake gateway")
            await self.state.wait_changed(min(remaining, 0.05))
        await self.drain()

    async def close_all(self, code: int = 1000, message: str = "") -> None:
        for session in list(self.sessions):
            await session.close(code, message)


def _guild_of(name: str, payload: dict[str, Any]) -> int | None:
    """The guild an event is about (a guild event names it `id`); None for a DM."""
    if name.startswith("GUILD_") and "guild_id" not in payload:
        return int(payload["id"])
    guild = payload.get("guild_id")
    return None if guild is None else int(guild)
