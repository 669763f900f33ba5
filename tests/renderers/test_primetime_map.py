"""The Prime Time map (renderers/primetime_map.py): drawn from PrimeTimeFamily.view only,
at the start, mid-game and at the end of greedy-AI games; a PNG of a fixed width, small,
the same bytes for the same view; the highlight changes the pixels where it is; no hand
card is ever drawn; a malformed view fails with MapViewError."""

from __future__ import annotations

import io
import json
from functools import cache
from typing import Any

import pytest
from PIL import Image

from engine.primetime.ai import GreedyPlayer
from engine.primetime.family import PrimeTimeFamily
from engine.primetime.game import PrimeTimeGame
from engine.primetime.roster import sample_roster
from renderers import _draw
from renderers.primetime_map import (
    BOARD_X,
    BOARD_Y,
    SCALE,
    WIDTH,
    MapHighlight,
    MapLabels,
    MapViewError,
    render_primetime_map,
)

FAMILY = PrimeTimeFamily()
LABELS = MapLabels(("alice", "bob"), "Match #9 · casual · prime-time")
MAX_KB = 200
MID_DECISIONS = 120
MAX_DECISIONS = 20_000  # a whole greedy game is far shorter


@cache
def _game(decisions: int, seed: int = 3) -> PrimeTimeGame:
    """A seeded greedy-vs-greedy game `decisions` in (or to its end)."""
    game = FAMILY.new_game([sample_roster("Cell Games"), sample_roster("Z-Fighters")], seed,
                           "prime-time")
    players = [GreedyPlayer(1), GreedyPlayer(2)]
    for _ in range(decisions):
        decision = game.pending
        if decision is None:
            break
        assert game.apply(decision.player, players[decision.player].choose(game, decision),
                          decision.seq).ok
    return game


def _view(decisions: int, viewer: int | None = None) -> dict[str, Any]:
    return FAMILY.view(_game(decisions), viewer)


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _pixel(image: Image.Image, x: float, y: float) -> tuple[int, int, int]:
    """The pixel at board inches (x, y)."""
    value = image.getpixel((round(BOARD_X + x * SCALE), round(BOARD_Y + y * SCALE)))
    assert isinstance(value, tuple)
    return (value[0], value[1], value[2])


@pytest.mark.parametrize("decisions", [0, MID_DECISIONS, MAX_DECISIONS],
                         ids=["start", "mid", "end"])
def test_renders_a_small_png_of_fixed_width(decisions: int) -> None:
    view = _view(decisions)
    png = render_primetime_map(view, LABELS)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(png) <= MAX_KB * 1024
    image = _image(png)
    assert image.width == WIDTH
    assert image.height > image.width  # upright: a phone's screen


def test_the_games_reach_their_stages() -> None:
    assert _view(0)["phase"] == "setup"
    mid = _view(MID_DECISIONS)
    assert mid["phase"] not in ("setup", "over")
    assert any(m["x"] is not None for m in mid["models"])
    assert _game(MAX_DECISIONS).pending is None
    assert _view(MAX_DECISIONS)["phase"] == "over"


def test_draws_the_turn_players_and_models() -> None:
    view = _view(MID_DECISIONS)
    with _draw.record_text() as drawn:
        render_primetime_map(view, LABELS)
    text = "\n".join(drawn)
    assert f"Round {view['round']}" in text
    assert "alice" in text and "bob" in text
    assert "BK " in text and "Glory " in text
    for m in view["models"]:
        assert m["name"] in text


def test_the_end_says_who_won() -> None:
    view = _view(MAX_DECISIONS)
    with _draw.record_text() as drawn:
        render_primetime_map(view, LABELS)
    assert any(line.startswith("Game over") for line in drawn)


def test_deterministic() -> None:
    view = _view(MID_DECISIONS)
    highlight = MapHighlight(model=view["active"], reach=4.0, path=((15.0, 15.0),))
    assert render_primetime_map(view, LABELS, highlight) == render_primetime_map(
        json.loads(json.dumps(view)), LABELS, highlight)


def _mover(view: dict[str, Any]) -> dict[str, Any]:
    """A model on the table with open ground 3" to one side of it (for pixel checks)."""
    for m in view["models"]:
        if m["x"] is not None and 4 <= m["x"] <= 26:
            return dict(m)
    raise AssertionError("no model on the table")


def _open(point: tuple[float, float], view: dict[str, Any]) -> bool:
    """On the board and at least 1" from every terrain piece's edge and every model."""
    x, y = point
    if not 1 <= x <= 29 or not 1 <= y <= 29:
        return False
    for piece in view["terrain"]:
        outside = max(piece["x"] - x, x - piece["x"] - piece["width"],
                      piece["y"] - y, y - piece["y"] - piece["depth"])  # fmt: skip
        if abs(outside) < 1:
            return False
    return all(m["x"] is None or abs(m["x"] - x) + abs(m["y"] - y) > 2 for m in view["models"])


def test_highlight_is_drawn_where_the_range_is() -> None:
    view = _view(MID_DECISIONS)
    m = _mover(view)
    plain = _image(render_primetime_map(view, LABELS))
    ranged = _image(render_primetime_map(view, LABELS, MapHighlight(model=m["uid"], reach=6.0)))
    # 3" from the centre: inside the movement range, outside the base
    inside = [(m["x"] + dx, m["y"] + dy) for dx, dy in ((3, 0), (-3, 0), (0, 3), (0, -3))]
    assert any(_pixel(plain, *p) != _pixel(ranged, *p) for p in inside)
    # well outside it, on open ground (a terrain piece's edge is drawn again under it)
    far = next(p for dy in (0, 4, -4, 8, -8)
               if _open((p := (m["x"] + 15 if m["x"] < 15 else m["x"] - 15, m["y"] + dy)),
                        view))  # fmt: skip
    assert _pixel(plain, *far) == _pixel(ranged, *far)
    destination = (15.5, 15.5)
    pathed = _image(render_primetime_map(view, LABELS, MapHighlight(model=m["uid"],
                                                                    path=(destination,))))
    assert _pixel(plain, *destination) != _pixel(pathed, *destination)


