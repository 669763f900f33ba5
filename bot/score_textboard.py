"""Plain-text boards of the Score family (rulesets `score`, `ocg`) for a terminal, drawn
only from ScoreFamily.view, never from the state: what a view hides (the other hand, the
Life Deck's order) cannot leak. Pure functions: they return strings and print nothing."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot.textboard import seat_name
from engine.score.cards import Card, CardPool, fold
from engine.score.rulesets import RULESETS

View = Mapping[str, Any]
WIN_REASONS = {
    "survival": "Survival Victory",  # p. 20
    "mppv": "Most Powerful Personality Victory",  # p. 21
    "dragon_balls": "Dragon Ball Victory",  # p. 44
    "concede": "concession",
    "forfeit": "forfeit",
}


def score_viewer(view: View) -> int | None:
    """The seat whose hand the view shows, or None for a spectator's view."""
    for seat, side in enumerate(view["players"]):
        if "hand" in side:
            return seat
    return None


def render_score_board(view: View) -> str:
    """The status line, then each side; the viewer's own side last, nearest the prompt."""
    viewer = score_viewer(view)
    seats = [0, 1] if viewer is None else [1 - viewer, viewer]
    anger_max = RULESETS[view["ruleset"]].anger_to_level
    step = str(view["step"]).replace("_", "-")
    status = (f"Turn {view['turn']} ({view['ruleset']}), {step} step; active: "
              f"{seat_name(view['active'], viewer)}. Most Powerful Personality Victory at "
              f"level {view['win_level']}.")  # fmt: skip
    attack = view.get("attack")
    if attack:
        status += (f"\n{seat_name(attack['player'], viewer)} attacks ({attack['kind']}) with "
                   f"{attack['card']}.")
    sides = [_side(view["players"][seat], seat, viewer, anger_max) for seat in seats]
    decision = view.get("decision")  # only in the view of the player who decides
    if decision and viewer is not None:
        sides.append(f"{seat_name(viewer, viewer)}: {decision['prompt']}")
    return "\n".join([status, *sides])


def _side(side: Mapping[str, Any], seat: int, viewer: int | None, anger_max: int) -> str:
    title = f"== {seat_name(seat, viewer)}: {side['main_personality']} "
    lines = [
        title.ljust(72, "="),
        f"  Level {side['level']} of {side['levels']}, Scouter {side['stage']} above 0, "
        f"Warrior Sword (anger) {side['anger']}/{anger_max}, "
        f"Tokui-Waza {side['tokui_waza'] or 'none'}",
        f"  Life Deck {side['life_deck_count']}, hand {side['hand_count']}, "
        f"discard pile {len(side['discard_pile'])}"
        + (f" (top: {side['discard_pile'][-1]})" if side["discard_pile"] else ""),
    ]
    allies = [f"{a['card']} (stage {a['stage']}{', in control' if a.get('in_control') else ''})"
              for a in side["allies"]]
    for label, names in (("Allies", allies), ("Drills", side["drills"]),
                         ("Non-Combat", side["non_combat"]),
                         ("Dragon Balls", side["dragon_balls"]),
                         ("Removed from the game", side["removed"])):  # fmt: skip
        if names:
            lines.append(f"  {label}: {_names(names)}")
    if "hand" in side:
        lines.append(f"  Your hand: {_names(side['hand']) or '(empty)'}")
    return "\n".join(lines)


def _names(names: Iterable[str]) -> str:
    return ", ".join(names)


def describe_score_result(view: View) -> str:
    """ "Player 2 wins by Survival Victory." or "" while the game goes on."""
    winner = view.get("winner")
    if winner is None:
        return ""
    reason = view.get("win_reason") or "unknown"
    words = WIN_REASONS.get(reason, reason)
    return f"{seat_name(winner, score_viewer(view))} wins by {words}."


def describe_score_card(card: Card, ocg: bool = False) -> str:
    """A card's face as text: what a player reads before choosing it."""
    lines = [f"{card.title} - {card.style.value.title()} {card.type_name(ocg)}"]
    if card.power_stages:
        alignment = card.alignment.value if card.alignment else "no alignment"
        lines.append(f"  Level {card.level}, {alignment}, PUR {card.pur}")
        lines.append("  Power stages: " + ", ".join(f"{p:,}" if isinstance(p, int) else str(p)
                                                    for p in card.power_stages))  # fmt: skip
    if card.endurance:
        lines.append(f"  Endurance {card.endurance}")
    if card.text:
        lines.append(f"  {card.text}")
    return "\n".join(lines)


def score_card_text(pool: CardPool, wanted: str, ocg: bool = False) -> str:
    """The card named `wanted` (exact, or a unique start of its name) as text."""
    card = pool.find(wanted)
    if card is None:
        folded = fold(wanted)
        starts = [pool.find(name) for name in pool.names() if fold(name).startswith(folded)]
        found = [c for c in starts if c is not None]
        if len(found) > 1:
            return f"{wanted!r} could be: " + ", ".join(c.name for c in found[:8])
        card = found[0] if found else None
    if card is None:
        return f"No card named {wanted!r}."
    return describe_score_card(card, ocg)
