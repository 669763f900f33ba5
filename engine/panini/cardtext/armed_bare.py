""" "The next time you stop an attack this combat use a critical damage effect.": an armed
trigger (engine.panini.cardtext.armed) printed without the comma after its event. The duration
("this combat", "this turn") closes the event, so the sentence is read as if the comma stood
right after it; read only when exactly one such cut reads whole (docs/rulings.md 286)."""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]
_OPENING = re.compile(r"(?:whenever|each time|(?:after )?the (?:next|first) time) ", re.I)
_CUT = re.compile(r" this (?:combat|turn)(?= )", re.I)


def parse(body: str) -> Json | None:
    from engine.panini.cardtext.armed import parse as parse_armed  # patterns hooks both in

    body = body.strip()
    if "," in body or not _OPENING.match(body):
        return None
    read = [
        found
        for cut in _CUT.finditer(body)
        if (found := parse_armed(f"{body[: cut.end()]}, {body[cut.end() :].strip()}")) is not None
    ]
    return read[0] if len(read) == 1 else None
