"""Using a Dragon Ball's immediate effects (engine.panini.wishes; docs/rulings.md 198): "Use the
immediate effect(s) of a Dragon Ball in play / you control / your opponent controls." (with
"You may" before it, optional as any effect). "that Dragon Ball", "and then return it ...",
"your opponent may use ..." stay for players."""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]

_USE = re.compile(
    r"use the immediate effects? of (?:a|one) dragon ball"
    r" (?P<where>in play|you control|your opponent controls)",
    re.I,
)
_WHOSE = {"in play": "any", "you control": "self", "your opponent controls": "opponent"}


def parse_use_dragon_ball(body: str) -> Json | None:
    found = _USE.fullmatch(body)
    if found is None:
        return None
    effect: Json = {"do": "use_dragon_ball"}
    whose = _WHOSE[found.group("where").lower()]
    return effect if whose == "any" else {**effect, "whose": whose}
