""" "Look at the top N cards of <pile> and place them back in any order." and "Rearrange
the top N cards of <pile>." -> `do: rearrange` (engine.panini.rearrange). Whole sentences only."""

from __future__ import annotations

import re
from typing import Any

from engine.panini.cardtext.patterns import NX, OPP, number

Json = dict[str, Any]

_WHOSE = rf"(your|{OPP})"
_PILE = r"(life deck|discard pile)"
_CARDS = rf"(?:the (top|bottom) (?:card|{NX} cards)) of {_WHOSE} {_PILE}"
_BACK = r"(?:place|put|return) (?:them|those cards) back in any order"
_LOOK = re.compile(rf"look at {_CARDS},? and {_BACK}", re.IGNORECASE)
_REARRANGE = re.compile(rf"rearrange {_CARDS}(?: in any order)?", re.IGNORECASE)


def parse_rearrange(body: str) -> Json | None:
    found = _LOOK.fullmatch(body) or _REARRANGE.fullmatch(body)
    if found is None:
        return None
    end, amount, whose, pile = found.groups()
    effect: Json = {"do": "rearrange", "source": pile.lower().replace(" ", "_"),
                    "position": end.lower()}  # fmt: skip
    if amount is None:  # "the top card": one card has one order
        return None
    if amount.lower() == "x":
        effect["x"] = True
    else:
        effect["amount"] = number(amount)
        if effect["amount"] < 2:
            return None
    if whose.lower() != "your":
        effect["who"] = "opponent"
    return effect
