"""The match board as a PNG, drawn only from a player view (engine.panini.view), never from the raw
state: what the view hides (the other hand, Life Deck order) cannot be drawn. Even a
player's own view draws only hand counts, never hand cards or decision options.

Like a table: the opponent at the top, the viewer (a spectator: Player 2) at the bottom,
the turn, the attack in progress and who decides now in between, recent events below.
Sized for a phone: 800 px wide, readable when Discord shrinks it to about 400."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from engine.panini.rulesets import UnknownRuleset, get_ruleset
from engine.panini.view import win_reason
from renderers import _draw as d
from renderers._draw import RGB, Painter

WIDTH = 800
MARGIN = 14
INNER = 18  # padding inside a side panel
HEADER_H = 52
SIDE_H = 404
MIDDLE_H = 164
EVENT_LINE = 32
EVENTS_SHOWN = 5
EVENTS_H = 48 + EVENTS_SHOWN * EVENT_LINE
HEIGHT = HEADER_H + 2 * SIDE_H + MIDDLE_H + EVENTS_H + 4 * MARGIN
TOP_Y = HEADER_H + MARGIN
MIDDLE_Y = TOP_Y + SIDE_H + MARGIN
BOTTOM_Y = MIDDLE_Y + MIDDLE_H + MARGIN
EVENTS_Y = BOTTOM_Y + SIDE_H + MARGIN
LEFT = MARGIN + INNER
RIGHT = WIDTH - MARGIN - INNER
STAGES = 11
DEFAULT_ANGER_MAX = 5
LABEL_SIZE = 19
CHIP_H = 36
CHIP_SIZE = 23
CHIP_GAP = 7
CHIP_ROWS = 4

# Rows inside a side panel (offsets from its top).
ROW_NAME = 12
ROW_POWER = 58
ROW_TRACK = 110
ROW_COUNTS = 162
ROW_CHIPS = 234
TRACK_W = RIGHT - LEFT
TRACK_H = 42
TILE_H = 62
TOP_CARD_X = 118  # where the Discard tile shows its top card
TILES = (("LIFE DECK", 140), ("HAND", 96), ("DISCARD", 350), ("BANISHED", 124))
TILE_GAP = (TRACK_W - sum(width for _, width in TILES)) // (len(TILES) - 1)
DRAGON_BALL = d.DRAGON_BALL

_LAYERS = d.LayerCache()
_SEAT_NAME = re.compile(r"\bPlayer ([12])\b")


@dataclass(frozen=True)
class BoardLabels:
    """How the board names things: the two seats' display names (seat 0 first) and a
    title for the header (e.g. "Match #12 · ranked · panini-2016")."""

    players: tuple[str, str]
    title: str


def render_board(
    view: Mapping[str, Any], labels: BoardLabels, events: Sequence[str] = ()
) -> bytes:
    """The board as PNG bytes: both sides, the turn, the attack in progress, who decides
    now, the result if the game is over, and the last few public `events` (newest last).
    Pure and deterministic: the same arguments give the same bytes."""
    return d.encode_png(draw_board(view, labels, events))


def draw_board(
    view: Mapping[str, Any], labels: BoardLabels, events: Sequence[str] = ()
) -> Image.Image:
    viewer = _viewer(view)
    bottom = 1 if viewer is None else viewer
    top = 1 - bottom
    sides = view["players"]
    alignments = (_alignment(sides[top]), _alignment(sides[bottom]))
    image = _LAYERS.get(("board", *alignments), lambda: _static_layer(*alignments)).copy()
    painter = Painter(image)
    anger_max = _anger_max(view)
    _header(painter, view, labels)
    _side(painter, view, sides[top], TOP_Y, labels, anger_max)
    _side(painter, view, sides[bottom], BOTTOM_Y, labels, anger_max)
    _middle(painter, view, labels, top_seat=top)
    _events(painter, events, labels)
    return image


# --- view helpers ------------------------------------------------------------------------------
def _viewer(view: Mapping[str, Any]) -> int | None:
    for side in view["players"]:
        if "hand" in side:
            return int(side["seat"])
    return None


def _alignment(side: Mapping[str, Any]) -> str | None:
    value = side["main_personality"].get("alignment")
    return str(value) if value else None


def _anger_max(view: Mapping[str, Any]) -> int:
    try:
        return get_ruleset(str(view.get("ruleset"))).anger_to_level
    except UnknownRuleset:
        return DEFAULT_ANGER_MAX


def _name(labels: BoardLabels, seat: int) -> str:
    return labels.players[seat] if 0 <= seat < len(labels.players) else f"Player {seat + 1}"


def _words(value: object) -> str:
    return str(value).replace("_", " ")


# --- the static layer: drawn once per pair of alignments -----------------------------------------
def _static_layer(top_alignment: str | None, bottom_alignment: str | None) -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), d.BACKGROUND)
    painter = Painter(image)
    painter.box((0, 0, WIDTH, HEADER_H), d.PANEL_DARK)
    for y, alignment in ((TOP_Y, top_alignment), (BOTTOM_Y, bottom_alignment)):
        frame = d.alignment_colour(alignment)
        painter.box((MARGIN, y, WIDTH - MARGIN, y + SIDE_H), d.PANEL, frame, 4, radius=16)
        x = MARGIN + INNER
        for label, width in TILES:
            top = y + ROW_COUNTS
            painter.box((x, top, x + width, top + TILE_H), d.INSET, radius=10)
            painter.text((x + 10, top + 5), label, "bold", LABEL_SIZE, d.DIM)
            if label == "DISCARD":
                painter.text((x + TOP_CARD_X, top + 5), "TOP CARD", "bold", LABEL_SIZE, d.DIM)
            x += width + TILE_GAP
    painter.box((MARGIN, MIDDLE_Y, WIDTH - MARGIN, MIDDLE_Y + MIDDLE_H), d.PANEL_DARK,
                radius=16)
    painter.box((MARGIN, EVENTS_Y, WIDTH - MARGIN, EVENTS_Y + EVENTS_H), d.PANEL_DARK,
                radius=16)
    painter.text((MARGIN + INNER, EVENTS_Y + 10), "RECENT", "bold", LABEL_SIZE, d.DIM)
    return image


def _track_strip(stage: int) -> Image.Image:
    """The 11-stage track 0..10 with `stage` marked (cached: 11 variants)."""
    image = Image.new("RGB", (TRACK_W, TRACK_H), d.PANEL)
    painter = Painter(image)
    gap = 6
    width = (TRACK_W - gap * (STAGES - 1)) / STAGES
    for number in range(STAGES):
        left = round(number * (width + gap))
        right = round(left + width)
        if number == stage:
            fill, ink, size = d.GOLD, (20, 20, 24), 26
        elif number < stage:
            fill, ink, size = d.GOLD_DARK, d.TEXT, 22
        else:
            fill, ink, size = d.INSET, d.DIM, 22
        painter.box((left, 0, right, TRACK_H - 1), fill, radius=8)
        painter.text(((left + right) / 2, TRACK_H / 2), str(number), "bold", size, ink,
                     anchor="mm")
    return image


def _anger_strip(anger: int, maximum: int) -> Image.Image:
    """`maximum` pips, `anger` of them lit (cached)."""
    pip, gap = 30, 6
    image = Image.new("RGB", (maximum * (pip + gap), pip), d.PANEL)
    painter = Painter(image)
    for number in range(maximum):
        left = number * (pip + gap)
        lit = number < anger
        painter.box((left, 0, left + pip, pip - 1), d.ANGER if lit else d.INSET,
                    d.ANGER if lit else d.FAINT, 2, radius=6)
    return image


# --- dynamic parts --------------------------------------------------------------------------
def _header(painter: Painter, view: Mapping[str, Any], labels: BoardLabels) -> None:
    turn = f"Turn {view['turn']}"
    turn_w = painter.text((WIDTH - MARGIN - 4, HEADER_H / 2), turn, "bold", 28, d.TEXT,
                          anchor="rm")
    painter.text((MARGIN + 4, HEADER_H / 2), labels.title, "bold", 24, d.TEXT, anchor="lm",
                 max_width=WIDTH - 2 * MARGIN - turn_w - 30)


def _side(
    painter: Painter,
    view: Mapping[str, Any],
    side: Mapping[str, Any],
    y: int,
    labels: BoardLabels,
    anger_max: int,
) -> None:
    seat = int(side["seat"])
    mp = side["main_personality"]
    frame = d.alignment_colour(_alignment(side))
    winner = view.get("winner")
    if winner == seat:
        painter.box((MARGIN, y, WIDTH - MARGIN, y + SIDE_H), None, d.GOLD, 6, radius=16)

    # Row: who, which Main Personality, level.
    middle = y + ROW_NAME + 20
    level_w = painter.text((RIGHT, middle), f"{mp['level']}/4", "bold", 30, d.TEXT,
                           anchor="rm")
    level_w += painter.text((RIGHT - level_w - 6, middle + 2), "LEVEL", "bold", LABEL_SIZE,
                            d.DIM, anchor="rm") + 6
    name_end = RIGHT - level_w - 14
    name_x = LEFT + painter.pill((LEFT, middle - 18), _name(labels, seat), "bold", 22, frame,
                                 height=36, max_width=230) + 12
    mp_name = str(mp["name"])
    size = d.largest_size(mp_name, "cond_bold", (30, 27, 24), name_end - name_x)
    painter.text((name_x, middle), mp_name, "cond_bold", size, d.TEXT, anchor="lm",
                 max_width=name_end - name_x)

    # Row: power level, PUR, anger (the anger gauge first: the power level takes the rest).
    base = y + ROW_POWER + 40  # baseline
    anger = int(side["anger"])
    shown = max(0, min(anger, anger_max))
    strip = _LAYERS.get(("anger", shown, anger_max), lambda: _anger_strip(shown, anger_max))
    value_w = painter.text((RIGHT, base), f"{anger}/{anger_max}", "bold", 30, d.ANGER,
                           anchor="rs")
    strip_x = round(RIGHT - value_w - 10 - strip.width)
    painter.image.paste(strip, (strip_x, base - 30))
    anger_x = strip_x - 10 - painter.text((strip_x - 10, base), "ANGER", "bold", LABEL_SIZE,
                                          d.DIM, anchor="rs")
    power = f"{int(mp['power_level']):,}"
    pur = f"+{mp['pur']}"
    fixed = (d.text_width("POWER", "bold", LABEL_SIZE) + 10 + 20
             + d.text_width("PUR", "bold", LABEL_SIZE) + 8 + d.text_width(pur, "bold", 32) + 16)
    size = d.largest_size(power, "bold", (40, 36, 32, 28), anger_x - LEFT - fixed)
    x = LEFT
    x += painter.text((x, base), "POWER", "bold", LABEL_SIZE, d.DIM, anchor="ls") + 10
    x += painter.text((x, base), power, "bold", size, d.TEXT, anchor="ls") + 20
    x += painter.text((x, base), "PUR", "bold", LABEL_SIZE, d.DIM, anchor="ls") + 8
    painter.text((x, base), pur, "bold", 32, d.TEXT, anchor="ls")

    # Row: the 11 power stages.
    stage = max(0, min(int(mp["stage"]), STAGES - 1))
    track = _LAYERS.get(("track", stage), lambda: _track_strip(stage))
    painter.image.paste(track, (LEFT, y + ROW_TRACK))

    # Row: counts (hand: the count only, never names).
    discard = list(side["discard_pile"])
    counts = [side["life_deck_count"], side["hand_count"], len(discard), len(side["banished"])]
    x = LEFT
    for (_, width), count in zip(TILES, counts, strict=True):
        painter.text((x + 10, y + ROW_COUNTS + TILE_H - 6), str(count), "bold", 32, d.TEXT,
                     anchor="ls")
        x += width + TILE_GAP
    tile_x = LEFT + TILES[0][1] + TILES[1][1] + 2 * TILE_GAP
    top_card = discard[-1] if discard else "—"
    painter.text((tile_x + TOP_CARD_X, y + ROW_COUNTS + TILE_H - 9), top_card, "cond", 22,
                 d.TEXT if discard else d.FAINT, anchor="ls",
                 max_width=TILES[2][1] - TOP_CARD_X - 8)

    attack = view.get("attack") or {}
    _chips(painter, _in_play(side, attack.get("card")), y + ROW_CHIPS)


Chip = tuple[str, str, RGB, RGB | None]  # (group label, text, fill, outline)


def _in_play(side: Mapping[str, Any], attack_card: str | None) -> list[Chip]:
    """The side's cards in play as chips: the Mastery, Allies (with their stages), Drills,
    Setups, Dragon Balls (captured ones marked), attached and resolving cards (but not the
    attack in progress: the middle band shows it)."""
    chips: list[Chip] = []
    mastery = side.get("mastery")
    if mastery:
        chips.append(("MASTERY", str(mastery), d.style_colour(d.style_of(str(mastery))), None))
    for ally in side["allies"]:
        name = str(ally["name"])
        card = d.sandbox_card(name)
        short = card.personality if card is not None and card.personality else name
        text = f"{short} · stage {ally['stage']} · {int(ally['power_level']):,}"
        alignment = card.alignment.value if card is not None and card.alignment else None
        chips.append(("ALLIES", text, d.darker(d.alignment_colour(alignment), 0.8), None))
    for name in side["drills"]:
        chips.append(("DRILLS", name, d.style_colour(d.style_of(name)), None))
    for name in side["setups"]:
        chips.append(("SETUPS", name, d.style_colour(d.style_of(name)), None))
    for ball in side["dragon_balls"]:
        text = _ball_name(str(ball["name"]))
        if ball["captured"]:
            chips.append(("DB", f"{text} · CAPTURED", DRAGON_BALL, d.VILLAIN))
        else:
            chips.append(("DB", text, DRAGON_BALL, None))
    for attached in side.get("attached", []):
        name = str(attached["name"])
        text = f"{name} → {_short_name(str(attached['to']))}"
        chips.append(("ATTACHED", text, d.style_colour(d.style_of(name)), None))
    for name in side.get("resolving", []):
        if name != attack_card:
            chips.append(("RESOLVING", name, d.INSET, d.GOLD))
    held = side.get("held_discards_count", 0)
    if held:
        chips.append(("SET ASIDE", f"{held} to discard", d.INSET, None))
    return chips


def _flow(chips: Sequence[Chip], more: int) -> list[tuple[int, int, float, bool]] | None:
    """Positions (x, row, chip width, label shown) for `chips`, then a "+N more" chip when
    `more` > 0; None when they need more than CHIP_ROWS rows."""
    placed: list[tuple[int, int, float, bool]] = []
    x, row, group = LEFT, 0, ""
    items: list[tuple[str, float]] = [
        (chip[0], d.text_width(chip[1], "cond", CHIP_SIZE) + 24) for chip in chips
    ]
    if more:
        items.append(("", d.text_width(f"+{more} more", "bold", LABEL_SIZE) + 24))
    for chip_group, chip_w in items:
        labelled = bool(chip_group) and chip_group != group
        label_w = d.text_width(chip_group, "bold", LABEL_SIZE - 1) + 8 if labelled else 0
        chip_w = min(chip_w, RIGHT - LEFT - label_w)  # one chip never wider than a row
        if x > LEFT and x + label_w + chip_w > RIGHT:
            row, x = row + 1, LEFT
        if row >= CHIP_ROWS:
            return None
        placed.append((x, row, chip_w, labelled))
        x = round(x + label_w + chip_w + CHIP_GAP)
        group = chip_group or group
    return placed


def _chips(painter: Painter, chips: list[Chip], top: int) -> None:
    """Chips flowing over up to CHIP_ROWS rows; what does not fit is counted, "+N more"."""
    shown = len(chips)
    placed = _flow(chips, 0)
    while placed is None and shown > 0:
        shown -= 1
        placed = _flow(chips[:shown], len(chips) - shown)
    if placed is None:
        return
    for index, (x, row, chip_w, labelled) in enumerate(placed):
        y = top + row * (CHIP_H + CHIP_GAP)
        if index == shown:
            painter.pill((x, y), f"+{len(chips) - shown} more", "bold", LABEL_SIZE, d.INSET,
                         ink=d.TEXT, height=CHIP_H)
            continue
        group, text, fill, outline = chips[index]
        if labelled:
            x += painter.text((x, y + CHIP_H / 2), group, "bold", LABEL_SIZE - 1, d.DIM,
                              anchor="lm") + 8
        painter.pill((x, y), text, "cond", CHIP_SIZE, fill, height=CHIP_H, max_width=chip_w,
                     outline=outline or d.edge_colour(fill))


def _ball_name(name: str) -> str:
    """ "Earth Four-Star Dragon Ball" as "Earth 4★" when the card is known."""
    card = d.sandbox_card(name)
    if card is None or card.dragon_ball is None:
        return name
    return f"{card.dragon_ball.set} {card.dragon_ball.number}★"


def _short_name(name: str) -> str:
    """A personality card's character ("Goku" for "Goku, Crimson Aura Student")."""
    card = d.sandbox_card(name)
    return card.personality if card is not None and card.personality else name


