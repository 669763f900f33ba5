"""discord.py's rate-limit buckets, swept for idle ones at a pace instead of per new bucket.

discord.py 2.x (discord/http.py, `HTTPClient.get_ratelimit`) scans every bucket it holds
each time it makes a new one, once it holds 256 or more, to drop those idle for 300 s.
A bot with hundreds of live matches holds a bucket per route and channel (each thread,
each player's DM), so every first edit in a new channel scanned them all: about 5% of the
process's time at 200 matches. A bucket can only be swept after 300 s idle, so a scan at
most once a minute drops the same buckets, at most a minute later."""

from __future__ import annotations

import time
from collections.abc import Callable

import discord.http

SWEEP_EVERY = 60.0  # seconds; buckets are dropped only after 300 s idle


def pace_bucket_sweeps(
    http: discord.http.HTTPClient,
    every: float = SWEEP_EVERY,
    clock: Callable[[], float] = time.monotonic,
) -> None:
    """Let `http` sweep its idle buckets at most once per `every` seconds. A discord.py
    without this private method (a later version) is left as it is: only slower."""
    sweep = getattr(http, "_try_clear_expired_ratelimits", None)
    if sweep is None or not hasattr(http, "_buckets"):
        return
    last = [-every]

    def paced() -> None:
        now = clock()
        if len(http._buckets) < 256 or now - last[0] < every:  # discord.py's own floor
            return
        last[0] = now
        sweep()

    http._try_clear_expired_ratelimits = paced  # type: ignore[method-assign]
