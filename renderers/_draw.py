"""The drawing kit the renderers share: the bundled fonts, the colours, one text helper
that every string drawn goes through, layer caches and PNG encoding.

Thread safety: fonts are cached per thread (a FreeType face is not shared between
threads); layer caches hold images that are never drawn on after they are built (users
paste them or copy them) and are filled under a lock; the text recorder is a ContextVar,
so each thread (and each context) records only its own drawing."""

from __future__ import annotations

import io
import math
import re
import threading
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Literal

from PIL import Image, ImageDraw, ImageFont

from engine.panini.cards import Card, CardPool, load_pool

FONT_DIR = Path(__file__).resolve().parent.parent / "data" / "fonts"
FONT_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "cond": "DejaVuSansCondensed.ttf",
    "cond_bold": "DejaVuSansCondensed-Bold.ttf",
}
Face = Literal["regular", "bold", "cond", "cond_bold"]
RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]
ELLIPSIS = "…"

# --- colours (a dark table, like Discord's dark theme) ----------------------------------------
BACKGROUND: RGB = (24, 25, 29)
PANEL: RGB = (40, 42, 49)
PANEL_DARK: RGB = (31, 33, 38)
INSET: RGB = (54, 57, 66)
TEXT: RGB = (242, 243, 245)
DIM: RGB = (170, 176, 186)
FAINT: RGB = (110, 116, 128)
GOLD: RGB = (250, 204, 21)
GOLD_DARK: RGB = (120, 92, 8)
ANGER: RGB = (255, 110, 40)
STOPPED: RGB = (140, 146, 156)
DANGER: RGB = (255, 120, 60)
DRAGON_BALL: RGB = (250, 170, 40)

HERO: RGB = (66, 135, 255)
VILLAIN: RGB = (235, 64, 64)
NEUTRAL: RGB = (130, 136, 148)

STYLE_COLOURS: dict[str, RGB] = {
    "black": (14, 14, 17),  # drawn with a light edge (edge_colour) to stand out
    "blue": (37, 99, 235),
    "namekian": (34, 150, 70),
    "orange": (242, 130, 22),
    "red": (210, 38, 45),
    "saiyan": (150, 96, 48),
    "freestyle": (118, 124, 136),
}
STYLE_NAMES = {
    "black": "Black",
    "blue": "Blue",
    "namekian": "Namekian",
    "orange": "Orange",
    "red": "Red",
    "saiyan": "Saiyan",
    "freestyle": "Freestyle",
}
TYPE_NAMES = {
    "main_personality": "Main Personality",
    "mastery": "Mastery",
    "physical_combat": "Physical Combat",
    "energy_combat": "Energy Combat",
    "event": "Event",
    "setup": "Setup",
    "drill": "Drill",
    "ally": "Ally",
    "dragon_ball": "Dragon Ball",
}


def alignment_colour(alignment: str | None) -> RGB:
    if alignment == "hero":
        return HERO
    if alignment == "villain":
        return VILLAIN
    return NEUTRAL


def style_colour(style: str | None) -> RGB:
    return STYLE_COLOURS.get(style or "", STYLE_COLOURS["freestyle"])


def ink_on(fill: RGB) -> RGB:
    """Dark or light text, whichever reads better on `fill`."""
    red, green, blue = fill
    return (20, 20, 24) if 0.299 * red + 0.587 * green + 0.114 * blue > 165 else TEXT


def edge_colour(fill: RGB) -> RGB | None:
    """A light outline for fills too dark to stand out on the dark table (Black style)."""
    red, green, blue = fill
    return (160, 164, 176) if 0.299 * red + 0.587 * green + 0.114 * blue < 45 else None


def darker(colour: RGB, factor: float = 0.55) -> RGB:
    red, green, blue = colour
    return (int(red * factor), int(green * factor), int(blue * factor))


# --- card data by name (the board's view has names only) ---------------------------------------
_POOL_LOCK = threading.Lock()


def sandbox_card(name: str) -> Card | None:
    """The sandbox set's card of that name, if any: the board colours cards by style."""
    with _POOL_LOCK:  # load_pool fills a plain dict on first use
        pool: CardPool = load_pool()
    return pool.find(name)


