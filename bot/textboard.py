"""Plain-text boards for a terminal, drawn only from a player view (engine.panini.view), never
from the raw state: whatever a view hides (the other hand, Life Deck order) cannot leak.

Pure functions: they return strings and print nothing."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.core.events import Event
from engine.panini.cards import Card
from engine.panini.rulesets import UnknownRuleset, get_ruleset
from engine.panini.view import WIN_REASONS as REASON_WORDS
from engine.panini.view import win_reason

View = Mapping[str, Any]

TRACK_STAGES = 11  # a Personality has power stages 0..10
DEFAULT_ANGER_MAX = 5
# Event kinds that are detail under a summary line ("takes 6 life cards of damage").
DETAIL_KINDS = frozenset({"damage_card"})

# How a game was won, when no view is at hand (engine.panini.view.win_reason, with one, knows
# when a Survival Victory's Life Deck still holds Dragon Balls).
WIN_REASONS = {reason: str(words) for reason, words in REASON_WORDS.items()}


# --- the board ------------------------------------------------------------------------------
def render_board(view: View) -> str:
    """The whole table as `view`'s viewer may see it: status, then each side.

    The viewer's own side (the one whose hand is in the view) comes last, nearest the
    prompt; spectators see Player 1 then Player 2."""
    viewer = viewer_of(view)
    seats = [0, 1] if viewer is None else [1 - viewer, viewer]
    anger_max = _anger_max(view)
    parts = [_status(view, viewer)]
    parts += [render_side(view["players"][seat], viewer, anger_max) for seat in seats]
    return "\n".join(parts)


def viewer_of(view: View) -> int | None:
    """The seat whose hand the view shows, or None for a spectator's view."""
    for side in view["players"]:
        if "hand" in side:
            return int(side["seat"])
    return None


def seat_name(seat: int, viewer: int | None = None) -> str:
    name = f"Player {seat + 1}"
    return f"{name} (you)" if seat == viewer else name


def render_side(side: Mapping[str, Any], viewer: int | None, anger_max: int) -> str:
    mp = side["main_personality"]
    alignment = f" ({mp['alignment']})" if mp.get("alignment") else ""
    title = f"== {seat_name(side['seat'], viewer)}: {mp['name']}{alignment} "
    lines = [title.ljust(72, "=")]
    lines.append(
        f"  Level {mp['level']}/4   Power {mp['power_level']:,}   "
        f"{stage_track(mp['stage'])}   PUR {mp['pur']}"
    )
    lines.append(f"  Anger {anger_gauge(side['anger'], anger_max)}   Mastery: {side['mastery']}")
    lines.append(_counts_line(side))
    lines.append(f"  Drills: {_names(side['drills'])}   Setups: {_names(side['setups'])}")
    lines.append(f"  Allies: {_allies(side['allies'])}")
    lines.append(f"  Dragon Balls: {_dragon_balls(side['dragon_balls'])}")
    if side.get("attached"):
        attached = ", ".join(f"{a['name']} (on {a['to']})" for a in side["attached"])
        lines.append(f"  Attached: {attached}")
    if side.get("resolving"):
        lines.append(f"  Resolving: {_names(side['resolving'])}")
    if "hand" in side:  # present only in the viewer's own side of the view
        lines.append(f"  Your hand: {_names(side['hand'])}")
    return "\n".join(lines)


def stage_track(stage: int, stages: int = TRACK_STAGES) -> str:
    """Stage 3 of 0..10 as `stage 3 [===O-------]`: passed stages, the current one, the rest."""
    stage = max(0, min(stage, stages - 1))
    return f"stage {stage:>2} [{'=' * stage}O{'-' * (stages - 1 - stage)}]"


def anger_gauge(anger: int, maximum: int = DEFAULT_ANGER_MAX) -> str:
    shown = max(0, min(anger, maximum))
    return f"[{'#' * shown}{'.' * (maximum - shown)}] {anger}/{maximum}"


