"""The Discord bot: the composition root that wires settings, the database, the services,
the notifier and the cogs together, resumes unfinished matches on start, runs the
decision timer and carries out restores asked for by `scouter db restore`."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.db import Database
from bot.http_buckets import pace_bucket_sweeps
from bot.rendering import RenderPool
from bot.services.cardsets import CardSetService
from bot.services.decks import DeckService
from bot.services.guilds import GuildService
from bot.services.judges import JudgeService
from bot.services.league import LeagueService
from bot.services.lobby import LobbyService
from bot.services.matches import MatchService
from bot.services.messages import MessageStore
from bot.services.names import NameService
from bot.services.restore import Restored, RestoreService
from bot.services.tournament_rounds import Rounds
from bot.services.tournaments import TournamentService
from bot.settings import Settings
from bot.ui.items import DYNAMIC_ITEMS, send_ephemeral
from bot.ui.notifier import DiscordNotifier
from bot.ui.threads import open_threadless
from engine.panini.cards import CardPool, load_pool

log = logging.getLogger(__name__)


def shard_options(settings: Settings) -> dict[str, Any]:
    """discord.py's options for the shards this process serves: one shard with
    `shard_id`, several with `shard_ids` (a ShardedScouterBot, see `create_bot`)."""
    count, ids = settings.shard_count, settings.shard_ids
    if count is None:
        return {}
    if ids is None or len(ids) > 1:
        return {"shard_count": count, "shard_ids": list(ids) if ids else None}
    return {"shard_count": count, "shard_id": ids[0]}

COGS = (
    "cogs.config", "cogs.decks", "cogs.play", "cogs.game", "cogs.cards", "cogs.judge",
    "cogs.resolve", "cogs.league", "cogs.cardsets", "cogs.tournament", "cogs.help",
    "cogs.rules",
)
TIMER_PERIOD = 15.0  # seconds between decision-timer checks
RESTORE_PERIOD = 2.0  # seconds between looks for a restore asked by `scouter db restore`


class ScouterBot(commands.Bot):
    def __init__(
        self,
        settings: Settings,
        *,
        pool: CardPool | None = None,
        timer_period: float = TIMER_PERIOD,
        restore_period: float = RESTORE_PERIOD,
        force_sync: bool = False,
        **client_options: Any,
    ) -> None:
        # Scouter has no voice: silence discord.py's warnings about voice libraries.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        # Interactions arrive without privileged intents; guilds keeps channels cached.
        intents = discord.Intents.none()
        intents.guilds = True
        # Nothing a message says pings anyone unless that message names whom (bot/ui/mentions).
        client_options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        client_options.update(shard_options(settings))
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            **client_options,
        )
        self.settings = settings
        self.pool = pool if pool is not None else load_pool()
        self.timer_period = timer_period
        self.restore_period = restore_period
        self.force_sync = force_sync
        self.tree.error(self.on_app_command_error)
        self._timer: asyncio.Task[None] | None = None
        self._restorer: asyncio.Task[None] | None = None
        self.renderer = RenderPool(settings.render_processes)
        pace_bucket_sweeps(self.http)  # one scan of discord.py's buckets a minute at most

    # Services exist once setup_hook has opened the database.
    db: Database
    store: MessageStore
    cardsets: CardSetService
    decks: DeckService
    guild_config: GuildService
    matches: MatchService
    lobby: LobbyService
    judges: JudgeService
    league: LeagueService
    names: NameService
    notifier: DiscordNotifier
    restores: RestoreService
    tournaments: TournamentService
    rounds: Rounds

    async def setup_hook(self) -> None:
        self.db = await Database.open(self.settings.database)
        self.store = MessageStore(self.db)
        self.names = NameService(self.db)
        await self.names.load()
        self.notifier = DiscordNotifier(self)
        # The built-in cards plus each server's imported sets, before any match replays:
        # every service reads card names with the cards of the server they are used in.
        self.cardsets = CardSetService(self.db, self.pool)
        await self.cardsets.load()
        pools, score_pools = self.cardsets.pool_for, self.cardsets.score.pool_for
        primetime_pools = self.cardsets.primetime.pool_for  # a match: all the server's sets
        self.decks = DeckService(self.db, pools, score_pools,
                                 self.cardsets.primetime.usable_pool)
        self.guild_config = GuildService(self.db)
        self.matches = MatchService(
            self.db,
            pools,
            self.notifier,
            decision_timeout=self.settings.decision_timeout_seconds,
            score_pools=score_pools,
            primetime_pools=primetime_pools,
        )
        self.lobby = LobbyService(self.db, self.decks, self.matches, cardsets=self.cardsets)
        self.league = LeagueService(self.db, pools)
        self.matches.finish_listeners.append(self.league.match_finished)
        self.judges = JudgeService(self.db, self.matches)
        self.matches.owns = self.owns_guild
        # Events: their tables take the referee's results when their matches end.
        self.tournaments = TournamentService(self.db, self.lobby, self.matches)
        self.rounds = Rounds(self.tournaments)
        self.matches.finish_listeners.append(self.tournaments.match_finished)
        self.matches.reopen_checks.append(self.tournaments.reopened)
        self.restores = RestoreService(self.db, self.matches, Path(self.settings.database))
        for cog in COGS:
            await self.load_extension(cog)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.sync_commands()
        resumed = await self.matches.load_unfinished()
        log.info("resumed %d unfinished match(es)", len(resumed))
        await self.db.listen(self._changed_elsewhere)
        self._timer = asyncio.create_task(self._run_timer())
        if self.db.dialect == "sqlite":  # a restore copies a file in (bot/backups.py)
            self._restorer = asyncio.create_task(self._run_restores())

    def _changed_elsewhere(self, match_id: int, guild_id: int) -> None:
        """Another process (sharing PostgreSQL) changed a match: show it if it is ours."""
        if self.owns_guild(guild_id) and self.is_ready():
            self.notifier.schedule(match_id)

    def owns_guild(self, guild_id: int) -> bool:
        """Whether this process serves the server: Discord sends a server's events to shard
        (guild_id >> 22) % shard_count; its matches are resumed and timed there only."""
        count, ids = self.settings.shard_count, self.settings.shard_ids
        if count is None or ids is None:
            return True
        return (guild_id >> 22) % count in ids

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Keep the name each player goes by in this server (boards and tables show it)."""
        if interaction.guild_id is None:
            return  # a DM shows the global name, not the one this server knows
        try:
            await self.names.seen(interaction.guild_id, interaction.user.id,
                                  interaction.user.display_name)
        except Exception:
            log.exception("could not keep the name of %s", interaction.user.id)

    async def on_ready(self) -> None:
        if self.is_closed():
            return
        # Bring every unfinished match's messages up to date (buttons included), and open
        # the thread of one stored without it (or cancel it).
        for match_id in await self.matches.active_ids():
            self.notifier.schedule(match_id)
        await open_threadless(self)
        log.info("ready as %s in %d server(s)", self.user, len(self.guilds))

    async def render(self, draw: Callable[..., bytes], *args: Any) -> bytes:
        """Run an image renderer in the render pool, keeping the event loop free."""
        return await self.renderer.render(draw, *args)

    async def close(self) -> None:
        for task in (self._timer, self._restorer):
            if task is not None:
                task.cancel()
        if hasattr(self, "notifier"):
            await self.notifier.stop()
        await super().close()
        self.renderer.close()
        if hasattr(self, "db"):
            await self.db.close()

    async def _run_timer(self) -> None:
        await self.wait_until_ready()
        while not self.is_closed():
            try:
                await self.matches.check_timers()
            except Exception:
                log.exception("the decision timer failed")
            await asyncio.sleep(self.timer_period)

    async def _run_restores(self) -> None:
        await self.wait_until_ready()
        while not self.is_closed():
            try:
                restored = await self.restores.serve_next()
                if restored is not None:
                    await self._after_restore(restored)
            except Exception:
                log.exception("serving a restore request failed")
            await asyncio.sleep(self.restore_period)

    async def _after_restore(self, restored: Restored) -> None:
        """Everything in memory now comes from the restored file: the card pool (imported
        sets may differ), the unfinished matches, and every match thread is told."""
        self.store.forget_all()
        await self.cardsets.load()
        resumed = await self.matches.load_unfinished()
        log.info("after the restore: %d unfinished match(es)", len(resumed))
        await self.notifier.restored(restored.before)
        for match in resumed:
            self.notifier.schedule(match.id)

    # --- command sync: deliberate, not on every start ---
    async def sync_commands(self) -> None:
        """Sync slash commands when their definitions changed since the last sync (or when
        forced): to DEV_GUILD_ID in development (instant), globally otherwise."""
        guild = (
            discord.Object(id=self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        )
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = [command.to_dict(self.tree) for command in self.tree.get_commands(guild=guild)]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        key = f"commands:{guild.id if guild else 'global'}"
        row = await self.db.fetchone("SELECT value FROM meta WHERE key=?", (key,))
        if row is not None and row[0] == digest and not self.force_sync:
            log.info("slash commands unchanged; not syncing")
            return
        await self.tree.sync(guild=guild)
        async with self.db.write() as conn:
            await conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?)"
                " ON CONFLICT(key) DO UPDATE SET value=excluded.value",
                (key, digest),
            )
        log.info("synced %d slash command(s) %s", len(payload),
                 f"to guild {guild.id}" if guild else "globally")

    # --- errors ---
    async def on_app_command_error(
        self,
        interaction: discord.Interaction[Any],
        error: app_commands.AppCommandError,
    ) -> None:
        if isinstance(error, app_commands.MissingPermissions):
            text = "You need the " + ", ".join(
                p.replace("_", " ").title() for p in error.missing_permissions
            ) + " permission for this command."
        elif isinstance(error, app_commands.NoPrivateMessage):
            text = "This command works only in a server."
        elif isinstance(error, app_commands.CheckFailure):
            text = str(error) or "You cannot use this command here."
        else:
            log.error("command %s failed", interaction.command and interaction.command.name,
                      exc_info=error)
            text = "Something went wrong on my side; nothing was changed. Please try again."
        await send_ephemeral(interaction, text)

    async def on_error(self, event_method: str, /, *args: Any, **kwargs: Any) -> None:
        log.exception("unhandled error in %s", event_method)


class ShardedScouterBot(ScouterBot, commands.AutoShardedBot):
    """The bot serving several shards in one process (SHARD_IDS lists more than one, or
    SHARD_COUNT without SHARD_IDS: all of them)."""


def create_bot(settings: Settings, **options: Any) -> ScouterBot:
    """The bot for these settings: sharded when the process serves several shards."""
    sharded = "shard_ids" in shard_options(settings)
    return (ShardedScouterBot if sharded else ScouterBot)(settings, **options)
