"""/dispute for players, /judge for the server's judges (the judge role or Manage Server):
view, log, rollback, adjust, award, void, resume. Every judge action is audited and
announced in the match thread."""

from __future__ import annotations

import io
import logging
from collections.abc import Callable, Coroutine
from typing import Any, Literal, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import ScouterBot
from bot.services.judges import JudgeError
from bot.services.matches import LiveMatch
from bot.ui.corrections import correction
from bot.ui.disputes import call_judges
from bot.ui.items import bot_of
from bot.ui.mentions import pinging
from cogs.options import CardName, Reason

log = logging.getLogger(__name__)

NOT_A_JUDGE = ("Only this server's judges can do that (the judge role set with "
               "`/config judges`, or Manage Server). Nothing was changed.")
NO_MATCH = ("Use this inside a match thread, or name the match with `match:` (its number, "
            "shown on the board).")
OWN_MATCH = ("You cannot judge this match: you play in it. Another of this server's judges "
             "must rule on it. Nothing was changed.")
MATCH_OPTION = "The match's number (default: the match of this thread)"
MatchNumber = app_commands.Range[int, 1, 2**53]
T = TypeVar("T")
ZONES = Literal["hand", "life_top", "life_bottom", "discard", "banished"]


async def is_judge(interaction: discord.Interaction[Any]) -> bool:
    member = interaction.user
    if interaction.guild is None or not isinstance(member, discord.Member):
        return False
    if member.guild_permissions.manage_guild:
        return True
    config = await bot_of(interaction).guild_config.get(interaction.guild.id)
    return config.judge_role_id is not None and any(
        role.id == config.judge_role_id for role in member.roles)


async def announce(bot: ScouterBot, match: LiveMatch, text: str) -> None:
    """Tell everyone in the thread (both players included) what a judge did."""
    thread = bot.get_channel(match.thread_id) if match.thread_id else None
    if not isinstance(thread, discord.Thread):
        return
    try:
        if thread.archived:
            await thread.edit(archived=False)
        await thread.send(text[:2000], allowed_mentions=pinging(match.players))
    except discord.HTTPException:
        log.warning("match #%s: could not announce a judge action", match.id)


class DisputeCog(commands.Cog):
    def __init__(self, bot: ScouterBot) -> None:
        self.bot = bot

    @app_commands.command(name="dispute", description="Call a judge: pauses this match")
    @app_commands.describe(reason="What you think went wrong")
    @app_commands.guild_only()
    async def dispute(self, interaction: discord.Interaction[Any], reason: Reason) -> None:
        # The match of this thread only: a dispute is public where it is typed and calls
        # the judges of the match's own server.
        thread = interaction.channel
        match = (await self.bot.matches.match_in_thread(thread.id)
                 if isinstance(thread, discord.Thread) else None)
        if match is None:
            await interaction.response.send_message(
                "Use /dispute inside the match's thread.", ephemeral=True)
            return
        try:
            await self.bot.judges.open_dispute(match, interaction.user.id, reason)
        except JudgeError as exc:
            await interaction.response.send_message(str(exc), ephemeral=True)
            return
        await interaction.response.send_message(
            f"⚖️ {interaction.user.mention} disputes: {reason[:500]}\nThe match is paused "
            "(no decisions, no timer) until a judge resumes it.")
        problem = await call_judges(self.bot, match, interaction.user, reason)
        if problem:
            await interaction.followup.send(problem, ephemeral=True)


