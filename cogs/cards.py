"""/card show: a card face as an image, with its text, for anyone."""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import ScouterBot
from bot.textboard import describe_card
from engine.cards import fold_name
from engine.decklist import suggest
from renderers.card import render_card


class CardsCog(commands.GroupCog, group_name="card", description="Look up a card"):
    def __init__(self, bot: ScouterBot) -> None:
        self.bot = bot

    async def card_names(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        wanted = fold_name(current)
        names = [n for n in self.bot.pool.names() if wanted in fold_name(n)]
        names.sort(key=lambda n: (not fold_name(n).startswith(wanted), n))
        return [app_commands.Choice(name=n[:100], value=n[:100]) for n in names[:25]]

    @app_commands.command(name="show", description="A card's face and text")
    @app_commands.describe(name="The card's name (start typing for suggestions)")
    @app_commands.autocomplete(name=card_names)
    async def show(self, interaction: discord.Interaction[Any], name: str) -> None:
        card = self.bot.pool.find(name)
        if card is None:
            hints = suggest(name, self.bot.pool)
            more = f" Did you mean {', '.join(hints)}?" if hints else ""
            await interaction.response.send_message(f"No card named {name!r}.{more}",
                                                    ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        image = await self.bot.render(render_card, card)
        await interaction.followup.send(
            f"```\n{describe_card(card)[:1900]}\n```", ephemeral=True,
            file=discord.File(io.BytesIO(image), filename="card.png"),
        )


async def setup(bot: ScouterBot) -> None:
    await bot.add_cog(CardsCog(bot))
