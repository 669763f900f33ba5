"""Text options with a length limit. Discord's client refuses a longer value (the option's
max_length); a server whose commands were not synced since a limit was set sends any
length, so the value is checked again when it arrives, before the command runs: the user
is told the limit and nothing changes.

    async def show(self, interaction, name: CardName) -> None: ...
    async def adjust(self, interaction, ..., card: CardName | None = None) -> None: ...
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.services.cardsets import MAX_SET_NAME
from bot.services.decks import MAX_NAME as MAX_DECK_NAME
from bot.services.judges import MAX_REASON
from engine.panini.decklist import MAX_NAME_LENGTH as MAX_CARD_NAME

MAX_SEARCH = 200


class TooLong(app_commands.CheckFailure):
    """A text option over its limit. A CheckFailure, so the bot's command error handler
    shows the user this message (and logs no error)."""


class Text(app_commands.Transformer):
    """A text option of 1 to `limit` characters; `what` names it in the refusal."""

    def __init__(self, what: str, limit: int) -> None:
        self.what = what
        self.limit = limit

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.string

    @property
    def min_value(self) -> int:
        return 1

    @property
    def max_value(self) -> int:
        return self.limit

    async def transform(self, interaction: discord.Interaction[Any], value: str, /) -> str:
        if len(value) > self.limit:
            raise TooLong(f"That {self.what} has {len(value):,} characters; the limit is "
                          f"{self.limit:,}. Nothing changed.")
        return value


CardName = app_commands.Transform[str, Text("card name", MAX_CARD_NAME)]
DeckName = app_commands.Transform[str, Text("deck name", MAX_DECK_NAME)]
SetName = app_commands.Transform[str, Text("set name", MAX_SET_NAME)]
SearchWords = app_commands.Transform[str, Text("search", MAX_SEARCH)]
Reason = app_commands.Transform[str, Text("reason", MAX_REASON)]
