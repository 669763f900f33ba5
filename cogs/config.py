"""/config: a server admin sets the games channel and the decision timer."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import ScouterBot
from bot.services.guilds import MAX_TIMER_MINUTES, MIN_TIMER_MINUTES
from bot.ui.checks import missing_permissions


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class ConfigCog(commands.GroupCog, group_name="config", description="Server settings for Scouter"):
    def __init__(self, bot: ScouterBot) -> None:
        self.bot = bot

    @app_commands.command(name="games-channel", description="Where matches are played")
    @app_commands.describe(channel="The text channel for queues, challenges and match threads")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def games_channel(
        self, interaction: discord.Interaction[Any], channel: discord.TextChannel
    ) -> None:
        assert interaction.guild is not None
        resolved = interaction.guild.get_channel(channel.id)
        missing = missing_permissions(resolved) if isinstance(
            resolved, discord.TextChannel) else ["View Channel (to see the channel)"]
        if missing:
            await interaction.response.send_message(
                f"I cannot run matches in {channel.mention} yet; I am missing:\n"
                + "\n".join(f"- {item}" for item in missing)
                + "\nGrant them in the channel's settings and run this command again. "
                "Nothing was changed.",
                ephemeral=True,
            )
            return
        await self.bot.guild_config.set_games_channel(interaction.guild.id, channel.id)
        await interaction.response.send_message(
            f"Matches will be played in {channel.mention}. Players can now use `/play queue`, "
            "`/play challenge` and `/play practice` there.",
            ephemeral=True,
        )

    @app_commands.command(name="judges", description="Who settles disputes, and where")
    @app_commands.describe(role="Members with this role can use /judge",
                           channel="Where disputes are announced to the judges")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def judges(
        self, interaction: discord.Interaction[Any], role: discord.Role,
        channel: discord.TextChannel,
    ) -> None:
        assert interaction.guild is not None
        resolved = interaction.guild.get_channel(channel.id)
        perms = resolved.permissions_for(interaction.guild.me) if resolved else None
        if perms is None or not (perms.view_channel and perms.send_messages):
            await interaction.response.send_message(
                f"I cannot post in {channel.mention} (View Channel and Send Messages are "
                "needed to call the judges). Nothing was changed.", ephemeral=True)
            return
        await self.bot.guild_config.set_judges(interaction.guild.id, role.id, channel.id)
        await interaction.response.send_message(
            f"Judges: {role.mention} (and anyone with Manage Server). Disputes are announced "
            f"in {channel.mention}.", ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="decision-timer", description="Minutes a player has per decision")
    @app_commands.describe(minutes=f"{MIN_TIMER_MINUTES} to {MAX_TIMER_MINUTES} minutes")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def decision_timer(
        self,
        interaction: discord.Interaction[Any],
        minutes: app_commands.Range[int, MIN_TIMER_MINUTES, MAX_TIMER_MINUTES],
    ) -> None:
        assert interaction.guild is not None
        await self.bot.guild_config.set_decision_timer(interaction.guild.id, minutes)
        await interaction.response.send_message(
            f"Players now have {minutes} minute(s) per decision. At half time they are "
            "reminded; then the rulebook's default is applied for them, and after three "
            "timeouts in a row they forfeit.",
            ephemeral=True,
        )


async def setup(bot: ScouterBot) -> None:
    await bot.add_cog(ConfigCog(bot))
