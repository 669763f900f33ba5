"""Embeds and images for a DBZ: Prime Time match (docs/primetime-discord.md), built only
from the family's views (engine.primetime.view): the board is the map drawn from the
spectator view (no hand) with the pending decision highlighted; a hand message lists its
owner's cards and shows the map as they decide. Whatever a view hides cannot leak."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord

from bot.primetime_textboard import WIN_REASONS
from bot.services.families import primetime
from bot.services.matches import LiveMatch
from bot.ui.board import (
    OVER_COLOUR,
    board_footer,
    family_view,
    hand_footer,
    seat_label,
    stopped_line,
)
from bot.ui.names import seat_names
from bot.ui.primetime_highlight import decision_highlight
from renderers.primetime_map import (
    MapHighlight,
    MapLabels,
    decision_words,
    render_primetime_map,
)

if TYPE_CHECKING:
    from bot.app import ScouterBot

SEAT_COLOURS = (discord.Colour.from_rgb(226, 88, 52), discord.Colour.from_rgb(64, 132, 230))


def pt_view(match: LiveMatch, seat: int | None) -> dict[str, Any]:
    """`seat`'s view (None: a spectator's, checked to hold no hand, on every board)."""
    primetime(match.game)  # the family's own game, or TypeError
    return family_view(match, seat)


def pt_status(match: LiveMatch, view: Mapping[str, Any]) -> str:
    stopped = stopped_line(match, lambda reason: WIN_REASONS.get(reason, reason))
    if stopped is not None:
        return stopped
    text = f"Round {view['round']} of 4 · {view['phase']} phase"
    if view["sudden_death"]:
        text += " · Sudden Death"
    if view["location"]:
        text += f"\nLocation: **{view['location']}**"
    waiting = view["waiting"]
    if waiting:
        text += (f"\nWaiting for {seat_label(match, waiting['player'])}: "
                 f"{decision_words(str(waiting['kind']))}.")
    return text


def side_line(match: LiveMatch, view: Mapping[str, Any], seat: int) -> str:
    side = view["players"][seat]
    glory = "/".join(str(g) for g in side["glory"]) or "-"
    standing = sum(1 for m in view["models"] if m["owner"] == seat and m["status"] == "active")
    line = (f"{seat_label(match, seat)} · {side['name']} ({side['affiliation']}) · BK "
            f"{side['bk']} · WT {side['wt']} · orders {side['orders']} · hand "
            f"{side['hand_count']} · Glory {glory} · {standing} model(s) fighting")
    return line + saibamen_text(view, seat)


def saibamen_text(view: Mapping[str, Any], seat: int) -> str:
    """The side's Saibamen tokens on the table, as the map draws them (they are no models:
    PT-57); nothing while it has none."""
    tokens = sum(1 for t in view.get("tokens", []) if t["owner"] == seat)
    if not tokens:
        return ""
    return f" · {tokens} Saibam{'a' if tokens == 1 else 'e'}n on the table"


def pt_board_embed(match: LiveMatch, image: str | None = None) -> discord.Embed:
    view = pt_view(match, None)
    turn = view["turn"] if view["turn"] is not None else 0
    colour = OVER_COLOUR if not match.active else SEAT_COLOURS[turn]
    embed = discord.Embed(title=f"Match #{match.id} · {match.mode} · {match.ruleset}",
                          description=pt_status(match, view), colour=colour)
    for seat in (0, 1):
        embed.add_field(name=f"Player {seat + 1}", value=side_line(match, view, seat)[:1024],
                        inline=False)
    if match.active and image is not None:
        embed.add_field(name="Reading the map", value=(
            'y = 0 is the top edge, 1" squares, every 5th line stronger. Blue squares: '
            "where the model may go; dashed yellow: its attack's range; white: a previewed "
            "path. Move by coordinates with **Move to coordinates**."), inline=False)
    return board_footer(embed, match, view["seq"], image)


def pt_hand_embed(match: LiveMatch, seat: int, image: str | None = None) -> discord.Embed:
    view = pt_view(match, seat)
    me = view["players"][seat]
    embed = discord.Embed(title=f"Your hand · Match #{match.id}", colour=SEAT_COLOURS[seat])
    embed.description = ("\n".join(f"• {name}" for name in me["hand"])
                         or "*Your hand is empty.*")
    embed.add_field(name="You", value=side_line(match, view, seat)[:1024], inline=False)
    decision = view["decision"]  # only ever the viewer's own
    return hand_footer(embed, match, seat, pt_status(match, view),
                       decision["prompt"] if decision else None, view["seq"], image)


def pt_highlight(match: LiveMatch, view: Mapping[str, Any]) -> MapHighlight | None:
    if not match.active or match.paused:
        return None
    return decision_highlight(primetime(match.game), view, match.pending)


async def pt_labels(bot: ScouterBot, match: LiveMatch) -> MapLabels:
    return MapLabels(players=await seat_names(bot, match),
                     title=f"Match #{match.id} · {match.mode} · {match.ruleset}")


async def pt_board_file(bot: ScouterBot, match: LiveMatch, filename: str) -> discord.File:
    view = pt_view(match, None)
    if not match.active and match.winner is not None:  # a judge's award shows as the result
        view["winner"], view["win_reason"] = match.winner, match.win_reason
    png = await bot.renderer.render_kept(("board", match.id), render_primetime_map, view,
                                         await pt_labels(bot, match), pt_highlight(match, view))
    return discord.File(io.BytesIO(png), filename=filename)


async def pt_hand_file(bot: ScouterBot, match: LiveMatch, seat: int, filename: str
                       ) -> discord.File:
    """The map as the seat decides: the board's image, highlighted while it is theirs to
    decide (the map never reads a hand: renderers/primetime_map.py)."""
    view = pt_view(match, None)
    pending = match.pending
    mine = pending is not None and pending.player == seat
    png = await bot.renderer.render_kept(("hand", match.id, seat), render_primetime_map, view,
                                         await pt_labels(bot, match),
                                         pt_highlight(match, view) if mine else None)
    return discord.File(io.BytesIO(png), filename=filename)
