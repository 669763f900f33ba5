"""discord.py's idle rate-limit buckets are swept once a minute, not per new bucket
(bot/http_buckets.py)."""

from __future__ import annotations

import asyncio

import discord.http

from bot.http_buckets import SWEEP_EVERY, pace_bucket_sweeps


def test_idle_buckets_are_swept_at_most_once_a_minute_and_still_swept() -> None:
    async def scenario() -> None:
        http = discord.http.HTTPClient(asyncio.get_running_loop())
        now = [1000.0]
        pace_bucket_sweeps(http, clock=lambda: now[0])
        idle = [http.get_ratelimit(f"idle:{i}") for i in range(300)]  # swept once at 256
        for bucket in idle:
            bucket._last_request -= 400  # now idle past discord.py's 300 s
        for i in range(100):
            http.get_ratelimit(f"busy:{i}")
        # each new bucket would have scanned all of them; this minute's scan is done
        assert len(http._buckets) == 400
        now[0] += SWEEP_EVERY
        http.get_ratelimit("busy:new")
        assert sorted(http._buckets) == sorted([f"busy:{i}" for i in range(100)] + ["busy:new"])
        await http.close()

    asyncio.run(scenario())
