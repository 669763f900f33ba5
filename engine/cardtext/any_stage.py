"""An Ally's note that its Power may be used whatever the MP's power stage (2016 ALLIES
DURING COMBAT: Allies act only while the MP is at most one stage above zero; the note lifts
that for the Ally's own Power, engine.any_stage):

- "You may use this (card's / Ally's) Power regardless of your MP's power stage.";
- "If your MP is Gohan (, Goten, or Pan), you may use this / the Power (these Powers)
  regardless of your MP's power stage." (the condition read by patterns.parse_condition).

Read whole or not at all, on Allies only (the compiler's caller checks the card type)."""

from __future__ import annotations

import re
from typing import Any

from engine.cardtext import patterns as p

Json = dict[str, Any]

_USE = re.compile(
    r"(?:(?i:if) (?P<cond>.+?), )?(?i:you may use (?:this|the|these|this card's|this ally's)"
    r" powers? regardless of your MP'?s (?:power )?stages?)"
)


def parse(body: str) -> Json | None:
    """The sentence (no trailing period) -> a `power_any_stage` Modifier, or None."""
    found = _USE.fullmatch(body.strip().strip("()").strip().rstrip("."))
    if found is None:
        return None
    modifier: Json = {"mod": "power_any_stage"}
    if found.group("cond") is not None:
        condition = p.parse_condition(found.group("cond"))
        if condition is None:
            return None  # an unread condition: the whole note stays for players
        modifier["requires"] = condition
    return modifier
