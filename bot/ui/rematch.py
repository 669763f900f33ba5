"""At a match's end: Rematch (the same two players, decks, ruleset and mode: both must
press; the second press starts it) and Show the log (its public events). A press by anyone
else, a second press, or one after the rematch started is answered and changes nothing.
The presses are stored (table `rematches`), so a restart between them loses nothing."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

import discord

from bot.services.matches import AI, LiveMatch, PlayerBusy
from bot.ui.items import FromIds, bot_of, guarded
from bot.ui.threads import start_match

if TYPE_CHECKING:
    from bot.app import ScouterBot

LOG_INLINE_LIMIT = 1800


def ending_view(match: LiveMatch) -> discord.ui.View:
    """The buttons under a match's result: Show the log always; Rematch between two
    people in a match that counted (not void)."""
    view = discord.ui.View(timeout=None)
    if AI not in match.players and match.status == "finished":
        view.add_item(RematchButton(match.id))
    view.add_item(LogButton(match.id))
    return view


async def send_public_log(interaction: discord.Interaction[Any], match: LiveMatch) -> None:
    """The match's public events, to the asker alone: inline, or as a file when long."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    events = match.family.all_events(match.game, match.record)
    lines = [event.text for event in events if event.public]
    text = "\n".join(lines)
    if len(text) <= LOG_INLINE_LIMIT:
        await interaction.followup.send(f"```\n{text}\n```", ephemeral=True)
        return
    await interaction.followup.send(
        f"Match #{match.id}: {len(lines)} public events.", ephemeral=True,
        file=discord.File(io.BytesIO(text.encode()), filename=f"match-{match.id}-log.txt"))


class RematchRefused(ValueError):
    """Why a Rematch press does nothing; the message is for the presser."""


async def rematch(bot: ScouterBot, match: LiveMatch, user_id: int) -> LiveMatch | None:
    """Record `user_id`'s press; None while the opponent has not pressed, else the new
    match (stored with the press that made it, in one transaction)."""
    if match.seat_of(user_id) is None:
        raise RematchRefused("Only the two players of this match can ask for a rematch.")
    if match.status != "finished":
        raise RematchRefused("This match did not count; start a new one with /play.")
    if await bot.tournaments.of_match(match.id):
        raise RematchRefused("Event matches have no rematch: the event pairs the next round.")
    row = await bot.db.fetchone(
        "SELECT asked_by, rematch_id FROM rematches WHERE match_id=?", (match.id,))
    if row is not None and row[1] is not None:
        raise RematchRefused(f"The rematch already started: match #{row[1]}.")
    if row is None:
        async with bot.db.write() as conn:
            cursor = await conn.execute(
                "INSERT INTO rematches (match_id, asked_by, asked_at) SELECT ?,?,?"
                " WHERE NOT EXISTS (SELECT 1 FROM rematches WHERE match_id=?)",
                (match.id, user_id, bot.matches.clock(), match.id))
            if cursor.rowcount == 1:
                return None
        return await rematch(bot, match, user_id)  # the opponent pressed at the same time
    if row[0] == user_id:
        other = match.players[1 - (match.seat_of(user_id) or 0)]
        raise RematchRefused(f"You asked already; waiting for <@{other}> to press Rematch.")
    versions = await bot.db.fetchone(
        "SELECT deck0_version_id, deck1_version_id FROM matches WHERE id=?", (match.id,))
    assert versions is not None
    try:
        async with bot.db.write() as conn:
            new_id = await bot.matches.insert(
                conn, guild_id=match.guild_id, channel_id=match.channel_id, mode=match.mode,
                ruleset=match.ruleset, players=match.players, decks=match.decks,
                deck_versions=(versions[0], versions[1]))
            cursor = await conn.execute(
                "UPDATE rematches SET rematch_id=? WHERE match_id=? AND rematch_id IS NULL",
                (new_id, match.id))
            if cursor.rowcount == 0:  # a press just made it: this one is rolled back
                raise RematchRefused("The rematch already started.")
    except PlayerBusy:
        raise RematchRefused("A player of this match is playing another one now; press "
                             "Rematch again when it ends.") from None
    return await bot.matches.begin(new_id)


class RematchButton(
    FromIds, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"sc:rm:(?P<match>\d+)"
):
    def __init__(self, match_id: int) -> None:
        super().__init__(discord.ui.Button(
            label="Rematch", emoji="🔁", style=discord.ButtonStyle.primary,
            custom_id=f"sc:rm:{match_id}"))
        self.match_id = match_id

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        match = await _match_of_this_server(interaction, self.match_id)
        if match is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            new = await rematch(bot, match, interaction.user.id)
        except RematchRefused as exc:
            await interaction.followup.send(str(exc), ephemeral=True)
            return
        if new is None:
            other = match.players[1 - (match.seat_of(interaction.user.id) or 0)]
            await interaction.followup.send(
                f"Rematch asked. It starts when <@{other}> presses Rematch too.",
                ephemeral=True)
            return
        channel = bot.get_channel(match.channel_id)
        where = await start_match(
            bot, new, channel if isinstance(channel, discord.abc.GuildChannel) else None,
            f"Rematch of match #{match.id}:")
        await interaction.followup.send(where, ephemeral=True)


class LogButton(
    FromIds, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"sc:log:(?P<match>\d+)"
):
    def __init__(self, match_id: int) -> None:
        super().__init__(discord.ui.Button(
            label="Show the log", emoji="📜", style=discord.ButtonStyle.secondary,
            custom_id=f"sc:log:{match_id}"))
        self.match_id = match_id

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        match = await _match_of_this_server(interaction, self.match_id)
        if match is not None:
            await send_public_log(interaction, match)


async def _match_of_this_server(interaction: discord.Interaction[Any], match_id: int
                                ) -> LiveMatch | None:
    """The button's match, if it is this server's; else the presser is told it is gone (a
    forged id from another server learns nothing more)."""
    match = await bot_of(interaction).matches.find(match_id)
    if match is None or match.guild_id != interaction.guild_id:
        await interaction.response.send_message("That match no longer exists.",
                                                ephemeral=True)
        return None
    return match

