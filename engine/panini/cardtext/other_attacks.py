""" "Your other attacks deal +1 stage of damage this combat.", "For the remainder of combat,
all of your other attacks are considered to deal critical damage.": a floating rule about
the player's attacks, but not those of the card that created it (`other: true`; the card
is recorded as `except_card` as the effect is created, engine.panini.modifiers.add_floating /
about; docs/rulings.md 281). The sentence is read as without "other", then marked."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Json = dict[str, Any]
_OTHER = re.compile(
    r"\byour other (?=(?:successful |styled |non-styled |physical |energy )*attacks\b)", re.I
)
# the rules engine.panini.modifiers.about decides for the attack in progress: others ignore `other`
ABOUT = frozenset({"damage", "critical", "unstoppable", "unpreventable"})


def parse(body: str, parse_effect: Callable[[str], Json | None]) -> Json | None:
    found = list(_OTHER.finditer(body))
    if len(found) != 1:
        return None
    effect = parse_effect(body[: found[0].start()] + "your " + body[found[0].end() :])
    if effect is None or effect.get("do") != "until_end_of_turn" or "lasts" in effect:
        return None  # only "this combat / turn": "your other next attack" is not English
    modifier = effect["modifier"]
    if modifier.get("mod") not in ABOUT or modifier.get("who", "self") != "self":
        return None
    return {**effect, "modifier": {**modifier, "other": True}}