def _counts_line(side: Mapping[str, Any]) -> str:
    discard = side["discard_pile"]
    top = f" (top: {discard[-1]})" if discard else ""
    held = side.get("held_discards_count", 0)
    held_text = f"   Set aside to discard: {held}" if held else ""
    return (
        f"  Life Deck {side['life_deck_count']}   Hand {side['hand_count']}   "
        f"Discard {len(discard)}{top}   Banished {len(side['banished'])}{held_text}"
    )


def _names(names: Iterable[str]) -> str:
    listed = list(names)
    return ", ".join(listed) if listed else "-"


def _allies(allies: Iterable[Mapping[str, Any]]) -> str:
    return _names(f"{a['name']} (stage {a['stage']}, {a['power_level']:,})" for a in allies)


def _dragon_balls(balls: Iterable[Mapping[str, Any]]) -> str:
    return _names(f"{b['name']}{' (captured)' if b['captured'] else ''}" for b in balls)


def _anger_max(view: View) -> int:
    try:
        return get_ruleset(str(view.get("ruleset"))).anger_to_level
    except UnknownRuleset:
        return DEFAULT_ANGER_MAX


# --- status lines ----------------------------------------------------------------------------
def _status(view: View, viewer: int | None) -> str:
    if view.get("winner") is not None:
        return f"Turn {view['turn']} - game over. {describe_result(view)}"
    active = "Your" if view["active"] == viewer else f"{seat_name(view['active'])}'s"
    lines = [f"Turn {view['turn']} - {active} turn - {view['step']} step ({view['ruleset']})"]
    attack = view.get("attack")
    if attack:
        stopped = " - stopped" if attack["stopped"] else ""
        lines.append(
            f"Attack: {seat_name(attack['attacker'], viewer)} with {attack['card']} "
            f"({attack['type']}){stopped}"
        )
    lines.append(describe_decision(view))
    return "\n".join(line for line in lines if line)


def describe_decision(view: View) -> str:
    decision = view.get("decision")
    if not decision:
        return ""
    seat = decision["player"]
    if seat == viewer_of(view):
        return f"Your decision: {decision.get('prompt', decision['kind'])}"
    return f"Waiting for {seat_name(seat)} to decide ({decision['kind'].replace('_', ' ')})."


def describe_result(view: View) -> str:
    """ "Player 2 wins by Survival Victory (...)." or "" while the game goes on."""
    winner = view.get("winner")
    if winner is None:
        return ""
    reason = view.get("win_reason") or "unknown"
    return f"{seat_name(winner, viewer_of(view))} wins by {win_reason_text(reason, view)}."


def win_reason_text(reason: str, view: View) -> str:
    """How the game in `view` was won, as the board beside it shows it."""
    return str(win_reason(reason, view))


# --- events ----------------------------------------------------------------------------------
def visible_events(events: Iterable[Event], viewer: int | None) -> list[Event]:
    """Public events, plus the private ones addressed to `viewer` (None: public only)."""
    return [e for e in events if e.private_to is None or e.private_to == viewer]


def render_events(events: Iterable[Event], viewer: int | None, condensed: bool = False) -> str:
    """One line per event `viewer` may see; `condensed` drops detail lines."""
    lines = []
    for event in visible_events(events, viewer):
        if condensed and event.kind in DETAIL_KINDS:
            continue
        lines.append(_event_line(event))
    return "\n".join(lines)


def _event_line(event: Event) -> str:
    if event.kind == "turn":
        return f"-- {event.text} --"
    if event.private_to is not None:
        return f"  (only you) {event.text}"
    return f"  {event.text}"


def describe_card(card: Card) -> str:
    """A card's face as text: what a player reads before choosing it."""
    kind = card.type.value.replace("_", " ")
    heading = f"{card.name} - {card.style.value} {kind}"
    lines = [heading]
    if card.is_personality:
        level = f"Level {card.level}, " if card.level else ""
        alignment = card.alignment.value if card.alignment else ""
        lines.append(f"  {level}{alignment}, PUR {card.pur}")
        lines.append("  Power stages: " + ", ".join(f"{p:,}" for p in card.power_stages))
    if card.endurance:
        lines.append(f"  Endurance {card.endurance}")
    lines.append(f"  {card.text}")
    return "\n".join(lines)
