"""A DBZ: Prime Time match as a top-down map (PNG), drawn only from the family's view
(engine.primetime.view.view), never from the raw state: hands are never read.

The 30" x 30" table (y = 0 at the top, side 0's edge) with an inch grid and its edges
labelled every 5", terrain by state (intact solid, damaged hatched, rubble dotted), both
deployment zones, the objectives of the missions in play with their ZOC circles, each
model on the table as a base to scale in its player's colour (a short code inside, HP
below, altitude and states above), Saibamen tokens as "S" discs (ringed in gold while
they grab), the active model ringed in gold, and an optional highlight (movement range,
a previewed path, an action's range and line of sight).
Below the table: round, phase, whose turn and what is asked, each player's BK, WT and
Glory per round, and a roster keyed by the codes on the bases. Sized for a phone held
upright: 912 px wide."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from renderers import _draw as d
from renderers._draw import RGB, Painter

BOARD_IN = 30  # inches ("30" x 30" board")
SCALE = 28  # pixels per inch: a 35 mm base is ~39 px across
EDGE = 36  # room for the coordinate labels around the table
HEADER_H = 58
BOARD_PX = BOARD_IN * SCALE
WIDTH = BOARD_PX + 2 * EDGE
BOARD_X = EDGE
BOARD_Y = HEADER_H + EDGE
STATUS_H = 228
ROSTER_LINE = 26
MM_TO_IN = 1 / 25.4
TOKEN_MM = 32  # the objective token ("32mm token")
LABEL_EVERY = 5

TABLE: RGB = (52, 66, 50)
TABLE_EDGE: RGB = (96, 110, 92)
GRID: RGB = (66, 81, 64)
GRID_MAJOR: RGB = (88, 104, 86)
TERRAIN: dict[str, RGB] = {"intact": (128, 106, 82), "damaged": (104, 88, 70),
                           "rubble": (78, 70, 62)}  # fmt: skip
TERRAIN_EDGE: RGB = (200, 180, 150)
OBJECTIVE: RGB = (250, 204, 21)
SEAT_COLOURS: tuple[RGB, RGB] = ((232, 92, 60), (66, 135, 255))
MOVE_FILL = (120, 220, 255, 60)
RANGE_LINE: RGB = (255, 236, 120)
PATH_LINE: RGB = (255, 255, 255)
SIGHT_CLEAR: RGB = (120, 240, 140)
SIGHT_BLOCKED: RGB = (255, 90, 90)
STATE_BADGES = {"staggered": "STG", "exhausted": "EXH", "overloaded": "OVL",
                "grabbed": "GRB", "petrified": "PET", "bound": "BND", "showboating": "SHW",
                "confection": "CHOC", "majin brand": "BRAND"}  # fmt: skip
STATUS_WORDS = {"reserve": "in reserve", "ko": "KO'd", "removed": "removed",
                "unformed": "not formed", "fused": "fused", "reforming": "reforming",
                "dazed": "Dazed", "active": ""}  # fmt: skip
KIND_WORDS = {"action": "choose an action", "activate": "choose a model to activate",
              "destination": "choose where to move", "deploy_at": "deploy a model",
              "deploy_model": "choose a model to deploy", "side": "choose a side",
              "first_player": "choose who goes first", "z_reaction": "react (Z-Evasion...)",
              "power_up": "Power-Up", "altitude": "change altitude",
              "ascension": "Ascension", "discard": "discard",
              "saibaman_at": "place a Saibaman", "saibaman_next": "choose a Saibaman",
              "saibaman_contact": "Saibaman: burst or grab",
              "card_attack": "choose the card's attack target",
              "card_target": "choose the card's target", "deflect": "deflect the beam?",
              "devoted_partner": "declare a Devoted Support partner",
              "evade_to": "choose where to evade", "free_strike": "free strike?",
              "fusion": "fuse?", "knockback": "knock-back in the air",
              "momentum": "Clash Momentum", "reentry_at": "place the returning model",
              "reposition": "Reposition", "reroll": "Tactical Re-roll?",
              "wt_action": "choose the WT Action"}  # fmt: skip
REQUIRED_KEYS = ("round", "phase", "turn", "players", "models", "terrain", "missions")


def decision_words(kind: str) -> str:
    """What a player waited on decides, in words ("choose where to move")."""
    return KIND_WORDS.get(kind, kind.replace("_", " "))
Point = tuple[float, float]


class MapViewError(ValueError):
    """The view is not a Prime Time view the map can draw (a missing or malformed key)."""


@dataclass(frozen=True)
class MapLabels:
    players: tuple[str, str] | None = None  # Discord names; the rosters' names if None
    title: str = "Prime Time match"


@dataclass(frozen=True)
class MapHighlight:
    """What the player is choosing, drawn over the table. Every field is optional:
    `model` is the model it is about (its uid); `reach` its movement range in inches
    from its base edge, or `points` the exact reachable spots (e.g. the decision's grid
    options); `path` a previewed move's waypoints ending at its destination (the bends
    of its way round what stands in the way) and `distance` what it costs; `range` an action's
    range from the base edge and `target` the model it would hit, with `sight` whether
    line of sight is clear (green) or blocked (red)."""

    model: int | None = None
    reach: float | None = None
    points: tuple[Point, ...] = ()
    path: tuple[Point, ...] = ()
    distance: float | None = None
    range: float | None = None
    target: int | None = None
    sight: bool = True

    def __post_init__(self) -> None:
        for name in ("reach", "range", "distance"):
            value = getattr(self, name)
            if value is not None and value < 0:
                raise ValueError(f"MapHighlight.{name} must not be negative: {value}")


def render_primetime_map(view: Mapping[str, Any], labels: MapLabels | None = None,
                         highlight: MapHighlight | None = None) -> bytes:
    return d.encode_png(draw_primetime_map(view, labels or MapLabels(), highlight))


def draw_primetime_map(view: Mapping[str, Any], labels: MapLabels,
                       highlight: MapHighlight | None) -> Image.Image:
    _check(view)
    players: list[Mapping[str, Any]] = list(view["players"])
    on_table = [m for m in view["models"] if m.get("x") is not None and m.get("y") is not None]
    codes = model_codes(view["models"])
    roster_h = 40 + ROSTER_LINE * math.ceil(len(view["models"]) / 2)
    height = BOARD_Y + BOARD_PX + EDGE + STATUS_H + roster_h
    image = Image.new("RGB", (WIDTH, height), d.BACKGROUND)
    image.paste(_GRID.get("grid", _grid_layer), (0, HEADER_H))
    draw = ImageDraw.Draw(image, "RGBA")  # RGBA: translucent fills blend onto the table
    paint = Painter(image)
    names = _player_names(players, labels)
    _zones(draw, view, players, names)
    _terrain(draw, view["terrain"])
    _objectives(draw, view)
    by_uid = {m["uid"]: m for m in on_table}
    if highlight is not None:
        _highlight_under(draw, highlight, by_uid)
    _tokens(draw, view.get("tokens", []))
    for m in on_table:
        _model(draw, m, codes[m["uid"]], m["uid"] == view.get("active"))
    for m in on_table:  # a second pass: badges stay readable over a neighbour's base
        _model_badges(draw, m)
    if highlight is not None:
        _highlight_over(draw, highlight, by_uid)
        _clip_to_table(image, draw)
    _header(paint, view, labels)  # after the highlight: a long range never crosses the title
    top = BOARD_Y + BOARD_PX + EDGE
    _status(paint, view, players, names, top)
    for row, line in enumerate(_legend(highlight)):
        paint.text((EDGE + 14, top + 162 + 24 * row), line, "cond", 16, d.DIM,
                   max_width=WIDTH - 2 * EDGE - 28)
    _roster(paint, view["models"], codes, view.get("active"), top + STATUS_H)
    return image


# --- checks and names -------------------------------------------------------------------
def _check(view: Mapping[str, Any]) -> None:
    if not isinstance(view, Mapping):
        raise MapViewError(f"expected a Prime Time view (a mapping), got {type(view).__name__}")
    missing = [key for key in REQUIRED_KEYS if key not in view]
    if missing:
        raise MapViewError(f"not a Prime Time view: missing {', '.join(missing)}")
    if len(view["players"]) != 2:
        raise MapViewError(f"a Prime Time view has 2 players, got {len(view['players'])}")
    for m in view["models"]:
        for key in ("uid", "owner", "name", "hp", "hp_max", "status", "base_mm"):
            if key not in m:
                raise MapViewError(f"model {m.get('uid', '?')} has no {key!r}")


def model_codes(models: Sequence[Mapping[str, Any]]) -> dict[int, str]:
    """A short unique code per model for its base ("Android 17" -> "A17", "Goku" ->
    "GOK"), the roster below the table says whose it is."""
    codes: dict[int, str] = {}
    used: set[str] = set()
    for m in models:
        name = str(m["name"])
        digits = "".join(re.findall(r"\d", name))
        letters = re.sub(r"[^A-Za-z]", "", name).upper()
        code = (letters[:1] + digits)[:3] if digits else letters[:3] or "?"
        base, n = code, 2
        while code in used:
            code, n = f"{base[:2]}{n}", n + 1
        used.add(code)
        codes[m["uid"]] = code
    return codes


def _player_names(players: Sequence[Mapping[str, Any]], labels: MapLabels) -> list[str]:
    if labels.players is not None:
        return list(labels.players)
    return [str(p.get("name", f"Player {i + 1}")) for i, p in enumerate(players)]


def _px(x: float, y: float) -> tuple[float, float]:
    return BOARD_X + x * SCALE, BOARD_Y + y * SCALE


# --- the static grid --------------------------------------------------------------------
def _grid_layer() -> Image.Image:
    """The table, its inch grid and edge coordinates: the same for every match, built once."""
    image = Image.new("RGB", (WIDTH, BOARD_PX + 2 * EDGE), d.BACKGROUND)
    draw = ImageDraw.Draw(image)
    left, top = EDGE, EDGE
    draw.rectangle((left, top, left + BOARD_PX, top + BOARD_PX), fill=TABLE)
    for i in range(1, BOARD_IN):
        colour = GRID_MAJOR if i % LABEL_EVERY == 0 else GRID
        draw.line((left + i * SCALE, top, left + i * SCALE, top + BOARD_PX), fill=colour)
        draw.line((left, top + i * SCALE, left + BOARD_PX, top + i * SCALE), fill=colour)
    draw.rectangle((left, top, left + BOARD_PX, top + BOARD_PX), outline=TABLE_EDGE, width=2)
    face = d.font("cond_bold", 16)
    for i in range(0, BOARD_IN + 1, LABEL_EVERY):
        at = i * SCALE
        for xy, anchor in (((left + at, top - 6), "md"), ((left + at, top + BOARD_PX + 6), "ma"),
                           ((left - 6, top + at), "rm"),
                           ((left + BOARD_PX + 6, top + at), "lm")):
            draw.text(xy, f'{i}"' if xy[1] < top or xy[0] < left else str(i), font=face,
                      fill=d.DIM, anchor=anchor)
    return image


_GRID = d.LayerCache()


# --- the table ----------------------------------------------------------------------
def _header(paint: Painter, view: Mapping[str, Any], labels: MapLabels) -> None:
    paint.text((EDGE, 8), labels.title, "bold", 24, d.TEXT, max_width=WIDTH - 2 * EDGE)
    where = " · ".join(str(v) for v in (view.get("location"), view.get("condition")) if v)
    paint.text((EDGE, 36), where or "table not set up yet", "cond", 17, d.DIM,
               max_width=WIDTH - 2 * EDGE)


def _zones(draw: ImageDraw.ImageDraw, view: Mapping[str, Any],
           players: Sequence[Mapping[str, Any]], names: Sequence[str]) -> None:
    depth = view.get("deployment")
    if not depth:
        return
    for seat, p in enumerate(players):
        side = p.get("side")
        if side not in (0, 1):
            continue
        red, green, blue = SEAT_COLOURS[seat]
        y0, y1 = (0.0, depth) if side == 0 else (BOARD_IN - depth, float(BOARD_IN))
        (x0, top), (x1, bottom) = _px(0, y0), _px(BOARD_IN, y1)
        draw.rectangle((x0, top, x1, bottom), fill=(red, green, blue, 34))
        edge = bottom if side == 0 else top
        draw.line((x0, edge, x1, edge), fill=(red, green, blue, 200), width=2)
        text = f"{d.displayable(names[seat])} deploys here"
        anchor = "rd" if side == 0 else "ra"
        draw.text((x1 - 6, edge - 4 if side == 0 else edge + 4), text,
                  font=d.font("cond_bold", 15), fill=(red, green, blue, 230), anchor=anchor)


def _terrain(draw: ImageDraw.ImageDraw, terrain: Sequence[Mapping[str, Any]]) -> None:
    face = d.font("cond_bold", 14)
    for piece in terrain:
        x0, y0 = _px(piece["x"], piece["y"])
        x1, y1 = _px(piece["x"] + piece["width"], piece["y"] + piece["depth"])
        state = piece.get("state", "intact")
        draw.rectangle((x0, y0, x1, y1), fill=TERRAIN.get(state, TERRAIN["intact"]))
        if state == "damaged":  # hatched: cracks across the piece
            step = 9
            for offset in range(0, int(x1 - x0 + y1 - y0), step):
                draw.line(_clip_diagonal(x0, y0, x1, y1, offset), fill=(70, 58, 46), width=2)
        elif state == "rubble":  # dotted: broken into stones
            for gy in range(int(y0) + 4, int(y1) - 2, 8):
                for gx in range(int(x0) + 4 + (gy // 8 % 2) * 4, int(x1) - 2, 8):
                    draw.ellipse((gx - 2, gy - 2, gx + 2, gy + 2), fill=(150, 138, 120))
        outline = TERRAIN_EDGE if state != "rubble" else (140, 128, 110)
        draw.rectangle((x0, y0, x1, y1), outline=outline, width=2 if state == "intact" else 1)
        level = piece.get("level", 0)
        tag = str(piece.get("name", ""))
        tag += f" L{level}" if level else ""
        tag += f" ({state})" if state != "intact" else ""
        if y1 - y0 >= 14:
            shown = d.fit(d.displayable(tag), "cond_bold", 14, max(x1 - x0 + 20, 60))
            # tall pieces: the name along the top edge, clear of a token at the centre
            ty = y0 + 11 if y1 - y0 >= 60 else (y0 + y1) / 2
            draw.text(((x0 + x1) / 2, ty), shown, font=face, fill=(250, 240, 220),
                      anchor="mm", stroke_width=2, stroke_fill=(40, 32, 24))


def _clip_diagonal(x0: float, y0: float, x1: float, y1: float,
                   offset: int) -> tuple[float, float, float, float]:
    """A 45-degree line x + y = x0 + y0 + offset, clipped to the rectangle."""
    total = x0 + y0 + offset
    start_x = max(x0, total - y1)
    end_x = min(x1, total - y0)
    return start_x, total - start_x, end_x, total - end_x


def _objectives(draw: ImageDraw.ImageDraw, view: Mapping[str, Any]) -> None:
    """The current mission's objectives bright, the others faint (they score later)."""
    stage = _current_stage(view.get("round", 0))
    token = TOKEN_MM * MM_TO_IN / 2
    face = d.font("cond_bold", 14)
    for mission in view["missions"]:
        now = mission.get("stage") == stage
        alpha = 255 if now else 90
        red, green, blue = OBJECTIVE
        for number, (x, y) in enumerate(mission["objectives"], start=1):
            cx, cy = _px(x, y)
            reach = (token + mission["zoc"]) * SCALE
            draw.ellipse((cx - reach, cy - reach, cx + reach, cy + reach),
                         outline=(red, green, blue, alpha), width=2 if now else 1)
            if not now:
                continue
            r = token * SCALE
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=OBJECTIVE, outline=(60, 46, 0),
                         width=2)
            draw.text((cx, cy), str(number), font=face, fill=(40, 30, 0), anchor="mm")


