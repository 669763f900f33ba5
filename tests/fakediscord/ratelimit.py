"""Discord's REST rate limits: per-route buckets and the global limit, off unless switched on.

Docs (Topics > Rate Limits): a bucket is a route plus its top-level resource (channel_id,
guild_id, or webhook id + token); every response says X-RateLimit-Limit, -Remaining, -Reset
(epoch seconds), -Reset-After (seconds) and -Bucket (a hash that leaves the top-level
resource out); a request over a bucket gets 429 {"message", "retry_after", "global": false}
with Retry-After and X-RateLimit-Scope: user; over the global limit (50 requests per second
per bot; interaction endpoints are not bound by it) 429 with "global": true,
X-RateLimit-Global: true and X-RateLimit-Scope: global.

Discord publishes no per-route numbers ("should not be hard coded"); ``DISCORD_ROUTE_LIMITS``
holds the values its headers are known to report, and every other route gets
``DEFAULT_ROUTE_LIMIT``. Windows are fixed: they start with the first request after the
last one ended, run on the fake's clock (``fake.advance`` ends them too) and last
``window * time_scale`` seconds.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from aiohttp import web

from .errors import ErrorRecord, json_response

if TYPE_CHECKING:
    from .state import FakeState

RATE_LIMITED_MESSAGE = "You are being rate limited."


@dataclass(frozen=True)
class RouteLimit:
    """``limit`` requests per ``window`` seconds for each top-level resource; routes naming
    the same ``bucket`` share one."""

    limit: int
    window: float
    bucket: str | None = None


# "METHOD /template" -> limit; None: no per-route limit (the global one still applies).
DISCORD_ROUTE_LIMITS: dict[str, RouteLimit | None] = {
    # Messages: 5 per 5 s per channel (create and edit alike); deletes have their own,
    # higher limit (docs: "Deleting messages falls under a separate, higher rate limit").
    "POST /channels/{channel_id}/messages": RouteLimit(5, 5.0),
    "PATCH /channels/{channel_id}/messages/{message_id}": RouteLimit(5, 5.0),
    "DELETE /channels/{channel_id}/messages/{message_id}": RouteLimit(5, 1.0),
    # Reactions: 1 per 0.25 s per channel, adding and removing share it.
    "PUT /channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me": RouteLimit(
        1, 0.25, "reactions"
    ),
    "DELETE /channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me": RouteLimit(
        1, 0.25, "reactions"
    ),
    "POST /channels/{channel_id}/typing": RouteLimit(5, 5.0),
    # Threads: created and joined at the message pace.
    "POST /channels/{channel_id}/threads": RouteLimit(5, 5.0),
    "POST /channels/{channel_id}/messages/{message_id}/threads": RouteLimit(5, 5.0),
    "PATCH /channels/{channel_id}": RouteLimit(5, 5.0),
    # Webhooks, interaction followups and edits among them: 5 per 2 s per webhook + token.
    "POST /webhooks/{webhook_id}/{webhook_token}": RouteLimit(5, 2.0),
    "GET /webhooks/{webhook_id}/{webhook_token}/messages/@original": RouteLimit(5, 2.0),
    "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original": RouteLimit(5, 2.0),
    "DELETE /webhooks/{webhook_id}/{webhook_token}/messages/@original": RouteLimit(5, 2.0),
    "GET /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}": RouteLimit(5, 2.0),
    "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}": RouteLimit(5, 2.0),
    "DELETE /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}": RouteLimit(5, 2.0),
}
# Routes not in the table (GETs of channels, guilds, members, users, commands, ...): 5 per
# 1 s, what Discord reports for e.g. GET /guilds/{guild_id}/members/{user_id}.
DEFAULT_ROUTE_LIMIT: RouteLimit | None = RouteLimit(5, 1.0)
GLOBAL_LIMIT = 50
GLOBAL_WINDOW = 1.0

# A path segment after one of these is an id named so in the route template.
_ID_NAMES = {
    "channels": "channel_id",
    "guilds": "guild_id",
    "messages": "message_id",
    "users": "user_id",
    "members": "user_id",
    "thread-members": "user_id",
    "applications": "application_id",
    "commands": "command_id",
    "roles": "role_id",
    "webhooks": "webhook_id",
    "interactions": "interaction_id",
}
_TOKEN_AFTER = {"webhook_id": "webhook_token", "interaction_id": "interaction_token"}


def route_of(path: str) -> tuple[str, str]:
    """The route template of a path and its top-level resource (the bucket's major part)."""
    template: list[str] = []
    major: list[str] = []
    token_name: str | None = None
    previous = ""
    for part in path.strip("/").split("/"):
        if token_name is not None:
            template.append("{" + token_name + "}")
            major.append(part)
            token_name = None
        elif previous == "reactions":
            template.append("{emoji}")
        elif previous in _ID_NAMES and part.isdigit():
            name = _ID_NAMES[previous]
            template.append("{" + name + "}")
            if name in ("channel_id", "guild_id") and not major:
                major.append(part)
            elif name in _TOKEN_AFTER and not major:
                major.append(part)
                token_name = _TOKEN_AFTER[name]
        else:
            template.append(part)
        previous = part
    return "/" + "/".join(template), "+".join(major)


def bucket_hash(name: str) -> str:
    return hashlib.sha1(name.encode()).hexdigest()[:32]


def _up(seconds: float) -> float:
    """Round up to the millisecond, so that waiting the advertised time is always enough."""
    return max(0.0, math.ceil(round(seconds * 1000, 6)) / 1000)


@dataclass
class RateLimitRecord:
    """One 429 served (``FakeDiscord.rate_limited``); ``at`` is on the fake's clock."""

    method: str
    path: str
    route: str  # "METHOD /template"
    bucket: str  # X-RateLimit-Bucket, plus ":" and the top-level resource when it has one
    scope: str  # "user" (a route bucket), "global", or "shared"
    retry_after: float
    at: float
    injected: bool = False


@dataclass
class RequestRecord:
    """One REST request (``FakeDiscord.request_log``); ``at`` is on the fake's clock."""

    method: str
    path: str
    route: str  # "METHOD /template"
    major: str
    at: float
    status: int = 0


@dataclass
class _Window:
    reset_at: float
    count: int = 0


@dataclass
class RateLimitConfig:
    """What ``FakeDiscord.set_rate_limits`` changes. ``time_scale`` multiplies every window
    (0.1: ten times shorter), for end-to-end tests that play at machine speed."""

    enabled: bool = False
    time_scale: float = 1.0
    global_limit: int = GLOBAL_LIMIT
    global_window: float = GLOBAL_WINDOW
    routes: Mapping[str, RouteLimit | None] = field(
        default_factory=lambda: dict(DISCORD_ROUTE_LIMITS)
    )
    default: RouteLimit | None = DEFAULT_ROUTE_LIMIT


def rate_limited_response(
    retry_after: float, *, scope: str, headers: Mapping[str, str] | None = None
) -> web.Response:
    """A 429 as Discord sends it. (rest.py adds ``Via`` to every answer, as Discord's edge
    does: discord.py takes a 429 without it for a Cloudflare ban and raises at once.)"""
    is_global = scope == "global"
    wait = _up(retry_after)
    response = json_response(
        {"message": RATE_LIMITED_MESSAGE, "retry_after": wait, "global": is_global},
        status=429,
        headers={
            **(headers or {}),
            "Retry-After": str(math.ceil(wait)),
            "X-RateLimit-Scope": scope,
        },
    )
    if is_global:
        response.headers["X-RateLimit-Global"] = "true"
    return response


class RateLimiter:
    """Counts requests per bucket and globally; answers 429 when a limit is exceeded."""

    def __init__(self, state: FakeState, config: RateLimitConfig | None = None) -> None:
        self.state = state
        self.config = config or RateLimitConfig()
        self._buckets: dict[tuple[str, str], _Window] = {}
        self._global: _Window | None = None

    def reset(self) -> None:
        """Forget every window (all buckets full again)."""
        self._buckets.clear()
        self._global = None

    def _exempt_from_global(self, template: str, major: str) -> bool:
        # Interaction endpoints: the callback and the application's webhook (its token).
        app = str(self.state.application_id)
        return template.startswith("/interactions/") or (
            template.startswith("/webhooks/") and major.split("+")[0] == app
        )

    def _window(self, key: tuple[str, str], seconds: float, now: float) -> _Window:
        window = self._buckets.get(key)
        if window is None or now >= window.reset_at:
            window = self._buckets[key] = _Window(now + seconds)
        return window

    def check(
        self, method: str, path: str, template: str, major: str
    ) -> tuple[web.Response | None, dict[str, str]]:
        """(a 429 to answer with, or None) and the X-RateLimit headers of the route."""
        config = self.config
        if not config.enabled:
            return None, {}
        state = self.state
        now = state.now()
        route = f"{method} {template}"
        if not self._exempt_from_global(template, major):
            if self._global is None or now >= self._global.reset_at:
                self._global = _Window(now + config.global_window * config.time_scale)
            if self._global.count >= config.global_limit:
                retry = self._global.reset_at - now
                self._record(method, path, route, "global", "global", retry)
                return rate_limited_response(retry, scope="global"), {}
            self._global.count += 1
        spec = config.routes.get(route, config.default)
        if spec is None:
            return None, {}
        name = spec.bucket or route
        digest = bucket_hash(name)
        window = self._window((name, major), spec.window * config.time_scale, now)
        reset_after = _up(window.reset_at - now)
        blocked = window.count >= spec.limit
        if not blocked:
            window.count += 1
        headers = {
            "X-RateLimit-Limit": str(spec.limit),
            "X-RateLimit-Remaining": str(spec.limit - window.count),
            "X-RateLimit-Reset": f"{state.wall_ms() / 1000 + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": digest,
        }
        if not blocked:
            return None, headers
        bucket = f"{digest}:{major}" if major else digest
        self._record(method, path, route, bucket, "user", reset_after)
        return rate_limited_response(reset_after, scope="user", headers=headers), headers

    def _record(
        self, method: str, path: str, route: str, bucket: str, scope: str, retry: float
    ) -> None:
        state = self.state
        state.rate_limited.append(
            RateLimitRecord(method, path, route, bucket, scope, _up(retry), state.now())
        )
        state.errors.append(
            ErrorRecord(method, path, 429, 0, RATE_LIMITED_MESSAGE, extra={"rate_limit": scope})
        )
        state.notify()