@app_commands.guild_only()
class JudgeCog(commands.GroupCog, group_name="judge", description="Settle disputes (judges)"):
    def __init__(self, bot: ScouterBot) -> None:
        self.bot = bot

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        if await is_judge(interaction):
            return True
        raise app_commands.CheckFailure(NOT_A_JUDGE)  # the bot's error handler says it

    async def _match(self, interaction: discord.Interaction[Any], match_id: int | None
                     ) -> LiveMatch | None:
        """The match a judge command is about: the one named by `match_id`, else the one
        whose thread the command is typed in (never the caller's own match elsewhere).
        Authority lives with the match: it must belong to this server, whose judge the
        caller is (interaction_check), and nobody judges a match they play in."""
        assert interaction.guild is not None  # the group is guild_only
        match: LiveMatch | None = None
        if match_id is not None:
            match = await self.bot.matches.find(match_id)
            if match is None or match.guild_id != interaction.guild.id:
                await interaction.response.send_message(
                    f"This server has no match #{match_id}.", ephemeral=True)
                return None
        elif isinstance(interaction.channel, discord.Thread):
            match = await self.bot.matches.match_in_thread(interaction.channel.id)
        if match is None or match.guild_id != interaction.guild.id:
            await interaction.response.send_message(NO_MATCH, ephemeral=True)
            return None
        if match.seat_of(interaction.user.id) is not None:
            await interaction.response.send_message(OWN_MATCH, ephemeral=True)
            return None
        return match

    async def _act(
        self,
        interaction: discord.Interaction[Any],
        match: LiveMatch,
        action: Coroutine[Any, Any, T],
        reply: Callable[[T], str],
        announcement: Callable[[T], str],
    ) -> None:
        """Run a judge action; a refusal is told to the judge alone and changes nothing.
        Otherwise confirm it, let the league follow the new result (or its absence), and
        announce it in the thread."""
        try:
            result = await action
        except JudgeError as exc:
            await interaction.response.send_message(str(exc), ephemeral=True)
            return
        await interaction.response.send_message(reply(result), ephemeral=True)
        if match.ranked:
            await self.bot.league.rerate(match.id)
        judge = interaction.user.mention
        await announce(self.bot, match, f"⚖️ Judge {judge} {announcement(result)}")

    @app_commands.command(name="view", description="The full state, both hands (only you)")
    @app_commands.describe(number=MATCH_OPTION)
    @app_commands.rename(number="match")
    async def view(self, interaction: discord.Interaction[Any],
                   number: MatchNumber | None = None) -> None:
        match = await self._match(interaction, number)
        if match is None:
            return
        text = await self.bot.judges.full_view(match, interaction.user.id)
        await interaction.response.send_message(
            f"Match #{match.id}, full state (recorded in the audit log):",
            file=discord.File(io.BytesIO(text.encode()), filename=f"match-{match.id}-state.txt"),
            ephemeral=True)
        await announce(self.bot, match, f"⚖️ Judge {interaction.user.mention} looked at the "
                                        "full state, both hands included.")

    @app_commands.command(name="log", description="The decision log and a scenario file")
    @app_commands.describe(number=MATCH_OPTION)
    @app_commands.rename(number="match")
    async def log_command(self, interaction: discord.Interaction[Any],
                          number: MatchNumber | None = None) -> None:
        match = await self._match(interaction, number)
        if match is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        text, scenario = await self.bot.judges.decision_log(match, interaction.user.id)
        kind = match.family.record_kind
        await interaction.followup.send(
            f"Match #{match.id}: the decision log, and the match as {kind.what}.",
            ephemeral=True,
            files=[
                discord.File(io.BytesIO(text.encode()), filename=f"match-{match.id}-log.txt"),
                discord.File(io.BytesIO(scenario.encode()),
                             filename=f"match-{match.id}.{kind.suffix}"),
            ])
        await announce(self.bot, match, f"⚖️ Judge {interaction.user.mention} downloaded the "
                                        "decision log.")

    @app_commands.command(name="rollback", description="Continue from an earlier decision")
    @app_commands.describe(to="Keep this many decisions (see /judge log); undo the rest",
                           reason="Why", number=MATCH_OPTION)
    @app_commands.rename(number="match")
    async def rollback(self, interaction: discord.Interaction[Any],
                       to: app_commands.Range[int, 0], reason: Reason,
                       number: MatchNumber | None = None) -> None:
        match = await self._match(interaction, number)
        if match is None:
            return
        def undone_list(undone: list[str]) -> str:
            listed = "\n".join(f"- {line}" for line in undone[:15])
            more = f"\n- ... and {len(undone) - 15} more" if len(undone) > 15 else ""
            return (f"rolled the match back to decision {to}. Reason: {reason}\nUndone:\n"
                    f"{listed}{more}")

        await self._act(
            interaction, match, self.bot.judges.rollback(match, interaction.user.id, to, reason),
            lambda undone: f"Rolled back to decision {to}; {len(undone)} undone.", undone_list)

    @app_commands.command(name="adjust", description="Correct the state, with a reason")
    @app_commands.describe(
        player="Whose state", what="What to correct", reason="Why",
        value="stage / anger / level / hp: the new value; draw: how many cards",
        model="position / hp (Prime Time): the model's name",
        x='position: inches from the left edge', y="position: inches from the top edge",
        personality="stage: an Ally's name (default: the Main Personality)",
        card="move: the card's name; capture: a Dragon Ball the other player has in play",
        source="move: from which zone (banished: Score's removed from the game)",
        destination="move: to which zone", number=MATCH_OPTION)
    @app_commands.rename(number="match")
    async def adjust(
        self, interaction: discord.Interaction[Any], player: discord.User,
        what: Literal["stage", "anger", "level", "move", "draw", "shuffle", "capture",
                      "position", "hp"],
        reason: Reason,
        value: int | None = None, personality: CardName | None = None,
        card: CardName | None = None,
        source: ZONES | None = None, destination: ZONES | None = None,
        number: MatchNumber | None = None, model: CardName | None = None,
        x: app_commands.Range[float, 0, 30] | None = None,
        y: app_commands.Range[float, 0, 30] | None = None,
    ) -> None:
        match = await self._match(interaction, number)
        if match is None:
            return
        seat = match.seat_of(player.id)
        if seat is None:
            await interaction.response.send_message(
                f"{player.mention} is not playing in this match.", ephemeral=True)
            return
        change = correction(what, value, personality, card, source, destination, model, x, y)
        await self._act(
            interaction, match,
            self.bot.judges.adjust(match, interaction.user.id, seat, change, reason),
            lambda _: "Done.", lambda text: f"made a correction. {text} Reason: {reason}")

    @app_commands.command(name="award", description="End the match: a winner, or a draw")
    @app_commands.describe(winner="The winner (leave empty with draw)", draw="A draw",
                           reason="Why", number=MATCH_OPTION)
    @app_commands.rename(number="match")
    async def award(self, interaction: discord.Interaction[Any], reason: Reason,
                    winner: discord.User | None = None, draw: bool = False,
                    number: MatchNumber | None = None) -> None:
        match = await self._match(interaction, number)
        if match is None:
            return
        seat = match.seat_of(winner.id) if winner is not None else None
        if (winner is None) == (not draw) or (winner is not None and seat is None):
            await interaction.response.send_message(
                "Name the winner (a player of this match), or set draw, not both.",
                ephemeral=True)
            return
        result = f"{winner.mention} wins" if winner is not None else "a draw"
        await self._act(
            interaction, match, self.bot.judges.award(match, interaction.user.id, seat, reason),
            lambda _: "Done.", lambda _: f"ended the match: {result}. Reason: {reason}")

    @app_commands.command(name="void", description="Cancel the match: it never counts")
    @app_commands.describe(reason="Why", number=MATCH_OPTION)
    @app_commands.rename(number="match")
    async def void(self, interaction: discord.Interaction[Any], reason: Reason,
                   number: MatchNumber | None = None) -> None:
        match = await self._match(interaction, number)
        if match is None:
            return
        await self._act(
            interaction, match, self.bot.judges.void(match, interaction.user.id, reason),
            lambda _: "Done.", lambda _: f"voided the match: it does not count. Reason: {reason}")

    @app_commands.command(name="resume", description="Lift the pause and let play go on")
    @app_commands.describe(reason="The ruling, in a sentence", number=MATCH_OPTION)
    @app_commands.rename(number="match")
    async def resume(self, interaction: discord.Interaction[Any], reason: Reason,
                     number: MatchNumber | None = None) -> None:
        match = await self._match(interaction, number)
        if match is None:
            return
        await self._act(
            interaction, match, self.bot.judges.resume(match, interaction.user.id, reason),
            lambda _: "Resumed.", lambda _: f"resumed the match. Ruling: {reason}")


async def setup(bot: ScouterBot) -> None:
    await bot.add_cog(DisputeCog(bot))
    await bot.add_cog(JudgeCog(bot))
