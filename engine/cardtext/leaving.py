"""A card in play that removes itself when a state holds (engine.leaving):

    Banish this card when you control a Styled Drill.
    Banish this Drill when there are no Setups in play.
    Destroy this card when your MP's power level is 0.
    Banish this card when more than 1 card is attached to your MP.

"<Banish / destroy / discard> this card / Drill / Setup / Ally when(ever) <condition>":
a `state_holds` trigger whose `requires` is the condition, read whole by the shared
condition reader (engine.cardtext.conditions), and whose one effect moves the card. An
event ("when your opponent deals critical damage") is engine.cardtext.triggers'. Refused:
conditions about an attack or what has happened (they are no state of the game that a
check after each step can see: "when that attack is stopped"), and "if" (a condition on
something else, not when the card leaves).
"""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]

_STATE = re.compile(
    r"(?P<verb>banish|destroy|discard) this (?:card|drill|setup|ally) (?:when|whenever) "
    r"(?P<condition>.+)",
    re.IGNORECASE | re.DOTALL,
)
# Condition fields that are about an attack in progress or the past, not the board
_NOT_STATE = frozenset({"that_attack", "stopped_by", "advanced_this_attack", "happened"})


def parse(body: str) -> Json | None:
    """ "Banish this card when you control a Styled Drill" -> {"on": "state_holds",
    "requires": <condition>, "effects": [<move this card>]}; None when not read whole."""
    from engine.cardtext.patterns import parse_condition, parse_effect
    from engine.cardtext.triggers import parse_event

    found = _STATE.fullmatch(body.strip())
    if found is None:
        return None
    text = found.group("condition").strip()
    if parse_event(text) is not None:
        return None  # an event: "Banish this card when <event>" (engine.cardtext.triggers)
    condition = parse_condition(text)
    if condition is None or _about_events(condition):
        return None
    effect = parse_effect(f"{found.group('verb')} this card")
    if effect is None or effect.get("source") != "this_card":
        return None
    return {"on": "state_holds", "requires": condition, "effects": [effect]}


def _about_events(value: Any) -> bool:
    """Whether a compiled condition reads an attack or the history anywhere inside."""
    if isinstance(value, dict):
        return any(k in _NOT_STATE or _about_events(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_about_events(v) for v in value)
    return False
