"""Board and hand images as Discord attachments, drawn on the bot's render threads from
engine views (renderers/ never sees the raw state or Discord)."""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import TYPE_CHECKING

import discord

from bot.services.matches import LiveMatch
from bot.ui.board import hand_only, panini_game, spectator_view
from bot.ui.names import seat_names
from engine.panini.cards import CardPool
from engine.panini.view import player_view
from renderers.board import BoardLabels, render_board
from renderers.hand import render_hand

if TYPE_CHECKING:
    from bot.app import ScouterBot

BOARD_FILE = "board.png"
HAND_FILE = "hand.png"
BOARD_EVENTS = 5  # what the board image has room for


async def board_file(bot: ScouterBot, match: LiveMatch) -> discord.File:
    labels = BoardLabels(
        players=await seat_names(bot, match),
        title=f"Match #{match.id} · {match.mode} · {match.ruleset}",
    )
    events = [event.text for event in match.public_log[-BOARD_EVENTS:]]
    view = spectator_view(match)
    if not match.active and match.winner is not None:  # a judge's award shows as the result
        view["winner"], view["win_reason"] = match.winner, match.win_reason
    png = await bot.renderer.render_kept(("board", match.id), render_board, view, labels,
                                         events)
    return discord.File(io.BytesIO(png), filename=BOARD_FILE)


async def hand_file(bot: ScouterBot, match: LiveMatch, seat: int) -> discord.File:
    game = panini_game(match)
    view = hand_only(player_view(game, seat), seat)
    png = await bot.renderer.render_kept(("hand", match.id, seat), render_hand, view, seat,
                                         hand_cards(game.pool, view["players"][seat]["hand"]))
    return discord.File(io.BytesIO(png), filename=HAND_FILE)



def hand_cards(pool: CardPool, names: Iterable[str]) -> CardPool:
    """The cards a hand shows, from its match's pool (a server's own sets included): what
    the render process needs, where the whole pool would be pickled on every render."""
    found = {card.name: card for name in names if (card := pool.find(str(name))) is not None}
    return CardPool(list(found.values()))
