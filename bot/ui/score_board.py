"""Embeds and images for a Score CCG / DBZ OCG match, built only from the family's views
(engine.score.family.ScoreFamily.view): the board from the spectator view (no hand), a
hand from its owner's view. Whatever a view hides cannot leak."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

import discord

from bot.services.families import score
from bot.services.matches import LiveMatch
from bot.ui.board import (
    OVER_COLOUR,
    board_footer,
    family_view,
    hand_footer,
    hand_only,
    seat_label,
    stopped_line,
)
from bot.ui.names import seat_names
from bot.ui.score_text import listed, mp_line, win_words
from renderers.score_board import ScoreLabels, render_score_board, render_score_hand

if TYPE_CHECKING:
    from bot.app import ScouterBot

HERO_COLOUR = discord.Colour.blue()
VILLAIN_COLOUR = discord.Colour.red()
BOARD_EVENTS = 5  # what the board image has room for


def score_view(match: LiveMatch, seat: int | None) -> dict[str, Any]:
    """`seat`'s view (None: a spectator's, checked to hold no hand, on every board)."""
    score(match.game)  # the family's own game, or TypeError
    return family_view(match, seat)


def score_status(match: LiveMatch, view: dict[str, Any]) -> str:
    stopped = stopped_line(match, win_words)
    if stopped is not None:
        return stopped
    step = str(view["step"]).replace("_", " ")
    text = (f"Turn {view['turn']} · {seat_label(match, view['active'])}'s turn · {step} step"
            f" · MPPV at level {view['win_level']}")
    if view["battleground"]:
        text += f"\nIn play: **{view['battleground']}**"
    waiting = view["waiting"]
    if waiting:
        kind = str(waiting["kind"]).replace("_", " ")
        text += f"\nWaiting for {seat_label(match, waiting['player'])}: {kind}."
    return text


def _colour(side: dict[str, Any]) -> discord.Colour:
    return VILLAIN_COLOUR if side["alignment"] == "villain" else HERO_COLOUR


def score_board_embed(match: LiveMatch, image: str | None = None) -> discord.Embed:
    view = score_view(match, None)
    colour = OVER_COLOUR if not match.active else _colour(view["players"][view["active"]])
    embed = discord.Embed(title=f"Match #{match.id} · {match.mode} · {match.ruleset}",
                          description=score_status(match, view), colour=colour)
    for seat in (0, 1):
        side = view["players"][seat]
        text = (f"{seat_label(match, seat)} · {mp_line(side)} · anger {side['anger']}/"
                f"{side['anger_max']} · Life Deck {side['life_deck_count']}")
        if image is None:  # no picture: the cards in play in words
            allies = (f"{a['card']} ({a['stage']})" for a in side["allies"])
            text += (f"\nAllies: {listed(allies)} · Drills: {listed(side['drills'])} · "
                     f"Dragon Balls: {listed(side['dragon_balls'])}")
        embed.add_field(name=f"Player {seat + 1}", value=text[:1024], inline=False)
    return board_footer(embed, match, view["seq"], image)


def score_hand_embed(match: LiveMatch, seat: int, image: str | None = None) -> discord.Embed:
    view = score_view(match, seat)
    me = view["players"][seat]
    embed = discord.Embed(title=f"Your hand · Match #{match.id}", colour=_colour(me))
    hand = me["hand"]
    embed.description = "\n".join(f"• {name}" for name in hand) or "*Your hand is empty.*"
    embed.add_field(name="You", value=f"{mp_line(me)} · anger {me['anger']}/"
                    f"{me['anger_max']} · Life Deck {me['life_deck_count']}", inline=False)
    decision = view["decision"]  # only ever the viewer's own
    return hand_footer(embed, match, seat, score_status(match, view),
                       decision["prompt"] if decision else None, view["seq"], image)


async def score_board_file(bot: ScouterBot, match: LiveMatch, filename: str) -> discord.File:
    labels = ScoreLabels(players=await seat_names(bot, match),
                         title=f"Match #{match.id} · {match.mode} · {match.ruleset}")
    events = [event.text for event in match.public_log[-BOARD_EVENTS:]]
    view = score_view(match, None)
    if not match.active and match.winner is not None:  # a judge's award shows as the result
        view["winner"], view["win_reason"] = match.winner, match.win_reason
    png = await bot.renderer.render_kept(("board", match.id), render_score_board, view,
                                         labels, events)
    return discord.File(io.BytesIO(png), filename=filename)


async def score_hand_file(bot: ScouterBot, match: LiveMatch, seat: int, filename: str
                          ) -> discord.File:
    png = await bot.renderer.render_kept(("hand", match.id, seat), render_score_hand,
                                         hand_only(score_view(match, seat), seat), seat)
    return discord.File(io.BytesIO(png), filename=filename)
