"""What a defense stopped, in its own sentences (engine.panini.conditions.that_attack):

- "this card stopped / stops an attack [with a (printed) HIT effect]" -> `that_attack:
  {stopped: true[, hit_effect: true]}`: the attack the defense answers was stopped by it
  (one defense per attack, 2016 ATTACK TIMING SUMMARY step 3), printed with "HIT:" (2016
  HOW CARDS WORK: "HIT effects"); outside a defense it is unread (compiler._ability).
"""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]

_STOPPED = re.compile(
    r"this card (?:stopped|stops|has stopped) an attack(?P<hit> with an? (?:printed )?HIT effect)?",
    re.IGNORECASE,
)


def parse(text: str) -> Json | None:
    found = _STOPPED.fullmatch(text)
    if found is None:
        return None
    test: Json = {"stopped": True}
    if found.group("hit"):
        test["hit_effect"] = True
    return {"that_attack": test}
