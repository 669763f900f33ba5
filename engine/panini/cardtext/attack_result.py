"""Conditions on what the attack in progress did, read behind its HIT: (engine.panini.this_attack;
docs/rulings.md 274): "this attack dealt five or more stages of damage", "your opponent
prevented damage from this attack", "one of your opponent's card effects modified the
damage of this attack". Whole conditions only; the compiler refuses them among an attack's
immediate effects (attack_self.settle), where nothing is dealt yet."""

from __future__ import annotations

import re
from typing import Any

from engine.panini.cardtext.patterns import OPP, STAGES, N, number

Json = dict[str, Any]
_IC = re.IGNORECASE
_THIS = r"(?:this attack|this card)"
# "the damage of this attack", "damage from this attack", "this attack's damage"
_ITS_DAMAGE = rf"(?:(?:the |any )?damage (?:of|from) {_THIS}|{_THIS}'s damage)"

_DEALT = re.compile(
    rf"{_THIS} (?:dealt|did|has dealt) (?:(at least) {N}|{N}( or more)|(more than) {N})"
    rf" ({STAGES}|life cards?)(?: of damage)?",
    _IC,
)
_PREVENTED = re.compile(
    rf"(?:your opponent|the defending player) prevented (?:some |any )?{_ITS_DAMAGE}"
    rf"|{_ITS_DAMAGE} was prevented",
    _IC,
)
_MODIFIED = re.compile(
    rf"(?:one of {OPP} (?:card )?effects|{OPP} (?:card )?effects?|an effect of {OPP}"
    rf"|a card effect of {OPP}) modified {_ITS_DAMAGE}",
    _IC,
)


def parse(text: str) -> Json | None:
    found = _DEALT.fullmatch(text)
    if found:
        least, more = found.group(2) or found.group(3), found.group(6)
        amount = number(least) if least else number(more) + 1  # "more than 4": 5 or more
        unit = "life" if "life" in found.group(7).lower() else "stages"
        return {"attack_result": {"dealt_at_least": amount, "unit": unit}}
    if _PREVENTED.fullmatch(text):
        return {"attack_result": {"prevented": True}}
    if _MODIFIED.fullmatch(text):
        return {"attack_result": {"modified": True}}
    return None
