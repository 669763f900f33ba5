"""What attacks cost: "Your attacks cost -1 stage (to a minimum of 0).", "All Styled energy
attacks cost -1 stage to perform this combat, to a minimum of 1." (the `attack_cost`
modifier; engine.panini.combat.attack_cost; docs/rulings.md 87). Whose attacks and which are read
as for damage modifiers (engine.panini.cardtext.floating): none said before "Styled" / "physical"
is everyone's. "Your opponent's next attack this combat costs +1 stage" is
engine.panini.cardtext.next_attack.
"""

from __future__ import annotations

import re
from typing import Any

from engine.panini.cardtext.patterns import number

Json = dict[str, Any]
_IC = re.IGNORECASE
_NUMBER = r"\d+|one|two|three|four|five|six|seven|eight|nine|ten"
_WHOSE = r"(?P<whose>all of your |all your |your |your opponent'?s |all )?"
_WHICH = r"(?P<styled>non-styled |styled )?(?P<kind>physical |energy )?"
_AMOUNT = rf"(?P<sign>[+-])(?P<n>{_NUMBER}) (?:power )?stages?(?: to perform)?"
_MINIMUM = rf"(?:,? to a minimum of (?P<min>{_NUMBER})|,? \(to a minimum of (?P<pmin>{_NUMBER})\))"
_DURATION = r"(?P<dur> this combat| for the remainder of combat)"
_COSTS = re.compile(rf"{_WHOSE}{_WHICH}attacks cost {_AMOUNT}{_DURATION}?{_MINIMUM}?", _IC)


def _modifier(found: re.Match[str], default_who: str) -> Json | None:
    whose = (found.group("whose") or "").strip().lower()
    if not whose and not (found.group("styled") or found.group("kind")):
        return None  # "Attacks cost +1 stage": whose is not said
    who = {"your": "self", "all of your": "self", "all your": "self", "all": "both",
           "": default_who}.get(whose, "opponent")  # fmt: skip
    amount = number(found.group("n")) * (-1 if found.group("sign") == "-" else 1)
    modifier: Json = {"mod": "attack_cost", "amount": amount}
    if who != "self":
        modifier["who"] = who
    if found.group("kind"):
        modifier["attacks"] = found.group("kind").strip().lower()
    if found.group("styled"):
        modifier["styled"] = found.group("styled").strip().lower() == "styled"
    return modifier


def parse_cost(body: str, constant: bool) -> Json | None:
    """A constant `attack_cost` modifier (constant=True: no duration may be said), or a
    floating effect with one; None otherwise."""
    found = _COSTS.fullmatch(body)
    if found is not None:
        if constant == bool(found.group("dur")):
            return None
        modifier = _modifier(found, "both")
        if modifier is None:
            return None
        least = found.group("min") or found.group("pmin")
        if least is not None:
            if modifier["amount"] >= 0:
                return None  # a minimum only bounds a reduction
            modifier["minimum"] = number(least)
        if constant:
            return modifier
        return {"do": "until_end_of_turn", "modifier": modifier}
    # "Your opponent's next attack this combat costs +1 stage": engine.panini.cardtext.next_attack
    return None
