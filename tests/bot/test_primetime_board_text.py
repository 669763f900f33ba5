"""The Prime Time board's text line counts each side's Saibamen tokens as the map draws
them ("Saibamen Deploy"; they are no models, PT-57)."""

from __future__ import annotations

from bot.ui.primetime_board import saibamen_text
from engine.primetime.view import view
from tests.primetime.test_saibamen import table, token_at


def test_the_board_text_counts_each_sides_saibamen() -> None:
    game = table()
    assert saibamen_text(view(game, None), 0) == ""
    token_at(game, 15, 10)
    token_at(game, 15, 14)
    seen = view(game, None)
    assert saibamen_text(seen, 0) == " · 2 Saibamen on the table"
    assert saibamen_text(seen, 1) == ""
    game.state.tokens[1].owner = 1  # by a side's own count, not the table's
    seen = view(game, None)
    assert [saibamen_text(seen, seat) for seat in (0, 1)] == [
        " · 1 Saibaman on the table", " · 1 Saibaman on the table"]
