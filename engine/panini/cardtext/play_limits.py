"""Sentences that forbid playing cards, or their entering play (engine.panini.modifiers.
play_forbidden, engine.panini.effects.may_enter_play): "Your opponent cannot play non-Styled cards
this combat.", "Dragon Balls cannot be played until the start of your next turn.", "Allies
cannot be played nor placed into play this combat.", "CONSTANT: Your opponent cannot play
Drills." (docs/rulings.md 132).

Read part by part: who (you, your opponent, players, or nobody named: everyone), which cards
(Styled / non-Styled, one or more card types, or all cards), what is forbidden (playing;
playing or placing into play) and how long (none: a constant, read only under CONSTANT:).
Whole sentences only; a card described further ("Events that stop attacks") stays unread.
"""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]

_CANNOT = r"(?:cannot|can't|may not)"
_WHO = r"(?P<who>your opponent|you|players|each player)"
_TYPES = {
    "events": "event",
    "physical combat cards": "physical_combat",
    "energy combat cards": "energy_combat",
    "allies": "ally",
    "drills": "drill",
    "setups": "setup",
    "dragon balls": "dragon_ball",
}
_TYPE = "|".join(_TYPES)
_LIST = rf"(?:{_TYPE})(?:(?:,? and |,? or |, )(?:{_TYPE}))*"
_CARDS = rf"(?P<styled>non-styled |styled )?(?P<types>cards|{_LIST})"
_DURATIONS = {
    "this combat": "turn",
    "this turn": "turn",
    "for the remainder of combat": "turn",
    "for the rest of combat": "turn",
    "until the end of the turn": "turn",
    "until the end of this turn": "turn",
    "until the end of your next turn": "next_turn",
    "until the start of your next turn": "next_turn_start",
}
_DURATION = rf"(?: (?P<dur>{'|'.join(_DURATIONS)}))?"

_SENTENCES = [
    (re.compile(rf"{_WHO} {_CANNOT} play {_CARDS}{_DURATION}", re.I), "no_play"),
    (re.compile(rf"{_CARDS} {_CANNOT} be played{_DURATION}", re.I), "no_play"),
    # "played nor placed into play" / "enter play": by an effect too
    (
        re.compile(
            rf"{_CARDS} {_CANNOT} (?:be played (?:nor|or) (?:be )?(?:placed|put) into play"
            rf"|enter play){_DURATION}",
            re.I,
        ),
        "no_enter_play",
    ),
]


def _read(body: str) -> tuple[Json, str | None] | None:
    for pattern, mod in _SENTENCES:
        found = pattern.fullmatch(body)
        if found is None:
            continue
        modifier: Json = {"mod": mod}
        who = (found.groupdict().get("who") or "").lower()
        if who in ("", "players", "each player"):
            modifier["who"] = "both"
        elif who == "your opponent":
            modifier["who"] = "opponent"
        types = found.group("types").lower()
        if types != "cards":
            names = re.split(r",? and |,? or |, ", types)
            modifier["card_types"] = [_TYPES[name] for name in names]
        styled = (found.group("styled") or "").strip().lower()
        if styled:
            modifier["styled"] = styled == "styled"
        duration = found.group("dur")
        return modifier, None if duration is None else _DURATIONS[duration.lower()]
    return None


def parse_floating_play_limit(body: str) -> Json | None:
    """ "<who> cannot play <cards> <duration>." -> an until_end_of_turn effect, or None."""
    found = _read(body)
    if found is None or found[1] is None:
        return None
    modifier, lasts = found
    effect: Json = {"do": "until_end_of_turn", "modifier": modifier}
    if lasts != "turn":
        effect["lasts"] = lasts
    return effect


def parse_constant_play_limit(body: str) -> Json | None:
    """ "<who> cannot play <cards>." with no duration, under CONSTANT: -> a Modifier."""
    found = _read(body)
    return found[0] if found is not None and found[1] is None else None
