"""The REST API (/api/v10/...) and the attachment CDN of the fake."""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from . import payloads
from .errors import (
    ApiError,
    ErrorRecord,
    FormErrors,
    json_response,
    missing_permissions,
    unknown,
)
from .faults import Faults
from .gateway import Gateway
from .model import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    FLAG_EPHEMERAL,
    FLAG_HAS_THREAD,
    FLAG_LOADING,
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MEMBERS,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILDS,
    MANAGE_CHANNELS,
    MANAGE_MESSAGES,
    MANAGE_THREADS,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES_IN_THREADS,
    FakeChannel,
    FakeInteraction,
    FakeModal,
    RegisteredCommand,
    StoredMessage,
)
from .multipart import header_params, parse_form
from .ratelimit import RateLimitConfig, RateLimiter, RequestRecord, route_of
from .state import (
    INTERACTION_ALLOWED_FLAGS,
    MESSAGE_ALLOWED_FLAGS,
    FakeState,
    UploadedFile,
)
from .validate import check_choices, check_commands, check_modal

INTERACTION_KEY = web.RequestKey("fake_interaction", FakeInteraction)

Handler = Callable[[web.Request, dict[str, str]], Awaitable[web.StreamResponse]]

# Which callback types each interaction type accepts.
CALLBACK_TYPES: dict[int, set[int]] = {
    APPLICATION_COMMAND: {4, 5, 9},
    MESSAGE_COMPONENT: {4, 5, 6, 7, 9},
    AUTOCOMPLETE: {8},
    MODAL_SUBMIT: {4, 5, 6, 7},
}


def no_content() -> web.Response:
    return web.Response(status=204)


