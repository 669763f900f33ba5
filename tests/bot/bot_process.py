"""The real bot in a process of its own, pointed at a fake Discord on loopback: what the
crash tests kill with SIGKILL and start again. Run as
`python -m tests.bot.bot_process --base URL --gateway URL --token T --db PATH --guild ID`
(`--db` also takes a PostgreSQL URL; `--shards 0/2` serves shard 0 of 2)."""

from __future__ import annotations

import argparse
import logging
import os
from pathlib import Path

import discord.asset
import discord.gateway
import discord.http
import yarl
from pydantic import SecretStr

from bot.app import create_bot
from bot.settings import Settings


def main() -> None:
    parser = argparse.ArgumentParser()
    for name in ("--base", "--gateway", "--token", "--db", "--guild"):
        parser.add_argument(name, required=True)
    parser.add_argument("--shards", default=None, help="ID/COUNT: serve shard ID of COUNT")
    args = parser.parse_args()
    shard_id, shard_count = map(int, args.shards.split("/")) if args.shards else (None, None)
    # The same three places the in-process fake patches (tests/fakediscord/server.py).
    discord.http.Route.BASE = f"{args.base}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(args.gateway)
    discord.asset.Asset.BASE = f"{args.base}/cdn"
    # SCOUTER_BOT_DEBUG=1: every gateway event and request (with SCOUTER_BOT_LOGS=1, in a file)
    debug = bool(os.environ.get("SCOUTER_BOT_DEBUG"))
    logging.basicConfig(level=logging.DEBUG if debug else logging.WARNING)
    postgres = args.db.startswith("postgresql://")
    settings = Settings(discord_token=SecretStr(args.token),
                        database_path=Path("unused.db" if postgres else args.db),
                        database_url=args.db if postgres else None,
                        shard_ids=None if shard_id is None else (shard_id,),
                        shard_count=shard_count,
                        dev_guild_id=int(args.guild),
                        render_processes=0)  # killed and restarted often: no process start-up
    bot = create_bot(settings, guild_ready_timeout=0.05, timer_period=3600)
    bot.run(args.token, log_handler=None)


if __name__ == "__main__":
    main()
