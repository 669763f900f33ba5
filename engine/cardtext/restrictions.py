"""Sentences that forbid a player something for a while or for good (engine.modifiers):
"Endurance cannot be used this combat.", "Your opponent cannot use Endurance.", "Setups
cannot be used this turn.", "Players cannot use Setups.", "Your opponent cannot gain stages
this combat.", "Your opponent cannot use critical damage effects this combat.", "CONSTANT:
You cannot win by MPPV." (docs/rulings.md 120).

One sentence = who (you, your opponent, players, or nobody named: everyone) + what they
cannot do + how long (a duration: a floating effect; none: a constant one, read only in a
CONSTANT: section). Whole sentences only.
"""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]

_CANNOT = r"(?:cannot|can't|may not)"
_WHO = r"(?P<who>your opponent|you|players|each player)"
_DURATION = (
    r"(?P<dur>this combat|this turn|for the remainder of combat|for the rest of combat"
    r"|until the end of (?:the|this) turn|until the end of your next turn)"
)
_NEXT_TURN = "until the end of your next turn"

# (pattern of the sentence without its duration, the modifier it makes)
_FORBIDDEN: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"endurance " + _CANNOT + r" be used", re.I), "no_endurance"),
    (re.compile(rf"{_WHO} {_CANNOT} use endurance", re.I), "no_endurance"),
    (re.compile(r"setups " + _CANNOT + r" be used", re.I), "no_setups"),
    (re.compile(rf"{_WHO} {_CANNOT} use setups", re.I), "no_setups"),
    (re.compile(rf"{_WHO} {_CANNOT} gain (?:power )?stages", re.I), "no_gain_stages"),
    (re.compile(rf"{_WHO} {_CANNOT} use critical damage effects", re.I), "no_critical"),
    (re.compile(rf"{_WHO} {_CANNOT} win (?:the game )?by MPPV", re.I), "no_mppv"),
]
_WITH_DURATION = re.compile(rf"(?P<body>.+?),? {_DURATION}", re.I)
_DURATION_FIRST = re.compile(rf"{_DURATION}, (?P<body>.+)", re.I)


def _restriction(body: str) -> Json | None:
    for pattern, mod in _FORBIDDEN:
        found = pattern.fullmatch(body)
        if found is None:
            continue
        who = (found.groupdict().get("who") or "").lower()
        modifier: Json = {"mod": mod}
        if who in ("", "players", "each player"):
            modifier["who"] = "both"
        elif who == "your opponent":
            modifier["who"] = "opponent"
        return modifier
    return None


def parse_floating_restriction(body: str) -> Json | None:
    """ "<restriction> this combat." -> an until_end_of_turn effect, or None."""
    found = _WITH_DURATION.fullmatch(body) or _DURATION_FIRST.fullmatch(body)
    if found is None:
        return None
    modifier = _restriction(found.group("body"))
    if modifier is None or modifier["mod"] == "no_mppv":
        # "... You cannot win by MPPV this turn." after an effect that may win: the game would
        # end before the restriction is read; such text stays for players, whole
        return None
    effect: Json = {"do": "until_end_of_turn", "modifier": modifier}
    if found.group("dur").lower() == _NEXT_TURN:
        effect["lasts"] = "next_turn"
    return effect


def parse_constant_restriction(body: str) -> Json | None:
    """ "<restriction>." with no duration, under CONSTANT: -> a Modifier, or None."""
    return _restriction(body)
