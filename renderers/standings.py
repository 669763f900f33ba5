"""A league table as a PNG, drawn from plain data (no Discord, no database): rank, player,
rating (provisional ones marked "?"), record and streak. 800 px wide with text of at least
22 px, so it stays legible when Discord shrinks it to about 400 px on a phone.
Deterministic: the same table gives the same bytes."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from renderers import _draw as d
from renderers._draw import RGB, Painter

WIDTH = 800
MARGIN = 14
HEADER_H = 92
COLUMNS_H = 42
ROW_H = 58
ROW_GAP = 6
FOOTER_H = 46
EMPTY_H = 150
MAX_ROWS = 25  # a page; more rows are cut (the caller pages)

RANK_X = 58  # centre of the rank column
NAME_X = 104
NAME_W = 320
RATING_RIGHT = 544
RECORD_X = 566
RECORD_W = 138
STREAK_RIGHT = WIDTH - MARGIN - 14

MEDALS: dict[int, RGB] = {1: d.GOLD, 2: (205, 210, 220), 3: (214, 140, 80)}
WIN: RGB = (74, 222, 128)
LOSS: RGB = (248, 113, 113)


@dataclass(frozen=True)
class StandingRow:
    rank: int
    name: str
    rating: int
    provisional: bool
    record: str  # "3W 1L", "3W 1L 2D"
    streak: str  # "W3", "L2", or a dash


@dataclass(frozen=True)
class StandingsTable:
    title: str  # "Season 2: Spring"
    subtitle: str  # "panini-2016 · page 1 of 3 · 24 players"
    rows: tuple[StandingRow, ...]
    footer: str = "? provisional: the rating settles after about 5 rated matches"
    empty: str = "No rated matches yet"


def draw_title(painter: Painter, title: str, subtitle: str) -> None:
    """The dark band at the top of a table image (standings, an event's standings)."""
    painter.box((0, 0, WIDTH, HEADER_H), d.PANEL_DARK)
    painter.text((MARGIN + 8, 34), title, "bold", 32, d.GOLD, anchor="lm",
                 max_width=WIDTH - 2 * MARGIN - 16)
    painter.text((MARGIN + 8, 70), subtitle, "regular", 22, d.DIM, anchor="lm",
                 max_width=WIDTH - 2 * MARGIN - 16)


def render_standings(table: StandingsTable) -> bytes:
    return d.encode_png(draw_standings(table))


def draw_standings(table: StandingsTable) -> Image.Image:
    rows = table.rows[:MAX_ROWS]
    body = len(rows) * (ROW_H + ROW_GAP) if rows else EMPTY_H
    height = HEADER_H + COLUMNS_H + body + FOOTER_H + MARGIN
    image = Image.new("RGB", (WIDTH, height), d.BACKGROUND)
    painter = Painter(image)
    draw_title(painter, table.title, table.subtitle)
    top = HEADER_H + COLUMNS_H // 2 + 2
    for x, label, anchor in ((RANK_X, "#", "mm"), (NAME_X, "PLAYER", "lm"),
                             (RATING_RIGHT, "RATING", "rm"), (RECORD_X, "RECORD", "lm"),
                             (STREAK_RIGHT, "STREAK", "rm")):
        painter.text((x, top), label, "cond_bold", 22, d.FAINT, anchor=anchor)
    y = HEADER_H + COLUMNS_H
    if not rows:
        painter.box((MARGIN, y, WIDTH - MARGIN, y + EMPTY_H - ROW_GAP), d.PANEL, radius=14)
        painter.text((WIDTH / 2, y + (EMPTY_H - ROW_GAP) / 2), table.empty, "bold", 30, d.DIM,
                     anchor="mm", max_width=WIDTH - 4 * MARGIN)
    for index, row in enumerate(rows):
        _row(painter, y, row, d.PANEL if index % 2 == 0 else d.PANEL_DARK)
        y += ROW_H + ROW_GAP
    bottom = height - MARGIN - FOOTER_H // 2
    if table.footer:
        painter.text((MARGIN + 8, bottom), table.footer, "regular", 22, d.DIM, anchor="lm",
                     max_width=WIDTH - 2 * MARGIN - 16)
    return image


def _row(painter: Painter, y: int, row: StandingRow, fill: RGB) -> None:
    middle = y + ROW_H / 2
    painter.box((MARGIN, y, WIDTH - MARGIN, y + ROW_H), fill, radius=12)
    medal = MEDALS.get(row.rank)
    if medal is not None:
        painter.box((RANK_X - 22, int(middle) - 22, RANK_X + 22, int(middle) + 22), medal,
                    radius=22)
    painter.text((RANK_X, middle), str(row.rank), "bold", 26 if row.rank < 100 else 22,
                 d.ink_on(medal) if medal else d.TEXT, anchor="mm")
    painter.text((NAME_X, middle), row.name, "cond_bold", 30, d.TEXT, anchor="lm",
                 max_width=NAME_W)
    rating = f"{row.rating}?" if row.provisional else str(row.rating)
    painter.text((RATING_RIGHT, middle), rating, "bold", 30,
                 d.DIM if row.provisional else d.GOLD, anchor="rm")
    size = d.largest_size(row.record, "cond", (26, 23, 20), RECORD_W)
    painter.text((RECORD_X, middle), row.record, "cond", size, d.TEXT, anchor="lm",
                 max_width=RECORD_W)
    colour = WIN if row.streak.startswith("W") else LOSS if row.streak.startswith("L") else d.DIM
    painter.text((STREAK_RIGHT, middle), row.streak, "bold", 26, colour, anchor="rm")
