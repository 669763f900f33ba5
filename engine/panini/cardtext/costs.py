"""Costs of other cards that bring a card back from the discard pile: "(If this card is in
your discard pile, as an action you may banish three Physical Combat cards from your discard
pile to place this card into play.)" (docs/rulings.md 237).

A `card_actions` entry (engine.panini.itself) whose first effect is the cost (offered only when it
can be paid in full, engine.panini.itself.action_options) and whose second puts the card itself
into play from the discard pile (`moved_card`: gone from there, nothing happens)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engine.panini.cardtext import patterns as p

Json = dict[str, Any]

_ACTION = r"as an action"
_FROM_DISCARD = re.compile(
    rf"if this card is in your discard pile, (?P<pre>{_ACTION},? )?you may (?P<cost>.+?)"
    rf"(?P<post> {_ACTION})? to (?:place|put) (?:this card|it) into play\.?",
    re.IGNORECASE | re.DOTALL,
)


def parse_card_action(body: str) -> Json | None:
    """{"card_actions": [...]} for the sentence, or None. The cost must be the player's
    own and public (cards of their discard pile, anger, stages), never this card itself."""
    found = _FROM_DISCARD.fullmatch(body.strip())
    if found is None or not (found.group("pre") or found.group("post")):
        return None  # no Action: another timing
    cost = p.parse_effect(found.group("cost"))
    if cost is None or not _public(cost):
        return None
    place = {"do": "move", "source": "moved_card", "amount": 1, "to": "place", "if_you_do": True}
    return {"card_actions": [{"zone": "discard_pile", "effects": [cost, place]}]}


def _public(cost: Json) -> bool:
    if cost.get("who", "self") != "self" or any(k in cost for k in ("x", "if", "per", "may")):
        return False
    if cost.get("do") == "move":
        # from the discard pile it could take this card too: only cards of another type
        own = cost.get("source") == "discard_pile" and bool(cost.get("card_types"))
        return own and cost.get("to") in ("banish", "rejuvenate", "life_shuffle", "life_bottom")
    return cost.get("do") in ("lower_anger", "lose_stages")


# "all of his Drills": an option with no verb of its own, opening as a noun phrase does
_NOUN_PHRASE = re.compile(r"(?:all|each|one|any|up to|an?|the|\d+|two|three|four|five)\b.*", re.I)
_VERB = re.compile(r"([a-z]+) (?!or\b)", re.IGNORECASE)
_HIS = re.compile(r"\b(?:his or her|his|her|their)\b", re.IGNORECASE)


def elided_option(
    first: str, second: str, read: Callable[[str], list[Json] | None]
) -> list[Json] | None:
    """The second option of "<verb> <A> or <B>" whose verb is the first's ("Destroy all of
    your opponent's Allies or all of his Drills"): B read with A's verb, "his" being the
    opponent named in A (docs/rulings.md 238). None when B is not a bare noun phrase, or
    "his" has no opponent to stand for."""
    verb = _VERB.match(first)
    if verb is None or not _NOUN_PHRASE.fullmatch(second.strip()):
        return None
    if _HIS.search(second):
        if "your opponent's" not in first.lower():
            return None
        second = _HIS.sub("your opponent's", second)
    return read(f"{verb.group(1)} {second.strip()}")
