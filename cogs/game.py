"""/game status, /game log, /game concede and /hand: a match from inside its thread (or,
for its players, from anywhere)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import ScouterBot
from bot.services.matches import LiveMatch
from bot.ui.items import FromIds, bot_of, guarded, private_to_presser, send_hand
from bot.ui.presenters import BOARD_FILE, presenter
from bot.ui.primetime_moves import MOVE_ITEMS
from bot.ui.rematch import send_public_log


async def match_here(bot: ScouterBot, interaction: discord.Interaction[Any]) -> LiveMatch | None:
    """The match of this thread, else the user's own unfinished match."""
    if isinstance(interaction.channel, discord.Thread):
        match = await bot.matches.match_in_thread(interaction.channel.id)
        if match is not None:
            return match
    return await bot.matches.active_match_of(interaction.user.id)


NO_MATCH = ("There is no match here. Use this in a match thread, or while you are playing a "
            "match.")


class GameCog(commands.GroupCog, group_name="game", description="The match you are in"):
    def __init__(self, bot: ScouterBot) -> None:
        self.bot = bot

    @app_commands.command(name="status", description="The board, just for you")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        match = await match_here(self.bot, interaction)
        if match is None:
            await interaction.response.send_message(NO_MATCH, ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send(
            embed=presenter(match).board_embed(match, BOARD_FILE), ephemeral=True,
            file=await presenter(match).board_file(self.bot, match),
        )

    @app_commands.command(name="log", description="Everything that happened (public events)")
    async def log(self, interaction: discord.Interaction[Any]) -> None:
        match = await match_here(self.bot, interaction)
        if match is None:
            await interaction.response.send_message(NO_MATCH, ephemeral=True)
            return
        await send_public_log(interaction, match)

    @app_commands.command(name="concede", description="Give up the match you are playing")
    async def concede(self, interaction: discord.Interaction[Any]) -> None:
        match = await match_here(self.bot, interaction)
        if match is None or match.seat_of(interaction.user.id) is None:
            await interaction.response.send_message(
                "You are not playing a match here, so there is nothing to concede.",
                ephemeral=True)
            return
        if not match.active:
            await interaction.response.send_message("This match is already over.",
                                                    ephemeral=True)
            return
        view = discord.ui.View(timeout=None)
        view.add_item(ConcedeButton(match.id))
        await interaction.response.send_message(
            f"Concede match #{match.id}? Your opponent wins. This cannot be undone.",
            view=view, ephemeral=True)


class ConcedeButton(
    FromIds,
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"sc:concede:(?P<match>\d+)"
):
    def __init__(self, match_id: int) -> None:
        super().__init__(discord.ui.Button(
            label="Concede", style=discord.ButtonStyle.danger, custom_id=f"sc:concede:{match_id}"
        ))
        self.match_id = match_id


    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        result = await bot.matches.concede(self.match_id, interaction.user.id)
        if not result.ok or not private_to_presser(interaction):
            # A refusal, or a press on a message others see (a forged id), is told to the
            # presser alone: the shared message stays as it is.
            text = "You conceded. Good game!" if result.ok else result.message
            await interaction.response.send_message(text, ephemeral=True)
            return
        await interaction.response.edit_message(content="You conceded. Good game!", view=None)


class HandCog(commands.Cog):
    def __init__(self, bot: ScouterBot) -> None:
        self.bot = bot

    @app_commands.command(name="hand", description="Your hand and choices, shown only to you")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        match = await match_here(self.bot, interaction)
        if match is None or match.seat_of(interaction.user.id) is None:
            await interaction.response.send_message(
                "You are not playing a match right now. Start one with `/play`.",
                ephemeral=True)
            return
        await send_hand(interaction, match.id)


async def setup(bot: ScouterBot) -> None:
    bot.add_dynamic_items(ConcedeButton, *MOVE_ITEMS)  # MOVE_ITEMS: Prime Time's points
    await bot.add_cog(GameCog(bot))
    await bot.add_cog(HandCog(bot))
