"""/deck: register (paste into a form, or attach a .txt or an OCTGN .o8d), list, show,
export, delete."""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import ScouterBot
from bot.services.decks import MAX_DECK_TEXT, DeckError, DeckVersion, deck_file_text
from bot.ui.decks import (
    MESSAGE_LIMIT,
    clip,
    deck_listing,
    deck_summary,
    deck_text,
    legality,
    registered_text,
)
from bot.ui.items import deck_names
from cogs.options import DeckName

MAX_FILE_BYTES = 64 * 1024
FORM_TEXT_LIMIT = 4000  # Discord's limit for one text input
NOT_SAVED = "\nNothing was saved."


class DeckForm(discord.ui.Modal, title="Register a deck"):
    name: discord.ui.TextInput[DeckForm] = discord.ui.TextInput(
        label="Deck name", custom_id="deck-name", max_length=40, placeholder="Goku Saiyan"
    )
    cards: discord.ui.TextInput[DeckForm] = discord.ui.TextInput(
        label="Deck list",
        custom_id="deck-list",
        style=discord.TextStyle.paragraph,
        max_length=FORM_TEXT_LIMIT,
        placeholder="3x Saiyan Power Punch\n1 Goku, Hopeful Fighter\n...",
    )

    def __init__(self, bot: ScouterBot, name: str | None) -> None:
        super().__init__(custom_id="deck-register")
        self.bot = bot
        if name:
            self.name.default = name

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await register(self.bot, interaction, self.name.value, self.cards.value)


async def register(
    bot: ScouterBot, interaction: discord.Interaction[Any], name: str, text: str
) -> None:
    try:
        # In a server: its built-in and enabled cards; in DMs: the built-in cards only.
        enabled = await bot.cardsets.enabled_by_ruleset(interaction.guild_id)
        deck = await bot.decks.register(interaction.user.id, name, text, enabled,
                                        guild_id=interaction.guild_id)
    except DeckError as exc:
        await interaction.response.send_message(
            f"{clip(str(exc), MESSAGE_LIMIT - len(NOT_SAVED))}{NOT_SAVED}", ephemeral=True
        )
        return
    await interaction.response.send_message(registered_text(deck), ephemeral=True)


class DecksCog(commands.GroupCog, group_name="deck", description="Your registered decks"):
    def __init__(self, bot: ScouterBot) -> None:
        self.bot = bot

    @app_commands.command(name="register", description="Save a deck list (a new version if the "
                          "name exists)")
    @app_commands.describe(name="The deck's name (default: the file's name)",
                           file="A .txt deck list or an OCTGN .o8d deck (else a form opens)")
    async def register_command(
        self,
        interaction: discord.Interaction[Any],
        name: DeckName | None = None,
        file: discord.Attachment | None = None,
    ) -> None:
        if file is None:
            await interaction.response.send_modal(DeckForm(self.bot, name))
            return
        if file.size > MAX_FILE_BYTES:
            await interaction.response.send_message(
                f"{file.filename} is {file.size:,} bytes; a deck list is far smaller (the limit "
                f"is {MAX_FILE_BYTES:,}). Nothing was saved.", ephemeral=True)
            return
        data = await file.read()
        try:
            text = deck_file_text(file.filename, data)
        except DeckError as exc:
            await interaction.response.send_message(f"{exc}{NOT_SAVED}", ephemeral=True)
            return
        deck_name = name or file.filename.rsplit(".", 1)[0]
        await register(self.bot, interaction, deck_name, text[: MAX_DECK_TEXT + 1])

    async def _deck(
        self,
        interaction: discord.Interaction[Any],
        lookup: Callable[[int, str], Awaitable[DeckVersion]],
        name: str,
    ) -> DeckVersion | None:
        """The user's deck `name` through `lookup`, or None after telling them why not."""
        try:
            return await lookup(interaction.user.id, name)
        except DeckError as exc:
            await interaction.response.send_message(str(exc), ephemeral=True)
            return None

    def _here(self, interaction: discord.Interaction[Any]
              ) -> Callable[[int, str], Awaitable[DeckVersion]]:
        """A deck lookup that reads lists with this server's cards (in DMs: with those of
        the server each deck was registered in)."""
        return lambda user_id, name: self.bot.decks.latest(user_id, name, interaction.guild_id)

    @app_commands.command(name="list", description="Your decks and where they are legal")
    async def list_command(self, interaction: discord.Interaction[Any]) -> None:
        decks = await self.bot.decks.owned(interaction.user.id, interaction.guild_id)
        await interaction.response.send_message(deck_listing(decks), ephemeral=True)

    @app_commands.command(name="show", description="One of your decks, card by card")
    @app_commands.describe(name="The deck's name")
    async def show_command(self, interaction: discord.Interaction[Any], name: DeckName) -> None:
        deck = await self._deck(interaction, self._here(interaction), name)
        if deck is None:
            return
        text = (f"**{deck.name}** (version {deck.version}): {deck_summary(deck)}\n```\n"
                f"{deck_text(deck)}```\n{legality(deck)}")
        await interaction.response.send_message(clip(text), ephemeral=True)

    @app_commands.command(name="export", description="Download one of your decks as a .txt")
    @app_commands.describe(name="The deck's name")
    async def export_command(self, interaction: discord.Interaction[Any], name: DeckName) -> None:
        deck = await self._deck(interaction, self._here(interaction), name)
        if deck is None:
            return
        data = io.BytesIO(deck_text(deck).encode())
        filename = "".join(c if c.isalnum() else "-" for c in deck.name).strip("-") or "deck"
        await interaction.response.send_message(
            f"**{deck.name}** (version {deck.version}).", ephemeral=True,
            file=discord.File(data, filename=f"{filename}.txt"),
        )

    @app_commands.command(name="delete", description="Remove one of your decks")
    @app_commands.describe(name="The deck's name")
    async def delete_command(self, interaction: discord.Interaction[Any], name: DeckName) -> None:
        deck = await self._deck(interaction, self.bot.decks.delete, name)
        if deck is None:
            return
        await interaction.response.send_message(
            f"Deleted **{deck.name}**. Matches already played with it keep their record.",
            ephemeral=True,
        )

    show_command.autocomplete("name")(deck_names)
    export_command.autocomplete("name")(deck_names)
    delete_command.autocomplete("name")(deck_names)


async def setup(bot: ScouterBot) -> None:
    await bot.add_cog(DecksCog(bot))
