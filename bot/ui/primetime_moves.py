"""Choosing a point on the Prime Time table from a phone: **Move to coordinates** (on the
board under a decision answered by a point) opens a form for x and y in inches; the answer
is previewed, only to the player, as the map with the path drawn, with Confirm and Cancel.
An illegal point is refused with the engine's reason (too far, through a model, off the
board) and changes nothing. Every button names the exact decision (its token): one made for
an earlier decision is refused, as every component is (bot/ui/items.py)."""

from __future__ import annotations

import io
import math
import re
from typing import TYPE_CHECKING, Any

import discord

from bot.services.families import primetime
from bot.services.matches import STALE, LiveMatch, decision_token
from bot.ui.items import TOKEN, FromIds, bot_of, guarded
from bot.ui.primetime_board import pt_labels, pt_view
from bot.ui.primetime_highlight import answered_by_point, preview_highlight
from engine.core.decisions import Decision, Option
from engine.core.record import Answer
from engine.primetime.geometry import BOARD
from engine.primetime.options import point_id, point_label
from renderers.primetime_map import render_primetime_map

if TYPE_CHECKING:
    from bot.app import ScouterBot

HUNDREDTHS = 100  # a point travels in a custom_id in hundredths of an inch
FEW_POINTS = 8  # point options shown as board buttons when no more than this
PREVIEW_FILE = "preview.png"


def board_choices(match: LiveMatch, public: list[tuple[int, Option]]
                  ) -> list[tuple[int, Option]]:
    """The options a board shows as buttons: a decision answered by a point keeps its
    other options (stay) and its points only when they are few; the rest are chosen by
    coordinates (or in the hand message's selects)."""
    if match.family.name != "primetime" or not answered_by_point(match.pending):
        return public
    points = [(i, o) for i, o in public if o.id.startswith("at:")]
    if len(points) <= FEW_POINTS:
        return public
    return [(i, o) for i, o in public if not o.id.startswith("at:")]


def point_items(match: LiveMatch) -> list[discord.ui.Item[Any]]:
    """The Move to coordinates button, under a decision answered by a point (on the board
    and in the decider's hand message)."""
    decision = match.pending
    if match.family.name != "primetime" or decision is None or not answered_by_point(decision):
        return []
    return [MoveButton(match.id, decision.seq, decision_token(match))]


def read_inches(text: str, what: str) -> float:
    """A coordinate typed in the form: inches, '12.5' or '12,5' (a decimal comma)."""
    cleaned = text.strip().rstrip('"').replace(",", ".").strip()
    try:
        value = float(cleaned)
    except ValueError:
        raise ValueError(f"{what} must be a number of inches, like 12.5 (you typed "
                         f"{text.strip()[:20]!r})") from None
    if not math.isfinite(value) or not 0 <= value <= BOARD:
        raise ValueError(f"{what} must be from 0 to {BOARD:g} inches: the table is "
                         f"{BOARD:g}\" square")
    return round(value * HUNDREDTHS) / HUNDREDTHS


# between x and y in one field: spaces, ";", ", ", else the last comma ("12,5,7": 12.5, 7)
_PAIR = re.compile(r"[\s;]+|,\s+|,(?=[^,]*$)")


def read_point(x_text: str, y_text: str) -> tuple[float, float]:
    """The point typed in the form: x and y in their fields, or both in the first field
    when the second is left empty ("12.5 7", "12.5, 7", "12,7", "(12.5; 7)")."""
    if y_text.strip():
        return read_inches(x_text, "x"), read_inches(y_text, "y")
    both = x_text.strip().strip("()[] ")
    parts = [part for part in _PAIR.split(both, maxsplit=1) if part]
    if len(parts) != 2:
        raise ValueError("give x and y, in their two fields or both in the first (12.5 7)")
    return read_inches(parts[0], "x"), read_inches(parts[1], "y")


async def decider_problem(bot: ScouterBot, interaction: discord.Interaction[Any],
                          match_id: int, seq: int, token: str
                          ) -> tuple[LiveMatch | None, Decision | None, str | None]:
    """The match and its decision if the presser may answer it with a point now, else
    why not (not theirs, stale, over, paused)."""
    live = await bot.matches.find(match_id)
    if live is None:
        return None, None, "That match no longer exists."
    seat = live.seat_of(interaction.user.id)
    decision = live.pending
    if seat is None:
        return live, None, "You are not playing in this match; you can watch it."
    if not live.active:
        return live, None, "This match is over; nothing more can be played in it."
    if live.paused:
        return live, None, ("This match is paused while a judge looks at a dispute; nothing "
                            "changed.")
    if decision is None or decision.seq != seq or decision_token(live) != token:
        return live, None, STALE
    if decision.player != seat:
        return live, None, "Not your decision: your opponent decides now."
    if not answered_by_point(decision):
        return live, None, "This decision is not answered with a point."
    return live, decision, None


