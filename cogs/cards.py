"""/card show: a card face as an image, with its text, for anyone."""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import ScouterBot
from bot.textboard import describe_card
from engine.cards import Card, CardPool, CardType, Style, fold_name
from engine.decklist import suggest
from renderers.card import render_card

SEARCH_SHOWN = 20


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


    @app_commands.command(name="search", description="Find cards by name, text, style, type")
    @app_commands.describe(words="Words in the card's name or text", style="The card's style",
                           kind="The card's type")
    async def search(
        self,
        interaction: discord.Interaction[Any],
        words: str = "",
        style: Style | None = None,
        kind: CardType | None = None,
    ) -> None:
        if not (words.strip() or style or kind):
            await interaction.response.send_message(
                "Give at least one of words, style or kind.", ephemeral=True)
            return
        found = search_cards(self.bot.pool, words, style, kind)
        if not found:
            await interaction.response.send_message("No card matches that.", ephemeral=True)
            return
        lines = [f"**{card.name}** · {card.style.value} {card.type.value.replace('_', ' ')}"
                 for card in found[:SEARCH_SHOWN]]
        more = (f"\n... and {len(found) - SEARCH_SHOWN} more: add words to narrow it down."
                if len(found) > SEARCH_SHOWN else "")
        await interaction.response.send_message(
            f"{len(found)} card(s):\n" + "\n".join(lines) + more
            + "\nUse `/card show` to see one.", ephemeral=True)


def search_cards(pool: CardPool, words: str, style: Style | None, kind: CardType | None
                 ) -> list[Card]:
    """Cards whose name or text holds every word, of the style and type asked for."""
    wanted = [fold_name(word) for word in words.split() if fold_name(word)]
    found = []
    for card in pool.by_name.values():
        if (style is not None and card.style != style) or (kind is not None and card.type != kind):
            continue
        haystack = fold_name(f"{card.name} {card.text}")
        if all(word in haystack for word in wanted):
            found.append(card)
    return sorted(found, key=lambda card: card.name)


async def setup(bot: ScouterBot) -> None:
    await bot.add_cog(CardsCog(bot))
