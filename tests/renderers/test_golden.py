"""Golden images: fixed, deterministic states rendered and compared with the PNGs stored in
tests/renderers/golden/.

The comparison decodes both images and tolerates what FreeType builds do differently
(anti-aliasing levels, glyph edges one pixel off): a pixel only counts as different when
it lies more than STRONG outside the range of the other image's 3x3 neighbourhood, in
either direction, and at most MAX_DIFFERENT_SHARE of the pixels may (one changed digit of
a power level is about 80 pixels of a board's million; the allowance is about 50).

To regenerate the goldens after an intended change, run

    UPDATE_GOLDEN=1 .venv/bin/pytest tests/renderers -q

then look at the new PNGs (git status shows which changed) before committing them. A
failing comparison saves what was drawn as <tmp>/scouter-golden/<name>.png, to look at."""

from __future__ import annotations

import io
import os
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageFilter

from engine.panini.cards import load_pool
from engine.panini.view import SPECTATOR, player_view
from renderers.board import BoardLabels, render_board
from renderers.card import render_card
from renderers.hand import render_hand
from tests.renderers import states

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
STRONG = 64  # a channel this far outside the neighbourhood is a change, not anti-aliasing
MAX_DIFFERENT_SHARE = 0.00005
LABELS = BoardLabels(("Ann", "Bob the Builder"), "Match #7 · ranked · panini-2016")


@cache
def snapshot(name: str) -> states.Snapshot:
    builder: Callable[[], states.Snapshot] = getattr(states, name)
    return builder()


def board(name: str, viewer: int | None = SPECTATOR) -> bytes:
    snap = snapshot(name)
    return render_board(player_view(snap.game, viewer), LABELS, snap.events)


def hand(name: str, seat: int) -> bytes:
    return render_hand(player_view(snapshot(name).game, seat), seat, load_pool())


CASES: dict[str, Callable[[], bytes]] = {
    "board-start-of-game": lambda: board("start_of_game"),
    "board-mid-combat": lambda: board("mid_combat"),
    "board-mid-combat-player-1": lambda: board("mid_combat", 0),
    "board-captured-dragon-ball": lambda: board("captured_dragon_ball"),
    "board-finished": lambda: board("finished"),
    "hand-three-cards": lambda: hand("mid_combat", 0),
    "hand-empty": lambda: hand("captured_dragon_ball", 1),
    "card-personality": lambda: render_card(load_pool()["Goku, Golden Rage Awakened"]),
    "card-endurance": lambda: render_card(load_pool()["Saiyan Skull Splitter"]),
}


def _outside(actual: Image.Image, expected: Image.Image) -> int:
    """Pixels of `actual` more than STRONG outside the 3x3 neighbourhood range of
    `expected`, in any channel."""
    high = expected.filter(ImageFilter.MaxFilter(3))
    low = expected.filter(ImageFilter.MinFilter(3))
    beyond = ImageChops.add(ImageChops.subtract(actual, high), ImageChops.subtract(low, actual))
    red, green, blue = beyond.split()
    largest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return largest.point(lambda value: 255 if value > STRONG else 0).histogram()[255]


def compare(actual: Image.Image, expected: Image.Image) -> str | None:
    """None when the images match within the tolerance, else what differs."""
    if actual.size != expected.size:
        return f"size {actual.size} != golden {expected.size}"
    actual, expected = actual.convert("RGB"), expected.convert("RGB")
    if actual.tobytes() == expected.tobytes():
        return None  # the usual case, and quick
    different = max(_outside(actual, expected), _outside(expected, actual))
    allowed = MAX_DIFFERENT_SHARE * actual.width * actual.height
    if different > allowed:
        return f"{different} pixels differ (at most {allowed:.0f} may)"
    return None


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(name: str) -> None:
    png = CASES[name]()
    path = GOLDEN / f"{name}.png"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_bytes(png)
        return
    assert path.exists(), f"no golden {path.name}: run with UPDATE_GOLDEN=1 to create it"
    actual = Image.open(io.BytesIO(png))
    with Image.open(path) as expected:
        problem = compare(actual, expected)
    if problem is not None:
        saved = Path(tempfile.gettempdir()) / "scouter-golden" / path.name
        saved.parent.mkdir(exist_ok=True)
        saved.write_bytes(png)
        pytest.fail(f"{name}: {problem}; drawn image saved as {saved}")


def test_compare_tolerates_rasterisation_but_not_changes() -> None:
    golden = Image.open(io.BytesIO(CASES["board-mid-combat"]())).convert("RGB")
    shifted = golden.transform(golden.size, Image.Transform.AFFINE, (1, 0, -1, 0, 1, 0))
    assert compare(shifted, golden) is None  # everything one pixel to the right
    view = player_view(snapshot("mid_combat").game, SPECTATOR)
    view["players"][1]["main_personality"]["power_level"] += 10_000  # one digit
    changed = Image.open(io.BytesIO(render_board(view, LABELS, snapshot("mid_combat").events)))
    assert compare(changed, golden) is not None
    assert compare(golden.resize((800, 900)), golden) is not None