class MoveButton(
    FromIds,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"sc:ptmove:(?P<match>\d+):(?P<seq>\d+):{TOKEN}",
):
    def __init__(self, match_id: int, seq: int, token: str) -> None:
        super().__init__(discord.ui.Button(
            label="Move to coordinates", emoji="📍", style=discord.ButtonStyle.success,
            custom_id=f"sc:ptmove:{match_id}:{seq}:{token}"))
        self.match_id, self.seq, self.token = match_id, seq, token

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        _, decision, problem = await decider_problem(bot_of(interaction), interaction,
                                                     self.match_id, self.seq, self.token)
        if problem is not None or decision is None:
            await interaction.response.send_message(problem or STALE, ephemeral=True)
            return
        await interaction.response.send_modal(
            PointModal(self.match_id, self.seq, self.token, decision.prompt))


class PointModal(discord.ui.Modal):
    """x and y in inches; submitting previews the point, changing nothing yet."""

    def __init__(self, match_id: int, seq: int, token: str, prompt: str) -> None:
        super().__init__(title="Move to coordinates"[:45],
                         custom_id=f"sc:ptpoint:{match_id}:{seq}:{token}")
        self.match_id, self.seq, self.token = match_id, seq, token
        self.x: discord.ui.TextInput[PointModal] = discord.ui.TextInput(
            label='x: inches from the left edge (0-30), or "x y"', custom_id="x",
            placeholder="12.5", max_length=16)
        self.y: discord.ui.TextInput[PointModal] = discord.ui.TextInput(
            label='y: inches from the top edge (0-30)', custom_id="y", placeholder="7",
            max_length=8, required=False)
        self.add_item(self.x)
        self.add_item(self.y)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await self.submitted(interaction)

    @guarded
    async def submitted(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        live, decision, problem = await decider_problem(bot, interaction, self.match_id,
                                                        self.seq, self.token)
        if problem is not None or live is None or decision is None:
            await interaction.response.send_message(problem or STALE, ephemeral=True)
            return
        try:
            point = read_point(self.x.value, self.y.value)
        except ValueError as exc:
            await interaction.response.send_message(f"{exc}. Nothing changed.",
                                                    ephemeral=True)
            return
        tried = live.family.apply(live.family.copy(live.game),
                                  _point_answer(decision, point))
        if not tried.ok:
            await interaction.response.send_message(
                f"{point_label(point).removeprefix('to ')} is not legal: {tried.reason}. "
                "Nothing changed; try another point.", ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = pt_view(live, None)
        highlight = preview_highlight(view, decision, point, primetime(live.game))
        png = await bot.renderer.render(render_primetime_map, view, await pt_labels(bot, live),
                                        highlight)
        buttons = discord.ui.View(timeout=None)
        buttons.add_item(ConfirmPointButton(live.id, decision.seq, self.token,
                                            *(round(v * HUNDREDTHS) for v in point)))
        buttons.add_item(CancelPointButton())
        paid = "" if highlight.distance is None else \
            f', a {highlight.distance:.1f}" path'  # fmt: skip
        await interaction.followup.send(
            f"Preview: {decision.prompt} {point_label(point)} (the white line{paid}). Confirm "
            "to answer, or Cancel.", file=discord.File(io.BytesIO(png), filename=PREVIEW_FILE),
            view=buttons, ephemeral=True)


def _point_answer(decision: Decision, point: tuple[float, float]) -> Answer:
    return Answer(decision.player, point_id(point))


class ConfirmPointButton(
    FromIds,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"sc:ptgo:(?P<match>\d+):(?P<seq>\d+):{TOKEN}:(?P<x>\d+):(?P<y>\d+)",
):
    def __init__(self, match_id: int, seq: int, token: str, x: int, y: int) -> None:
        super().__init__(discord.ui.Button(
            label="Confirm", style=discord.ButtonStyle.success,
            custom_id=f"sc:ptgo:{match_id}:{seq}:{token}:{x}:{y}"))
        self.match_id, self.seq, self.token = match_id, seq, token
        self.point = (x / HUNDREDTHS, y / HUNDREDTHS)

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        await interaction.response.defer()
        result = await bot.matches.decide(self.match_id, interaction.user.id, self.seq,
                                          point_id(self.point), token=self.token)
        if not result.ok:
            await interaction.followup.send(result.message, ephemeral=True)
            return
        await interaction.followup.send(f"Done: {point_label(self.point)}.", ephemeral=True)


class CancelPointButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                        template=r"sc:ptcancel"):
    def __init__(self) -> None:
        super().__init__(discord.ui.Button(label="Cancel", style=discord.ButtonStyle.secondary,
                                           custom_id="sc:ptcancel"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: Any) -> CancelPointButton:
        return cls()

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("Cancelled; nothing changed.", ephemeral=True)


MOVE_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    MoveButton, ConfirmPointButton, CancelPointButton)
