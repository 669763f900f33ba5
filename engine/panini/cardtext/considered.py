"""Power levels considered other than they are (engine.panini.considered; 2016 GLOSSARY "Power
Level": the number rating of the current Power Stage):

- "Your MP is considered to have a higher power level than the defending personality for
  your (card) effects (this combat)." -> the `higher_power_level` modifier: the comparisons
  of your card effects' conditions between your attacking MP and the defending personality
  read "higher" (docs/rulings.md 175);
- "Your (MP's) power level is considered to be 1,000,000 (this combat)." -> the
  `power_level_is` modifier: the MP's power level, wherever it is read (the Attack Table,
  conditions), is that number (docs/rulings.md 176).

Also "<someone> loses N stages, to a minimum of 0" (`floor`: stages never go below zero
and nothing is discarded, docs/rulings.md 181), a power-level rule too.

A constant ("[CONSTANT]:", "While attached, ...") has no duration; the same sentence with a
duration ("this combat", "until the end of your next turn") is a floating effect. Anything
more ("while your power level is above 0 ...") is not read."""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]
_IC = re.IGNORECASE

# "this combat" and its variants last the turn (one combat per turn); "next_turn" longer
_DURATIONS = (
    (r"this combat|for the remainder of (?:the )?combat|until the end of (?:the|this) turn"
     r"|this turn", "turn"),
    (r"until the end of your next turn", "next_turn"),
)  # fmt: skip
_DUR = r"(?: (?P<dur>[a-z ]+?))?"
_HIGHER = re.compile(
    r"your (?:MP|main personality) is considered to have a higher power level than the"
    rf" defending personality for your (?:card )?effects{_DUR}",
    _IC,
)
# "1,000,000": thousands separated by commas, or none
_POWER = r"(?P<level>\d{1,3}(?:,\d{3})+|\d+)"
_IS = re.compile(
    rf"your (?:MP's |main personality's )?power level is considered to be {_POWER}{_DUR}", _IC
)
_LEADING = re.compile(r"(?P<dur>until the end of your next turn|this combat), (?P<rest>.+)", _IC)


def _lasts(duration: str | None) -> str | None:
    if duration is None:
        return None
    for pattern, lasts in _DURATIONS:
        if re.fullmatch(pattern, duration, _IC):
            return lasts
    return None


def parse(body: str, constant: bool) -> Json | None:
    """The modifier (constant) or the floating effect (with a duration), or None."""
    body = body.strip()
    leading = _LEADING.fullmatch(body)
    if leading is not None:
        inner = parse(leading.group("rest"), constant=True)  # no duration of its own
        lasts = _lasts(leading.group("dur"))
        if constant or inner is None or lasts is None:
            return None
        return _floating(inner, lasts)
    found = _HIGHER.fullmatch(body)
    modifier: Json
    if found is not None:
        modifier = {"mod": "higher_power_level"}
    else:
        found = _IS.fullmatch(body)
        if found is None:
            return None
        level = int(found.group("level").replace(",", ""))
        modifier = {"mod": "power_level_is", "amount": level}
    duration = found.group("dur")
    if constant:
        return modifier if duration is None else None
    lasts = _lasts(duration)
    return None if lasts is None else _floating(modifier, lasts)


def _floating(modifier: Json, lasts: str) -> Json:
    effect: Json = {"do": "until_end_of_turn", "modifier": modifier}
    if lasts != "turn":
        effect["lasts"] = lasts
    return effect


# "Your opponent's MP loses 3 stages, to a minimum of 0."
_FLOOR = re.compile(r"(?P<rest>.+?),? (?:to a minimum of 0|\(to a minimum of 0\))", _IC)


def parse_floor(body: str) -> Json | None:
    """A stage loss that stops at zero: the rest is not discarded from the Life Deck
    (docs/rulings.md 181). Only a lone `lose_stages` sentence takes it."""
    from engine.panini.cardtext.patterns import parse_effect  # it builds on this module

    found = _FLOOR.fullmatch(body.strip())
    effect = parse_effect(found.group("rest")) if found else None
    if effect is None or effect.get("do") != "lose_stages" or set(effect) & {"x", "per", "if"}:
        return None
    if effect.get("personality", "chosen") not in ("mp", "chosen"):
        return None  # "that personality", all of them: engine.panini.effects' stages task only
    return {**effect, "floor": True}
