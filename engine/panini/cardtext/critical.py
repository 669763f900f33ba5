"""Critical Damage effects an attack's own text changes (2016 CRITICAL DAMAGE: "Whenever
you deal Critical Damage, you may use a Critical Damage effect").

- `If you deal critical damage with this attack, you may use 2 [different] critical
  [damage] effects instead of 1.`: `{do: attack_gains, critical_effects: 2}` (with
  `critical_different: true`), read in an attack's text only (engine.panini.combat.attack_critical;
  docs/rulings.md 280). The same effect may be chosen again unless the card says
  "different".
"""

from __future__ import annotations

import re
from typing import Any

from engine.panini.cardtext.durations import THIS_COMBAT
from engine.panini.cardtext.patterns import number

Json = dict[str, Any]
_IC = re.IGNORECASE
_N = r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
_ONE = r"(?:1|one|a single)"

_MORE = re.compile(
    r"(?:if|when) (?:you deal critical damage with this attack|this attack deals critical damage)"
    rf",? you may (?:use|choose) (?P<n>{_N}) (?P<different>different )?critical (?:damage )?"
    rf"effects instead of {_ONE}",
    _IC,
)


def parse_more(body: str) -> Json | None:
    """ "If you deal critical damage with this attack, you may use 2 critical damage effects
    instead of 1." -> `attack_gains` with `critical_effects`, or None."""
    found = _MORE.fullmatch(body.strip())
    if found is None:
        return None
    count = number(found.group("n"))
    if count < 2:
        return None  # "1 ... instead of 1" changes nothing: not a card text to guess at
    gains: Json = {"do": "attack_gains", "critical_effects": count}
    if found.group("different"):
        gains["critical_different"] = True
    return gains


# --- rules about Critical Damage (2016 CRITICAL DAMAGE), constant or for a time ------------
_LEAD = r"(?:(?P<pre>for the remainder of (?:the )?combat),? )?"
_TAIL = rf"(?: (?P<dur>{THIS_COMBAT}))?"
_WHOSE = r"(?P<whose>your opponent's|your)"
_RULES = [
    # "For the remainder of combat, your anger can only be lowered by critical damage effects."
    (
        re.compile(
            rf"{_LEAD}{_WHOSE} anger can only be lowered by critical damage effects{_TAIL}", _IC
        ),
        "anger_lower_only_critical",
    ),
    # "Your opponent's attacks need to deal +2 life cards to use a critical damage effect
    # this combat.": more than the five of 2016 CRITICAL DAMAGE (docs/rulings.md 282)
    (
        re.compile(
            rf"{_LEAD}{_WHOSE} attacks need to deal \+(?P<n>{_N}) (?:more )?life cards?"
            r"(?: of damage)? (?:to (?:use|activate) (?:a )?critical damage(?: effects?)?"
            rf"|to deal critical damage){_TAIL}",
            _IC,
        ),
        "critical_more",
    ),
    # "Your Allies cannot be discarded by critical damage effects this combat."; "While you
    # control 1 Ally, it cannot be discarded by critical damage effects." (ruling 283)
    (
        re.compile(
            rf"{_LEAD}(?:your (?P<many>allies|dragon balls)|while you control {_ONE} "
            r"(?P<one>ally|dragon ball),? it) cannot be (?P<verb>discarded|captured) by "
            rf"(?:a |any )?critical damage effects?{_TAIL}",
            _IC,
        ),
        "critical_immune",
    ),
]
# what a Critical Damage effect does to each kind of card (2016 CRITICAL DAMAGE)
_VERBS = {"ally": "discarded", "dragon_ball": "captured"}


def _rule(body: str) -> tuple[Json, str | None] | None:
    """The modifier of a sentence above and how long it lasts ("turn"), or None for no
    duration (a constant); None when no sentence above, or the duration is said twice."""
    for pattern, mod in _RULES:
        found = pattern.fullmatch(body.strip())
        if found is None:
            continue
        if found.group("pre") and found.group("dur"):
            return None
        modifier: Json = {"mod": mod}
        if (found.groupdict().get("whose") or "your").lower() != "your":
            modifier["who"] = "opponent"
        if mod == "critical_more":
            modifier["amount"] = number(found.group("n"))
        if mod == "critical_immune" and not _immune(found, modifier):
            return None
        lasts = "turn" if found.group("pre") or found.group("dur") else None
        if lasts and "requires" in modifier:
            return None  # "While ..." is a constant's condition
        return modifier, lasts
    return None


def _immune(found: re.Match[str], modifier: Json) -> bool:
    kind = (found.group("many") or found.group("one")).lower().replace(" ", "_")
    kind = {"allies": "ally", "dragon_balls": "dragon_ball"}.get(kind, kind)
    if _VERBS[kind] != found.group("verb").lower():
        return False  # an Ally is discarded, a Dragon Ball captured: nothing else is said
    modifier["card_types"] = [kind]
    if found.group("one"):  # "While you control 1 Ally, it ...": that one only
        quantity = {"of": "allies" if kind == "ally" else "dragon_balls"}
        modifier["requires"] = {"compare": [{"left": quantity, "op": "eq", "value": 1}]}
    return True


def parse_constant(body: str) -> Json | None:
    """A sentence above with no duration, as a constant modifier (CONSTANT: only)."""
    found = _rule(body)
    return found[0] if found is not None and found[1] is None else None


def parse_floating(body: str) -> Json | None:
    """A sentence above with a duration, as a floating effect."""
    found = _rule(body)
    if found is None or found[1] is None:
        return None
    return {"do": "until_end_of_turn", "modifier": found[0]}
