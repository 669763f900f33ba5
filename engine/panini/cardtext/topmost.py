"""The card of a kind nearest an end of a public pile: "Put the top Physical Combat card
from your discard pile at the bottom of your Life Deck.", "Banish the bottom Styled card of
your opponent's discard pile." (docs/rulings.md 295).

Read as the same move of "a <kind> card from <pile>" with the pile's end as its position:
no choice, the fitting card nearest that end moves (engine.panini.moves._end_pile). Only the
discard pile and the Banished Zone, which both players see (2016 GAME ZONES): which card
of a kind is nearest the top of a Life Deck is unknown without looking through it.
"""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]

_WHOSE = r"your(?: opponent's)?"
_PILE = rf"(?P<pile>{_WHOSE} (?:discard pile|banished zone))"
# "the top Physical Combat card of": a kind between the end and "card", no number
_NEAREST = re.compile(
    rf"(?P<verb>.+?) the (?P<end>top|bottom) (?!(?:\d+|one|two|three|four|five|x|card)\b)"
    rf"(?P<kind>[\w\s'-]+?) card (?:of|from|in) {_PILE}(?P<rest>.*)",
    re.IGNORECASE,
)


def parse(body: str) -> Json | None:
    """ "<verb> the top <kind> card of <pile> <destination>" -> the move with `position`."""
    from engine.panini.cardtext.moves import parse_move  # the moves grammar reads the rest

    found = _NEAREST.fullmatch(body.strip())
    if found is None:
        return None
    verb, kind = found.group("verb"), found.group("kind")
    where = f"from {found.group('pile')}{found.group('rest')}"
    # "the top Ally card": "an Ally card" or "an Ally", whichever the grammar reads
    move = parse_move(f"{verb} a {kind} card {where}") or parse_move(f"{verb} a {kind} {where}")
    if move is None or move.get("do") != "move" or move.get("position", "any") != "any":
        return None
    if move.get("amount") != 1 or move.get("source") not in ("discard_pile", "banished"):
        return None
    if len(move) <= 4:  # do, amount, source, to: no kind was read after all
        return None
    return {**move, "position": found.group("end").lower()}
