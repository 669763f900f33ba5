"""/rules term: the glossary (data/glossary), each entry quoting its rulebook section."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import ScouterBot
from bot.events.glossary import answer, choices


class RulesCog(commands.Cog):
    def __init__(self, bot: ScouterBot) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="What a game term means, from the rulebook")
    @app_commands.describe(term="A term: PUR, AT, Critical Damage, Endurance, Rejuvenate, ...")
    async def rules(self, interaction: discord.Interaction[Any],
                    term: app_commands.Range[str, 1, 60]) -> None:
        await interaction.response.send_message(answer(term)[:2000], ephemeral=True)

    @rules.autocomplete("term")
    async def _terms(self, interaction: discord.Interaction[Any], current: str
                     ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=name, value=name) for name in choices(current)]


async def setup(bot: ScouterBot) -> None:
    await bot.add_cog(RulesCog(bot))