def style_of(name: str, pool: CardPool | None = None) -> str | None:
    card = (pool.find(name) if pool is not None else None) or sandbox_card(name)
    if card is not None:
        return card.style.value
    first = name.split(" ", 1)[0].casefold()
    return first if first in STYLE_COLOURS else None


# --- fonts -----------------------------------------------------------------------------------
_THREAD = threading.local()


def font(face: Face, size: int) -> ImageFont.FreeTypeFont:
    """A bundled DejaVu face (data/fonts only, never system fonts), cached per thread."""
    fonts: dict[tuple[str, int], ImageFont.FreeTypeFont] | None = getattr(_THREAD, "fonts", None)
    if fonts is None:
        fonts = _THREAD.fonts = {}
    key = (face, size)
    loaded = fonts.get(key)
    if loaded is None:
        loaded = fonts[key] = ImageFont.truetype(
            str(FONT_DIR / FONT_FILES[face]), size, layout_engine=ImageFont.Layout.BASIC
        )
    return loaded


@lru_cache(maxsize=4096)
def _has_glyph(char: str) -> bool:
    probe = font("regular", 20)
    return bytes(probe.getmask(char)) != bytes(probe.getmask("\ue000")) or char == "\ue000"


def displayable(text: str) -> str:
    """`text` with characters the fonts lack (most emoji, CJK) replaced by "?": a player's
    display name may contain anything; a box of tofu helps nobody."""
    if text.isascii():
        return text
    return "".join(ch if ch.isspace() or _has_glyph(ch) else "?" for ch in text)


@lru_cache(maxsize=16384)
def text_width(text: str, face: Face, size: int) -> float:
    """The advance of `text` in pixels (kept: boards measure the same names and labels at
    every decision, and a wrap measures each growing line)."""
    return font(face, size).getlength(text)


def fit(text: str, face: Face, size: int, width: float) -> str:
    """`text`, cut with an ellipsis if it is wider than `width` pixels."""
    if text_width(text, face, size) <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that fits with the ellipsis
        middle = (low + high + 1) // 2
        if text_width(text[:middle].rstrip() + ELLIPSIS, face, size) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS


def wrap(text: str, face: Face, size: int, width: float, max_lines: int = 99) -> list[str]:
    """Greedy word wrap; the last allowed line ends in an ellipsis when text is left over."""
    lines: list[str] = []
    current = ""
    words = text.split()
    for index, word in enumerate(words):
        candidate = f"{current} {word}" if current else word
        if text_width(candidate, face, size) <= width:
            current = candidate
            continue
        if current:
            lines.append(current)
        current = word
        if len(lines) == max_lines:
            break
        if text_width(word, face, size) > width:  # a word longer than the line: cut it
            current = fit(word, face, size, width)
        if len(lines) == max_lines - 1 and index < len(words) - 1:
            rest = " ".join(words[index:])
            if text_width(rest, face, size) > width:
                lines.append(fit(rest, face, size, width))
                return lines
    if current and len(lines) < max_lines:
        lines.append(current)
    return lines


def largest_size(text: str, face: Face, sizes: tuple[int, ...], width: float) -> int:
    """The first of `sizes` (largest first) at which `text` fits `width`, else the last."""
    for size in sizes:
        if text_width(text, face, size) <= width:
            return size
    return sizes[-1]



# --- lines of text, drawn once and stamped ---------------------------------------------------
@lru_cache(maxsize=2048)  # 3 KB each on average (a board's lines): ~7 MB per render process
def _line_mask(text: str, face: Face, size: int, anchor: str, start: tuple[float, float]
               ) -> tuple[Image.Image, tuple[int, int]]:
    """One line of text as an 8-bit coverage mask drawn at the sub-pixel `start`, and its
    top-left corner relative to the anchor point's whole pixel. Kept: most of what a board
    says (names, labels, card names, numbers) is said again at the next decision, and
    FreeType's rendering was most of a board's drawing time."""
    typeface = font(face, size)
    left, top, right, bottom = (math.floor(v) for v in typeface.getbbox(text, anchor=anchor))
    mask = Image.new("L", (right - left + 2, bottom - top + 2), 0)
    ImageDraw.Draw(mask).text((start[0] - left, start[1] - top), text, font=typeface,
                              fill=255, anchor=anchor)
    return mask, (left, top)