def _current_stage(round_: int) -> str:
    # Missions: "opening, escalation, finale" score in rounds 1, 2, 3-4
    return "opening" if round_ <= 1 else "escalation" if round_ == 2 else "finale"


def _model(draw: ImageDraw.ImageDraw, m: Mapping[str, Any], code: str, active: bool) -> None:
    cx, cy = _px(m["x"], m["y"])
    r = m["base_mm"] * MM_TO_IN / 2 * SCALE
    colour = SEAT_COLOURS[m["owner"] % 2]
    dazed = m["status"] == "dazed"
    fill = d.darker(colour, 0.45) if dazed else colour
    if active:
        draw.ellipse((cx - r - 6, cy - r - 6, cx + r + 6, cy + r + 6), outline=d.GOLD, width=4)
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=(250, 250, 250), width=2)
    draw.text((cx, cy - 2), code, font=d.font("cond_bold", 16 if len(code) < 3 else 15),
              fill=d.ink_on(fill), anchor="mm")


def _tokens(draw: ImageDraw.ImageDraw, tokens: Sequence[Mapping[str, Any]]) -> None:
    """Saibamen: a 32 mm disc in the owner's colour, "S" inside, ringed when grabbing."""
    for t in tokens:
        cx, cy = _px(t["x"], t["y"])
        r = TOKEN_MM * MM_TO_IN / 2 * SCALE
        fill = d.darker(SEAT_COLOURS[t["owner"] % 2], 0.7)
        ring = d.GOLD if t.get("grabbing") is not None else (20, 20, 20)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=ring, width=3)
        draw.text((cx, cy), "S", font=d.font("cond_bold", 15), fill=d.ink_on(fill),
                  anchor="mm")


