"""What each player does to their own pile: "Each player places their hand on top of their
Life Deck.", "Each player banishes the top 2 cards of his or her discard pile."
(docs/rulings.md 298); and "All personalities with Android in the title lose 3 stages.".

Read as the move of "<verb> your <pile> ..." done for each player's own pile, the
controller's first (`both_players`, docs/rulings.md 224): the same effect as "each player's
<pile>", said with each player as the subject.
"""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]

_VERBS = {"places": "place", "puts": "put", "shuffles": "shuffle", "discards": "discard",
          "banishes": "banish", "rejuvenates": "rejuvenate", "destroys": "destroy"}  # fmt: skip
_THEIR = r"\b(?:his or her|their|his|her)\b"
_EACH = re.compile(rf"each player (?P<verb>{'|'.join(_VERBS)}) (?P<rest>.+)", re.I)
_PILES = {"hand", "life_deck", "discard_pile", "banished"}


def parse(body: str) -> Json | None:
    """ "Each player <verb>s their <pile> ..." -> the move with `both_players`."""
    from engine.panini.cardtext.moves import parse_move  # the moves grammar reads the rest

    found = _EACH.fullmatch(body.strip())
    if found is None or re.search(r"\byour\b", found.group("rest"), re.I):
        return None  # "your" beside "their": one player's pile, not each one's own
    if not re.search(_THEIR, found.group("rest"), re.I):
        return None
    rest = re.sub(_THEIR, "your", found.group("rest"), flags=re.I)
    move = parse_move(f"{_VERBS[found.group('verb').lower()]} {rest}")
    if move is None or move.get("do") != "move" or move.get("source") not in _PILES:
        return None
    if any(key in move for key in ("who", "either_player", "both_players", "also_from")):
        return None
    if move.get("to") in ("play", "place"):
        return None  # into play: whose control, in which order, is not said
    if (move.get("position", "any") == "any" and not move.get("every")) or move.get("up_to"):
        return None  # a card each player chooses of their own: the engine asks the controller
    return {**move, "both_players": True}


# "All personalities with Android in the title lose 3 stages." (every player's: `both`)
_ALL_TITLED = re.compile(
    r"all personalities(?: in play)? with [\"']?(?P<words>[\w.' -]+?)[\"']? in (?:the|their) "
    r"titles? (?P<verb>gain|lose) (?P<n>\d+) (?:power )?stages?",
    re.IGNORECASE,
)


def parse_titled_stages(body: str) -> Json | None:
    """ "All personalities with <words> in the title gain / lose N stages." -> all_stages
    with `title_has` (engine.panini.plain.apply_all_stages; docs/rulings.md 298)."""
    found = _ALL_TITLED.fullmatch(body.strip())
    if found is None:
        return None
    effect: Json = {"do": "all_stages", "amount": int(found.group("n")), "both": True,
                    "title_has": found.group("words").strip()}  # fmt: skip
    if found.group("verb").lower() == "gain":
        effect["gain"] = True
    return effect if effect["amount"] >= 1 else None