def stamp(image: Image.Image, xy: tuple[float, float], text: str, face: Face, size: int,
          fill: RGB, anchor: str = "la") -> None:
    """Draw one line of `text` with its `anchor` point at `xy` in `fill`: the pixels
    ImageDraw.text draws there, from a kept mask."""
    if not text:
        return
    if "\n" in text or "\r" in text:  # several lines (a name typed so): ImageDraw lays them out
        ImageDraw.Draw(image).text(xy, text, font=font(face, size), fill=fill, anchor=anchor)
        return
    x, y = math.floor(xy[0]), math.floor(xy[1])
    mask, (left, top) = _line_mask(text, face, size, anchor, (xy[0] - x, xy[1] - y))
    image.paste(fill, (x + left, y + top), mask)


# --- rich text: card text with its keywords in bold --------------------------------------------
_TOKEN = re.compile(r"(WHEN ENTERING COMBAT:|[A-Z][A-Z']*[A-Z]:)|(\S+)")
# Keywords that open a new line on a card face ("POWER: ...", "DAMAGE: ...").
SECTION_KEYWORDS = frozenset(
    {"POWER:", "DAMAGE:", "HIT:", "WISH:", "CONSTANT:", "WHEN ENTERING COMBAT:"}
)
BOLD: dict[str, Face] = {
    "regular": "bold", "cond": "cond_bold", "bold": "bold", "cond_bold": "cond_bold"
}
Run = tuple[str, Face]  # (text, face), drawn one after the other on a line


def rich_lines(
    text: str, face: Face, size: int, width: float, *, breaks: bool, max_lines: int = 99
) -> list[list[Run]]:
    """Word-wrap `text` with KEYWORDS: in the bold face; with `breaks`, a section keyword
    starts a new line. Over `max_lines`, the last line ends in an ellipsis."""
    bold = BOLD[face]
    space = text_width(" ", face, size)
    lines: list[list[Run]] = [[]]
    used = 0.0
    words: list[tuple[str, Face, bool]] = []  # (word, face, opens a section)
    for match in _TOKEN.finditer(text):
        if match[1]:
            parts = match[1].split()
            section = breaks and match[1] in SECTION_KEYWORDS
            words += [(part, bold, section and n == 0) for n, part in enumerate(parts)]
        else:
            words.append((match[2], face, False))
    for word, word_face, section in words:
        word_w = text_width(word, word_face, size)
        line = lines[-1]
        fresh = section and bool(line)
        if line and (fresh or used + space + word_w > width):
            lines.append([])
            line, used = lines[-1], 0.0
        if line:
            used += space
        if word_w > width:
            word = fit(word, word_face, size, width)
            word_w = text_width(word, word_face, size)
        line.append((word, word_face))
        used += word_w
    lines = [line for line in lines if line]
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        last = lines[-1]
        while last:
            total = sum(text_width(t, f, size) for t, f in last) + space * (len(last) - 1)
            if total + text_width(ELLIPSIS, face, size) <= width:
                break
            last.pop()
        last.append((ELLIPSIS, face))
    return lines


# --- the one text helper ---------------------------------------------------------------------
_RECORDER: ContextVar[list[str] | None] = ContextVar("renderers_text", default=None)


@contextmanager
def record_text() -> Iterator[list[str]]:
    """Collect every string handed to a Painter in this context (tests check what a board
    draws: text in pixels cannot be searched)."""
    drawn: list[str] = []
    token = _RECORDER.set(drawn)
    try:
        yield drawn
    finally:
        _RECORDER.reset(token)


