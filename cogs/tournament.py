"""/tournament: Swiss events with a top cut. Players join (with a deck, locked for the
event), drop and read the standings and pairings; the server's judges create events, start
rounds, pair a round again, give byes, fix results, disqualify and call time. Rounds are
ordinary matches in their own threads; the referee reports their results."""

from __future__ import annotations

import contextlib
import io
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Literal, TypeVar

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.app import ScouterBot
from bot.services.tournament_rounds import Started
from bot.services.tournaments import CUTS, Tournament, TournamentError
from bot.ui.checks import CommandRefused, games_channel
from bot.ui.decks import clip, split_lines
from bot.ui.items import deck_names, send_ephemeral
from bot.ui.mentions import pinging
from bot.ui.threads import start_match
from bot.ui.tournament import pairings_text, standings_image, standings_text, title
from cogs.judge import NOT_A_JUDGE, is_judge
from cogs.options import DeckName, Reason
from cogs.play import Mode, Ruleset
from engine.panini.rulesets import DEFAULT_RULESET
from renderers.tournament import render_event

log = logging.getLogger(__name__)
T = TypeVar("T")

EventNumber = app_commands.Range[int, 1, 2**53]
EVENT_OPTION = "The event's number (default: this server's newest)"
Cut = Literal[0, 2, 4, 8, 16]
Outcome = Literal["win", "loss", "draw"]
assert set(Cut.__args__) == set(CUTS)  # type: ignore[attr-defined]
CLOCK_PERIOD = 30.0  # seconds between looks at the round clocks


