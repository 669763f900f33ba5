"""/help: what Scouter does, its commands grouped by what a player wants to do, and how
to play a first match."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import ScouterBot
from bot.ui.rematch import LogButton, RematchButton

INTRO = ("Scouter referees Dragon Ball Z card games (Panini 2016 and 2014, Score, OCG): it "
         "holds the whole game, offers you only your legal choices and carries them out. "
         "Each match gets its own thread; your hand comes to your DMs (or **My hand**).")
FIRST_MATCH = ("1. `/deck register` and paste a deck list.\n"
               "2. In the games channel: `/play practice deck:` plays my AI.\n"
               "3. Press the buttons on the board in the match thread; cards in your hand "
               "are chosen in your DM.\n"
               "4. A word you do not know? `/rules term:` (the board's footer names some).")
SECTIONS = (
    ("Your decks", "`/deck register` · `/deck list` · `/deck show` · `/deck export` · "
                   "`/deck delete`"),
    ("Find a match", "`/play practice` (my AI) · `/play queue` · `/play challenge` · "
                     "`/play leave`"),
    ("During a match", "the board's buttons · `/hand` · `/game status` · `/game log` · "
                       "`/game concede` · `/resolve` · `/dispute` (calls a judge)"),
    ("Cards and rules", "`/card show` · `/card search` · `/rules term:`"),
    ("League", "`/standings` · `/profile` · `/history`"),
    ("Events", "`/tournament join` · `/tournament drop` · `/tournament standings` · "
               "`/tournament pairings`"),
    ("Judges and admins", "`/judge ...` · `/league season` · `/tournament create|round|"
                          "repair|bye|fix|disqualify|time` · `/config` · `/cards import`"),
)


def help_embed() -> discord.Embed:
    embed = discord.Embed(title="Scouter: help", description=INTRO, colour=0xFACC15)
    embed.add_field(name="Your first match", value=FIRST_MATCH, inline=False)
    for name, value in SECTIONS:
        embed.add_field(name=name, value=value, inline=False)
    return embed


class HelpCog(commands.Cog):
    def __init__(self, bot: ScouterBot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="What Scouter does and how to start")
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(embed=help_embed(), ephemeral=True)


async def setup(bot: ScouterBot) -> None:
    # the buttons under a match's result (bot/ui/rematch.py): between matches, like /help
    bot.add_dynamic_items(RematchButton, LogButton)
    await bot.add_cog(HelpCog(bot))
