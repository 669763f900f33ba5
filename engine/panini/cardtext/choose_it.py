"""A choice and a move of the card chosen in one sentence: "Choose an Ally in play and
place it at the bottom of its owner's Life Deck.", "Choose a Setup, Drill, or Ally in play
and banish it." say no more than "Place an Ally in play at the bottom of its owner's Life
Deck." (the controller chooses which card a move takes: engine.panini.moves), so the sentence is
read as that move by the moves grammar. A description it does not read ("a Drill not named
...") leaves the sentence unread.
"""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]

_CHOOSE_IT = re.compile(
    r"choose (an? .+?|one of .+?) and (destroy|banish|place|put|shuffle|return) "
    r"(?:it|that card)( .+)?",
    re.IGNORECASE,
)


def parse_choose_it(body: str) -> Json | None:
    from engine.panini.cardtext.moves import parse_move  # it builds on the callers of this module

    m = _CHOOSE_IT.fullmatch(body)
    if m is None:
        return None
    what, verb, where = m.group(1), m.group(2), m.group(3) or ""
    effect = parse_move(f"{verb} {what}{where}")
    if effect is None or effect.get("amount", 1) != 1 or effect.get("every"):
        return None  # "choose ... it": one card
    return effect