class TournamentCog(commands.GroupCog, group_name="tournament",
                    description="Swiss events with a top cut"):
    def __init__(self, bot: ScouterBot) -> None:
        self.bot = bot
        bot.tournaments.news.append(self.announce)
        self.clock_loop.change_interval(seconds=CLOCK_PERIOD)

    async def cog_load(self) -> None:
        await self.bot.tournaments.reconcile()
        self.clock_loop.start()

    async def cog_unload(self) -> None:
        self.clock_loop.cancel()

    # --- helpers --------------------------------------------------------------------------
    async def _event(self, interaction: discord.Interaction[Any], number: int | None
                     ) -> Tournament:
        """The event named, or this server's newest; only in its own server."""
        guild = interaction.guild
        if guild is None:
            raise TournamentError("Events live in a server; use this there.")
        if number is not None:
            return await self.bot.tournaments.get(number, guild.id)
        events = await self.bot.tournaments.of_server(guild.id)
        if not events:
            raise TournamentError("This server has no event yet; a judge creates one with "
                                  "/tournament create.")
        return events[0]

    async def _judged(self, interaction: discord.Interaction[Any], number: int | None
                      ) -> Tournament:
        """The event, if the caller judges its server (checked in the event's own server:
        `_event` finds only this server's events)."""
        if not await is_judge(interaction):
            raise TournamentError(NOT_A_JUDGE)
        return await self._event(interaction, number)

    async def announce(self, event: Tournament, text: str) -> None:
        channel = self.bot.get_channel(event.channel_id)
        if not isinstance(channel, discord.TextChannel):
            return
        try:
            await channel.send(clip(text), allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.warning("event #%s: could not announce", event.id)

    async def _open_round(self, started: Started) -> str:
        """Open each new match's thread and post the pairings (pinging the players)."""
        event = started.event
        if started.champion is not None or event.stage == "done":
            who = f"<@{started.champion}>" if started.champion else "nobody (no cut)"
            return f"🏆 **{event.name}** is over. Winner: {who}."
        channel = self.bot.get_channel(event.channel_id)
        for table in started.tables:
            if table.match_id is None:
                continue
            match = await self.bot.matches.get(table.match_id)
            await start_match(self.bot, match, channel if isinstance(
                channel, discord.abc.GuildChannel) else None, f"{title(event)}:")
        text = pairings_text(event, started.tables)
        if isinstance(channel, discord.TextChannel):
            players = [p for t in started.tables for p in t.players]
            with contextlib.suppress(discord.HTTPException):
                for part in split_lines(text):  # a big event's pairings fill messages
                    await channel.send(part, allowed_mentions=pinging(players))
        return text

    async def _refuse(self, interaction: discord.Interaction[Any], exc: Exception) -> None:
        await send_ephemeral(interaction, str(exc))

    async def _found(self, interaction: discord.Interaction[Any], number: int | None
                     ) -> Tournament | None:
        """The event, for anyone; a refusal is told to the asker alone (None then)."""
        try:
            return await self._event(interaction, number)
        except TournamentError as exc:
            await self._refuse(interaction, exc)
            return None

    async def _as_judge(self, interaction: discord.Interaction[Any], number: int | None,
                        act: Callable[[Tournament], Awaitable[T]], defer: bool = True,
                        ) -> tuple[Tournament, T] | None:
        """A judge's act on the event: found only if the caller judges its server, then
        `act` (stored with its audit entry by the service). A refusal is told to the judge
        alone and changes nothing: None then."""
        try:
            found = await self._judged(interaction, number)
            if defer:
                await interaction.response.defer(ephemeral=True)
            return found, await act(found)
        except TournamentError as exc:
            await self._refuse(interaction, exc)
            return None

    # --- players ----------------------------------------------------------------------------
    @app_commands.command(name="create", description="Create an event (judges)")
    @app_commands.describe(name="The event's name", ruleset="The rules",
                           mode="Ranked: its matches count for the league",
                           rounds="Swiss rounds (0: by player count)",
                           cut="Top cut size (0: none)", minutes="Round time limit")
    @app_commands.guild_only()
    async def create(self, interaction: discord.Interaction[Any], name: str,
                     ruleset: Ruleset = DEFAULT_RULESET,  # type: ignore[assignment]
                     mode: Mode = "casual", rounds: app_commands.Range[int, 0, 15] = 0,
                     cut: Cut = 8, minutes: app_commands.Range[int, 10, 240] = 50) -> None:
        try:
            if not await is_judge(interaction):
                raise TournamentError(NOT_A_JUDGE)
            channel = await games_channel(interaction)
            event = await self.bot.tournaments.create(
                guild_id=channel.guild.id, channel_id=channel.id, name=name, ruleset=ruleset,
                mode=mode, rounds=rounds, cut=cut, minutes=minutes,
                created_by=interaction.user.id)
        except (CommandRefused, TournamentError) as exc:
            await self._refuse(interaction, exc)
            return
        await interaction.response.send_message(
            f"📋 Event **{title(event)}** is open for sign-ups: `/tournament join "
            f"event:{event.id} deck:` with a deck legal under {event.ruleset} (it is locked "
            "for the whole event).", allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="join", description="Sign up for an event with a deck")
    @app_commands.describe(deck="Your deck (locked for the event)", event=EVENT_OPTION)
    @app_commands.guild_only()
    async def join(self, interaction: discord.Interaction[Any], deck: DeckName,
                   event: EventNumber | None = None) -> None:
        try:
            found = await self._event(interaction, event)
            await self.bot.tournaments.join(found, interaction.user.id, deck)
        except TournamentError as exc:
            await self._refuse(interaction, exc)
            return
        late = " (late entry: a judge may give you a bye for the round in play)" \
            if found.round >= 1 else ""
        await interaction.response.send_message(
            f"{interaction.user.mention} joined **{title(found)}** with the deck "
            f"**{deck[:100]}**{late}.", allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="drop", description="Leave an event")
    @app_commands.describe(event=EVENT_OPTION)
    @app_commands.guild_only()
    async def drop(self, interaction: discord.Interaction[Any],
                   event: EventNumber | None = None) -> None:
        try:
            found = await self._event(interaction, event)
            await self.bot.tournaments.drop(found, interaction.user.id)
        except TournamentError as exc:
            await self._refuse(interaction, exc)
            return
        await interaction.response.send_message(
            f"{interaction.user.mention} dropped from **{title(found)}**; their results so "
            "far still count.", allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="standings", description="An event's standings")
    @app_commands.describe(event=EVENT_OPTION, page="Which page (20 players each)")
    @app_commands.guild_only()
    async def standings(self, interaction: discord.Interaction[Any],
                        event: EventNumber | None = None,
                        page: app_commands.Range[int, 1, 100] = 1) -> None:
        found = await self._found(interaction, event)
        if found is None:
            return
        await interaction.response.defer(ephemeral=True)
        rows = await self.bot.tournaments.standings(found)
        entrants = await self.bot.tournaments.entrants(found.id)
        names = {e.user_id: self.bot.names.get(found.guild_id, e.user_id) or ""
                 for e in entrants}
        image = await self.bot.render(render_event,
                                      standings_image(found, rows, entrants, names, page - 1))
        await interaction.followup.send(
            standings_text(found, rows, entrants, page - 1), ephemeral=True,
            file=discord.File(io.BytesIO(image), filename="event.png"))

    @app_commands.command(name="pairings", description="The round in play")
    @app_commands.describe(event=EVENT_OPTION)
    @app_commands.guild_only()
    async def pairings(self, interaction: discord.Interaction[Any],
                       event: EventNumber | None = None) -> None:
        found = await self._found(interaction, event)
        if found is None:
            return
        tables = await self.bot.tournaments.tables(found.id, found.round)
        first, *more = split_lines(pairings_text(found, tables))
        await interaction.response.send_message(first, ephemeral=True)
        for part in more:
            await interaction.followup.send(part, ephemeral=True)

    # --- judges -----------------------------------------------------------------------------
    @app_commands.command(name="round", description="Start the next round (judges)")
    @app_commands.describe(reason="Why now (kept in the audit log)", event=EVENT_OPTION)
    @app_commands.guild_only()
    async def round(self, interaction: discord.Interaction[Any], reason: Reason = "next round",
                    event: EventNumber | None = None) -> None:
        done = await self._as_judge(interaction, event, lambda found: self.bot.rounds.start(
            found, interaction.user.id, reason))
        if done is None:
            return
        started = done[1]
        text = await self._open_round(started)
        if started.event.stage == "done":
            await self.announce(started.event, text)
        await interaction.followup.send(clip(text), ephemeral=True)

    @app_commands.command(name="repair", description="Pair the round in play again (judges)")
    @app_commands.describe(reason="Why", event=EVENT_OPTION)
    @app_commands.guild_only()
    async def repair(self, interaction: discord.Interaction[Any], reason: Reason,
                     event: EventNumber | None = None) -> None:
        done = await self._as_judge(interaction, event, lambda found: self.bot.rounds.repair(
            found, interaction.user.id, reason))
        if done is None:
            return
        found, started = done
        await self.announce(found, f"⚖️ Judge {interaction.user.mention} paired round "
                                   f"{found.round} again. Reason: {reason}")
        await interaction.followup.send(clip(await self._open_round(started)), ephemeral=True)

    @app_commands.command(name="bye", description="Give a player a bye this round (judges)")
    @app_commands.describe(player="Who", reason="Why", event=EVENT_OPTION)
    @app_commands.guild_only()
    async def bye(self, interaction: discord.Interaction[Any], player: discord.User,
                  reason: Reason, event: EventNumber | None = None) -> None:
        done = await self._as_judge(interaction, event, lambda found: self.bot.rounds.bye(
            found, interaction.user.id, player.id, reason), defer=False)
        if done is None:
            return
        found = done[0]
        await interaction.response.send_message("Done.", ephemeral=True)
        await self.announce(found, f"⚖️ Judge {interaction.user.mention} gave {player.mention} "
                                   f"a bye in round {found.round}. Reason: {reason}")

    @app_commands.command(name="fix", description="Fix a result (judges)")
    @app_commands.describe(player="A player of the table", result="That player's result",
                           round="The round (default: the one in play)", reason="Why",
                           event=EVENT_OPTION)
    @app_commands.guild_only()
    async def fix(self, interaction: discord.Interaction[Any], player: discord.User,
                  result: Outcome, reason: Reason,
                  round: app_commands.Range[int, 1, 40] | None = None,
                  event: EventNumber | None = None) -> None:
        done = await self._as_judge(interaction, event, lambda found: self.bot.rounds.fix(
            found, interaction.user.id, round or found.round, player.id, result, reason))
        if done is None:
            return
        found, table = done
        if found.mode == "ranked" and table.match_id is not None:
            await self.bot.league.rerate(table.match_id)
        await interaction.followup.send("Done.", ephemeral=True)
        await self.announce(found, f"⚖️ Judge {interaction.user.mention} fixed round "
                                   f"{table.round}, table {table.number}: {player.mention} "
                                   f"{result}. Reason: {reason}")

    @app_commands.command(name="disqualify", description="Remove a player (judges)")
    @app_commands.describe(player="Who", reason="Why", event=EVENT_OPTION)
    @app_commands.guild_only()
    async def disqualify(self, interaction: discord.Interaction[Any], player: discord.User,
                         reason: Reason, event: EventNumber | None = None) -> None:
        done = await self._as_judge(interaction, event, lambda found: self.bot.rounds.disqualify(
            found, interaction.user.id, player.id, reason))
        if done is None:
            return
        found = done[0]
        await interaction.followup.send("Done.", ephemeral=True)
        await self.announce(found, f"⚖️ Judge {interaction.user.mention} disqualified "
                                   f"{player.mention}. Reason: {reason}")

    @app_commands.command(name="time", description="Call time on the round (judges)")
    @app_commands.describe(reason="Why", event=EVENT_OPTION)
    @app_commands.guild_only()
    async def time(self, interaction: discord.Interaction[Any], reason: Reason = "time",
                   event: EventNumber | None = None) -> None:
        done = await self._as_judge(interaction, event, lambda found: self.bot.rounds.time_up(
            found, interaction.user.id, reason))
        if done is None:
            return
        found, ended = done
        await interaction.followup.send("Done.", ephemeral=True)
        await self.announce_time(found, ended)

    async def announce_time(self, event: Tournament, ended: list[int]) -> None:
        matches = ", ".join(f"#{m}" for m in ended) or "none"
        await self.announce(event, f"⏰ Time in round {event.round} of **{event.name}**: "
                                   f"matches still going end in a draw (ruling 368): {matches}.")

    # --- the round clock --------------------------------------------------------------------
    @tasks.loop(seconds=CLOCK_PERIOD)
    async def clock_loop(self) -> None:
        await self.clock_tick()

    @clock_loop.before_loop
    async def _ready(self) -> None:
        await self.bot.wait_until_ready()

    async def clock_tick(self) -> None:
        """Call time where a round's limit has passed (the loop, or a test, calls this)."""
        try:
            for event, ended in await self.bot.rounds.check_clocks(self.bot.owns_guild):
                await self.announce_time(event, ended)
        except Exception:
            log.exception("the event clocks failed")

    join.autocomplete("deck")(deck_names)


async def setup(bot: ScouterBot) -> None:
    await bot.add_cog(TournamentCog(bot))
