"""Critical Damage effects an attack's own text changes (2016 CRITICAL DAMAGE: "Whenever
you deal Critical Damage, you may use a Critical Damage effect").

- `If you deal critical damage with this attack, you may use 2 [different] critical
  [damage] effects instead of 1.`: `{do: attack_gains, critical_effects: 2}` (with
  `critical_different: true`), read in an attack's text only (engine.combat.attack_critical;
  docs/rulings.md 280). The same effect may be chosen again unless the card says
  "different".
"""

from __future__ import annotations

import re
from typing import Any

from engine.cardtext.patterns import number

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