def _middle(painter: Painter, view: Mapping[str, Any], labels: BoardLabels, top_seat: int) -> None:
    """The turn and step, the attack in progress, who decides now; or the result."""
    y = MIDDLE_Y
    winner = view.get("winner")
    if winner is not None:
        painter.box((MARGIN, y, WIDTH - MARGIN, y + MIDDLE_H), d.GOLD, radius=16)
        dark = (30, 24, 0)
        reason = win_reason(view.get("win_reason") or "", view)
        lift = 16 if reason.why else 0  # room for why, in two lines at most
        painter.text((WIDTH / 2, y + 60 - lift), f"{_name(labels, int(winner))} wins!", "bold",
                     46, dark, anchor="mm", max_width=RIGHT - LEFT)
        caption = reason.name[:1].upper() + reason.name[1:]  # "The opponent's concession"
        painter.text((WIDTH / 2, y + 118 - 2 * lift), caption, "bold", 26, dark,
                     anchor="mm", max_width=RIGHT - LEFT)
        if reason.why:
            painter.paragraph((WIDTH / 2, y + 104), reason.why, "regular", 20, dark,
                              width=RIGHT - LEFT, max_lines=2, line_height=25, anchor="ma")
        return
    step = _words(view.get("step", "")).capitalize()
    active = _name(labels, int(view["active"]))
    painter.text((LEFT, y + 24), f"{active}'s turn · {step} step", "bold", 26, d.TEXT,
                 anchor="lm", max_width=RIGHT - LEFT)
    attack = view.get("attack")
    if attack:
        _attack(painter, attack, labels, top_seat, y + 46)
    decision = view.get("decision")
    if decision:
        line_y = y + MIDDLE_H - 22 if attack else y + 66
        text = f"Decides now: {_name(labels, int(decision['player']))}"
        width = painter.text((LEFT, line_y), text, "bold", 24, d.GOLD, anchor="lm",
                             max_width=RIGHT - LEFT - 200)
        painter.text((LEFT + width + 12, line_y), f"({_words(decision['kind'])})", "regular",
                      24, d.TEXT, anchor="lm", max_width=RIGHT - LEFT - width - 12)


