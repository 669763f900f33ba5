"""The real bot in a process of its own, pointed at a fake Discord on loopback: what the
crash tests kill with SIGKILL and start again. Run as
`python -m tests.bot.bot_process --base URL --gateway URL --token T --db PATH --guild ID`."""

from __future__ import annotations

import argparse
import logging
from pathlib import Path

import discord.asset
import discord.gateway
import discord.http
import yarl
from pydantic import SecretStr

from bot.app import ScouterBot
from bot.settings import Settings


def main() -> None:
    parser = argparse.ArgumentParser()
    for name in ("--base", "--gateway", "--token", "--db", "--guild"):
        parser.add_argument(name, required=True)
    args = parser.parse_args()
    # The same three places the in-process fake patches (tests/fakediscord/server.py).
    discord.http.Route.BASE = f"{args.base}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(args.gateway)
    discord.asset.Asset.BASE = f"{args.base}/cdn"
    logging.basicConfig(level=logging.WARNING)
    settings = Settings(discord_token=SecretStr(args.token), database_path=Path(args.db),
                        dev_guild_id=int(args.guild),
                        render_processes=0)  # killed and restarted often: no process start-up
    bot = ScouterBot(settings, guild_ready_timeout=0.05, timer_period=3600)
    bot.run(args.token, log_handler=None)


if __name__ == "__main__":
    main()
