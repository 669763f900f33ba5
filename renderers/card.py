"""One card face as a PNG: name, style and type, Endurance, the text, and for personalities
the level, alignment, PUR and the 11 power stages. Drawn from the card's data (the names
and text are the project's own sandbox cards), not from any scan of a printed card."""

from __future__ import annotations

from PIL import Image

from engine.panini.cards import Card
from renderers import _draw as d
from renderers._draw import RGB, Painter

WIDTH = 480
HEIGHT = 672
BORDER = 12
PAD = 22
TEXT_SIZES = (30, 28, 26, 24, 22, 20, 18)  # the card text shrinks to fit its box

_LAYERS = d.LayerCache()


def render_card(card: Card) -> bytes:
    """The face of `card` as PNG bytes (deterministic)."""
    return d.encode_png(draw_card(card))


def type_line(card: Card) -> str:
    """ "SAIYAN · PHYSICAL COMBAT"; personalities and Dragon Balls need no style."""
    kind = d.TYPE_NAMES.get(card.type.value, card.type.value).upper()
    if card.is_personality or card.dragon_ball is not None:
        return kind
    return f"{d.STYLE_NAMES.get(card.style.value, card.style.value).upper()} · {kind}"


def frame_colour(card: Card) -> RGB:
    """Personalities are framed by alignment (hero blue, villain red), Dragon Balls in gold,
    the rest by style."""
    if card.is_personality:
        return d.alignment_colour(card.alignment.value if card.alignment else None)
    if card.dragon_ball is not None:
        return d.DRAGON_BALL
    return d.style_colour(card.style.value)


def draw_card(card: Card) -> Image.Image:
    colour = frame_colour(card)
    image = _LAYERS.get(("card", colour), lambda: _frame(colour)).copy()
    painter = Painter(image)
    left, right = BORDER + PAD, WIDTH - BORDER - PAD
    width = right - left

    # Name bar.
    name_lines = d.wrap(card.name, "cond_bold", 34, width, max_lines=2)
    size = 34 if len(name_lines) == 1 else 30
    painter.paragraph((left, BORDER + 16 if len(name_lines) == 1 else BORDER + 10), card.name,
                      "cond_bold", size, d.ink_on(colour), width=width, max_lines=2,
                      line_height=36)
    y = BORDER + 96

    painter.text((left, y + 13), type_line(card), "bold", 20, d.DIM, anchor="lm",
                 max_width=width)
    y += 42

    # Badges: level, alignment, PUR, Endurance, Dragon Ball.
    x = left
    for text, fill in _badges(card):
        x += painter.pill((x, y), text, "bold", 20, fill, height=34) + 8
    if x > left:
        y += 46
    if card.is_personality:
        y = _stages(painter, card, left, right, y)

    # The text, in the space left.
    bottom = HEIGHT - BORDER - PAD
    painter.box((left - 8, y, right + 8, bottom), d.INSET, radius=12)
    text = card.text or "(no text)"
    for size in TEXT_SIZES:
        step = round(size * 1.3)
        fits = max(1, (bottom - y - 24) // step)
        lines = d.rich_lines(text, "regular", size, width - 12, breaks=True)
        if len(lines) <= fits or size == TEXT_SIZES[-1]:
            painter.rich((left + 6, y + 12), text, "regular", size, d.TEXT, width=width - 12,
                         breaks=True, max_lines=fits, line_height=step,
                         keyword_fill=d.GOLD)
            break
    return image


def _frame(colour: RGB) -> Image.Image:
    """Border, name bar and body of a card in `colour` (cached per colour)."""
    image = Image.new("RGB", (WIDTH, HEIGHT), d.BACKGROUND)
    painter = Painter(image)
    painter.box((0, 0, WIDTH - 1, HEIGHT - 1), colour, d.edge_colour(colour), 3, radius=26)
    painter.box((BORDER, BORDER, WIDTH - 1 - BORDER, HEIGHT - 1 - BORDER), d.PANEL, radius=18)
    painter.box((BORDER, BORDER, WIDTH - 1 - BORDER, BORDER + 84), colour, radius=18)
    painter.box((BORDER, BORDER + 60, WIDTH - 1 - BORDER, BORDER + 84), colour)
    return image


def _badges(card: Card) -> list[tuple[str, RGB]]:
    badges: list[tuple[str, RGB]] = []
    alignment = card.alignment.value if card.alignment else None
    if card.is_personality:
        if card.level is not None:
            badges.append((f"LEVEL {card.level}", d.INSET))
        if alignment:
            badges.append((alignment.upper(), d.alignment_colour(alignment)))
        badges.append((f"PUR +{card.pur}", d.INSET))
    elif alignment:
        plural = "HEROES" if alignment == "hero" else f"{alignment.upper()}S"
        badges.append((f"{plural} ONLY", d.alignment_colour(alignment)))
    if card.endurance:
        badges.append((f"ENDURANCE {card.endurance}", d.GOLD))
    if card.dragon_ball is not None:
        ball = card.dragon_ball
        badges.append((f"{ball.set} · {ball.number}★", d.INSET))
    return badges


def _stages(painter: Painter, card: Card, left: int, right: int, y: int) -> int:
    """The power stages 0..10 in two columns."""
    painter.text((left, y), "POWER STAGES", "bold", 17, d.DIM)
    y += 26
    column_w = (right - left) // 2
    row_h = 29
    for stage, power in enumerate(card.power_stages):
        column, row = divmod(stage, 6)
        cx, cy = left + column * column_w, y + row * row_h
        painter.text((cx + 24, cy + row_h / 2), str(stage), "bold", 19, d.GOLD, anchor="rm")
        painter.text((cx + 36, cy + row_h / 2), f"{power:,}", "bold", 22, d.TEXT, anchor="lm")
    return y + 6 * row_h + 12
