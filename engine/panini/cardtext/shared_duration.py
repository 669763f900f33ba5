"""Two rule changes sharing one duration: "Your attacks deal +1 life card of damage and your
opponent cannot use Endurance this combat." -> both floating effects last this combat
(docs/rulings.md 147). The duration printed once at the end is read for the first change
too; each part must then read alone as a floating effect (engine.panini.cardtext.floating), or the
sentence is not read here."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Json = dict[str, Any]
_AND = re.compile(r",? and ", re.IGNORECASE)
_DURATION = re.compile(
    r".+ (?P<dur>this combat|this turn|for the remainder of combat|for the rest of combat"
    r"|until the end of (?:the|this) turn|until the end of your next turn)",
    re.IGNORECASE | re.DOTALL,
)


# "For the remainder of combat, <A> and <B>.": printed once at the start, for both
_LEADING = re.compile(
    r"(?P<dur>for the remainder of combat|for the rest of combat|until the end of combat)"
    r"\s*,?\s+(?P<body>.+)",
    re.IGNORECASE | re.DOTALL,
)


def parse(body: str, parse_effect: Callable[[str], Json | None]) -> list[Json] | None:
    """[first, second] floating effects (the second `if_you_do`, as chains are), or None."""
    leading = _LEADING.fullmatch(body.strip())
    if leading is not None:
        # "until the end of combat": one combat a turn (2016 TURN SEQUENCE), "this combat"
        return _both(leading.group("body"), "this combat", parse_effect, leading=True)
    ending = _DURATION.fullmatch(body.strip())
    if ending is None:
        return None
    return _both(body, ending.group("dur"), parse_effect)


def _both(
    body: str, duration: str, parse_effect: Callable[[str], Json | None], leading: bool = False
) -> list[Json] | None:
    for cut in _AND.finditer(body):
        head, tail = body[: cut.start()], body[cut.end() :]
        if head.lower().endswith(duration.lower()):
            continue  # each says its own duration: read as a plain chain
        first = parse_effect(f"{head} {duration}")
        tail = f"{tail} {duration}" if leading else tail  # the duration said for both
        second = parse_effect(tail) if first is not None else None
        if first is None or second is None:
            continue
        if {first.get("do"), second.get("do")} != {"until_end_of_turn"}:
            return None
        return [first, {**second, "if_you_do": True}]
    return None
