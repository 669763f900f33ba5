""" "Your other attacks this combat deal +2 life cards of damage." in an attack's own
sentences: the floating damage modifier of "Your attacks this combat ..." (engine.cardtext.
floating), but for the attack in progress (`other`: engine.other_attacks; docs/rulings.md
277). Outside an attack "other" than which is not said: after_use.attack_only refuses it."""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]
_OTHER = re.compile(r"your other (?=(?:non-styled |styled )?(?:physical |energy )?attacks )", re.I)


def parse_effect(body: str) -> Json | None:
    from engine.cardtext.floating import parse_floating_effect  # it builds on patterns

    found = _OTHER.match(body)
    if found is None:
        return None
    effect = parse_floating_effect(f"your {body[found.end() :]}")
    if effect is None or effect.get("lasts", "turn") != "turn":
        return None
    if effect["modifier"].get("mod") != "damage" or effect["modifier"].get("who", "self") != "self":
        return None
    return {**effect, "modifier": {**effect["modifier"], "other": True}}
