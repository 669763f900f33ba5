"""/play: queue for an opponent, challenge a player, practise against the AI, leave."""

from __future__ import annotations

import contextlib
import logging
import re
import secrets
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import ScouterBot
from bot.services.families import match_family, playable_rulesets
from bot.services.lobby import LobbyError
from bot.ui.checks import CommandRefused, games_channel
from bot.ui.items import (
    FromIds,
    bot_of,
    deck_names,
    guarded,
    id_number,
    selected_value,
    send_ephemeral,
)
from bot.ui.mentions import pinging
from bot.ui.threads import start_match
from cogs.options import DeckName
from engine.panini.rulesets import DEFAULT_RULESET

log = logging.getLogger(__name__)

Ruleset = Literal["panini-2016", "panini-2014", "score", "ocg", "prime-time"]
Mode = Literal["ranked", "casual"]
assert set(Ruleset.__args__) == set(playable_rulesets())  # type: ignore[attr-defined]


class PlayCog(commands.GroupCog, group_name="play", description="Find an opponent and play"):
    def __init__(self, bot: ScouterBot) -> None:
        self.bot = bot

    @app_commands.command(name="queue", description="Wait for an opponent in this server")
    @app_commands.describe(deck="Your deck", ruleset="The rules", mode="Ranked or casual")
    @app_commands.guild_only()
    async def queue(
        self,
        interaction: discord.Interaction[Any],
        deck: DeckName,
        ruleset: Ruleset = DEFAULT_RULESET,  # type: ignore[assignment]
        mode: Mode = "casual",
    ) -> None:
        try:
            channel = await games_channel(interaction)
            result = await self.bot.lobby.join(
                guild_id=channel.guild.id, channel_id=channel.id, user_id=interaction.user.id,
                ruleset=ruleset, mode=mode, deck_name=deck,
            )
        except (CommandRefused, LobbyError) as exc:
            await interaction.response.send_message(str(exc), ephemeral=True)
            return
        if result.match is None:
            await interaction.response.send_message(
                f"{interaction.user.mention} is looking for a {mode} {ruleset} opponent. "
                "Anyone: `/play queue` to take them on! (`/play leave` to stop waiting.)",
                allowed_mentions=discord.AllowedMentions.none(),
            )
            return
        await interaction.response.defer(ephemeral=True)
        opponent = result.match.players[0]
        where = await start_match(self.bot, result.match, channel,
                                  f"<@{opponent}> vs {interaction.user.mention}!")
        await interaction.followup.send(where, ephemeral=True)

    @app_commands.command(name="leave", description="Stop waiting in the queue")
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.guild is not None
        left = await self.bot.lobby.leave(interaction.guild.id, interaction.user.id)
        await interaction.response.send_message(
            "You left the queue." if left else "You are not in the queue.", ephemeral=True
        )

    @app_commands.command(name="challenge", description="Ask a player for a match")
    @app_commands.describe(opponent="Who to challenge", deck="Your deck", ruleset="The rules",
                           mode="Ranked or casual")
    @app_commands.guild_only()
    async def challenge(
        self,
        interaction: discord.Interaction[Any],
        opponent: discord.User,
        deck: DeckName,
        ruleset: Ruleset = DEFAULT_RULESET,  # type: ignore[assignment]
        mode: Mode = "casual",
    ) -> None:
        try:
            channel = await games_channel(interaction)
            if opponent.bot:
                raise CommandRefused(
                    f"{opponent.mention} is a bot and cannot play. Try `/play practice` to play "
                    "against my AI.")
            challenge = await self.bot.lobby.challenge(
                guild_id=channel.guild.id, channel_id=channel.id,
                challenger_id=interaction.user.id, challenged_id=opponent.id,
                ruleset=ruleset, mode=mode, deck_name=deck,
            )
        except (CommandRefused, LobbyError) as exc:
            await interaction.response.send_message(str(exc), ephemeral=True)
            return
        # The board shows the challenged player's name before they ever press anything.
        await self.bot.names.seen(channel.guild.id, opponent.id, opponent.display_name)
        view = discord.ui.View(timeout=None)
        view.add_item(ChallengeButton(challenge.id, "accept"))
        view.add_item(ChallengeButton(challenge.id, "decline"))
        await interaction.response.send_message(
            f"{opponent.mention}, {interaction.user.mention} challenges you to a {mode} "
            f"{ruleset} match! It expires <t:{int(challenge.expires_at)}:R>.",
            view=view,
            allowed_mentions=pinging([opponent.id]),
        )

    @app_commands.command(name="practice", description="Play against the built-in AI")
    @app_commands.describe(deck="Your deck", ruleset="The rules")
    @app_commands.guild_only()
    async def practice(
        self,
        interaction: discord.Interaction[Any],
        deck: DeckName,
        ruleset: Ruleset = DEFAULT_RULESET,  # type: ignore[assignment]
    ) -> None:
        builtin = self.bot.cardsets.builtin
        starters = match_family(ruleset).starter_decks(ruleset, lambda _guild: builtin)
        ai_name, ai_deck = starters[secrets.randbelow(len(starters))]
        try:
            channel = await games_channel(interaction)
            await interaction.response.defer(ephemeral=True)  # the AI may move first
            match = await self.bot.lobby.practice(
                guild_id=channel.guild.id, channel_id=channel.id, user_id=interaction.user.id,
                deck_name=deck, ruleset=ruleset, ai_deck=ai_deck)
        except (CommandRefused, LobbyError) as exc:
            await send_ephemeral(interaction, str(exc))
            return
        where = await start_match(
            self.bot, match, channel,
            f"{interaction.user.mention} practises against the AI ({ai_name}).")
        await interaction.followup.send(
            f"Practice against the AI ({ai_name}). {where}", ephemeral=True
        )

    queue.autocomplete("deck")(deck_names)
    challenge.autocomplete("deck")(deck_names)
    practice.autocomplete("deck")(deck_names)


class ChallengeButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"sc:ch:(?P<id>\d+):(?P<action>accept|decline)",
):
    def __init__(self, challenge_id: int, action: str) -> None:
        accept = action == "accept"
        super().__init__(discord.ui.Button(
            label="Accept" if accept else "Decline",
            style=discord.ButtonStyle.success if accept else discord.ButtonStyle.danger,
            custom_id=f"sc:ch:{challenge_id}:{action}",
        ))
        self.challenge_id, self.action = challenge_id, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> ChallengeButton:
        return cls(id_number(match["id"]), match["action"])

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        user = interaction.user.id
        try:
            if self.action == "decline":
                await bot.lobby.decline(self.challenge_id, user)
                await interaction.response.edit_message(
                    content=f"{interaction.user.mention} declined the challenge.", view=None,
                    allowed_mentions=discord.AllowedMentions.none())
                return
            challenge = await bot.lobby.open_for(self.challenge_id, user)
            decks = await bot.lobby.legal_decks(user, challenge.ruleset, challenge.guild_id)
            if not decks:
                raise LobbyError(
                    f"You have no deck that is legal under {challenge.ruleset}. Register one "
                    "with `/deck register`, then press Accept again.")
            if len(decks) > 1:
                view = discord.ui.View(timeout=None)
                view.add_item(AcceptDeckSelect(self.challenge_id, [d.name for d in decks]))
                await interaction.response.send_message(
                    "Which deck will you play?", view=view, ephemeral=True)
                return
            await accept(interaction, self.challenge_id, decks[0].name)
        except LobbyError as exc:
            await interaction.response.send_message(str(exc), ephemeral=True)


class AcceptDeckSelect(
    FromIds,
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"sc:acc:(?P<id>\d+)"
):
    def __init__(self, challenge_id: int, names: list[str] | None = None) -> None:
        super().__init__(discord.ui.Select(
            custom_id=f"sc:acc:{challenge_id}", placeholder="Your deck",
            options=[discord.SelectOption(label=n[:100], value=n[:100])
                     for n in (names or ["-"])[:25]],
        ))
        self.challenge_id = challenge_id


    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await accept(interaction, self.challenge_id, selected_value(interaction))
        except LobbyError as exc:
            await interaction.response.send_message(str(exc), ephemeral=True)


async def accept(interaction: discord.Interaction[Any], challenge_id: int, deck: str) -> None:
    """Accept a challenge with `deck`: acknowledged at once, then the match is stored and
    its thread opened; a refusal is told to the accepting player alone."""
    bot = bot_of(interaction)
    challenge = await bot.lobby.get_challenge(challenge_id)
    guild = bot.get_guild(challenge.guild_id)  # the challenge's server, wherever pressed
    channel = guild.get_channel(challenge.channel_id) if guild else None
    if not isinstance(channel, discord.TextChannel):
        raise LobbyError("The channel of this challenge no longer exists.")
    await interaction.response.defer()
    try:
        match = await bot.lobby.accept(challenge_id, interaction.user.id, deck)
    except LobbyError as exc:
        await interaction.followup.send(str(exc), ephemeral=True)
        return
    where = await start_match(bot, match, channel,
                              f"<@{challenge.challenger_id}> vs {interaction.user.mention}: "
                              "challenge accepted!")
    await interaction.followup.send(where, ephemeral=True)
    if interaction.message is not None and not interaction.message.flags.ephemeral:
        with contextlib.suppress(discord.HTTPException):
            await interaction.message.edit(view=None)


async def setup(bot: ScouterBot) -> None:
    bot.add_dynamic_items(ChallengeButton, AcceptDeckSelect)
    await bot.add_cog(PlayCog(bot))
