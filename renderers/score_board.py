"""A Score CCG / DBZ OCG match board as a PNG, drawn only from a view
(engine.score.family.ScoreFamily.view), never from the raw state: a hand is never drawn,
even from its owner's view (hands go to DMs: render_score_hand).

Player 1 at the top, Player 2 at the bottom, the turn and who decides in between, recent
events below. Each side: the Main Personality (level of levels, the Scouter's stage above
0 with its power rating and its Physical Attack Table bracket, p. 34), the Warrior Sword
(anger, p. 30), the piles, Tokui-Waza, Mastery and Sensei, then the cards in play. 800 px
wide, like the Panini board."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from renderers import _draw as d
from renderers._draw import RGB, Painter

WIDTH = 800
MARGIN = 14
INNER = 18
HEADER_H = 52
SIDE_H = 372
MIDDLE_H = 156  # status, MPPV level, the attack under way, who decides
EVENT_LINE = 30
EVENTS_SHOWN = 5
EVENTS_H = 44 + EVENTS_SHOWN * EVENT_LINE
HEIGHT = HEADER_H + 2 * SIDE_H + MIDDLE_H + EVENTS_H + 4 * MARGIN
LEFT = MARGIN + INNER
RIGHT = WIDTH - MARGIN - INNER
CHIP_H = 32
CHIP_SIZE = 20
CHIP_GAP = 6
CHIP_ROWS = 3
MORE_W = 120  # room for "+N more" at the end of the last row of chips
# how each zone of cards in play is labelled, in drawing order
ZONES = (("allies", "ALLY"), ("drills", "DRILL"), ("non_combat", "NON-COMBAT"),
         ("dragon_balls", "DRAGON BALL"))
# how a Score game is won (engine.score.game's win reasons): the words after "wins by"
WIN_WORDS = {"survival": "survival", "dragon_balls": "the Dragon Ball Victory",
             "mppv": "the Most Powerful Personality Victory", "concede": "concession",
             "forfeit": "forfeit (out of time)"}  # fmt: skip


@dataclass(frozen=True)
class ScoreLabels:
    players: tuple[str, str] = ("Player 1", "Player 2")
    title: str = "Score match"


def render_score_board(view: Mapping[str, Any], labels: ScoreLabels | None = None,
                       events: Sequence[str] = ()) -> bytes:
    return d.encode_png(draw_score_board(view, labels or ScoreLabels(), events))


def draw_score_board(view: Mapping[str, Any], labels: ScoreLabels,
                     events: Sequence[str]) -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), d.BACKGROUND)
    painter = Painter(image)
    painter.box((0, 0, WIDTH, HEADER_H), d.PANEL_DARK)
    painter.text((MARGIN + 4, HEADER_H / 2), labels.title, "bold", 26, d.TEXT, anchor="lm",
                 max_width=WIDTH - 2 * MARGIN - 140)
    painter.text((WIDTH - MARGIN - 4, HEADER_H / 2), str(view["ruleset"]).upper(), "bold", 24,
                 d.GOLD, anchor="rm")
    top = HEADER_H + MARGIN
    _side(painter, top, view["players"][0], labels.players[0], view)
    middle = top + SIDE_H + MARGIN
    _middle(painter, middle, view, labels)
    bottom = middle + MIDDLE_H + MARGIN
    _side(painter, bottom, view["players"][1], labels.players[1], view)
    _events(painter, bottom + SIDE_H + MARGIN, events)
    return image


def _side(painter: Painter, top: int, side: Mapping[str, Any], who: str,
          view: Mapping[str, Any]) -> None:
    colour = d.alignment_colour(side.get("alignment"))
    active = view["winner"] is None and view["active"] == side["seat"]
    painter.box((MARGIN, top, WIDTH - MARGIN, top + SIDE_H), d.PANEL, radius=16,
                outline=d.GOLD if active else None, width=3 if active else 0)
    painter.box((MARGIN, top, MARGIN + 8, top + SIDE_H), colour)
    y = top + 12
    painter.text((LEFT, y), who, "bold", 20, d.DIM, max_width=300)
    painter.text((RIGHT, y), f"Level {side['level']} of {side['levels']}", "bold", 22,
                 d.GOLD, anchor="ra")
    y += 30
    painter.text((LEFT, y), side["main_personality"], "bold", 28, d.TEXT,
                 max_width=RIGHT - LEFT)
    y += 42
    _scouter(painter, y, side)
    y += 70
    _sword(painter, y, side)
    y += 44
    discard = side["discard_pile"]
    top_card = f" (top: {discard[-1]})" if discard else ""
    painter.text((LEFT, y), f"Life Deck {side['life_deck_count']} · Hand {side['hand_count']}"
                 f" · Discard {len(discard)}{top_card} · Removed {len(side['removed'])}",
                 "cond", 20, d.TEXT, max_width=RIGHT - LEFT)
    y += 28
    tokui = (side["tokui_waza"] or "none").title()
    painter.text((LEFT, y), f"Tokui-Waza {tokui} · Mastery {side['mastery'] or '-'} · "
                 f"Sensei {side['sensei'] or '-'}", "cond", 20, d.DIM,
                 max_width=RIGHT - LEFT)
    y += 34
    _chips(painter, y, side)


def _scouter(painter: Painter, y: int, side: Mapping[str, Any]) -> None:
    """The Scouter: one notch per power stage of the MP level, lit up to its stage."""
    rating = side["power_rating"]
    power = f"{rating:,}" if isinstance(rating, int) else str(rating)
    painter.text((LEFT, y), f"Scouter {side['stage']} above 0 · power {power}", "bold", 20,
                 d.TEXT, max_width=RIGHT - LEFT - 110)
    painter.pill((RIGHT - 96, y - 4), f"PAT {side['pat_bracket']}", "bold", 18, d.GOLD_DARK,
                 ink=d.GOLD, height=30)
    stages = max(1, int(side["top_stage"]))
    notch = (RIGHT - LEFT - stages * 4) / (stages + 1)
    for stage in range(stages + 1):  # stage 0 first
        x = LEFT + stage * (notch + 4)
        lit = stage <= side["stage"] and side["stage"] > 0
        painter.box((round(x), y + 32, round(x + notch), y + 54),
                    d.GOLD if lit else d.INSET, radius=4)


def _sword(painter: Painter, y: int, side: Mapping[str, Any]) -> None:
    """The Warrior Sword: anger 0 to its maximum (the next level at the maximum, p. 30)."""
    steps = int(side["anger_max"])
    painter.text((LEFT, y + 4), f"Anger {side['anger']}/{steps}", "bold", 20, d.ANGER)
    for step in range(steps):
        x = LEFT + 150 + step * 52
        painter.box((x, y + 4, x + 44, y + 28), d.ANGER if step < side["anger"] else d.INSET,
                    radius=6)


def _chips(painter: Painter, top: int, side: Mapping[str, Any]) -> None:
    """The cards in play, as labelled chips in rows; what does not fit is counted."""
    chips: list[tuple[str, RGB]] = []
    for key, label in ZONES:
        for item in side[key]:
            if key == "allies":
                control = ", in control" if item.get("in_control") else ""
                chips.append((f"{label} {item['card']} ({item['stage']}{control})", d.HERO))
            else:
                fill = d.DRAGON_BALL if key == "dragon_balls" else d.INSET
                left = side.get("remaining", {}).get(item) if key == "non_combat" else None
                chips.append((f"{label} {item}" + (f" (remain {left})" if left else ""), fill))
    for name in side.get("floating", []):  # p. 48: lasts until the end of Combat
        chips.append((f"FLOATING {name}", d.INSET))
    if not chips:
        painter.text((LEFT, top + 4), "No cards in play", "cond", 20, d.FAINT)
        return
    x, row = LEFT, 0
    for shown, (text, fill) in enumerate(chips):
        width = d.text_width(d.displayable(text), "cond_bold", CHIP_SIZE) + 24
        room = _room(row, shown == len(chips) - 1)
        if x + width > room and x > LEFT:
            if row == CHIP_ROWS - 1:  # no row left: count the rest
                painter.pill((x, top + row * (CHIP_H + CHIP_GAP)),
                             f"+{len(chips) - shown} more", "cond_bold", CHIP_SIZE, d.FAINT,
                             height=CHIP_H)
                return
            x, row = LEFT, row + 1
            room = _room(row, shown == len(chips) - 1)
        x += painter.pill((x, top + row * (CHIP_H + CHIP_GAP)), text, "cond_bold", CHIP_SIZE,
                          fill, height=CHIP_H, max_width=room - x) + CHIP_GAP


def _room(row: int, last_chip: bool) -> int:
    """Where a chip may end: the last row keeps room for "+N more" unless all fit."""
    return RIGHT if row < CHIP_ROWS - 1 or last_chip else RIGHT - MORE_W


def _middle(painter: Painter, top: int, view: Mapping[str, Any], labels: ScoreLabels) -> None:
    painter.box((MARGIN, top, WIDTH - MARGIN, top + MIDDLE_H), d.PANEL_DARK, radius=16)
    y = top + 14
    if view["winner"] is not None:
        reason = str(view["win_reason"] or "")
        reason = WIN_WORDS.get(reason, reason.replace("_", " "))
        painter.text((WIDTH / 2, top + MIDDLE_H / 2), f"{labels.players[view['winner']]} wins"
                     f" by {reason}", "bold", 28, d.GOLD, anchor="mm", max_width=WIDTH - 60)
        return
    step = str(view["step"]).replace("_", " ")
    painter.text((LEFT, y), f"Turn {view['turn']} · {labels.players[view['active']]} · "
                 f"{step} step", "bold", 24, d.TEXT, max_width=RIGHT - LEFT)
    y += 36
    ground = view.get("battleground")
    painter.text((LEFT, y), f"MPPV at level {view['win_level']}"
                 + (f" · In play: {ground}" if ground else ""), "cond", 20, d.DIM,
                 max_width=RIGHT - LEFT)
    y += 32
    attack = view.get("attack")
    if attack:  # the attack in the Battle Sequencer
        painter.text((LEFT, y), f"{labels.players[attack['player']]} attacks ({attack['kind']})"
                     f" with {attack['card']}", "cond", 20, d.TEXT, max_width=RIGHT - LEFT)
        y += 28
    waiting = view.get("waiting")
    if waiting:
        kind = str(waiting["kind"]).replace("_", " ")
        painter.text((LEFT, y), f"Waiting for {labels.players[waiting['player']]}: {kind}",
                     "bold", 20, d.GOLD, max_width=RIGHT - LEFT)


def _events(painter: Painter, top: int, events: Sequence[str]) -> None:
    painter.box((MARGIN, top, WIDTH - MARGIN, top + EVENTS_H), d.PANEL_DARK, radius=16)
    painter.text((LEFT, top + 10), "RECENT", "bold", 18, d.FAINT)
    for number, text in enumerate(list(events)[-EVENTS_SHOWN:]):
        painter.text((LEFT, top + 40 + number * EVENT_LINE), text, "cond", 20, d.TEXT,
                     max_width=RIGHT - LEFT)


def render_score_hand(view: Mapping[str, Any], seat: int) -> bytes:
    """`seat`'s hand as PNG bytes, from that seat's own view only (ValueError otherwise)."""
    players = view.get("players") or []
    if not 0 <= seat < len(players) or "hand" not in players[seat]:
        raise ValueError(f"this view does not show seat {seat}'s hand: not the owner's view")
    hand = [str(name) for name in players[seat]["hand"]]
    line = 40
    image = Image.new("RGB", (WIDTH, HEADER_H + MARGIN * 2 + max(1, len(hand)) * line),
                      d.BACKGROUND)
    painter = Painter(image)
    painter.box((0, 0, WIDTH, HEADER_H), d.PANEL_DARK)
    painter.text((MARGIN + 4, HEADER_H / 2), "Your hand", "bold", 30, d.TEXT, anchor="lm")
    painter.text((WIDTH - MARGIN - 4, HEADER_H / 2), f"{len(hand)} card(s)", "bold", 28,
                 d.GOLD, anchor="rm")
    if not hand:
        painter.text((LEFT, HEADER_H + MARGIN), "No cards in hand", "bold", 26, d.DIM)
    for number, name in enumerate(hand):
        y = HEADER_H + MARGIN + number * line
        painter.box((MARGIN, y, WIDTH - MARGIN, y + line - 6), d.PANEL, radius=10)
        painter.text((LEFT, y + (line - 6) / 2), name, "bold", 22, d.TEXT, anchor="lm",
                     max_width=RIGHT - LEFT)
    return d.encode_png(image)
