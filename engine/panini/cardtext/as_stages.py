""" "Choose for this attack to deal its life card damage as (power) stages of damage
(instead)." (`{do: attack_gains, life_as_stages: true}`, engine/panini/as_stages.py,
docs/rulings.md 246): in an attack's own text, or with "that attack" in a trigger on an
attack performed (engine/panini/cardtext/attack_performed.py). "... or vice versa" (the player picks
the direction) and other conversions stay unread."""

from __future__ import annotations

import re
from typing import Any

_AS_STAGES = re.compile(
    r"choose for this attack to (?:deal|do) its life cards? (?:of )?damage as (?:power )?"
    r"stages? (?:of damage )?(?:instead)?",
    re.IGNORECASE,
)


def parse(body: str) -> dict[str, Any] | None:
    if not _AS_STAGES.fullmatch(body.strip()):
        return None
    return {"do": "attack_gains", "life_as_stages": True}
