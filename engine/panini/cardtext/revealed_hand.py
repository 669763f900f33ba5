"""“Your opponent reveals his hand and banishes any Setups or Drills in it.”: the hand is
shown to both players (`reveal_hand`), then every card of those kinds in it moves (a
`move` of the whole hand's matching cards, nobody choosing; docs/rulings.md 220)."""

from __future__ import annotations

import re
from typing import Any

from engine.panini.cardtext.moves import parse_move

Json = dict[str, Any]

_THEIR = r"(?:his or her|his|her|their)"
_REVEAL_THEN = re.compile(
    rf"your opponent reveals (?P<their>{_THEIR}) hand,? and (?P<verb>banishes|discards) "
    rf"any (?P<what>.+?) in (?:{_THEIR} hand|it)",
    re.IGNORECASE,
)


def parse(body: str) -> list[Json] | None:
    found = _REVEAL_THEN.fullmatch(body)
    if found is None:
        return None
    verb, what, their = found.group("verb"), found.group("what"), found.group("their")
    move = parse_move(f"your opponent {verb} any {what} in {their} hand")
    if move is None:
        return None
    return [{"do": "reveal_hand", "who": "opponent"}, {**move, "if_you_do": True}]