def _int(value: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise ApiError(
            400,
            50035,
            "Invalid Form Body",
            {
                "id": {
                    "_errors": [
                        {
                            "code": "NUMBER_TYPE_COERCE",
                            "message": f'Value "{value}" is not snowflake.',
                        }
                    ]
                }
            },
        ) from None


def _truthy(value: str | None) -> bool:
    return value is not None and value.lower() in ("1", "true", "yes")


def channel_kind(channel: FakeChannel) -> str:
    if channel.is_dm:
        return "dm"
    if channel.is_thread:
        return "thread"
    return "channel"


FILE_FIELD = re.compile(r"files\[(\d+)\]|file(\d*)")


async def read_body(request: web.Request) -> tuple[dict[str, Any], list[UploadedFile]]:
    """JSON body, or multipart with payload_json + files[n] (bytes kept)."""
    content_type, params = header_params(request.headers.get("Content-Type", ""))
    raw = await request.read()
    if content_type.startswith("multipart/"):
        body: dict[str, Any] = {}
        files: list[UploadedFile] = []
        for part in parse_form(raw, params.get("boundary", "")):
            if part.name == "payload_json" and part.filename is None:
                body = _json_object(part.data)
                continue
            match = FILE_FIELD.fullmatch(part.name)
            if match and part.filename is not None:
                index = int(match.group(1) or match.group(2) or 0)
                files.append(UploadedFile(index, part.filename, part.data, part.content_type))
        return body, files
    if not raw:
        return {}, []
    data = _json(raw)
    if not isinstance(data, dict):
        return {"__list__": data}, []
    return data, []


def _json(raw: bytes) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        raise ApiError(400, 50109, "The request body contains invalid JSON.") from None


def _json_object(raw: bytes) -> dict[str, Any]:
    data = _json(raw)
    if not isinstance(data, dict):
        raise ApiError(400, 50109, "The request body contains invalid JSON.")
    return data


class RestApi:
    def __init__(
        self, state: FakeState, gateway: Gateway, rate_limits: RateLimitConfig | None = None
    ) -> None:
        self.state = state
        self.gateway = gateway
        self.limits = RateLimiter(state, rate_limits)
        self.faults = Faults(state)
        self.routes: list[tuple[str, re.Pattern[str], Handler, bool]] = []
        r = self._route
        # users, application, gateway
        r("GET", r"/users/@me", self.get_me)
        r("GET", r"/users/(?P<uid>\d+)", self.get_user)
        r("POST", r"/users/@me/channels", self.create_dm)
        r("GET", r"/oauth2/applications/@me", self.get_application)
        r("GET", r"/applications/@me", self.get_application)
        r("GET", r"/gateway", self.get_gateway, auth=False)
        r("GET", r"/gateway/bot", self.get_gateway_bot)
        # application commands
        cmds = r"/applications/(?P<app>\d+)(?:/guilds/(?P<gid>\d+))?/commands"
        r("PUT", cmds, self.put_commands)
        r("GET", cmds, self.get_commands)
        r("POST", cmds, self.post_command)
        r("GET", cmds + r"/(?P<cid>\d+)", self.get_command)
        r("DELETE", cmds + r"/(?P<cid>\d+)", self.delete_command)
        # interactions and their webhooks
        r(
            "POST",
            r"/interactions/(?P<iid>\d+)/(?P<token>[^/]+)/callback",
            self.callback,
            auth=False,
        )
        hook = r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)"
        r("POST", hook, self.execute_webhook, auth=False)
        r("GET", hook + r"/messages/(?P<mid>@original|\d+)", self.get_webhook_message, auth=False)
        r(
            "PATCH",
            hook + r"/messages/(?P<mid>@original|\d+)",
            self.edit_webhook_message,
            auth=False,
        )
        r(
            "DELETE",
            hook + r"/messages/(?P<mid>@original|\d+)",
            self.delete_webhook_message,
            auth=False,
        )
        # channels and messages
        ch = r"/channels/(?P<cid>\d+)"
        r("GET", ch, self.get_channel)
        r("PATCH", ch, self.edit_channel)
        r("DELETE", ch, self.delete_channel)
        r("GET", ch + r"/messages", self.get_messages)
        r("POST", ch + r"/messages", self.post_message)
        r("GET", ch + r"/messages/(?P<mid>\d+)", self.get_message)
        r("PATCH", ch + r"/messages/(?P<mid>\d+)", self.edit_message)
        r("DELETE", ch + r"/messages/(?P<mid>\d+)", self.delete_message)
        r("PUT", ch + r"/messages/(?P<mid>\d+)/reactions/(?P<emoji>[^/]+)/@me", self.add_reaction)
        r(
            "DELETE",
            ch + r"/messages/(?P<mid>\d+)/reactions/(?P<emoji>[^/]+)/@me",
            self.remove_reaction,
        )
        r("POST", ch + r"/typing", self.typing)
        r("POST", ch + r"/threads", self.create_thread)
        r("POST", ch + r"/messages/(?P<mid>\d+)/threads", self.create_thread_from_message)
        r("PUT", ch + r"/thread-members/(?P<uid>@me|\d+)", self.add_thread_member)
        r("DELETE", ch + r"/thread-members/(?P<uid>@me|\d+)", self.remove_thread_member)
        r("GET", ch + r"/thread-members/(?P<uid>\d+)", self.get_thread_member)
        r("GET", ch + r"/thread-members", self.get_thread_members)
        # guilds
        g = r"/guilds/(?P<gid>\d+)"
        r("GET", g, self.get_guild)
        r("GET", g + r"/channels", self.get_guild_channels)
        r("GET", g + r"/roles", self.get_roles)
        r("GET", g + r"/members/(?P<uid>\d+)", self.get_member)
        r("GET", g + r"/members", self.get_members)
        r("GET", g + r"/threads/active", self.get_active_threads)

    def _route(self, method: str, pattern: str, handler: Handler, *, auth: bool = True) -> None:
        self.routes.append((method, re.compile(pattern), handler, auth))

    def install(self, app: web.Application) -> None:
        app.router.add_route("*", "/api/v10/{tail:.*}", self.handle)
        app.router.add_route("*", "/api/v9/{tail:.*}", self.wrong_version)
        app.router.add_get("/attachments/{cid}/{aid}/{filename}", self.cdn)

    # ---- plumbing -------------------------------------------------------------------------------

    async def wrong_version(self, request: web.Request) -> web.StreamResponse:
        self.state.unhandled.append(f"{request.method} {request.path}")
        return json_response({"code": 0, "message": "fake discord: only API v10 is served"}, 404)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        method = request.method
        state = self.state
        state.requests.append(f"{method} {path}")
        template, major = route_of(path)
        record = RequestRecord(method, path, f"{method} {template}", major, state.now())
        state.request_log.append(record)
        response: web.StreamResponse | None = self.faults.answer(method, path, template)
        if response is None:
            response, headers = self.limits.check(method, path, template, major)
            if response is None:
                response = await self._dispatch(request, method, path)
                response.headers.update(headers)
        # Discord's answers come through its edge; discord.py wants this header on a 429.
        response.headers["Via"] = "1.1 google"
        record.status = response.status
        return response

    async def _dispatch(self, request: web.Request, method: str, path: str) -> web.StreamResponse:
        for route_method, pattern, handler, auth in self.routes:
            if route_method != method:
                continue
            match = pattern.fullmatch(path)
            if match is None:
                continue
            try:
                if auth:
                    self._check_auth(request)
                return await handler(request, {k: v for k, v in match.groupdict().items() if v})
            except ApiError as exc:
                return self._error(request, method, path, exc)
        text = f"{method} {path}"
        self.state.unhandled.append(text)
        return json_response({"code": 0, "message": f"fake discord: unhandled {text}"}, 404)

    def _check_auth(self, request: web.Request) -> None:
        if request.headers.get("Authorization") != f"Bot {self.state.bot_token}":
            raise ApiError(401, 0, "401: Unauthorized")

    def _error(self, request: web.Request, method: str, path: str, exc: ApiError) -> web.Response:
        inter = request.get(INTERACTION_KEY)
        record = ErrorRecord(
            method=method,
            path=path,
            status=exc.status,
            code=exc.code,
            message=exc.message,
            errors=exc.errors,
            interaction_id=inter.id if isinstance(inter, FakeInteraction) else None,
        )
        self.state.errors.append(record)
        if isinstance(inter, FakeInteraction):
            inter.errors.append(record)
            inter.last_activity = self.state.now()
        self.state.notify()
        return json_response(exc.body(), exc.status)

    async def cdn(self, request: web.Request) -> web.StreamResponse:
        try:
            att = self.state.attachments[int(request.match_info["aid"])]
        except (KeyError, ValueError):
            return web.Response(status=404, text="not found")
        if att.filename != request.match_info["filename"]:
            return web.Response(status=404, text="not found")
        return web.Response(
            body=att.data, headers={"Content-Type": att.content_type or "application/octet-stream"}
        )

    # ---- users, application, gateway ------------------------------------------------------------

    async def get_me(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        return json_response(payloads.me(self.state))

    async def get_user(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        return json_response(payloads.user(self.state.user(_int(p["uid"]))))

    async def get_application(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        return json_response(payloads.application(self.state))

    async def get_gateway(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        return json_response({"url": self.gateway.url})

    async def get_gateway_bot(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        return json_response(
            {
                "url": self.gateway.url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000 - self.gateway.identify_count,
                    "reset_after": 86_400_000,
                    "max_concurrency": 1,
                },
            }
        )

    async def create_dm(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        body, _ = await read_body(request)
        try:
            user = self.state.user(int(body.get("recipient_id", 0)))
        except (TypeError, ValueError):
            raise unknown("User", 10013) from None
        if user.id == self.state.bot.id:
            raise ApiError(400, 50007, "Cannot send messages to this user")
        return json_response(payloads.channel(self.state, self.state.dm_channel(user)))

    # ---- application commands -------------------------------------------------------------------

    def _command_scope(self, p: dict[str, str]) -> int | None:
        if int(p["app"]) != self.state.application_id:
            raise ApiError(403, 50001, "Missing Access")
        if "gid" not in p:
            return None
        guild = self.state.guild(int(p["gid"]))
        if self.state.bot.id not in guild.members:
            raise ApiError(403, 50001, "Missing Access")
        return guild.id

    def _command_payload(self, cmd: RegisteredCommand) -> dict[str, Any]:
        data = dict(cmd.payload)
        data.update(
            id=str(cmd.id),
            application_id=str(self.state.application_id),
            version=str(cmd.id),
            type=cmd.type,
        )
        data.setdefault("description", "")
        data.setdefault("nsfw", False)
        perms = data.get("default_member_permissions")
        data["default_member_permissions"] = None if perms is None else str(perms)
        if cmd.guild_id is not None:
            data["guild_id"] = str(cmd.guild_id)
        return data

    def _upsert(self, guild_id: int | None, payload: dict[str, Any]) -> RegisteredCommand:
        key = (payload.get("name"), int(payload.get("type", 1)))
        for cmd in self.state.commands.values():
            if cmd.guild_id == guild_id and (cmd.name, cmd.type) == key:
                cmd.payload = payload
                return cmd
        cmd = RegisteredCommand(self.state.snowflake(), guild_id, payload)
        self.state.commands[cmd.id] = cmd
        return cmd

    async def put_commands(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        guild_id = self._command_scope(p)
        body, _ = await read_body(request)
        commands = body.get("__list__")
        errs = FormErrors()
        check_commands(commands, errs)
        errs.raise_if_any()
        assert isinstance(commands, list)
        kept = [self._upsert(guild_id, c) for c in commands]
        kept_ids = {c.id for c in kept}
        for cid in [c.id for c in self.state.commands.values() if c.guild_id == guild_id]:
            if cid not in kept_ids:
                del self.state.commands[cid]
        self.state.notify()
        return json_response([self._command_payload(c) for c in kept])

    async def post_command(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        guild_id = self._command_scope(p)
        body, _ = await read_body(request)
        errs = FormErrors()
        check_commands([body], errs)
        errs.raise_if_any()
        cmd = self._upsert(guild_id, body)
        self.state.notify()
        return json_response(self._command_payload(cmd), 201)

    async def get_commands(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        guild_id = self._command_scope(p)
        return json_response(
            [
                self._command_payload(c)
                for c in self.state.commands.values()
                if c.guild_id == guild_id
            ]
        )

    def _command(self, p: dict[str, str]) -> RegisteredCommand:
        guild_id = self._command_scope(p)
        cmd = self.state.commands.get(int(p["cid"]))
        if cmd is None or cmd.guild_id != guild_id:
            raise unknown("application command", 10063)
        return cmd

    async def get_command(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        return json_response(self._command_payload(self._command(p)))

    async def delete_command(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        cmd = self._command(p)
        del self.state.commands[cmd.id]
        return no_content()

    # ---- interactions ---------------------------------------------------------------------------

    def _interaction_message(
        self, inter: FakeInteraction, msg: StoredMessage, *, original: bool
    ) -> None:
        state = self.state
        user = payloads.user(state.users[inter.user_id])
        owners = {"0": str(inter.guild_id or 0)}
        meta: dict[str, Any] = {
            "id": str(inter.id),
            "type": inter.type,
            "user": user,
            "authorizing_integration_owners": owners,
        }
        if inter.type == APPLICATION_COMMAND:
            meta["name"] = inter.data.get("name", "")
            meta["command_type"] = inter.data.get("type", 1)
        if inter.message_id is not None:
            meta["interacted_message_id"] = str(inter.message_id)
        if not original and inter.original_id is not None:
            meta["original_response_message_id"] = str(inter.original_id)
        msg.interaction_metadata = meta
        msg.interaction_id = inter.id
        msg.webhook_id = state.application_id
        msg.application_id = state.application_id
        if inter.type == APPLICATION_COMMAND:
            msg.interaction_legacy = {
                "id": str(inter.id),
                "type": inter.type,
                "name": inter.data.get("name", ""),
                "user": user,
            }
            if original:
                msg.type = 20 if inter.data.get("type", 1) == 1 else 23

    def _publish(self, msg: StoredMessage, event: str) -> dict[str, Any]:
        payload = payloads.message(self.state, msg)
        self.state.record(msg, payload)
        self.gateway.dispatch_message(event, msg)
        return payload

    def _touch(self, inter: FakeInteraction) -> None:
        inter.last_activity = self.state.now()
        self.state.notify()

    async def callback(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        state = self.state
        inter = state.interactions.get(_int(p["iid"]))
        if inter is None or inter.token != p["token"]:
            raise ApiError(404, 10062, "Unknown interaction")
        request[INTERACTION_KEY] = inter
        body, files = await read_body(request)
        # No await between these checks and marking the interaction acknowledged.
        if inter.acknowledged:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        if state.now() - inter.created_at > state.ack_seconds:
            raise ApiError(404, 10062, "Unknown interaction")
        rtype = body.get("type")
        data = body.get("data") or {}
        allowed = CALLBACK_TYPES.get(inter.type, set())
        if rtype not in allowed or (rtype in (6, 7) and inter.message_id is None):
            raise ApiError(
                400,
                50035,
                "Invalid Form Body",
                {
                    "type": {
                        "_errors": [
                            {
                                "code": "INTERACTION_RESPONSE_TYPE_INVALID",
                                "message": f"Interaction response type {rtype} is not valid for "
                                f"interaction type {inter.type}",
                            }
                        ]
                    }
                },
            )
        channel = state.channels[inter.channel_id]
        info: dict[str, Any] = {"id": str(inter.id), "type": inter.type}
        resource: dict[str, Any] | None = {"type": rtype}
        if rtype == 4:
            msg = state.new_message(
                data,
                files,
                channel=channel,
                author_id=state.bot.id,
                kind="interaction_response",
                allowed_flags=INTERACTION_ALLOWED_FLAGS,
                error_path=["data"],
                ephemeral_viewer=inter.user_id,
            )
            self._interaction_message(inter, msg, original=True)
            inter.response_type = 4
            inter.original_id = msg.id
            state.store(msg)
            payload = self._publish(msg, "MESSAGE_CREATE")
            info.update(
                response_message_id=str(msg.id),
                response_message_loading=False,
                response_message_ephemeral=msg.ephemeral,
            )
            resource = {"type": 4, "message": payload}
        elif rtype == 5:
            flags = int(data.get("flags") or 0) & FLAG_EPHEMERAL
            msg = StoredMessage(
                id=state.snowflake(),
                channel_id=channel.id,
                guild_id=channel.guild_id,
                author_id=state.bot.id,
                kind="interaction_response",
                flags=flags | FLAG_LOADING,
                timestamp=state.iso(),
                ephemeral_viewer=inter.user_id if flags else None,
            )
            self._interaction_message(inter, msg, original=True)
            inter.response_type = 5
            inter.original_id = msg.id
            inter.original_loading = True
            inter.deferred_flags = flags
            state.store(msg)
            self._publish(msg, "MESSAGE_CREATE")
            info.update(
                response_message_id=str(msg.id),
                response_message_loading=True,
                response_message_ephemeral=bool(flags),
            )
        elif rtype == 6:
            inter.response_type = 6
            inter.original_id = inter.message_id
        elif rtype == 7:
            assert inter.message_id is not None
            msg = state.messages[inter.message_id]
            if msg.deleted:
                raise unknown("Message", 10008)
            state.apply_edit(msg, data, files, error_path=["data"])
            inter.response_type = 7
            inter.original_id = msg.id
            payload = self._publish(msg, "MESSAGE_UPDATE")
            info.update(response_message_id=str(msg.id), response_message_ephemeral=msg.ephemeral)
            resource = {"type": 7, "message": payload}
        elif rtype == 8:
            errs = FormErrors()
            check_choices(data, errs, ["data"])
            errs.raise_if_any()
            inter.response_type = 8
            inter.choices = list(data["choices"])
            resource = None
        elif rtype == 9:
            errs = FormErrors()
            check_modal(data, errs, ["data"])
            errs.raise_if_any()
            modal = FakeModal(
                custom_id=str(data["custom_id"]),
                title=str(data["title"]),
                components=data["components"],
                user_id=inter.user_id,
                channel_id=inter.channel_id,
                guild_id=inter.guild_id,
                interaction_id=inter.id,
                message_id=inter.message_id,
            )
            inter.response_type = 9
            inter.modal = modal
            state.open_modals[(inter.user_id, modal.custom_id)] = modal
        inter.responded_at = state.now()
        self._touch(inter)
        await self.gateway.drain()
        if not _truthy(request.query.get("with_response")):
            return no_content()
        result: dict[str, Any] = {"interaction": info}
        if resource is not None:
            result["resource"] = resource
        return json_response(result)

    def _webhook_interaction(self, request: web.Request, p: dict[str, str]) -> FakeInteraction:
        inter = self.state.interaction_by_token(_int(p["app"]), p["token"])
        request[INTERACTION_KEY] = inter
        return inter

    def _webhook_message(self, inter: FakeInteraction, mid: str) -> StoredMessage:
        if mid == "@original":
            message_id = inter.original_id
        else:
            message_id = int(mid)
            if message_id != inter.original_id and message_id not in inter.followup_ids:
                message_id = None
        if message_id is None:
            raise unknown("Message", 10008)
        msg = self.state.messages.get(message_id)
        if msg is None or msg.deleted:
            raise unknown("Message", 10008)
        return msg

    async def execute_webhook(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        state = self.state
        inter = self._webhook_interaction(request, p)
        body, files = await read_body(request)
        if not inter.acknowledged or inter.type == AUTOCOMPLETE:
            raise unknown("Webhook", 10015)
        channel = state.channels[inter.channel_id]
        if inter.response_type == 5 and inter.original_loading:
            # The first followup after a deferred response fills the loading message and
            # keeps the deferral's ephemeral flag whatever the followup asked for.
            assert inter.original_id is not None
            msg = state.messages[inter.original_id]
            edit = {k: v for k, v in body.items() if k != "flags"}
            state.apply_edit(msg, edit, files)
            msg.flags &= ~FLAG_LOADING
            inter.original_loading = False
            payload = self._publish(msg, "MESSAGE_UPDATE")
        else:
            msg = state.new_message(
                body,
                files,
                channel=channel,
                author_id=state.bot.id,
                kind="followup",
                allowed_flags=INTERACTION_ALLOWED_FLAGS,
                ephemeral_viewer=inter.user_id,
            )
            self._interaction_message(inter, msg, original=False)
            state.store(msg)
            inter.followup_ids.append(msg.id)
            payload = self._publish(msg, "MESSAGE_CREATE")
        self._touch(inter)
        await self.gateway.drain()
        if _truthy(request.query.get("wait")):
            return json_response(payload)
        return no_content()

    async def get_webhook_message(
        self, request: web.Request, p: dict[str, str]
    ) -> web.StreamResponse:
        inter = self._webhook_interaction(request, p)
        msg = self._webhook_message(inter, p["mid"])
        return json_response(payloads.message(self.state, msg))

    async def edit_webhook_message(
        self, request: web.Request, p: dict[str, str]
    ) -> web.StreamResponse:
        inter = self._webhook_interaction(request, p)
        body, files = await read_body(request)
        msg = self._webhook_message(inter, p["mid"])
        self.state.apply_edit(msg, body, files)
        if msg.id == inter.original_id and inter.original_loading:
            msg.flags &= ~FLAG_LOADING
            inter.original_loading = False
        payload = self._publish(msg, "MESSAGE_UPDATE")
        self._touch(inter)
        await self.gateway.drain()
        return json_response(payload)

    async def delete_webhook_message(
        self, request: web.Request, p: dict[str, str]
    ) -> web.StreamResponse:
        inter = self._webhook_interaction(request, p)
        msg = self._webhook_message(inter, p["mid"])
        self._delete(msg)
        if msg.id == inter.original_id:
            inter.original_loading = False
        self._touch(inter)
        await self.gateway.drain()
        return no_content()

    # ---- channels -------------------------------------------------------------------------------

    def _visible_channel(self, cid: str) -> FakeChannel:
        channel = self.state.channel(_int(cid))
        if channel.is_dm:
            return channel
        if not self.state.can_view(channel, self.state.bot.id):
            raise ApiError(403, 50001, "Missing Access")
        return channel

    async def get_channel(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        channel = self._visible_channel(p["cid"])
        return json_response(payloads.channel(self.state, channel))

    async def edit_channel(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        state = self.state
        channel = self._visible_channel(p["cid"])
        body, _ = await read_body(request)
        if channel.is_dm:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        perms = state.permissions_in(channel, state.bot.id)
        errs = FormErrors()
        if "name" in body:
            name = body["name"]
            if not isinstance(name, str) or not 1 <= len(name) <= 100:
                errs.add(["name"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
        errs.raise_if_any()
        if channel.is_thread:
            manage = bool(perms & MANAGE_THREADS)
            owner = channel.owner_id == state.bot.id
            if "locked" in body and bool(body["locked"]) != channel.locked and not manage:
                raise missing_permissions()
            if not (manage or owner):
                raise missing_permissions()
            if channel.archived:
                if body.get("archived") is not False:
                    raise ApiError(400, 50083, "Thread is archived")
                if channel.locked and not manage:
                    raise missing_permissions()
            for key in ("name", "locked", "invitable", "auto_archive_duration"):
                if key in body:
                    setattr(channel, key, body[key])
            if "archived" in body and bool(body["archived"]) != channel.archived:
                channel.archived = bool(body["archived"])
                channel.archive_timestamp = state.iso()
            data = payloads.thread(state, channel)
            self.gateway.dispatch("THREAD_UPDATE", data, intent=INTENT_GUILDS)
        else:
            if not perms & MANAGE_CHANNELS:
                raise missing_permissions()
            for key in ("name", "topic", "position"):
                if key in body:
                    setattr(channel, key, body[key])
            data = payloads.channel(state, channel)
            self.gateway.dispatch("CHANNEL_UPDATE", data, intent=INTENT_GUILDS)
        state.notify()
        await self.gateway.drain()
        return json_response(data)

    async def delete_channel(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        state = self.state
        channel = self._visible_channel(p["cid"])
        data = payloads.channel(state, channel)
        if channel.is_dm:
            return json_response(data)
        perms = state.permissions_in(channel, state.bot.id)
        if not perms & (MANAGE_THREADS if channel.is_thread else MANAGE_CHANNELS):
            raise missing_permissions()
        channel.deleted = True
        if channel.is_thread:
            self.gateway.dispatch(
                "THREAD_DELETE",
                {
                    "id": str(channel.id),
                    "guild_id": str(channel.guild_id),
                    "parent_id": str(channel.parent_id),
                    "type": channel.type,
                },
                intent=INTENT_GUILDS,
            )
        else:
            self.gateway.dispatch("CHANNEL_DELETE", data, intent=INTENT_GUILDS)
        state.notify()
        await self.gateway.drain()
        return json_response(data)

    async def typing(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        self._visible_channel(p["cid"])
        return no_content()

    # ---- messages -------------------------------------------------------------------------------

    async def post_message(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        state = self.state
        channel = state.channel(_int(p["cid"]))
        body, files = await read_body(request)
        was_archived = channel.archived
        if not channel.is_dm and channel.type not in (0, 5, 10, 11, 12):
            raise ApiError(400, 50008, "Cannot send messages in a non-text channel")
        state.bot_channel_send_check(channel, body, bool(files))
        msg = state.new_message(
            body,
            files,
            channel=channel,
            author_id=state.bot.id,
            kind=channel_kind(channel),
            allowed_flags=MESSAGE_ALLOWED_FLAGS,
        )
        ref = body.get("message_reference")
        if isinstance(ref, dict) and ref.get("message_id"):
            target = state.messages.get(int(ref["message_id"]))
            if (
                target is None
                or target.deleted
                or target.channel_id != channel.id
                or target.ephemeral
            ):
                if ref.get("fail_if_not_exists", True):
                    raise ApiError(
                        400,
                        50035,
                        "Invalid Form Body",
                        {
                            "message_reference": {
                                "_errors": [
                                    {
                                        "code": "MESSAGE_REFERENCE_UNKNOWN_MESSAGE",
                                        "message": "Unknown message",
                                    }
                                ]
                            }
                        },
                    )
            else:
                msg.type = 19
                msg.referenced_id = target.id
                msg.reference = {
                    "type": 0,
                    "message_id": str(target.id),
                    "channel_id": str(channel.id),
                }
                if channel.guild_id is not None:
                    msg.reference["guild_id"] = str(channel.guild_id)
                state.apply_mentions(msg, body)  # a reply may mention its author
        state.store(msg)
        if was_archived and not channel.archived:
            self.gateway.dispatch(
                "THREAD_UPDATE", payloads.thread(state, channel), intent=INTENT_GUILDS
            )
        payload = self._publish(msg, "MESSAGE_CREATE")
        await self.gateway.drain()
        return json_response(payload)

    def _readable(self, p: dict[str, str]) -> FakeChannel:
        channel = self._visible_channel(p["cid"])
        if (
            not channel.is_dm
            and not self.state.permissions_in(channel, self.state.bot.id) & READ_MESSAGE_HISTORY
        ):
            raise ApiError(403, 50001, "Missing Access")
        return channel

    async def get_message(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        channel = self._readable(p)
        msg = self.state.message(channel.id, _int(p["mid"]))
        return json_response(payloads.message(self.state, msg))

    async def get_messages(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        channel = self._readable(p)
        limit = max(1, min(100, int(request.query.get("limit", "50"))))
        msgs = sorted(
            (
                m
                for m in self.state.messages.values()
                if m.channel_id == channel.id and not m.deleted and not m.ephemeral
            ),
            key=lambda m: m.id,
            reverse=True,
        )
        if "before" in request.query:
            before = int(request.query["before"])
            msgs = [m for m in msgs if m.id < before]
        if "after" in request.query:
            after = int(request.query["after"])
            msgs = [m for m in msgs if m.id > after][-limit:]
        if "around" in request.query:
            around = int(request.query["around"])
            older = [m for m in msgs if m.id <= around][: (limit + 1) // 2]
            newer = [m for m in msgs if m.id > around][-(limit // 2) :] if limit > 1 else []
            msgs = newer + older
        return json_response([payloads.message(self.state, m) for m in msgs[:limit]])

    async def edit_message(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        state = self.state
        channel = self._visible_channel(p["cid"])
        msg = state.message(channel.id, _int(p["mid"]))
        body, files = await read_body(request)
        if msg.author_id != state.bot.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        if channel.is_thread and channel.archived:
            raise ApiError(400, 50083, "Thread is archived")
        state.apply_edit(msg, body, files)
        payload = self._publish(msg, "MESSAGE_UPDATE")
        await self.gateway.drain()
        return json_response(payload)

    def _delete(self, msg: StoredMessage) -> None:
        msg.deleted = True
        for version in msg.versions:
            version.deleted = True
        if not msg.ephemeral:
            data: dict[str, Any] = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if msg.guild_id is not None:
                data["guild_id"] = str(msg.guild_id)
            intent = INTENT_DIRECT_MESSAGES if msg.guild_id is None else INTENT_GUILD_MESSAGES
            self.gateway.dispatch("MESSAGE_DELETE", data, intent=intent)
        self.state.notify()

    async def delete_message(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        state = self.state
        channel = self._visible_channel(p["cid"])
        msg = state.message(channel.id, _int(p["mid"]))
        if msg.author_id != state.bot.id and (
            channel.is_dm or not state.permissions_in(channel, state.bot.id) & MANAGE_MESSAGES
        ):
            raise missing_permissions()
        self._delete(msg)
        await self.gateway.drain()
        return no_content()

    async def add_reaction(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        state = self.state
        channel = self._visible_channel(p["cid"])
        msg = state.message(channel.id, _int(p["mid"]))
        msg.reactions.setdefault(p["emoji"], set()).add(state.bot.id)
        state.notify()
        return no_content()

    async def remove_reaction(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        state = self.state
        channel = self._visible_channel(p["cid"])
        msg = state.message(channel.id, _int(p["mid"]))
        msg.reactions.get(p["emoji"], set()).discard(state.bot.id)
        state.notify()
        return no_content()

    # ---- threads --------------------------------------------------------------------------------

    def _new_thread(
        self,
        parent: FakeChannel,
        name: Any,
        ttype: int,
        body: dict[str, Any],
        thread_id: int | None = None,
    ) -> FakeChannel:
        state = self.state
        errs = FormErrors()
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            errs.add(["name"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
        duration = body.get("auto_archive_duration") or 1440
        if duration not in (60, 1440, 4320, 10080):
            errs.add(
                ["auto_archive_duration"],
                "BASE_TYPE_CHOICES",
                "Value must be one of (60, 1440, 4320, 10080).",
            )
        errs.raise_if_any()
        now = state.iso()
        thread = FakeChannel(
            id=thread_id or state.snowflake(),
            type=ttype,
            name=str(name),
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=state.bot.id,
            auto_archive_duration=int(duration),
            invitable=bool(body.get("invitable", True)),
            member_ids={state.bot.id: now},
            archive_timestamp=now,
            create_timestamp=now,
        )
        state.channels[thread.id] = thread
        assert parent.guild_id is not None
        state.guilds[parent.guild_id].channel_ids.append(thread.id)
        data = payloads.thread(state, thread)
        data["newly_created"] = True
        self.gateway.dispatch("THREAD_CREATE", data, intent=INTENT_GUILDS)
        state.notify()
        return thread

    async def create_thread(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        state = self.state
        parent = self._visible_channel(p["cid"])
        body, _ = await read_body(request)
        if parent.is_dm or parent.type not in (0, 5):
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        ttype = int(body.get("type") or PRIVATE_THREAD)
        if ttype not in (PUBLIC_THREAD, PRIVATE_THREAD):
            raise ApiError(
                400,
                50035,
                "Invalid Form Body",
                {
                    "type": {
                        "_errors": [
                            {
                                "code": "BASE_TYPE_CHOICES",
                                "message": "Value must be one of (11, 12).",
                            }
                        ]
                    }
                },
            )
        state.require(
            parent, CREATE_PRIVATE_THREADS if ttype == PRIVATE_THREAD else CREATE_PUBLIC_THREADS
        )
        thread = self._new_thread(parent, body.get("name"), ttype, body)
        if ttype == PUBLIC_THREAD:
            notice = StoredMessage(
                id=state.snowflake(),
                channel_id=parent.id,
                guild_id=parent.guild_id,
                author_id=state.bot.id,
                kind="system",
                type=18,
                content=thread.name,
                timestamp=state.iso(),
                reference={
                    "type": 0,
                    "channel_id": str(thread.id),
                    "guild_id": str(parent.guild_id),
                },
            )
            state.store(notice)
            self._publish(notice, "MESSAGE_CREATE")
        await self.gateway.drain()
        return json_response(payloads.thread(state, thread), 201)

    async def create_thread_from_message(
        self, request: web.Request, p: dict[str, str]
    ) -> web.StreamResponse:
        state = self.state
        parent = self._visible_channel(p["cid"])
        msg = state.message(parent.id, _int(p["mid"]))
        body, _ = await read_body(request)
        if parent.is_dm or parent.type not in (0, 5):
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if msg.thread_id is not None:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        state.require(parent, CREATE_PUBLIC_THREADS, READ_MESSAGE_HISTORY)
        thread = self._new_thread(
            parent, body.get("name"), 10 if parent.type == 5 else PUBLIC_THREAD, body, msg.id
        )
        thread.starter_message_id = msg.id
        msg.thread_id = thread.id
        msg.flags |= FLAG_HAS_THREAD
        await self.gateway.drain()
        return json_response(payloads.thread(state, thread), 201)

    def _thread(self, p: dict[str, str]) -> FakeChannel:
        thread = self._visible_channel(p["cid"])
        if not thread.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        return thread

    def _members_update(self, thread: FakeChannel, user_id: int, *, added: bool) -> None:
        state = self.state
        data: dict[str, Any] = {
            "id": str(thread.id),
            "guild_id": str(thread.guild_id),
            "member_count": min(len(thread.member_ids), 50),
        }
        if added:
            entry = payloads.thread_member(thread, user_id, thread.member_ids[user_id])
            assert thread.guild_id is not None
            member = state.guilds[thread.guild_id].members.get(user_id)
            if member is not None:
                entry["member"] = payloads.member(member)
            entry["presence"] = None
            data["added_members"] = [entry]
        else:
            data["removed_member_ids"] = [str(user_id)]
        intent = INTENT_GUILDS if user_id == state.bot.id else INTENT_GUILDS | INTENT_GUILD_MEMBERS

        def for_session(session: Any) -> dict[str, Any] | None:
            if session.intents & intent != intent:
                return None
            return data

        self.gateway.dispatch("THREAD_MEMBERS_UPDATE", for_session)

    def _thread_notice(self, thread: FakeChannel, mtype: int, user_id: int) -> None:
        state = self.state
        notice = StoredMessage(
            id=state.snowflake(),
            channel_id=thread.id,
            guild_id=thread.guild_id,
            author_id=state.bot.id,
            kind="system",
            type=mtype,
            timestamp=state.iso(),
            mentions=[user_id],
        )
        state.store(notice)
        self._publish(notice, "MESSAGE_CREATE")

    async def add_thread_member(
        self, request: web.Request, p: dict[str, str]
    ) -> web.StreamResponse:
        state = self.state
        thread = self._thread(p)
        if thread.archived:
            raise ApiError(400, 50083, "Thread is archived")
        if p["uid"] == "@me":
            user_id = state.bot.id
        else:
            user_id = _int(p["uid"])
            perms = state.require(thread, SEND_MESSAGES_IN_THREADS)
            if (
                thread.is_private_thread
                and not thread.invitable
                and thread.owner_id != state.bot.id
                and not perms & MANAGE_THREADS
            ):
                raise missing_permissions()
        assert thread.guild_id is not None
        if user_id not in state.guilds[thread.guild_id].members:
            raise unknown("Member", 10007)
        if user_id not in thread.member_ids:
            thread.member_ids[user_id] = state.iso()
            state.access_changed(thread)
            self._members_update(thread, user_id, added=True)
            if user_id != state.bot.id:
                self._thread_notice(thread, 1, user_id)
            state.refresh_visibility(thread)
            state.notify()
        await self.gateway.drain()
        return no_content()

    async def remove_thread_member(
        self, request: web.Request, p: dict[str, str]
    ) -> web.StreamResponse:
        state = self.state
        thread = self._thread(p)
        if thread.archived:
            raise ApiError(400, 50083, "Thread is archived")
        if p["uid"] == "@me":
            user_id = state.bot.id
        else:
            user_id = _int(p["uid"])
            perms = state.permissions_in(thread, state.bot.id)
            is_owner = thread.is_private_thread and thread.owner_id == state.bot.id
            if not perms & MANAGE_THREADS and not is_owner:
                raise missing_permissions()
        if user_id in thread.member_ids:
            del thread.member_ids[user_id]
            state.access_changed(thread)
            self._members_update(thread, user_id, added=False)
            if user_id != state.bot.id:
                self._thread_notice(thread, 2, user_id)
            state.notify()
        await self.gateway.drain()
        return no_content()

    async def get_thread_member(
        self, request: web.Request, p: dict[str, str]
    ) -> web.StreamResponse:
        thread = self._thread(p)
        user_id = _int(p["uid"])
        if user_id not in thread.member_ids:
            raise unknown("Member", 10007)
        return json_response(payloads.thread_member(thread, user_id, thread.member_ids[user_id]))

    async def get_thread_members(
        self, request: web.Request, p: dict[str, str]
    ) -> web.StreamResponse:
        thread = self._thread(p)
        return json_response(
            [payloads.thread_member(thread, uid, ts) for uid, ts in thread.member_ids.items()]
        )

    # ---- guilds ---------------------------------------------------------------------------------

    def _guild(self, p: dict[str, str]) -> Any:
        guild = self.state.guild(_int(p["gid"]))
        if self.state.bot.id not in guild.members:
            raise ApiError(403, 50001, "Missing Access")
        return guild

    async def get_guild(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        guild = self._guild(p)
        data = payloads.guild(guild)
        if _truthy(request.query.get("with_counts")):
            data["approximate_member_count"] = len(guild.members)
            data["approximate_presence_count"] = 0
        return json_response(data)

    async def get_guild_channels(
        self, request: web.Request, p: dict[str, str]
    ) -> web.StreamResponse:
        guild = self._guild(p)
        channels = [self.state.channels[c] for c in guild.channel_ids]
        return json_response(
            [payloads.channel(self.state, c) for c in channels if not c.is_thread and not c.deleted]
        )

    async def get_roles(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        guild = self._guild(p)
        return json_response([payloads.role(r) for r in guild.roles.values()])

    async def get_member(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        guild = self._guild(p)
        member = guild.members.get(_int(p["uid"]))
        if member is None:
            raise unknown("Member", 10007)
        return json_response(payloads.member(member))

    async def get_members(self, request: web.Request, p: dict[str, str]) -> web.StreamResponse:
        guild = self._guild(p)
        if not self.state.enabled_privileged_intents & INTENT_GUILD_MEMBERS:
            raise ApiError(403, 50001, "Missing Access")
        limit = max(1, min(1000, int(request.query.get("limit", "1"))))
        after = int(request.query.get("after", "0"))
        members = sorted((m for m in guild.members.values() if m.id > after), key=lambda m: m.id)
        return json_response([payloads.member(m) for m in members[:limit]])

    async def get_active_threads(
        self, request: web.Request, p: dict[str, str]
    ) -> web.StreamResponse:
        guild = self._guild(p)
        state = self.state
        threads = [
            state.channels[c]
            for c in guild.channel_ids
            if state.channels[c].is_thread
            and not state.channels[c].archived
            and not state.channels[c].deleted
            and state.can_view(state.channels[c], state.bot.id)
        ]
        members = [
            payloads.thread_member(t, state.bot.id, t.member_ids[state.bot.id])
            for t in threads
            if state.bot.id in t.member_ids
        ]
        return json_response(
            {"threads": [payloads.thread(state, t) for t in threads], "members": members}
        )