def _attack(painter: Painter, attack: Mapping[str, Any], labels: BoardLabels, top_seat: int,
            y: int) -> None:
    """Two lines: who attacks with which card; its type, expected damage and state."""
    attacker = int(attack["attacker"])
    arrow = "▼" if attacker == top_seat else "▲"  # towards the defender's side
    painter.box((LEFT - 8, y, RIGHT + 8, y + 82), d.INSET, d.DANGER, 2, radius=12)
    first, second = y + 22, y + 60
    x = LEFT + 2
    label_w = painter.text((x, first), f"{arrow} ATTACK", "bold", 22, d.DANGER, anchor="lm")
    who = _name(labels, attacker)
    painter.text((x + label_w + 12, first), f"{who}: {attack['card']}", "cond_bold", 26,
                 d.TEXT, anchor="lm", max_width=RIGHT - x - label_w - 12)
    kind = _words(attack.get("type", "")).capitalize()
    damage = str(attack.get("damage") or "")
    x += painter.text((x, second), f"{kind} attack", "bold", 22, d.TEXT, anchor="lm") + 16
    if damage:
        x += painter.text((x, second), "DAMAGE", "bold", LABEL_SIZE, d.DIM, anchor="lm") + 8
        x += painter.text((x, second), damage, "bold", 24, d.GOLD, anchor="lm") + 16
    expected = attack.get("expected")
    if expected:
        x += painter.text((x, second), f"= {expected}", "bold", 24, d.GOLD, anchor="lm") + 16
    for text, shown, colour in (("STOPPED", attack.get("stopped"), d.STOPPED),
                                ("UNSTOPPABLE", attack.get("unstoppable"), d.DANGER)):
        if shown:
            x += painter.pill((x, second - 15), text, "bold", 18, colour, height=30,
                              pad=10) + 8


def _events(painter: Painter, events: Sequence[str], labels: BoardLabels) -> None:
    """The last EVENTS_SHOWN events, newest last and brightest; the engine's "Player 1" and
    "Player 2" become the seats' display names, as everywhere else on the board."""
    shown = list(events)[-EVENTS_SHOWN:]
    if not shown:
        painter.text((LEFT, EVENTS_Y + 44), "Nothing yet.", "cond", 24, d.FAINT)
        return
    for number, text in enumerate(shown):
        newest = number == len(shown) - 1
        line = _SEAT_NAME.sub(lambda match: _name(labels, int(match[1]) - 1), str(text))
        painter.text((LEFT, EVENTS_Y + 42 + number * EVENT_LINE), line,
                     "cond_bold" if newest else "cond", 24, d.TEXT if newest else d.DIM,
                     max_width=RIGHT - LEFT)