class Painter:
    """ImageDraw plus the text helpers; all text drawn by the renderers goes through
    `text` or `paragraph`, which record what they are given."""

    def __init__(self, image: Image.Image) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)

    @staticmethod
    def _record(text: str) -> None:
        recorder = _RECORDER.get()
        if recorder is not None:
            recorder.append(text)

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        face: Face,
        size: int,
        fill: RGB,
        *,
        anchor: str = "la",
        max_width: float | None = None,
    ) -> int:
        """Draw one line (cut to `max_width` with an ellipsis); returns its width (whole
        pixels, rounded up)."""
        self._record(text)
        shown = displayable(text)
        if max_width is not None:
            shown = fit(shown, face, size, max_width)
        stamp(self.image, xy, shown, face, size, fill, anchor)
        return math.ceil(text_width(shown, face, size))

    def paragraph(
        self,
        xy: tuple[float, float],
        text: str,
        face: Face,
        size: int,
        fill: RGB,
        *,
        width: float,
        max_lines: int = 99,
        line_height: float | None = None,
        anchor: str = "la",
    ) -> int:
        """Draw `text` word-wrapped to `width`, each line placed at its `anchor` ("ma":
        centred on x); returns the number of lines drawn."""
        self._record(text)
        lines = wrap(displayable(text), face, size, width, max_lines)
        step = line_height or round(size * 1.25)
        x, y = xy
        for number, line in enumerate(lines):
            stamp(self.image, (x, y + number * step), line, face, size, fill, anchor)
        return len(lines)

    def rich(
        self,
        xy: tuple[float, float],
        text: str,
        face: Face,
        size: int,
        fill: RGB,
        *,
        width: float,
        breaks: bool = False,
        max_lines: int = 99,
        line_height: float | None = None,
        keyword_fill: RGB | None = None,
    ) -> int:
        """Card text: wrapped, KEYWORDS: in bold; returns the number of lines drawn."""
        self._record(text)
        lines = rich_lines(displayable(text), face, size, width, breaks=breaks,
                           max_lines=max_lines)
        step = line_height or round(size * 1.25)
        space = text_width(" ", face, size)
        x0, y = xy
        for line in lines:
            segments: list[Run] = []  # runs of one face, drawn in one call each
            for word, word_face in line:
                if segments and segments[-1][1] == word_face:
                    segments[-1] = (f"{segments[-1][0]} {word}", word_face)
                else:
                    segments.append((word, word_face))
            x = x0
            for segment, segment_face in segments:
                ink = keyword_fill if keyword_fill and segment_face != face else fill
                stamp(self.image, (x, y), segment, segment_face, size, ink)
                x += text_width(segment, segment_face, size) + space
            y += step
        return len(lines)

    def box(self, box: Box, fill: RGB | None, outline: RGB | None = None, width: int = 0,
            radius: int = 0) -> None:
        if radius:
            self.draw.rounded_rectangle(box, radius, fill=fill, outline=outline, width=width)
        else:
            self.draw.rectangle(box, fill=fill, outline=outline, width=width)

    def pill(self, xy: tuple[int, int], text: str, face: Face, size: int, fill: RGB,
             *, ink: RGB | None = None, height: int = 34, pad: int = 12,
             max_width: float | None = None, outline: RGB | None = None) -> int:
        """A rounded label at `xy` (top left); returns its width."""
        shown = displayable(text)
        if max_width is not None:
            shown = fit(shown, face, size, max_width - 2 * pad)
        width = round(text_width(shown, face, size)) + 2 * pad
        x, y = xy
        self.box((x, y, x + width, y + height), fill, outline=outline,
                 width=2 if outline else 0, radius=height // 2)
        self._record(text)
        stamp(self.image, (x + pad, y + height / 2), shown, face, size, ink or ink_on(fill),
              "lm")
        return width


# --- caches and encoding --------------------------------------------------------------------
class LayerCache:
    """Images built once per key (static layers), shared read-only between threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._items: dict[Hashable, Image.Image] = {}

    def get(self, key: Hashable, build: Callable[[], Image.Image]) -> Image.Image:
        with self._lock:
            image = self._items.get(key)
            if image is None:
                image = self._items[key] = build()
            return image

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


PALETTE_COLOURS = 128


def encode_png(image: Image.Image) -> bytes:
    """PNG bytes, small and quick: an adaptive palette (flat colours and anti-aliased text
    need few) learned from a quarter-size copy: a quarter of a half-size copy's pixels, and
    as good here (no pixel of a board or a hand off by more than 24 of 255, measured), then
    zlib level 3. Deterministic: no timestamps, no dithering."""
    palette = image.reduce(4).quantize(
        PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    indexed = image.quantize(palette=palette, dither=Image.Dither.NONE)
    out = io.BytesIO()
    indexed.save(out, "PNG", compress_level=3)
    return out.getvalue()
