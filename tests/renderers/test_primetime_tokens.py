"""Saibamen tokens on the Prime Time map and the terminal board (engine.primetime.saibamen):
drawn from the view's "tokens", where the token stands, ringed when it grabs."""

from __future__ import annotations

import io

from PIL import Image

from bot.primetime_textboard import render_pt_board
from engine.primetime.roster import sample_roster
from engine.primetime.state import Token
from engine.primetime.view import view
from renderers.primetime_map import BOARD_X, BOARD_Y, SCALE, render_primetime_map
from tests.primetime.helpers import empty_table


def _pixel(png: bytes, x: float, y: float) -> object:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    return image.getpixel((round(BOARD_X + x * SCALE), round(BOARD_Y + y * SCALE)))


def test_a_saibaman_appears_on_the_map_and_the_text_board() -> None:
    game = empty_table([sample_roster("Saiyans"), sample_roster("Z-Fighters")])
    before = view(game, None)
    game.state.tokens.append(Token(id=0, owner=0, deployer=0, x=15.3, y=15.3))
    after = view(game, None)
    assert after["tokens"] == [{"id": 0, "owner": 0, "x": 15.3, "y": 15.3, "grabbing": None}]
    plain, drawn = render_primetime_map(before), render_primetime_map(after)
    assert _pixel(plain, 15.3 + 0.45, 15.3) != _pixel(drawn, 15.3 + 0.45, 15.3)
    assert _pixel(plain, 20, 20) == _pixel(drawn, 20, 20)  # elsewhere, nothing changed
    board = render_pt_board(after)
    assert "Saibamen (s on the map): (15.3,15.3)" in board