def _model_badges(draw: ImageDraw.ImageDraw, m: Mapping[str, Any]) -> None:
    cx, cy = _px(m["x"], m["y"])
    r = m["base_mm"] * MM_TO_IN / 2 * SCALE
    hp = f"{m['hp']}/{m['hp_max']}"
    _badge(draw, (cx, cy + r - 1), hp, _hp_colour(m["hp"], m["hp_max"]), "mm")
    above = [STATE_BADGES.get(s, s[:3].upper()) for s in m.get("states", [])]
    if m["status"] == "dazed":
        above.insert(0, "DZD")
    if m.get("level"):
        above.append(f"L{m['level']}")
    if above:
        _badge(draw, (cx, cy - r - 1), " ".join(above), (30, 30, 36), "mm")


def _hp_colour(hp: int, hp_max: int) -> RGB:
    if hp_max and hp * 3 <= hp_max:
        return (200, 40, 40)
    if hp_max and hp * 3 <= 2 * hp_max:
        return (190, 130, 20)
    return (30, 120, 60)


def _badge(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, fill: RGB,
           anchor: str) -> None:
    face = d.font("cond_bold", 14)
    width = d.text_width(text, "cond_bold", 14) + 8
    x, y = xy
    box = (x - width / 2, y - 9, x + width / 2, y + 9)
    draw.rounded_rectangle(box, 5, fill=fill, outline=(235, 235, 235), width=1)
    draw.text((x, y), text, font=face, fill=(255, 255, 255), anchor=anchor)


