"""A player's hand as a PNG for their DM: small card faces (name, type, style colour, short
text, Endurance), drawn from the owner's own view. Given any other view (a spectator's, or
the other seat's), it refuses: that view has no hand for this seat."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from engine.panini.cards import Card, CardPool
from renderers import _draw as d
from renderers._draw import Painter
from renderers.card import frame_colour, type_line

WIDTH = 800
MARGIN = 14
HEADER_H = 60
COLUMNS = 2
GAP = 12
TILE_W = (WIDTH - 2 * MARGIN - (COLUMNS - 1) * GAP) // COLUMNS
TILE_H = 246
NAME_BAR = 72
EMPTY_H = 200


def render_hand(view: Mapping[str, Any], seat: int, pool: CardPool) -> bytes:
    """`seat`'s hand as PNG bytes. Raises ValueError unless `view` is that seat's own view
    (its side carries "hand"). An empty hand gives a small "no cards" image."""
    return d.encode_png(draw_hand(view, seat, pool))


def draw_hand(view: Mapping[str, Any], seat: int, pool: CardPool) -> Image.Image:
    players = view.get("players") or []
    if not 0 <= seat < len(players):
        raise ValueError(f"no seat {seat} in this view")
    side = players[seat]
    if "hand" not in side:
        raise ValueError(f"this view does not show seat {seat}'s hand: not the owner's view")
    hand = [str(name) for name in side["hand"]]
    rows = (len(hand) + COLUMNS - 1) // COLUMNS
    height = HEADER_H + MARGIN + (rows * (TILE_H + GAP) if hand else EMPTY_H)
    image = Image.new("RGB", (WIDTH, height), d.BACKGROUND)
    painter = Painter(image)
    painter.box((0, 0, WIDTH, HEADER_H), d.PANEL_DARK)
    count = f"{len(hand)} card{'' if len(hand) == 1 else 's'}"
    painter.text((MARGIN + 4, HEADER_H / 2), "Your hand", "bold", 30, d.TEXT, anchor="lm")
    painter.text((WIDTH - MARGIN - 4, HEADER_H / 2), count, "bold", 28, d.GOLD, anchor="rm")
    if not hand:
        top = HEADER_H + MARGIN
        painter.box((MARGIN, top, WIDTH - MARGIN, top + EMPTY_H - MARGIN), d.PANEL, radius=16)
        painter.text((WIDTH / 2, top + (EMPTY_H - MARGIN) / 2), "No cards in hand", "bold", 34,
                     d.DIM, anchor="mm")
        return image
    for index, name in enumerate(hand):
        row, column = divmod(index, COLUMNS)
        x = MARGIN + column * (TILE_W + GAP)
        y = HEADER_H + MARGIN + row * (TILE_H + GAP)
        _tile(painter, x, y, name, pool.find(name))
    return image


def _tile(painter: Painter, x: int, y: int, name: str, card: Card | None) -> None:
    colour = frame_colour(card) if card is not None else d.NEUTRAL
    right, bottom = x + TILE_W, y + TILE_H
    edge = d.edge_colour(colour) or colour
    painter.box((x, y, right, y + NAME_BAR), colour, radius=14)
    painter.box((x, y + NAME_BAR - 16, right, y + NAME_BAR), colour)
    painter.box((x, y + NAME_BAR, right, bottom), d.PANEL, radius=14)
    painter.box((x, y + NAME_BAR, right, y + NAME_BAR + 16), d.PANEL)
    painter.box((x, y, right, bottom), None, edge, 4, radius=14)
    inner = TILE_W - 28
    ink = d.ink_on(colour)
    size = d.largest_size(name, "cond_bold", (28, 25), inner)
    if d.text_width(name, "cond_bold", size) <= inner:
        painter.text((x + 14, y + NAME_BAR / 2), name, "cond_bold", size, ink, anchor="lm")
    else:
        painter.paragraph((x + 14, y + 5), name, "cond_bold", 25, ink, width=inner, max_lines=2,
                          line_height=30)
    if card is None:
        painter.text((x + 14, y + NAME_BAR + 24), "(unknown card)", "regular", 22, d.DIM)
        return
    line_y = y + NAME_BAR + 22
    line_width = inner
    if card.endurance:
        badge = f"END {card.endurance}"
        badge_w = round(d.text_width(badge, "bold", 20)) + 20
        painter.pill((right - 14 - badge_w, line_y - 15), badge, "bold", 20, d.GOLD, height=30,
                     pad=10)
        line_width -= badge_w + 8
    painter.text((x + 14, line_y), type_line(card), "bold", 19, d.DIM, anchor="lm",
                 max_width=line_width)
    painter.rich((x + 14, y + NAME_BAR + 44), card.text or "(no text)", "cond", 23, d.TEXT,
                 width=inner, max_lines=4, line_height=29, keyword_fill=d.GOLD)
