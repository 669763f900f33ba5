"""What a test does as Discord users: slash commands, clicks, selects, modals, messages.

Also the queries a test asserts with: messages per channel/DM, who saw what, waiting.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import payloads
from .errors import ErrorRecord
from .gateway import Gateway
from .model import (
    ADMINISTRATOR,
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    USE_APPLICATION_COMMANDS,
    VIEW_CHANNEL,
    FakeChannel,
    FakeInteraction,
    FakeMember,
    FakeModal,
    FakeRole,
    FakeUser,
    Ping,
    RecordedMessage,
    RegisteredCommand,
    StoredAttachment,
    StoredMessage,
)
from .state import ATTACHMENT_SIZE_LIMIT, INTERACTION_ACK_SECONDS, FakeState, UploadedFile

UserLike = FakeUser | FakeMember | int
# How long a wait for an event may take before the test fails: a bound for a bot that is
# stuck, far above what a loaded machine needs (the wait ends as soon as the event comes).
SAFETY_TIMEOUT = 60.0
MessageLike = RecordedMessage | StoredMessage | int
ChannelLike = FakeChannel | int


@dataclass
class AttachmentInput:
    """A file a user attaches to a slash command option of type ATTACHMENT."""

    filename: str
    data: bytes
    content_type: str | None = None


class InteractionResult:
    """What came back for one interaction; a live view (later edits/followups show up)."""

    def __init__(self, state: FakeState, interaction: FakeInteraction, error: str | None) -> None:
        self._state = state
        self.interaction = interaction
        self.error = error

    @property
    def response_type(self) -> int | None:
        return self.interaction.response_type

    @property
    def acknowledged(self) -> bool:
        return self.interaction.acknowledged

    @property
    def deferred(self) -> bool:
        return self.interaction.response_type in (5, 6)

    @property
    def message(self) -> RecordedMessage | None:
        """Latest version of the original response (or of the component's message for 6/7)."""
        original = self.interaction.original_id
        if original is None:
            return None
        msg = self._state.messages.get(original)
        return msg.latest if msg is not None and msg.versions else None

    @property
    def response(self) -> RecordedMessage | FakeModal | list[dict[str, Any]] | None:
        rtype = self.interaction.response_type
        if rtype == 9:
            return self.interaction.modal
        if rtype == 8:
            return self.interaction.choices
        if rtype == 6:
            msg = self.message
            if msg is not None and msg.interaction_id == self.interaction.id:
                return msg
            if msg is not None and msg.created_at >= (self.interaction.responded_at or 0):
                return msg
            return None
        return self.message

    @property
    def modal(self) -> FakeModal | None:
        return self.interaction.modal

    @property
    def choices(self) -> list[dict[str, Any]] | None:
        return self.interaction.choices

    @property
    def followups(self) -> list[RecordedMessage]:
        found = []
        for mid in self.interaction.followup_ids:
            msg = self._state.messages.get(mid)
            if msg is not None and msg.versions:
                found.append(msg.latest)
        return found

    @property
    def messages(self) -> list[RecordedMessage]:
        first = self.message if self.interaction.response_type in (4, 5) else None
        return ([first] if first is not None else []) + self.followups

    @property
    def ephemeral(self) -> bool:
        msg = self.message
        return msg is not None and msg.ephemeral

    @property
    def errors(self) -> list[ErrorRecord]:
        return list(self.interaction.errors)

    def text(self) -> str:
        parts = [m.text() for m in self.messages]
        if self.modal is not None:
            parts.append(self.modal.text())
        return "\n".join(parts)

    def __repr__(self) -> str:
        return (
            f"<InteractionResult type={self.response_type} error={self.error!r} "
            f"response={self.response!r} followups={len(self.interaction.followup_ids)}>"
        )


class UserActions:
    """Mixin of FakeDiscord: acting as users and inspecting what they saw."""

    state: FakeState
    gateway: Gateway
    ack_timeout: float
    response_timeout: float
    settle: float
    # Set by a test whose bot runs in this process: returns once the bot has received the
    # interaction of that id and finished every piece of work it started for it. Then an
    # interaction's result is awaited as an event, not guessed from a quiet period.
    bot_idle: Callable[[int], Awaitable[None]] | None = None
    idle_timeout: float = 120.0  # a bot that is still busy after this is stuck

    # ---- lookups --------------------------------------------------------------------------------

    def _user(self, user: UserLike) -> FakeUser:
        if isinstance(user, FakeUser):
            return user
        if isinstance(user, FakeMember):
            return user.user
        return self.state.users[int(user)]

    def _channel(self, channel: ChannelLike) -> FakeChannel:
        if isinstance(channel, FakeChannel):
            return channel
        return self.state.channels[int(channel)]

    def _stored(self, message: MessageLike) -> StoredMessage:
        mid = message if isinstance(message, int) else message.id
        msg = self.state.messages.get(mid)
        if msg is None:
            raise LookupError(f"no message {mid}")
        return msg

    def _can_see(self, user: FakeUser, msg: StoredMessage) -> bool:
        if msg.deleted:
            return False
        if msg.ephemeral_viewer is not None:
            return msg.ephemeral_viewer == user.id
        return user.id in self.state.viewers_now(msg)

    # ---- interactions ---------------------------------------------------------------------------

    def _interaction_payload(
        self,
        itype: int,
        user: FakeUser,
        channel: FakeChannel,
        data: dict[str, Any],
        message: StoredMessage | None,
    ) -> tuple[FakeInteraction, dict[str, Any]]:
        state = self.state
        iid = state.snowflake()
        token = "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(64)
        user_perms = state.permissions_in(channel, user.id)
        chan = payloads.channel(state, channel)
        chan["permissions"] = str(user_perms)
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(state.application_id),
            "type": itype,
            "data": data,
            "token": token,
            "version": 1,
            "locale": user.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
            "channel_id": str(channel.id),
            "channel": chan,
            "app_permissions": str(state.permissions_in(channel, state.bot.id)),
            "authorizing_integration_owners": {"0": str(channel.guild_id or 0)},
            "context": 0 if channel.guild_id is not None else 1,
        }
        if channel.guild_id is not None:
            guild = state.guilds[channel.guild_id]
            member = guild.members.get(user.id)
            if member is None:
                raise PermissionError(f"{user.name} is not a member of {guild.name}")
            payload["guild_id"] = str(guild.id)
            payload["guild"] = {"id": str(guild.id), "locale": guild.locale, "features": []}
            payload["guild_locale"] = guild.locale
            member_data = payloads.member(member)
            member_data["permissions"] = str(user_perms)
            payload["member"] = member_data
        else:
            payload["user"] = payloads.user(user)
        if message is not None:
            payload["message"] = payloads.message(state, message)
        inter = FakeInteraction(
            id=iid,
            token=token,
            type=itype,
            user_id=user.id,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            data=data,
            payload=payload,
            created_at=state.now(),
            message_id=None if message is None else message.id,
            last_activity=state.now(),
        )
        return inter, payload

    async def _interact(
        self,
        itype: int,
        user: FakeUser,
        channel: FakeChannel,
        data: dict[str, Any],
        *,
        message: StoredMessage | None = None,
        timeout: float | None = None,
    ) -> InteractionResult:
        state = self.state
        inter, payload = self._interaction_payload(itype, user, channel, data, message)
        state.interactions[inter.id] = inter
        state.interactions_by_token[inter.token] = inter
        if not self.gateway.serving(channel.guild_id):
            return InteractionResult(
                state, inter, "The application did not respond (no bot connected to the gateway)"
            )
        self.gateway.dispatch("INTERACTION_CREATE", payload)
        await self.gateway.drain()
        return await self._await_result(inter, timeout)

    async def _await_result(
        self, inter: FakeInteraction, timeout: float | None
    ) -> InteractionResult:
        if self.bot_idle is not None:
            return await self._await_idle(inter, self.bot_idle)
        state = self.state
        loop = asyncio.get_running_loop()
        start = loop.time()
        total = self.ack_timeout + self.response_timeout if timeout is None else timeout
        ack_deadline = start + min(self.ack_timeout, total)
        while not inter.acknowledged:
            remaining = ack_deadline - loop.time()
            if remaining <= 0 or state.now() - inter.created_at > INTERACTION_ACK_SECONDS + 0.5:
                details = "; ".join(str(e) for e in inter.errors)
                text = "The application did not respond"
                return InteractionResult(state, inter, f"{text} ({details})" if details else text)
            await state.wait_changed(min(remaining, 0.05))
        error: str | None = None
        if inter.response_type == 5:
            deadline = start + total
            while inter.original_loading:
                remaining = deadline - loop.time()
                if remaining <= 0:
                    error = "deferred response was never completed (still 'thinking')"
                    break
                await state.wait_changed(min(remaining, 0.05))
        while True:
            idle = state.now() - inter.last_activity
            if idle >= self.settle:
                break
            await state.wait_changed(self.settle - idle)
        return InteractionResult(state, inter, error)

    async def _await_idle(
        self, inter: FakeInteraction, bot_idle: Callable[[int], Awaitable[None]]
    ) -> InteractionResult:
        """The result once the bot is done with the interaction (see ``bot_idle``)."""
        state = self.state
        try:
            await asyncio.wait_for(bot_idle(inter.id), self.idle_timeout)
        except TimeoutError:
            return InteractionResult(
                state, inter, f"the bot was still busy with it after {self.idle_timeout} s")
        if not inter.acknowledged:
            details = "; ".join(str(e) for e in inter.errors)
            text = "The application did not respond"
            return InteractionResult(state, inter, f"{text} ({details})" if details else text)
        error = None
        if inter.response_type == 5 and inter.original_loading:
            error = "deferred response was never completed (still 'thinking')"
        return InteractionResult(state, inter, error)

    # ---- slash commands -------------------------------------------------------------------------

    def find_command(
        self, name: str, channel: ChannelLike, user: UserLike | None = None
    ) -> RegisteredCommand:
        """The registered command a user can run in this channel (guild first, then global)."""
        ch = self._channel(channel)
        root = name.split()[0]
        state = self.state
        candidates = [
            c
            for c in state.commands.values()
            if c.name == root and c.type == 1 and c.guild_id == ch.guild_id
        ]
        if ch.guild_id is not None:
            candidates += [
                c
                for c in state.commands.values()
                if c.name == root and c.type == 1 and c.guild_id is None
            ]
        for cmd in candidates:
            if cmd.guild_id is None and not self._allowed_context(cmd, ch):
                continue
            if user is not None and not self._member_may_use(cmd, ch, self._user(user)):
                raise PermissionError(
                    f"/{root} is hidden from {self._user(user).name} (default_member_permissions)"
                )
            return cmd
        raise LookupError(f"/{root} is not registered for this channel (was the tree synced?)")

    @staticmethod
    def _allowed_context(cmd: RegisteredCommand, channel: FakeChannel) -> bool:
        contexts = cmd.payload.get("contexts")
        context = 0 if channel.guild_id is not None else 1
        if contexts is not None:
            return context in contexts
        if context == 1:
            return cmd.payload.get("dm_permission", True) is not False
        return True

    def _member_may_use(self, cmd: RegisteredCommand, channel: FakeChannel, user: FakeUser) -> bool:
        required = cmd.payload.get("default_member_permissions")
        if required is None or channel.guild_id is None:
            return True
        perms = self.state.base_permissions(self.state.guilds[channel.guild_id], user.id)
        if perms & ADMINISTRATOR:
            return True
        required = int(required)
        return required != 0 and perms & required == required

    def _check_can_use_commands(self, user: FakeUser, channel: FakeChannel) -> None:
        if channel.is_dm:
            if channel.recipient_id != user.id:
                raise PermissionError(f"{user.name} is not in this DM")
            return
        perms = self.state.permissions_in(channel, user.id)
        if not perms & VIEW_CHANNEL:
            raise PermissionError(f"{user.name} cannot see #{channel.name}")
        if not perms & USE_APPLICATION_COMMANDS:
            raise PermissionError(f"{user.name} cannot use application commands in #{channel.name}")

    def _resolve(
        self,
        otype: int,
        value: Any,
        channel: FakeChannel,
        resolved: dict[str, dict[str, Any]],
        invoker: FakeUser,
    ) -> str:
        state = self.state
        if otype in (6, 9) and isinstance(value, (FakeUser, FakeMember)):
            user = self._user(value)
            resolved.setdefault("users", {})[str(user.id)] = payloads.user(user)
            if channel.guild_id is not None:
                member = state.guilds[channel.guild_id].members.get(user.id)
                if member is not None:
                    data = payloads.member(member, with_user=False)
                    data["permissions"] = str(state.permissions_in(channel, user.id))
                    resolved.setdefault("members", {})[str(user.id)] = data
            return str(user.id)
        if otype in (8, 9) and isinstance(value, FakeRole):
            resolved.setdefault("roles", {})[str(value.id)] = payloads.role(value)
            return str(value.id)
        if otype == 7 and isinstance(value, FakeChannel):
            data = payloads.channel(state, value)
            data["permissions"] = str(state.permissions_in(value, invoker.id))
            resolved.setdefault("channels", {})[str(value.id)] = data
            return str(value.id)
        if otype == 11:
            if isinstance(value, tuple):
                value = AttachmentInput(*value)
            if not isinstance(value, AttachmentInput):
                raise TypeError("attachment options take AttachmentInput or (filename, bytes)")
            att = state.store_attachment(channel.id, value.filename, value.data, ephemeral=True)
            if value.content_type:
                att.content_type = value.content_type
            resolved.setdefault("attachments", {})[str(att.id)] = payloads.attachment(att)
            return str(att.id)
        if isinstance(value, int) and otype in (6, 7, 8, 9):
            roles = state.guilds[channel.guild_id].roles if channel.guild_id is not None else {}
            target: FakeUser | FakeChannel | FakeRole | None = None
            if otype in (6, 9):
                target = state.users.get(value)
            if otype == 7:
                target = state.channels.get(value)
            if otype in (8, 9) and target is None:
                target = roles.get(value)
            if target is None:
                raise ValueError(f"unknown id {value} for option type {otype}")
            return self._resolve(otype, target, channel, resolved, invoker)
        raise TypeError(f"bad value {value!r} for option type {otype}")

    def _leaf_options(
        self,
        defs: list[dict[str, Any]],
        values: Mapping[str, Any],
        channel: FakeChannel,
        resolved: dict[str, dict[str, Any]],
        invoker: FakeUser,
        *,
        focused: str | None = None,
    ) -> list[dict[str, Any]]:
        by_name = {d["name"]: d for d in defs}
        for key in values:
            if key not in by_name:
                raise ValueError(f"unknown option {key!r}; options are {sorted(by_name)}")
        result: list[dict[str, Any]] = []
        for d in defs:
            name = d["name"]
            otype = int(d["type"])
            if name == focused:
                result.append(
                    {
                        "name": name,
                        "type": otype,
                        "value": str(values.get(name, "")),
                        "focused": True,
                    }
                )
                continue
            if name not in values:
                if d.get("required") and focused is None:
                    raise ValueError(f"required option {name!r} missing")
                continue
            value = values[name]
            if otype == 3:
                if not isinstance(value, str):
                    raise TypeError(f"option {name!r} takes a string")
                if len(value) < int(d.get("min_length", 0)) or len(value) > int(
                    d.get("max_length", 6000)
                ):
                    raise ValueError(f"option {name!r}: length out of range")
            elif otype == 4:
                if isinstance(value, bool) or not isinstance(value, int):
                    raise TypeError(f"option {name!r} takes an integer")
            elif otype == 10 and (isinstance(value, bool) or not isinstance(value, (int, float))):
                raise TypeError(f"option {name!r} takes a number")
            elif otype == 5 and not isinstance(value, bool):
                raise TypeError(f"option {name!r} takes a boolean")
            if otype in (4, 10):
                if "min_value" in d and value < d["min_value"]:
                    raise ValueError(f"option {name!r}: below min_value")
                if "max_value" in d and value > d["max_value"]:
                    raise ValueError(f"option {name!r}: above max_value")
            choices = d.get("choices")
            if choices and value not in [c["value"] for c in choices]:
                raise ValueError(f"option {name!r}: {value!r} is not one of the choices")
            if otype in (6, 7, 8, 9, 11):
                if (
                    otype == 7
                    and d.get("channel_types")
                    and isinstance(value, FakeChannel)
                    and value.type not in d["channel_types"]
                ):
                    raise ValueError(f"option {name!r}: channel type not allowed")
                value = self._resolve(otype, value, channel, resolved, invoker)
            result.append({"name": name, "type": otype, "value": value})
        return result

    def _command_data(
        self,
        name: str,
        user: FakeUser,
        channel: FakeChannel,
        options: Mapping[str, Any],
        *,
        focused: str | None = None,
    ) -> dict[str, Any]:
        self._check_can_use_commands(user, channel)
        cmd = self.find_command(name, channel, user)
        parts = name.split()
        resolved: dict[str, dict[str, Any]] = {}
        defs: list[dict[str, Any]] = list(cmd.payload.get("options") or [])
        chain: list[dict[str, Any]] = []
        for part in parts[1:]:
            sub = next((d for d in defs if d["name"] == part and d.get("type") in (1, 2)), None)
            if sub is None:
                raise LookupError(f"/{name}: no subcommand {part!r}")
            chain.append(sub)
            defs = list(sub.get("options") or [])
        if any(d.get("type") in (1, 2) for d in defs):
            raise ValueError(f"/{name} needs a subcommand: {[d['name'] for d in defs]}")
        leaf = self._leaf_options(defs, options, channel, resolved, user, focused=focused)
        nested: list[dict[str, Any]] = leaf
        for sub in reversed(chain):
            nested = [{"name": sub["name"], "type": sub["type"], "options": nested}]
        data: dict[str, Any] = {"id": str(cmd.id), "name": cmd.name, "type": 1, "options": nested}
        if cmd.guild_id is not None:
            data["guild_id"] = str(cmd.guild_id)
        if resolved and focused is None:
            data["resolved"] = resolved
        return data

    async def slash(
        self,
        user: UserLike,
        channel: ChannelLike,
        name: str,
        options: Mapping[str, Any] | None = None,
        *,
        timeout: float | None = None,
    ) -> InteractionResult:
        """Run ``/name`` ("deck register" addresses a subcommand) as ``user`` in ``channel``.

        Waits until the bot acknowledged (at most ``ack_timeout``), until a deferred response
        was completed, then until the interaction has been quiet for ``settle`` seconds;
        ``timeout`` bounds the whole wait. Option values: str/int/float/bool, FakeUser or
        FakeMember (USER), FakeChannel (CHANNEL), FakeRole (ROLE), AttachmentInput or
        (filename, bytes) (ATTACHMENT), or a raw id.
        """
        u = self._user(user)
        ch = self._channel(channel)
        data = self._command_data(name, u, ch, options or {})
        return await self._interact(APPLICATION_COMMAND, u, ch, data, timeout=timeout)

    async def autocomplete(
        self,
        user: UserLike,
        channel: ChannelLike,
        name: str,
        *,
        focused: str,
        value: str = "",
        options: Mapping[str, Any] | None = None,
        timeout: float | None = None,
    ) -> InteractionResult:
        """Type ``value`` into option ``focused`` of ``/name``; ``.choices`` has the answer."""
        u = self._user(user)
        ch = self._channel(channel)
        values = dict(options or {})
        values[focused] = value
        data = self._command_data(name, u, ch, values, focused=focused)
        return await self._interact(AUTOCOMPLETE, u, ch, data, timeout=timeout)

    # ---- components and modals ------------------------------------------------------------------

    def _component_on(
        self, user: FakeUser, message: MessageLike, custom_id: str
    ) -> tuple[StoredMessage, dict[str, Any]]:
        msg = self._stored(message)
        if not self._can_see(user, msg):
            raise PermissionError(f"{user.name} cannot see message {msg.id}")
        comp = msg.latest.component(custom_id)
        if comp is None:
            raise LookupError(
                f"no component {custom_id!r} on message {msg.id}: {msg.latest.custom_ids()}"
            )
        if comp.get("disabled"):
            raise ValueError(f"component {custom_id!r} is disabled")
        return msg, comp

    async def click(
        self, user: UserLike, message: MessageLike, custom_id: str, *, timeout: float | None = None
    ) -> InteractionResult:
        u = self._user(user)
        msg, comp = self._component_on(u, message, custom_id)
        if comp.get("type") != 2 or comp.get("style") == 5:
            raise ValueError(f"{custom_id!r} is not a clickable button")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        if "id" in comp:
            data["id"] = comp["id"]
        channel = self.state.channels[msg.channel_id]
        return await self._interact(
            MESSAGE_COMPONENT, u, channel, data, message=msg, timeout=timeout
        )

    async def select(
        self,
        user: UserLike,
        message: MessageLike,
        custom_id: str,
        values: Sequence[Any],
        *,
        timeout: float | None = None,
    ) -> InteractionResult:
        u = self._user(user)
        msg, comp = self._component_on(u, message, custom_id)
        ctype = int(comp.get("type", 0))
        if ctype not in (3, 5, 6, 7, 8):
            raise ValueError(f"{custom_id!r} is not a select menu")
        min_values = int(comp.get("min_values", 1))
        max_values = int(comp.get("max_values", 1))
        if not min_values <= len(values) <= max_values:
            raise ValueError(f"select {custom_id!r} takes {min_values}..{max_values} values")
        channel = self.state.channels[msg.channel_id]
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": ctype}
        if "id" in comp:
            data["id"] = comp["id"]
        if ctype == 3:
            allowed = [o["value"] for o in comp.get("options") or []]
            for value in values:
                if value not in allowed:
                    raise ValueError(f"{value!r} is not an option of {custom_id!r}: {allowed}")
            data["values"] = list(values)
        else:
            resolved: dict[str, dict[str, Any]] = {}
            kind = {5: 6, 6: 8, 7: 9, 8: 7}[ctype]
            data["values"] = [self._resolve(kind, v, channel, resolved, u) for v in values]
            data["resolved"] = resolved
        return await self._interact(
            MESSAGE_COMPONENT, u, channel, data, message=msg, timeout=timeout
        )

    def open_modal(self, user: UserLike, custom_id: str) -> FakeModal:
        modal = self.state.open_modals.get((self._user(user).id, custom_id))
        if modal is None:
            raise LookupError(f"no modal {custom_id!r} open for this user")
        return modal

    async def submit_modal(
        self,
        user: UserLike,
        channel: ChannelLike | None,
        custom_id: str,
        values: Mapping[str, Any],
        *,
        timeout: float | None = None,
    ) -> InteractionResult:
        """Fill in and submit a modal the bot showed to ``user``."""
        u = self._user(user)
        modal = self.open_modal(u, custom_id)
        if channel is not None and self._channel(channel).id != modal.channel_id:
            raise ValueError("the modal was opened in another channel")
        known = {c["custom_id"] for c in modal.inputs()}
        for key in values:
            if key not in known:
                raise ValueError(f"modal {custom_id!r} has no field {key!r}: {sorted(known)}")
        ch = self.state.channels[modal.channel_id]
        resolved: dict[str, dict[str, Any]] = {}

        def submitted(comp: dict[str, Any]) -> dict[str, Any]:
            cid = comp.get("custom_id")
            ctype = comp.get("type")
            out: dict[str, Any] = {"type": ctype, "custom_id": cid}
            if "id" in comp:
                out["id"] = comp["id"]
            if ctype == 4:
                value = str(values.get(str(cid), comp.get("value") or ""))
                if comp.get("required", True) and not value:
                    raise ValueError(f"modal field {cid!r} is required")
                if len(value) > int(comp.get("max_length") or 4000):
                    raise ValueError(f"modal field {cid!r} is too long")
                if value and len(value) < int(comp.get("min_length") or 0):
                    raise ValueError(f"modal field {cid!r} is too short")
                out["value"] = value
            elif ctype in (21, 23):
                out["value"] = values.get(str(cid), False if ctype == 23 else None)
            elif ctype == 19:
                ids = []
                for item in values.get(str(cid), []):
                    att_input = AttachmentInput(*item) if isinstance(item, tuple) else item
                    att = self.state.store_attachment(
                        ch.id, att_input.filename, att_input.data, ephemeral=True
                    )
                    resolved.setdefault("attachments", {})[str(att.id)] = payloads.attachment(att)
                    ids.append(str(att.id))
                out["values"] = ids
            else:
                out["values"] = list(values.get(str(cid), []))
            return out

        comps: list[dict[str, Any]] = []
        for comp in modal.components:
            if comp.get("type") == 1:
                comps.append(
                    {"type": 1, "components": [submitted(c) for c in comp.get("components", [])]}
                )
            elif comp.get("type") == 18 and isinstance(comp.get("component"), dict):
                row: dict[str, Any] = {"type": 18, "component": submitted(comp["component"])}
                if "id" in comp:
                    row["id"] = comp["id"]
                comps.append(row)
        data: dict[str, Any] = {"custom_id": custom_id, "components": comps}
        if resolved:
            data["resolved"] = resolved
        del self.state.open_modals[(u.id, custom_id)]
        message = self.state.messages.get(modal.message_id) if modal.message_id else None
        return await self._interact(MODAL_SUBMIT, u, ch, data, message=message, timeout=timeout)

    # ---- users writing messages -----------------------------------------------------------------

    async def post_message(
        self,
        user: UserLike,
        channel: ChannelLike,
        content: str = "",
        *,
        attachments: Sequence[AttachmentInput | tuple[str, bytes]] = (),
    ) -> RecordedMessage:
        """A user writes a message (MESSAGE_CREATE reaches the bot per its intents)."""
        state = self.state
        u = self._user(user)
        ch = self._channel(channel)
        if ch.is_dm:
            if ch.recipient_id != u.id:
                raise PermissionError("only the recipient can write in this DM")
        else:
            bit = SEND_MESSAGES_IN_THREADS if ch.is_thread else SEND_MESSAGES
            if not state.permissions_in(ch, u.id) & bit:
                raise PermissionError(f"{u.name} cannot send messages in #{ch.name}")
        files = []
        for i, item in enumerate(attachments):
            att = AttachmentInput(*item) if isinstance(item, tuple) else item
            files.append(UploadedFile(i, att.filename, att.data, att.content_type))
        kind = "dm" if ch.is_dm else "thread" if ch.is_thread else "channel"
        msg = state.new_message(
            {"content": content}, files, channel=ch, author_id=u.id, kind=kind, allowed_flags=0
        )
        state.store(msg)
        payload = payloads.message(state, msg)
        rec = state.record(msg, payload)
        self.gateway.dispatch_message("MESSAGE_CREATE", msg)
        await self.gateway.drain()
        return rec

    # ---- queries --------------------------------------------------------------------------------

    def messages_in(
        self,
        channel: ChannelLike,
        *,
        include_ephemeral: bool = False,
        include_system: bool = False,
        include_deleted: bool = False,
    ) -> list[RecordedMessage]:
        """Latest versions of the messages in a channel, oldest first."""
        ch = self._channel(channel)
        found = []
        for msg in sorted(self.state.messages.values(), key=lambda m: m.id):
            if msg.channel_id != ch.id or not msg.versions:
                continue
            if msg.ephemeral and not include_ephemeral:
                continue
            if msg.kind == "system" and not include_system:
                continue
            if msg.deleted and not include_deleted:
                continue
            found.append(msg.latest)
        return found

    def latest_message(self, channel: ChannelLike, **filters: bool) -> RecordedMessage | None:
        found = self.messages_in(channel, **filters)
        return found[-1] if found else None

    def dm_messages(self, user: UserLike) -> list[RecordedMessage]:
        """Messages in the user's DM with the bot (latest versions, both directions)."""
        channel_id = self.state.dm_channels.get(self._user(user).id)
        if channel_id is None:
            return []
        return self.messages_in(channel_id, include_ephemeral=True)

    def visible_to(
        self, user: UserLike, *, include_user_messages: bool = False
    ) -> list[RecordedMessage]:
        """Every version of every message the user could ever see, in order."""
        uid = self._user(user).id
        bot_id = self.state.bot.id
        return [
            r
            for r in self.state.records
            if uid in r.viewers and (include_user_messages or r.author_id == bot_id)
        ]

    def pings(
        self,
        user: UserLike | None = None,
        *,
        include_edits: bool = True,
        include_user_messages: bool = False,
    ) -> list[Ping]:
        """Every (message version, user) its mentions reached so far, in order: ``pinged`` of
        each version of the bot's messages. ``Ping.notified`` is False for edits (Discord
        highlights, does not notify); ``include_edits=False`` keeps only new messages."""
        uid = None if user is None else self._user(user).id
        bot_id = self.state.bot.id
        return [
            Ping(rec, pinged)
            for rec in self.state.records
            if (include_user_messages or rec.author_id == bot_id)
            and (include_edits or not rec.edit)
            for pinged in sorted(rec.pinged)
            if uid is None or pinged == uid
        ]

    def mark(self) -> int:
        """A position in the record; pass it as ``after`` to wait for newer messages only."""
        return len(self.state.records)

    async def wait_for(
        self,
        predicate: Callable[[RecordedMessage], bool],
        *,
        timeout: float = SAFETY_TIMEOUT,
        after: int | None = None,
    ) -> RecordedMessage:
        """First recorded message version (after ``after``) matching ``predicate``."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        start = after or 0
        while True:
            for rec in self.state.records[start:]:
                if predicate(rec):
                    return rec
            start = len(self.state.records)
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError("no matching message was recorded in time")
            await self.state.wait_changed(min(remaining, 0.05))

    async def wait_until(
        self, condition: Callable[[], bool], *, timeout: float = SAFETY_TIMEOUT
    ) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not condition():
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError("condition not met in time")
            await self.state.wait_changed(min(remaining, 0.05))

    def attachment_bytes(self, attachment: StoredAttachment | int) -> bytes:
        if isinstance(attachment, StoredAttachment):
            return attachment.data
        return self.state.attachments[attachment].data
