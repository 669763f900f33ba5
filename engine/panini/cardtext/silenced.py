"""Card types that lose all their effects (engine.panini.silenced; docs/rulings.md 197):
"Dragon Balls lose all effects this combat.", "Setups, Drills, and Allies lose all effects
for the remainder of combat.", "CONSTANT: Dragon Balls lose all effects."

"Setups and Drills cannot be used this combat." reads the same (a Drill is used only
through its effects). Only whole kinds of cards in play are read (Setups, Drills, Allies,
Dragon Balls, listed with "," / "and"); "Allies with CONSTANT powers", "Those cards",
"cards with that name", "lose all immediate effects" stay for players.
"""

from __future__ import annotations

import re
from typing import Any

from engine.panini.cardtext.durations import THIS_COMBAT

Json = dict[str, Any]

_KINDS = {"setups": "setup", "drills": "drill", "allies": "ally", "dragon balls": "dragon_ball"}
_KIND = r"(?:setups|drills|allies|dragon balls)"
_LIST = rf"(?P<kinds>{_KIND}(?:(?:,| and|, and) {_KIND})*)"
_LOSE = rf"{_LIST} lose all (?:of their )?effects"
_DURATION = THIS_COMBAT
_FLOATING = re.compile(rf"(?P<before>{_DURATION}, )?{_LOSE}(?P<after>,? {_DURATION})?", re.I)
# "Setups and Drills cannot be used this combat.": a Drill is used through its effects
# (constants, Powers, triggers), so it is read as losing them; Setups alone stay the
# `no_setups` restriction (engine.panini.cardtext.restrictions)
_UNUSABLE = re.compile(
    rf"(?P<before>{_DURATION}, )?(?P<kinds>(?:setups(?:,| and|, and) )?drills"
    rf"(?:(?:,| and|, and) setups)?) (?:cannot|can't|may not) be used"
    rf"(?P<after>,? {_DURATION})?",
    re.I,
)
_CONSTANT = re.compile(_LOSE, re.I)


def _modifier(found: re.Match[str]) -> Json | None:
    words = re.split(r",? and |, ", found.group("kinds").lower())
    kinds = [_KINDS[word] for word in words]
    if len(set(kinds)) != len(kinds):
        return None  # "Allies and Allies": not a card's wording
    return {"mod": "lose_effects", "card_types": kinds, "who": "both"}


_IMMEDIATE = re.compile(
    rf"(?P<before>{_DURATION}, )?(?:dragon balls lose all (?P<all>immediate effects)"
    r"|(?P<who>you|your opponent|players) (?:cannot|can't|may not) use the immediate effects "
    rf"of dragon balls)(?P<after>,? {_DURATION})?",
    re.I,
)


def _immediate(body: str, constant: bool) -> Json | None:
    """ "Dragon Balls lose all immediate effects.", "Your opponent cannot use the immediate
    effects of Dragon Balls." (docs/rulings.md 204); one duration, or none as a constant."""
    found = _IMMEDIATE.fullmatch(body)
    if found is None:
        return None
    durations = [d for d in (found.group("before"), found.group("after")) if d]
    if len(durations) != (0 if constant else 1):
        return None
    who = (found.group("who") or "players").lower()
    modifier: Json = {"mod": "no_dragon_ball_effects"}
    if who != "you":
        modifier["who"] = "opponent" if who == "your opponent" else "both"
    return modifier


def parse_floating_silence(body: str) -> Json | None:
    """ "<kinds> lose all effects this combat." -> a floating effect, or None."""
    immediate = _immediate(body, False)
    if immediate is not None:
        return {"do": "until_end_of_turn", "modifier": immediate}
    found = _FLOATING.fullmatch(body) or _UNUSABLE.fullmatch(body)
    # one duration, before or after: with none it is not floating, with two it is unclear
    if found is None or (found.group("before") is None) == (found.group("after") is None):
        return None
    modifier = _modifier(found) if found else None
    return None if modifier is None else {"do": "until_end_of_turn", "modifier": modifier}


def parse_constant_silence(body: str) -> Json | None:
    """ "<kinds> lose all effects." under CONSTANT: -> a Modifier, or None."""
    immediate = _immediate(body, True)
    if immediate is not None:
        return immediate
    found = _CONSTANT.fullmatch(body)
    if found is None:
        found = _UNUSABLE.fullmatch(body)
        if found is None or found.group("before") or found.group("after"):
            return None  # a duration: not a constant
    return _modifier(found)