def test_a_previewed_path_is_drawn_through_its_bends_with_its_distance() -> None:
    # PT-4: a move round an obstacle; the preview draws each leg and says what it costs
    view = _view(MID_DECISIONS)
    m = _mover(view)
    bend, destination = (25.0, 25.0), (15.5, 15.5)
    straight = _image(render_primetime_map(view, LABELS, MapHighlight(
        model=m["uid"], path=(destination,))))
    with _draw.record_text() as drawn:
        bent = _image(render_primetime_map(view, LABELS, MapHighlight(
            model=m["uid"], path=(bend, destination), distance=12.25)))
    leg = ((bend[0] + destination[0]) / 2, (bend[1] + destination[1]) / 2)
    assert _pixel(straight, *leg) != _pixel(bent, *leg)
    assert any('white: path (12.2") and destination' in line for line in drawn)


def test_every_kind_of_decision_the_engine_asks_is_said_in_words() -> None:
    """The map's turn line says what the waiting player decides: every kind the referee
    asks (each `game.ask(player, kind, ...)` of engine/primetime) has its words, not the
    kind's internal name."""
    import re
    from pathlib import Path

    from engine.primetime import reroll, saibamen
    from renderers.primetime_map import KIND_WORDS, decision_words

    source = "\n".join(path.read_text() for path in
                       Path(saibamen.__file__).parent.glob("*.py"))  # fmt: skip
    asked = set(re.findall(r'\.ask\(\s*[\w.]+(?:\(\))?\s*,\s*"(\w+)"', source))
    asked |= {reroll.KIND, saibamen.PLACE}
    assert {"action", "destination", "devoted_partner", "wt_action"} <= asked
    assert sorted(asked - KIND_WORDS.keys()) == []
    # the same words in the Discord board's text (bot/ui/primetime_board.py pt_status)
    assert decision_words("wt_action") == "choose the WT Action"
    assert decision_words("a_new_kind") == "a new kind"


def test_highlight_rejects_a_negative_range() -> None:
    with pytest.raises(ValueError, match="reach"):
        MapHighlight(reach=-1.0)


def test_never_draws_a_hand_card() -> None:
    game = _game(MID_DECISIONS)
    spectator = FAMILY.view(game, None)
    public = json.dumps(spectator)
    hand = [name for name in FAMILY.view(game, 0)["players"][0]["hand"] if name not in public]
    assert hand, "the hand holds no card to look for"
    assert not any(name in public for name in hand)  # the input it uses has none
    with _draw.record_text() as drawn:
        own = render_primetime_map(FAMILY.view(game, 0), LABELS)
    assert not any(name in line for line in drawn for name in hand)
    # its owner's view draws the very same picture as a spectator's
    assert own == render_primetime_map(spectator, LABELS)


@pytest.mark.parametrize(("change", "message"), [
    (lambda v: v.pop("models"), "missing models"),
    (lambda v: v.update(players=v["players"][:1]), "2 players"),
    (lambda v: v["models"][0].pop("hp"), "has no 'hp'"),
])  # fmt: skip
def test_fails_clearly_on_a_malformed_view(change: Any, message: str) -> None:
    view = json.loads(json.dumps(_view(MID_DECISIONS)))
    change(view)
    with pytest.raises(MapViewError, match=message):
        render_primetime_map(view, LABELS)


def test_fails_clearly_on_a_non_mapping() -> None:
    with pytest.raises(MapViewError, match="mapping"):
        render_primetime_map([], LABELS)  # type: ignore[arg-type]


def test_reachable_points_and_a_blocked_sight_line_are_drawn() -> None:
    view = _view(MID_DECISIONS)
    m = _mover(view)
    enemy = next(e for e in view["models"] if e["x"] is not None and e["owner"] != m["owner"])
    spot = (15.5, 15.5)
    plain = _image(render_primetime_map(view, LABELS))
    shown = _image(render_primetime_map(view, LABELS, MapHighlight(
        model=m["uid"], points=(spot,), target=enemy["uid"], sight=False)))
    assert _pixel(plain, *spot) != _pixel(shown, *spot)
    middle = ((m["x"] + enemy["x"]) / 2, (m["y"] + enemy["y"]) / 2)
    red, green, _ = _pixel(shown, *middle)
    assert red > green  # blocked: a red line
    with _draw.record_text() as drawn:
        render_primetime_map(view, LABELS, MapHighlight(model=m["uid"], target=enemy["uid"],
                                                        sight=False))
    assert any("sight blocked" in line for line in drawn)


def test_states_and_dazed_are_shown() -> None:
    view = json.loads(json.dumps(_view(MID_DECISIONS)))
    m = _mover(view)
    plain = _image(render_primetime_map(view, LABELS))
    for seen in view["models"]:
        if seen["uid"] == m["uid"]:
            seen.update(states=["staggered"], status="dazed", level=1)
    with _draw.record_text() as drawn:
        png = render_primetime_map(view, LABELS)
    line = next(line for line in drawn if line.startswith(m["name"]))
    assert "Dazed" in line and "Staggered" in line and "L1" in line
    # the badge above the base: 35 mm is ~0.69" in radius
    above = (m["x"], m["y"] - 0.72)
    assert _pixel(plain, *above) != _pixel(_image(png), *above)
