""" "At the end of any combat in which you used a critical damage effect, <effects>.": a
`combat_ended` trigger that fires only if, during the combat that is ending, the clause
held ("you used a critical damage effect this combat"; engine.panini.conditions history). The
condition is the trigger's `requires`, tested as the combat ends, before its records stop
counting for "this combat" (engine.panini.ending; docs/rulings.md 285)."""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]
_IN_WHICH = re.compile(
    r"at the end of (?:any|each|every|a) combat (?:in which|where|during which) (?P<clause>.+)",
    re.IGNORECASE | re.DOTALL,
)


def parse_head(head: str) -> Json | None:
    from engine.panini.cardtext.patterns import parse_condition  # it hooks this module in

    found = _IN_WHICH.fullmatch(head.strip())
    if found is None:
        return None
    condition = parse_condition(f"{found.group('clause')} this combat")
    # only what happened in that combat: a state would be read as the combat ends
    if condition is None or set(condition) != {"happened"}:
        return None
    if any(h.get("scope", "combat") != "combat" for h in condition["happened"]):
        return None
    return {"on": "combat_ended", "who": "any", "requires": condition}
