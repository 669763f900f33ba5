"""Discord failing on demand: the next requests matching a method and a path fail.

``fake.fail("PATCH", r"/channels/\\d+/messages/\\d+", status=503, times=6)`` makes the next six
matching requests fail before the fake looks at them (nothing changes, no bucket is used);
``times=None`` fails them until ``fake.heal()``. Paths are those after ``/api/v10`` and the
pattern must match the whole path (``re.fullmatch``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from aiohttp import web

from .errors import ErrorRecord, json_response
from .ratelimit import (
    RATE_LIMITED_MESSAGE,
    RateLimitRecord,
    bucket_hash,
    rate_limited_response,
)

if TYPE_CHECKING:
    from .state import FakeState

_REASONS = {
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Timeout",
}


@dataclass
class FailureRule:
    """What ``FakeDiscord.fail`` set up; ``served`` counts the failures it answered."""

    method: str  # "*" for any
    pattern: re.Pattern[str]
    status: int
    times: int | None
    code: int | None = None
    message: str | None = None
    retry_after: float = 1.0
    scope: str = "user"
    served: int = 0

    @property
    def exhausted(self) -> bool:
        return self.times is not None and self.served >= self.times

    def matches(self, method: str, path: str) -> bool:
        return (
            not self.exhausted
            and self.method in ("*", method)
            and self.pattern.fullmatch(path) is not None
        )


@dataclass
class InjectedFailure:
    """One failure answered (``FakeDiscord.failures``); ``at`` is on the fake's clock."""

    method: str
    path: str
    status: int
    code: int
    at: float
    rule: FailureRule = field(repr=False)


def not_found(template: str) -> tuple[int, str]:
    """The 404 Discord gives for the resource a route names."""
    if template.startswith("/interactions/"):
        return 10062, "Unknown interaction"
    if "{message_id}" in template or "@original" in template:
        return 10008, "Unknown Message"
    if template.startswith("/webhooks/"):
        return 10015, "Unknown Webhook"
    if "{channel_id}" in template:
        return 10003, "Unknown Channel"
    if "{guild_id}/members/{user_id}" in template:
        return 10007, "Unknown Member"
    if "{guild_id}" in template:
        return 10004, "Unknown Guild"
    if "{user_id}" in template:
        return 10013, "Unknown User"
    return 0, "404: Not Found"


class Faults:
    def __init__(self, state: FakeState) -> None:
        self.state = state
        self.rules: list[FailureRule] = []

    def add(self, rule: FailureRule) -> FailureRule:
        self.rules.append(rule)
        return rule

    def heal(self, rule: FailureRule | None = None) -> None:
        self.rules = [] if rule is None else [r for r in self.rules if r is not rule]

    def answer(self, method: str, path: str, template: str) -> web.Response | None:
        """The failure for this request, if one is due (recorded, also in ``errors``)."""
        rule = next((r for r in self.rules if r.matches(method, path)), None)
        if rule is None:
            return None
        rule.served += 1
        status = rule.status
        now = self.state.now()
        if status == 429:
            route = f"{method} {template}"
            self.state.rate_limited.append(
                RateLimitRecord(
                    method,
                    path,
                    route,
                    bucket_hash(route),
                    rule.scope,
                    rule.retry_after,
                    now,
                    injected=True,
                )
            )
            response = rate_limited_response(rule.retry_after, scope=rule.scope)
            code, message = 0, RATE_LIMITED_MESSAGE
        else:
            if status == 403:
                code, message = 50013, "Missing Permissions"
            elif status == 404:
                code, message = not_found(template)
            else:
                code, message = 0, f"{status}: {_REASONS.get(status, 'Error')}"
            code = rule.code if rule.code is not None else code
            message = rule.message or message
            response = json_response({"message": message, "code": code}, status=status)
        self.state.failures.append(InjectedFailure(method, path, status, code, now, rule))
        self.state.errors.append(
            ErrorRecord(method, path, status, code, message, extra={"injected": True})
        )
        self.state.notify()
        return response
