"""Copies of attacks (engine.copies; docs/rulings.md 308):

- "perform a copy of that attack for / as your next action [this combat]" -> `copy_attack`
  (`that_attack`: read only in a defense, whose attack "that attack" is; compiler._ability).

Left to players: a copy performed at once ("If you do, perform a copy of that attack."),
where "that attack" may be a card just moved, and "the last attack your opponent used".
"""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]

_NEXT_ACTION = re.compile(
    r"perform a copy of that attack (?:for|as) your next action(?: this combat)?", re.IGNORECASE
)


def parse(body: str) -> Json | None:
    if _NEXT_ACTION.fullmatch(body) is None:
        return None
    return {"do": "copy_attack", "that_attack": True, "next_action": True}
