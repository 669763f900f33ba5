"""How a match is shown, chosen by its family (the one place the UI dispatches on it):
the board and hand embeds, their images, and the result line. Panini's are bot.ui.board
and bot.ui.images; Score's are bot.ui.score_board; Prime Time's bot.ui.primetime_board."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import discord

from bot.services.matches import LiveMatch
from bot.ui import board, images, primetime_board, score_board
from engine.panini.view import SPECTATOR, player_view

if TYPE_CHECKING:
    from bot.app import ScouterBot

BOARD_FILE = images.BOARD_FILE
HAND_FILE = images.HAND_FILE


class Presenter(Protocol):
    def board_embed(self, match: LiveMatch, image: str | None = None) -> discord.Embed: ...
    def hand_embed(self, match: LiveMatch, seat: int, image: str | None = None
                   ) -> discord.Embed: ...
    async def board_file(self, bot: ScouterBot, match: LiveMatch) -> discord.File: ...
    async def hand_file(self, bot: ScouterBot, match: LiveMatch, seat: int) -> discord.File: ...
    def result_line(self, match: LiveMatch) -> str: ...


class PaniniPresenter:
    def board_embed(self, match: LiveMatch, image: str | None = None) -> discord.Embed:
        return board.board_embed(match, image)

    def hand_embed(self, match: LiveMatch, seat: int, image: str | None = None
                   ) -> discord.Embed:
        return board.hand_embed(match, seat, image)

    async def board_file(self, bot: ScouterBot, match: LiveMatch) -> discord.File:
        return await images.board_file(bot, match)

    async def hand_file(self, bot: ScouterBot, match: LiveMatch, seat: int) -> discord.File:
        return await images.hand_file(bot, match, seat)

    def result_line(self, match: LiveMatch) -> str:
        return board.status_line(match, player_view(board.panini_game(match), SPECTATOR))


class ScorePresenter:
    def board_embed(self, match: LiveMatch, image: str | None = None) -> discord.Embed:
        return score_board.score_board_embed(match, image)

    def hand_embed(self, match: LiveMatch, seat: int, image: str | None = None
                   ) -> discord.Embed:
        return score_board.score_hand_embed(match, seat, image)

    async def board_file(self, bot: ScouterBot, match: LiveMatch) -> discord.File:
        return await score_board.score_board_file(bot, match, BOARD_FILE)

    async def hand_file(self, bot: ScouterBot, match: LiveMatch, seat: int) -> discord.File:
        return await score_board.score_hand_file(bot, match, seat, HAND_FILE)

    def result_line(self, match: LiveMatch) -> str:
        return score_board.score_status(match, score_board.score_view(match, None))


class PrimeTimePresenter:
    def board_embed(self, match: LiveMatch, image: str | None = None) -> discord.Embed:
        return primetime_board.pt_board_embed(match, image)

    def hand_embed(self, match: LiveMatch, seat: int, image: str | None = None
                   ) -> discord.Embed:
        return primetime_board.pt_hand_embed(match, seat, image)

    async def board_file(self, bot: ScouterBot, match: LiveMatch) -> discord.File:
        return await primetime_board.pt_board_file(bot, match, BOARD_FILE)

    async def hand_file(self, bot: ScouterBot, match: LiveMatch, seat: int) -> discord.File:
        return await primetime_board.pt_hand_file(bot, match, seat, HAND_FILE)

    def result_line(self, match: LiveMatch) -> str:
        return primetime_board.pt_status(match, primetime_board.pt_view(match, None))


_PRESENTERS: dict[str, Presenter] = {"panini": PaniniPresenter(), "score": ScorePresenter(),
                                     "primetime": PrimeTimePresenter()}


def presenter(match: LiveMatch) -> Presenter:
    return _PRESENTERS[match.family.name]
