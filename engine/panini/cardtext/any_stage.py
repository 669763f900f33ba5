"""An Ally's note that its Power may be used whatever the MP's power stage (2016 ALLIES
DURING COMBAT: Allies act only while the MP is at most one stage above zero; the note lifts
that for the Ally's own Power, engine.panini.any_stage):

- "You may use this (card's / Ally's) Power regardless of your MP's power stage.";
- "If your MP is Gohan (, Goten, or Pan), you may use this / the Power (these Powers)
  regardless of your MP's power stage." (the condition read by patterns.parse_condition).

Read whole or not at all, on Allies only (the compiler's caller checks the card type)."""

from __future__ import annotations

import re
from typing import Any

from engine.panini.cardtext import patterns as p

Json = dict[str, Any]

_USE = re.compile(
    r"(?:(?i:if) (?P<cond>.+?), )?(?i:you may use (?:this|the|these|this card's|this ally's)"
    r" powers? regardless of your MP'?s (?:power )?stages?)"
)

# names the shared condition reader leaves: a number in the name ("Android 20") and dashes
# for commas ("Goku - Gohan - or Goten"); case-sensitive, as patterns reads a name
_NAME = r"[A-Z][A-Za-z.'-]*(?: (?:[A-Z][A-Za-z.'-]*|\d+))*"
_MP_NAMES = re.compile(rf"your MP is ({_NAME}(?:(?:,| -) {_NAME})*)(?:,? or| - or) ({_NAME})")
_MP_NAME = re.compile(rf"your MP is ({_NAME})")


def _condition(text: str) -> Json | None:
    found = p.parse_condition(text)
    if found is not None:
        return found
    named = _MP_NAME.fullmatch(text)
    if named:
        return {"personality": named.group(1)}
    among = _MP_NAMES.fullmatch(text)
    if among is None:
        return None
    names = [*re.split(r",| -", among.group(1)), among.group(2)]
    return {"any_of": [{"personality": name.strip()} for name in names]}


def parse(body: str) -> Json | None:
    """The sentence (no trailing period) -> a `power_any_stage` Modifier, or None."""
    found = _USE.fullmatch(body.strip().strip("()").strip().rstrip("."))
    if found is None:
        return None
    modifier: Json = {"mod": "power_any_stage"}
    if found.group("cond") is not None:
        condition = _condition(found.group("cond"))
        if condition is None:
            return None  # an unread condition: the whole note stays for players
        modifier["requires"] = condition
    return modifier
