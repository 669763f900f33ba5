"""/standings, /profile, /history (anyone) and /league season start|end (server admins):
the league's ratings and seasons in Discord. The services do the rating (bot.services.league);
this translates commands and draws the table through the bot's render threads."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Callable, Iterable
from typing import Any, Literal, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import ScouterBot
from bot.services.families import playable_rulesets
from bot.services.league import MAX_SEASON_NAME, LeagueError, SeasonChange, Standings
from bot.ui.items import bot_of, guarded, id_number, send_ephemeral
from bot.ui.league import (
    clamp_page,
    empty_standings_text,
    history_embed,
    page_rows,
    pages,
    profile_embed,
    standings_embed,
    standings_table,
)
from bot.ui.names import player_name
from engine.panini.rulesets import DEFAULT_RULESET
from renderers.standings import render_standings

Ruleset = Literal["panini-2016", "panini-2014", "score", "ocg", "prime-time"]
assert set(Ruleset.__args__) == set(playable_rulesets())  # type: ignore[attr-defined]
STANDINGS_FILE = "standings.png"
NOT_ADMIN = ("Only server admins (the Manage Server permission) can start or end a league "
             "season. Nothing changed.")
T = TypeVar("T")


def manages_server() -> Callable[[T], T]:
    """The server-side check behind the command's default permissions (a server may show
    the command to more people in its Integrations settings)."""

    async def predicate(interaction: discord.Interaction[Any]) -> bool:
        if interaction.guild is None:
            raise app_commands.NoPrivateMessage()
        if not interaction.permissions.manage_guild:
            raise app_commands.CheckFailure(NOT_ADMIN)
        return True

    return app_commands.check(predicate)


async def display_names(bot: ScouterBot, guild_id: int, user_ids: Iterable[int]
                        ) -> dict[int, str]:
    """Names to draw in the table image (an image cannot show mentions): those the server
    knows its players by, asked of Discord only for a player never seen."""
    unique = list(dict.fromkeys(user_ids))
    found = await asyncio.gather(*(player_name(bot, guild_id, user_id) for user_id in unique))
    return {user_id: name for user_id, name in zip(unique, found, strict=True)
            if name is not None}


async def standings_page(
    bot: ScouterBot, standings: Standings, page: int, file_name: str = STANDINGS_FILE
) -> tuple[discord.Embed, discord.File]:
    page = clamp_page(standings, page)
    names = await display_names(bot, standings.season.guild_id,
                                (s.player.user_id for s in page_rows(standings, page)))
    png = await bot.render(render_standings, standings_table(standings, page, names))
    return (standings_embed(standings, page, file_name),
            discord.File(io.BytesIO(png), filename=file_name))


def page_buttons(view: discord.ui.View, guild_id: int, standings: Standings, page: int) -> None:
    """Previous / Next for a table longer than a page."""
    count = pages(standings)
    if count <= 1:
        return
    page = clamp_page(standings, page)
    for target, label in ((page - 1, "◀ Previous"), (page + 1, "Next ▶")):
        button = StandingsPageButton(guild_id, standings.ruleset, standings.season.number,
                                     max(target, 0), label)
        button.item.disabled = not 0 <= target < count
        view.add_item(button)


class StandingsPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"sc:st:(?P<guild>\d+):(?P<ruleset>[a-z0-9-]+):(?P<season>\d+):(?P<page>\d+)",
):
    """A page of a season's table; the custom_id holds everything, so it works after a
    restart. On an ephemeral table it turns the page; on a public post (a season's final
    standings) it shows the page to the presser only."""

    def __init__(
        self, guild_id: int, ruleset: str, season: int, page: int, label: str = "Next ▶"
    ) -> None:
        super().__init__(discord.ui.Button(
            label=label, style=discord.ButtonStyle.secondary,
            custom_id=f"sc:st:{guild_id}:{ruleset}:{season}:{page}",
        ))
        self.guild_id, self.ruleset, self.season, self.page = guild_id, ruleset, season, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> StandingsPageButton:
        return cls(id_number(match["guild"]), match["ruleset"], id_number(match["season"]),
                   id_number(match["page"]))

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        if interaction.guild_id != self.guild_id:  # only a forged id names another server
            await send_ephemeral(interaction, "That table belongs to another server.")
            return
        try:
            standings = await bot.league.standings(self.guild_id, self.ruleset, self.season)
        except LeagueError as exc:
            await send_ephemeral(interaction, str(exc))
            return
        if not standings.rows:
            await send_ephemeral(interaction, empty_standings_text(standings))
            return
        view = discord.ui.View(timeout=None)
        page_buttons(view, self.guild_id, standings, self.page)
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            await interaction.response.defer()
            embed, file = await standings_page(bot, standings, self.page)
            await interaction.edit_original_response(embed=embed, attachments=[file], view=view)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        embed, file = await standings_page(bot, standings, self.page)
        await interaction.followup.send(embed=embed, file=file, view=view, ephemeral=True)


async def season_numbers(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[int]]:
    """Autocomplete for a season option: the server's seasons, newest first."""
    if interaction.guild_id is None:
        return []
    seasons = await bot_of(interaction).league.seasons(interaction.guild_id)
    wanted = current.strip().casefold()
    return [
        app_commands.Choice(
            name=f"{s.number} · {s.name}{' (current)' if s.current else ''}"[:100],
            value=s.number)
        for s in reversed(seasons) if wanted in f"{s.number} {s.name}".casefold()
    ][:25]


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class LeagueCog(commands.GroupCog, group_name="league", description="League seasons (admins)"):
    season = app_commands.Group(name="season", description="Start or end a league season")

    def __init__(self, bot: ScouterBot) -> None:
        self.bot = bot

    @season.command(name="start", description="End the current season and start a new one")
    @app_commands.describe(name="The new season's name, for example Spring 2026")
    @manages_server()
    async def season_start(
        self, interaction: discord.Interaction[Any],
        name: app_commands.Range[str, 1, MAX_SEASON_NAME],
    ) -> None:
        assert interaction.guild_id is not None
        try:
            change = await self.bot.league.start_season(interaction.guild_id, name)
        except LeagueError as exc:
            await send_ephemeral(interaction, str(exc))
            return
        await self.announce(interaction, change)

    @season.command(name="end", description="End the current season (final standings) and "
                                            "start the next one")
    @manages_server()
    async def season_end(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.guild_id is not None
        try:
            change = await self.bot.league.end_season(interaction.guild_id)
        except LeagueError as exc:
            await send_ephemeral(interaction, str(exc))
            return
        await self.announce(interaction, change)

    async def announce(self, interaction: discord.Interaction[Any], change: SeasonChange) -> None:
        """Post the ended season's final standings (one table per ruleset played) and the
        new season in the channel where the command ran."""
        assert interaction.guild_id is not None
        guild_id = interaction.guild_id
        await interaction.response.defer(thinking=True)
        ended, started = change.ended, change.started
        lines = []
        embeds: list[discord.Embed] = []
        files: list[discord.File] = []
        view = discord.ui.View(timeout=None)
        if change.rated:
            lines.append(f"🏁 **{ended.title}** is over! Final standings:")
            for ruleset in await self.bot.league.rulesets_rated(ended.id):
                standings = await self.bot.league.standings(guild_id, ruleset, ended.number)
                embed, file = await standings_page(self.bot, standings, 0,
                                                   f"standings-{ruleset}.png")
                embeds.append(embed)
                files.append(file)
                if pages(standings) > 1:
                    view.add_item(StandingsPageButton(guild_id, ruleset, ended.number, 1,
                                                      f"Next ▶ ({ruleset})"))
        else:
            lines.append(f"{ended.title} ended without any rated match.")
        lines.append(f"🆕 **{started.title}** starts now: every player begins again at 1000 "
                     "(provisional). `/standings` shows the table; past seasons stay "
                     f"viewable with `/standings season:{ended.number}`.")
        extra: dict[str, Any] = {}
        if embeds:
            extra.update(embeds=embeds, files=files)
        await interaction.followup.send("\n".join(lines), view=view,
                                        allowed_mentions=discord.AllowedMentions.none(), **extra)


class LeagueViewsCog(commands.Cog):
    """The commands anyone can use: the table, a profile, a match history."""

    def __init__(self, bot: ScouterBot) -> None:
        self.bot = bot

    @app_commands.command(name="standings", description="The league table of a season")
    @app_commands.describe(ruleset="The rules (default panini-2016)",
                           season="Season number (default: the current season)")
    @app_commands.autocomplete(season=season_numbers)
    @app_commands.guild_only()
    async def standings(
        self,
        interaction: discord.Interaction[Any],
        ruleset: Ruleset = DEFAULT_RULESET,  # type: ignore[assignment]
        season: int | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        try:
            table = await self.bot.league.standings(interaction.guild_id, ruleset, season)
        except LeagueError as exc:
            await send_ephemeral(interaction, str(exc))
            return
        if not table.rows:
            await send_ephemeral(interaction, empty_standings_text(table))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        embed, file = await standings_page(self.bot, table, 0)
        view = discord.ui.View(timeout=None)
        page_buttons(view, interaction.guild_id, table, 0)
        await interaction.followup.send(embed=embed, file=file, view=view, ephemeral=True)

    @app_commands.command(name="profile", description="A player's ratings, record and matches")
    @app_commands.describe(user="Whose profile (default: yours)")
    @app_commands.guild_only()
    async def profile(
        self, interaction: discord.Interaction[Any], user: discord.User | None = None
    ) -> None:
        assert interaction.guild_id is not None
        target = user or interaction.user
        if await self._refuse(interaction, target):
            return
        profile = await self.bot.league.profile(interaction.guild_id, target.id)
        if profile.played == 0:
            await send_ephemeral(interaction, no_matches(interaction, target))
            return
        await interaction.response.send_message(
            embed=profile_embed(profile, target.display_name), ephemeral=True)

    @app_commands.command(name="history", description="A player's last matches in this server")
    @app_commands.describe(user="Whose matches (default: yours)")
    @app_commands.guild_only()
    async def history(
        self, interaction: discord.Interaction[Any], user: discord.User | None = None
    ) -> None:
        assert interaction.guild_id is not None
        target = user or interaction.user
        if await self._refuse(interaction, target):
            return
        entries = await self.bot.league.history(interaction.guild_id, target.id)
        if not entries:
            await send_ephemeral(interaction, no_matches(interaction, target))
            return
        await interaction.response.send_message(
            embed=history_embed(entries, target.display_name), ephemeral=True)

    @staticmethod
    async def _refuse(
        interaction: discord.Interaction[Any], target: discord.User | discord.Member
    ) -> bool:
        if target.bot:
            await send_ephemeral(interaction, f"{target.mention} is a bot and plays no matches "
                                 "(practice matches against my AI count for the player only).")
            return True
        return False


def no_matches(
    interaction: discord.Interaction[Any], target: discord.User | discord.Member
) -> str:
    if target.id == interaction.user.id:
        return ("You have not played any match in this server yet. Start one with "
                "`/play queue`, `/play challenge` or `/play practice`.")
    return f"{target.mention} has not played any match in this server yet."


async def setup(bot: ScouterBot) -> None:
    bot.add_dynamic_items(StandingsPageButton)
    await bot.add_cog(LeagueCog(bot))
    await bot.add_cog(LeagueViewsCog(bot))
