"""/cards: a server admin imports card lists (OCTGN, Lackey, JSON, CSV) as this server's card
sets and chooses, per ruleset, which sets its players may use. A list imported for a Score
ruleset (`score`, `ocg`) is a Score family list (Lackey tab-separated, CSV, JSON); one for
`prime-time` a YAML file of Prime Time characters, cards and Joint Attacks
(docs/primetime-data.md)."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import ScouterBot
from bot.services.cardsets import MAX_SET_BYTES, CardSetError, ImportReport
from bot.services.primetime_cardsets import PrimeTimeImportReport
from bot.services.score_cardsets import ScoreImportReport
from bot.ui.decks import clip
from cogs.options import SetName
from engine.panini.cards import fold_name
from engine.panini.rulesets import RULESETS
from engine.primetime.rulesets import RULESETS as PT_RULESETS
from engine.score.rulesets import RULESETS as SCORE_RULESETS

Ruleset = Literal["panini-2016", "panini-2014", "score", "ocg", "prime-time"]
assert set(Ruleset.__args__) == {  # type: ignore[attr-defined]
    *RULESETS, *SCORE_RULESETS, *PT_RULESETS}
AnyReport = ImportReport | ScoreImportReport | PrimeTimeImportReport
MESSAGE_ROOM = 1900  # leave room under Discord's 2,000 characters
REJECTIONS_SHOWN = 15


def report_message(report: AnyReport) -> tuple[str, discord.File | None]:
    """The import report for the admin: the summary and the rejected records; the whole
    report as report.txt when it does not fit in one message."""
    full = "\n".join(report.lines())
    if len(full) <= MESSAGE_ROOM:
        return "\n".join([report.summary(), *report.lines()[1:]]), None
    head = [report.summary()]
    if report.rejected:
        head.append(f"{len(report.rejected)} record(s) rejected:")
    shown: list[str] = []
    for issue in report.rejected[:REJECTIONS_SHOWN]:
        line = f"- {issue}"[:180]
        if sum(len(x) + 1 for x in (*head, *shown, line)) > MESSAGE_ROOM - 100:
            break
        shown.append(line)
    more = len(report.rejected) - len(shown)
    tail = [f"- ... and {more} more"] if more > 0 else []
    tail.append("The full report is attached.")
    file = discord.File(io.BytesIO(full.encode()), filename="import-report.txt")
    return clip("\n".join([*head, *shown, *tail]), MESSAGE_ROOM), file


def file_refusal(report: AnyReport, filename: str) -> str | None:
    """Why the whole file was refused (its encoding, a DTD, not JSON ...), in the
    importer's words; None when records were read."""
    if report.ok or not report.rejected or any(i.record != "file" for i in report.rejected):
        return None
    reasons = [f"{filename} cannot be imported ({issue.field}): {issue.reason}."
               for issue in report.rejected]
    return " ".join([*reasons, "Nothing was changed."])


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class CardSetsCog(commands.GroupCog, group_name="cards",
                  description="This server's imported card sets"):
    def __init__(self, bot: ScouterBot) -> None:
        self.bot = bot

    async def set_names(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.guild_id is None:
            return []
        wanted = fold_name(current)
        names = [n for n in self.bot.cardsets.set_names(interaction.guild_id)
                 if wanted in fold_name(n)]
        return [app_commands.Choice(name=n[:100], value=n[:100]) for n in names[:25]]

    @app_commands.command(name="import", description="Import a card list as a set for this "
                          "server (OCTGN .xml, Lackey .tsv, .json, .csv)")
    @app_commands.describe(file="The card list", set_name="The set's name (default: the one "
                           "in the file); an existing set of that name is replaced",
                           ruleset="Enable it for this ruleset only (default: all of its "
                           "game's); score or ocg: a Score card list; prime-time: "
                           "Prime Time characters and cards (YAML)")
    @app_commands.rename(set_name="set-name")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def import_command(
        self,
        interaction: discord.Interaction[Any],
        file: discord.Attachment,
        set_name: SetName | None = None,
        ruleset: Ruleset | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        if file.size > MAX_SET_BYTES:
            await interaction.response.send_message(
                f"{file.filename} is {file.size:,} bytes; the limit is {MAX_SET_BYTES:,}. "
                "Split the list into several sets. Nothing was changed.", ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        data = await file.read()  # the importer decides which encodings it reads
        try:
            report: AnyReport
            if ruleset in PT_RULESETS:  # Prime Time characters and cards (YAML)
                report = await self.bot.cardsets.import_primetime(
                    interaction.guild_id, interaction.user.id, file.filename, data, set_name)
            else:
                report = await self.bot.cardsets.import_set(
                    interaction.guild_id, interaction.user.id, file.filename, data,
                    set_name, [ruleset] if ruleset else None)
        except CardSetError as exc:
            await interaction.followup.send(f"{exc} Nothing was changed.", ephemeral=True)
            return
        refusal = file_refusal(report, file.filename)
        if refusal is not None:
            await interaction.followup.send(clip(refusal, MESSAGE_ROOM), ephemeral=True)
            return
        text, attachment = report_message(report)
        if attachment is None:
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.followup.send(text, ephemeral=True, file=attachment)

    @app_commands.command(name="list", description="This server's card sets")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def list_command(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.guild_id is not None
        sets = await self.bot.cardsets.list_sets(interaction.guild_id)
        lines = [f"Built-in sandbox sets: Panini {len(self.bot.cardsets.builtin)} cards, "
                 f"Score {len(self.bot.cardsets.score.sandbox)} cards, always enabled."]
        for info in sets:
            counts = ", ".join(f"{n} {status}" for status, n in info.counts.items())
            enabled = ", ".join(info.rulesets) or "disabled"
            when = datetime.fromtimestamp(info.imported_at, UTC).strftime("%Y-%m-%d")
            game = {"score": "Score ", "primetime": "Prime Time "}.get(info.family, "")
            lines.append(f"**{info.name}** ({game}{info.format}): {info.size} cards ({counts}) · "
                         f"enabled for: {enabled} · imported {when} by <@{info.imported_by}>")
        if not sets:
            lines.append("No imported sets yet: `/cards import file:`.")
        await interaction.response.send_message(
            clip("\n".join(lines)), ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="enable", description="Let players use a set under a ruleset")
    @app_commands.describe(set="The set's name", ruleset="The ruleset")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def enable(
        self, interaction: discord.Interaction[Any], set: SetName, ruleset: Ruleset
    ) -> None:
        assert interaction.guild_id is not None
        try:
            changed = await self.bot.cardsets.enable(interaction.guild_id, set, ruleset)
        except CardSetError as exc:
            await interaction.response.send_message(str(exc), ephemeral=True)
            return
        text = (f"Players here can now use the set {set!r} under {ruleset}." if changed
                else f"The set {set!r} was already enabled for {ruleset}.")
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="disable", description="Stop players using a set under a "
                          "ruleset")
    @app_commands.describe(set="The set's name", ruleset="The ruleset")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def disable(
        self, interaction: discord.Interaction[Any], set: SetName, ruleset: Ruleset
    ) -> None:
        assert interaction.guild_id is not None
        try:
            changed = await self.bot.cardsets.disable(interaction.guild_id, set, ruleset)
        except CardSetError as exc:
            await interaction.response.send_message(str(exc), ephemeral=True)
            return
        text = (f"The set {set!r} is disabled for {ruleset} here: decks using its cards "
                "cannot start new matches under it (matches already played keep their "
                "record)." if changed else f"The set {set!r} was not enabled for {ruleset}.")
        await interaction.response.send_message(text, ephemeral=True)

    enable.autocomplete("set")(set_names)
    disable.autocomplete("set")(set_names)


async def setup(bot: ScouterBot) -> None:
    await bot.add_cog(CardSetsCog(bot))