def _clip_to_table(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
    """Ranges reach past the table's edge: paint the edge strips back over them, and the
    background above and below the table (the title and the status are drawn after)."""
    grid = _GRID.get("grid", _grid_layer)
    top = HEADER_H
    draw.rectangle((0, 0, WIDTH, top - 1), fill=d.BACKGROUND)
    draw.rectangle((0, top + BOARD_PX + 2 * EDGE, WIDTH, image.height), fill=d.BACKGROUND)
    for box in ((0, 0, WIDTH, EDGE), (0, EDGE + BOARD_PX + 1, WIDTH, BOARD_PX + 2 * EDGE),
                (0, 0, EDGE, BOARD_PX + 2 * EDGE),
                (EDGE + BOARD_PX + 1, 0, WIDTH, BOARD_PX + 2 * EDGE)):
        image.paste(grid.crop(box), (box[0], box[1] + top))


# --- the highlight ---------------------------------------------------------------------
def _centre(by_uid: Mapping[int, Mapping[str, Any]], uid: int | None) -> Point | None:
    m = by_uid.get(uid) if uid is not None else None
    return None if m is None else (m["x"], m["y"])


def _radius(by_uid: Mapping[int, Mapping[str, Any]], uid: int | None) -> float:
    m = by_uid.get(uid) if uid is not None else None
    return 0.0 if m is None else m["base_mm"] * MM_TO_IN / 2


def _around(by_uid: Mapping[int, Mapping[str, Any]], uid: int | None,
            inches: float | None) -> tuple[float, float, float, float] | None:
    """The box of a circle `inches` past the model's base edge (ranges are measured
    from base edges), or None without a distance or a model on the table."""
    centre = _centre(by_uid, uid)
    if inches is None or centre is None:
        return None
    cx, cy = _px(*centre)
    reach = (inches + _radius(by_uid, uid)) * SCALE
    return cx - reach, cy - reach, cx + reach, cy + reach


def _highlight_under(draw: ImageDraw.ImageDraw, h: MapHighlight,
                     by_uid: Mapping[int, Mapping[str, Any]]) -> None:
    """The areas, under the bases: the movement range and the reachable spots."""
    area = _around(by_uid, h.model, h.reach)
    if area is not None:
        draw.ellipse(area, fill=MOVE_FILL, outline=(120, 220, 255, 220), width=2)
    for x, y in h.points:
        px, py = _px(x, y)
        draw.rectangle((px - 4, py - 4, px + 4, py + 4), fill=(120, 220, 255, 150))


def _highlight_over(draw: ImageDraw.ImageDraw, h: MapHighlight,
                    by_uid: Mapping[int, Mapping[str, Any]]) -> None:
    """The lines, over the bases: range circle, sight line, path and destination."""
    centre = _centre(by_uid, h.model)
    area = _around(by_uid, h.model, h.range)
    if area is not None:
        for start in range(0, 360, 12):  # dashed: a range, not a wall
            draw.arc(area, start, start + 7, fill=RANGE_LINE, width=3)
    target = _centre(by_uid, h.target)
    if target is not None and centre is not None:
        colour = SIGHT_CLEAR if h.sight else SIGHT_BLOCKED
        draw.line((*_px(*centre), *_px(*target)), fill=colour, width=3)
        tx, ty = _px(*target)
        r = _radius(by_uid, h.target) * SCALE + 5
        draw.ellipse((tx - r, ty - r, tx + r, ty + r), outline=colour, width=3)
    if h.path:
        points = ([centre] if centre is not None else []) + list(h.path)
        line = [_px(x, y) for x, y in points]
        if len(line) > 1:
            draw.line(line, fill=PATH_LINE, width=3, joint="curve")
        ex, ey = line[-1]
        r = max(_radius(by_uid, h.model), 0.3) * SCALE
        draw.ellipse((ex - r, ey - r, ex + r, ey + r), outline=PATH_LINE, width=3)
        draw.line((ex - 6, ey, ex + 6, ey), fill=PATH_LINE, width=2)
        draw.line((ex, ey - 6, ex, ey + 6), fill=PATH_LINE, width=2)


# --- below the table --------------------------------------------------------------------
def _status(paint: Painter, view: Mapping[str, Any], players: Sequence[Mapping[str, Any]],
            names: Sequence[str], top: int) -> None:
    left, width = EDGE, WIDTH - 2 * EDGE
    paint.box((left, top, left + width, top + STATUS_H - 10), d.PANEL, radius=10)
    paint.text((left + 14, top + 10), _turn_line(view, names), "bold", 19, d.TEXT,
               max_width=width - 28)
    column = (width - 28) // 2
    for seat, p in enumerate(players):
        x = left + 14 + seat * column
        colour = SEAT_COLOURS[seat]
        paint.box((x, top + 46, x + 6, top + 128), colour)
        paint.text((x + 14, top + 42), names[seat], "bold", 18, colour, max_width=column - 24)
        glory = list(p.get("glory", []))
        per_round = " ".join(f"R{i}:{g}" for i, g in enumerate(glory, start=1)) or "-"
        paint.text((x + 14, top + 68), f"BK {p.get('bk', 0)} · WT {p.get('wt', 0)} · "
                   f"orders {p.get('orders', 0)} · hand {p.get('hand_count', 0)}",
                   "cond", 17, d.TEXT, max_width=column - 24)
        won = sum(1 for w in view.get("round_winners", []) if w == seat)
        paint.text((x + 14, top + 94), f"Glory {sum(glory)} ({per_round}) · rounds {won}",
                   "cond", 17, d.GOLD, max_width=column - 24)
    paint.text((left + 14, top + 136), _mission_line(view), "cond", 17, d.TEXT,
               max_width=width - 28)


def _legend(h: MapHighlight | None) -> list[str]:
    """What the shapes mean: the terrain states, and what the highlight shows."""
    lines = ["Terrain: plain = intact, hatched = damaged, dotted = rubble; gold circles: "
             "ZOC (faint: other rounds)"]
    parts: list[str] = []
    if h is not None:
        if h.reach is not None:
            parts.append(f'blue: moves up to {h.reach:g}"')
        if h.path:
            paid = f' ({h.distance:.1f}")' if h.distance is not None else ""
            parts.append(f"white: path{paid} and destination")
        if h.range is not None:
            parts.append(f'dashed: range {h.range:g}"')
        if h.target is not None:
            parts.append("sight " + ("clear (green)" if h.sight else "blocked (red)"))
    if parts:
        lines.append("Highlight: " + " · ".join(parts))
    return lines


def _mission_line(view: Mapping[str, Any]) -> str:
    stage = _current_stage(view.get("round", 0))
    now = [m for m in view["missions"] if m.get("stage") == stage]
    if not now:
        return "No mission drawn yet"
    m = now[0]
    count = len(m["objectives"])
    return (f"Mission ({stage}): {m['name']} · {count} objective{'s' * (count != 1)} "
            f'(gold, numbered) · ZOC {m["zoc"]:g}" · {m["glory"]} Glory each')


def _turn_line(view: Mapping[str, Any], names: Sequence[str]) -> str:
    if view.get("winner") is not None or view.get("phase") == "over":
        winner = view.get("winner")
        who = "a draw" if winner is None else f"{names[winner]} wins"
        reason = view.get("win_reason")
        return f"Game over: {who}" + (f" ({reason})" if reason else "")
    line = f"Round {view['round']} · {str(view['phase']).capitalize()}"
    if view.get("sudden_death"):
        line += " · Sudden Death"
    waiting = view.get("waiting")
    if waiting:
        kind = str(waiting.get("kind", ""))
        line += f" · {names[waiting['player']]}: {decision_words(kind)}"
    return line


def _roster(paint: Painter, models: Sequence[Mapping[str, Any]], codes: Mapping[int, str],
            active: int | None, top: int) -> None:
    left, width = EDGE, WIDTH - 2 * EDGE
    column = width // 2
    paint.text((left, top), "Models (code on the base · HP · SK · what else)", "cond", 16,
               d.DIM)
    rows = [0, 0]
    for m in models:
        seat = m["owner"] % 2
        x, y = left + seat * column, top + 26 + rows[seat] * ROSTER_LINE
        rows[seat] += 1
        colour = SEAT_COLOURS[seat]
        paint.pill((x, y), codes[m["uid"]], "cond_bold", 14, colour, height=22, pad=6)
        extra = [STATUS_WORDS.get(m["status"], m["status"])]
        extra += [s.capitalize() for s in m.get("states", [])]
        if m.get("level"):
            extra.append(f"L{m['level']}")
        if m["uid"] == active:
            extra.insert(0, "ACTIVE")
        tier = f" ({m['tier']})" if m.get("tier") and m["tier"] != "Base" else ""
        words = f"{m['name']}{tier} · {m['hp']}/{m['hp_max']} HP · SK {m.get('sk', 0)}"
        words += "".join(f" · {e}" for e in extra if e)
        ink = d.GOLD if m["uid"] == active else d.TEXT
        paint.text((x + 50, y + 1), words, "cond", 16, ink, max_width=column - 58)
