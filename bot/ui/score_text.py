"""A Score board in plain text, drawn only from a view (engine.score.family.ScoreFamily.view):
for a judge's full view, the embeds' fields and the log. Whatever a view hides cannot show."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from renderers.score_board import WIN_WORDS

View = Mapping[str, Any]
def win_words(reason: str) -> str:
    return WIN_WORDS.get(reason, reason.replace("_", " "))


def listed(names: Iterable[str]) -> str:
    shown = list(names)
    return ", ".join(shown) if shown else "-"


def mp_line(side: Mapping[str, Any]) -> str:
    """'Goku - Storm Rider · level 2 of 3 · 5 stages above 0 (power 2,000, PAT C)'."""
    rating = side["power_rating"]
    power = f"{rating:,}" if isinstance(rating, int) else str(rating)
    return (f"{side['main_personality']} · level {side['level']} of {side['levels']} · "
            f"{side['stage']} stage(s) above 0 (power {power}, PAT {side['pat_bracket']})")


def side_lines(side: Mapping[str, Any]) -> list[str]:
    discard = side["discard_pile"]
    top = f" (top: {discard[-1]})" if discard else ""
    lines = [
        mp_line(side),
        f"Anger {side['anger']}/{side['anger_max']} · Tokui-Waza: "
        f"{(side['tokui_waza'] or 'none').title()} · {side['alignment']}",
        f"Life Deck {side['life_deck_count']} · Hand {side['hand_count']} · "
        f"Discard {len(discard)}{top} · Removed {len(side['removed'])}",
        f"Mastery: {side['mastery'] or '-'} · Sensei: {side['sensei'] or '-'}"
        f" (Sensei Deck {side['sensei_deck_count']})",
    ]
    if side["allies"]:
        lines.append("Allies: " + listed(
            f"{a['card']} ({a['stage']} above 0{', in control' if a.get('in_control') else ''})"
            for a in side["allies"]))
    for key, label in (("drills", "Drills"), ("non_combat", "Non-Combat"),
                       ("dragon_balls", "Dragon Balls")):
        if side[key]:
            lines.append(f"{label}: {listed(side[key])}")
    if "hand" in side:
        lines.append(f"Hand: {listed(side['hand'])}")
    return lines


def status_text(view: View) -> str:
    if view["winner"] is not None:
        return (f"Game over: Player {view['winner'] + 1} wins by "
                f"{win_words(view['win_reason'] or '')}.")
    text = (f"Turn {view['turn']} · Player {view['active'] + 1}'s turn · "
            f"{str(view['step']).replace('_', ' ')} step · MPPV at level {view['win_level']}")
    if view["battleground"]:
        text += f"\nIn play: {view['battleground']}"
    attack = view.get("attack")
    if attack:
        text += f"\nPlayer {attack['player'] + 1} attacks ({attack['kind']}) with {attack['card']}"
    return text


def score_text(view: View) -> str:
    """The whole table: the status, then each side (a hand only if the view holds one)."""
    parts = [status_text(view)]
    for side in view["players"]:
        parts.append(f"== Player {side['seat'] + 1} ==")
        parts += side_lines(side)
    return "\n".join(parts)
