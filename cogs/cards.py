"""/card show and /card search: a card's face, text and how much of it Scouter runs, among
the cards this server enables (the built-in set plus its enabled card sets). `/card show`
also finds a Score family card (the Score sandbox set and this server's enabled Score
sets) when no Panini card has the name, then a Prime Time character or deck card (the
sample and this server's enabled Prime Time sets) by id or name."""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import ScouterBot
from bot.score_textboard import describe_score_card
from bot.services.primetime_lookup import entry_text, find_entry
from bot.textboard import describe_card
from cogs.options import CardName, SearchWords
from engine.panini.cards import Card, CardPool, CardType, Style, fold_name
from engine.panini.decklist import suggest
from engine.score.cards import Card as ScoreCard
from engine.score.cards import CardPool as ScoreCardPool
from engine.score.cardtext import compile_power
from renderers.card import render_card

SEARCH_SHOWN = 20
CHOICE_VALUE = 100  # Discord's limit for an autocomplete choice's value


async def server_pool(bot: ScouterBot, guild_id: int | None) -> CardPool:
    """The cards usable here under any ruleset (in DMs: the built-in set)."""
    names = await bot.cardsets.enabled_names(guild_id)
    pool = bot.cardsets.pool_for(guild_id)
    return CardPool([card for name, card in pool.by_name.items() if name in names])


async def score_server_pool(bot: ScouterBot, guild_id: int | None) -> ScoreCardPool:
    """The Score cards usable here under either Score ruleset (in DMs: the sandbox set)."""
    names = await bot.cardsets.enabled_names(guild_id)
    pool = bot.cardsets.score.pool_for(guild_id)
    return ScoreCardPool([card for name in pool.names()
                          if name in names and (card := pool.find(name)) is not None])


def score_card_text(card: ScoreCard) -> str:
    """A Score card's face (type, power ratings, text) and what the referee carries out."""
    lines = [f"Score CCG / DBZ OCG card\n{describe_score_card(card)}"]
    if card.type_name(ocg=True) != card.type_name():
        lines.append(f"  In the OCG: {card.type_name(ocg=True)}")
    unread = compile_power(card.text).unread
    if not unread:
        lines.append("Refereed: Scouter carries out all of its text.")
    else:
        lines.append("Refereed in part: players resolve these sentences by hand (/resolve):")
        lines += [f"- {sentence}" for sentence in unread]
    return "\n".join(lines)


def find_card(pool: CardPool, name: str) -> Card | None:
    """The card `name` names. A longer name is suggested cut to Discord's 100 characters:
    such a value names the one card whose name starts with it."""
    card = pool.find(name)
    if card is None and len(name) == CHOICE_VALUE:
        longer = [found for full, found in pool.by_name.items() if full.startswith(name)]
        card = longer[0] if len(longer) == 1 else None
    return card


def automation_text(card: Card) -> str:
    """Whether Scouter carries out the card's text, and what players resolve by hand."""
    if card.automation == "automated":
        return "Automation: automated (Scouter carries out all of its text)."
    what = ("some of its text" if card.automation == "partial"
            else "only its printed keywords")
    lines = [f"Automation: {card.automation} (Scouter carries out {what}); players resolve "
             "these by hand:"]
    lines += [f"- {sentence}" for sentence in card.manual_text] or ["- (its whole text)"]
    return "\n".join(lines)


class CardsCog(commands.GroupCog, group_name="card", description="Look up a card"):
    def __init__(self, bot: ScouterBot) -> None:
        self.bot = bot

    async def card_names(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        wanted = fold_name(current)
        enabled = await self.bot.cardsets.enabled_names(interaction.guild_id)
        names = [n for n in enabled if wanted in fold_name(n)]
        names.sort(key=lambda n: (not fold_name(n).startswith(wanted), n))
        return [app_commands.Choice(name=n[:CHOICE_VALUE], value=n[:CHOICE_VALUE])
                for n in names[:25]]

    @app_commands.command(name="show", description="A card's face and text")
    @app_commands.describe(name="The card's name (start typing for suggestions)")
    @app_commands.autocomplete(name=card_names)
    async def show(self, interaction: discord.Interaction[Any], name: CardName) -> None:
        pool = await server_pool(self.bot, interaction.guild_id)
        card = find_card(pool, name)
        scored = None if card is not None else (await score_server_pool(
            self.bot, interaction.guild_id)).find(name)
        if scored is not None:
            await interaction.response.send_message(
                f"```\n{score_card_text(scored)[:1900]}\n```", ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none())
            return
        prime_pool = self.bot.cardsets.primetime.usable_pool(interaction.guild_id)
        prime = None if card is not None else find_entry(prime_pool, name)
        if prime is not None:
            await interaction.response.send_message(
                f"```\n{entry_text(prime, prime_pool)[:1900]}\n```", ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none())
            return
        if card is None:
            hints = suggest(name, pool)
            more = f" Did you mean {', '.join(hints)}?" if hints else ""
            scope = (" (I look among the built-in cards and the card sets this server "
                     "enables.)" if interaction.guild_id else "")
            await interaction.response.send_message(f"No card named {name!r}.{more}{scope}",
                                                    ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        image = await self.bot.render(render_card, card)
        body = f"{describe_card(card)[:1200]}\n\n{automation_text(card)}"
        await interaction.followup.send(
            f"```\n{body[:1900]}\n```", ephemeral=True,
            file=discord.File(io.BytesIO(image), filename="card.png"),
        )

    @app_commands.command(name="search", description="Find cards by name, text, style, type")
    @app_commands.describe(words="Words in the card's name or text", style="The card's style",
                           kind="The card's type")
    async def search(
        self,
        interaction: discord.Interaction[Any],
        words: SearchWords = "",
        style: Style | None = None,
        kind: CardType | None = None,
    ) -> None:
        if not (words.strip() or style or kind):
            await interaction.response.send_message(
                "Give at least one of words, style or kind.", ephemeral=True)
            return
        pool = await server_pool(self.bot, interaction.guild_id)
        found = search_cards(pool, words, style, kind)
        if not found:
            await interaction.response.send_message("No card matches that.", ephemeral=True)
            return
        lines = [f"**{card.name}** · {card.style.value} {card.type.value.replace('_', ' ')}"
                 f" · {card.automation}" for card in found[:SEARCH_SHOWN]]
        more = (f"\n... and {len(found) - SEARCH_SHOWN} more: add words to narrow it down."
                if len(found) > SEARCH_SHOWN else "")
        await interaction.response.send_message(
            f"{len(found)} card(s):\n" + "\n".join(lines) + more
            + "\nUse `/card show` to see one (partial and manual cards: players resolve "
            "part of their text by hand).", ephemeral=True)


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
