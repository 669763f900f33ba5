"""An event's Swiss standings as a PNG, from plain data: rank, player, record, match
points and the tiebreakers (OMW%, GW%, OGW%), with the cut line drawn under the last seat
of the top cut. 800 px wide, text of at least 22 px (legible on a phone). Deterministic."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from renderers import _draw as d
from renderers._draw import Painter
from renderers.standings import HEADER_H, MARGIN, WIDTH, draw_title

COLUMNS_H = 42
ROW_H = 50
ROW_GAP = 6
FOOTER_H = 46
MAX_ROWS = 32
# the columns after the name: (label, right edge)
COLUMNS = (("REC", 432), ("PTS", 500), ("OMW", 590), ("GW", 680), ("OGW", WIDTH - MARGIN - 12))
NAME_X, NAME_W, RANK_X = 96, 250, 54


@dataclass(frozen=True)
class EventRow:
    rank: int
    name: str
    cells: tuple[str, str, str, str, str]  # record, points, OMW%, GW%, OGW%
    out: bool = False  # dropped or disqualified: drawn dim


@dataclass(frozen=True)
class EventTable:
    title: str
    subtitle: str
    rows: tuple[EventRow, ...]
    cut: int  # the line is drawn under this many rows (0: none)
    footer: str = "OMW and OGW count each opponent as at least 33%"


def render_event(table: EventTable) -> bytes:
    return d.encode_png(draw_event(table))


def draw_event(table: EventTable) -> Image.Image:
    rows = table.rows[:MAX_ROWS]
    height = HEADER_H + COLUMNS_H + max(1, len(rows)) * (ROW_H + ROW_GAP) + FOOTER_H + MARGIN
    image = Image.new("RGB", (WIDTH, height), d.BACKGROUND)
    painter = Painter(image)
    draw_title(painter, table.title, table.subtitle)
    top = HEADER_H + COLUMNS_H // 2 + 2
    painter.text((RANK_X, top), "#", "cond_bold", 22, d.FAINT, anchor="mm")
    painter.text((NAME_X, top), "PLAYER", "cond_bold", 22, d.FAINT, anchor="lm")
    for label, right in COLUMNS:
        painter.text((right, top), label, "cond_bold", 22, d.FAINT, anchor="rm")
    y = HEADER_H + COLUMNS_H
    for index, row in enumerate(rows):
        fill = d.PANEL if index % 2 == 0 else d.PANEL_DARK
        middle = y + ROW_H / 2
        ink = d.FAINT if row.out else d.TEXT
        painter.box((MARGIN, y, WIDTH - MARGIN, y + ROW_H), fill, radius=12)
        painter.text((RANK_X, middle), str(row.rank), "bold", 24, ink, anchor="mm")
        painter.text((NAME_X, middle), row.name, "cond_bold", 28, ink, anchor="lm",
                     max_width=NAME_W)
        for (_, right), cell in zip(COLUMNS, row.cells, strict=True):
            painter.text((right, middle), cell, "cond", 24, ink, anchor="rm")
        y += ROW_H + ROW_GAP
        if row.rank == table.cut and index + 1 < len(rows):  # a page may start past it
            painter.box((MARGIN, y - ROW_GAP + 1, WIDTH - MARGIN, y - 1), d.GOLD)
    painter.text((MARGIN + 8, height - MARGIN - FOOTER_H // 2), table.footer, "regular", 22,
                 d.DIM, anchor="lm", max_width=WIDTH - 2 * MARGIN - 16)
    return image
