"""/resolve: while the game asks you to resolve one of your own cards by hand, make the
changes its text calls for. Each is recorded in the match log and replayed like an answer;
your opponent then accepts or disputes."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import ScouterBot
from bot.ui.corrections import correction
from cogs.game import match_here
from cogs.options import CardName

Zone = Literal["hand", "life_top", "life_bottom", "discard", "banished"]


class ResolveCog(commands.Cog):
    def __init__(self, bot: ScouterBot) -> None:
        self.bot = bot

    @app_commands.command(name="resolve", description="Carry out your card's text by hand")
    @app_commands.describe(
        what="What the text changes", whose="Whose state (default: yours)",
        value="stage / anger / level: the new value; draw: how many cards",
        personality="stage: an Ally's name (default: the Main Personality)",
        card="move: its name (none: a Life Deck's top card, a random card of their hand); "
             "capture: a Dragon Ball",
        source="move: from which zone",
        destination="move: to which zone",
        per="Outside a card the game asks you to resolve: your card in play whose text "
            "you apply")
    async def resolve(
        self, interaction: discord.Interaction[Any],
        what: Literal["stage", "anger", "level", "draw", "move", "shuffle", "capture"],
        whose: Literal["mine", "opponent"] = "mine", value: int | None = None,
        personality: CardName | None = None, card: CardName | None = None,
        source: Zone | None = None, destination: Zone | None = None, per: CardName | None = None,
    ) -> None:
        match = await match_here(self.bot, interaction)
        seat = match.seat_of(interaction.user.id) if match else None
        if match is None or seat is None or match.pending is None:
            await interaction.response.send_message(
                "You are not resolving a card by hand right now.", ephemeral=True)
            return
        change = correction(what, value, personality, card, source, destination)
        if per:
            change["per"] = per
        target = seat if whose == "mine" else 1 - seat
        result = await self.bot.matches.resolve_by_hand(
            match.id, interaction.user.id, match.pending.seq, target, change)
        await interaction.response.send_message(result.message, ephemeral=True)


async def setup(bot: ScouterBot) -> None:
    await bot.add_cog(ResolveCog(bot))
