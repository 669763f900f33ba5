"""Conditions on cards moved or drawn this combat / turn (engine.panini.history.card_moved; read by
engine.panini.cardtext.conditions after its own readers):

- "you have (not) discarded a card / cards / N or more cards from your hand this combat";
- "you have destroyed cards from (the top of) your opponent's Life Deck this combat"
  (destroying is discarding from the Life Deck by an effect, never damage: 2016 GLOSSARY
  "Gaining/losing stages");
- "you have banished a card from your discard pile", "you have Rejuvenated (a card)";
- "you have (not) drawn a card / cards this combat".

Discarding from one's own hand counts whoever's effect asked it (the rules' Discard Step
too); destroying, banishing, and any move from the other player's zone ("... from your
opponent's Life Deck") count when an effect the subject controls did it (docs/rulings.md
92). `have` may be left out ("If you discarded a card
from your hand this combat")."""

from __future__ import annotations

import re
from typing import Any

from engine.panini.cardtext.conditions import first_read
from engine.panini.cardtext.patterns import OPP, N, number

Json = dict[str, Any]
_IC = re.IGNORECASE

_SUBJECT = r"(?P<who>you|your opponent)"
_HAVE = r"(?:(?:have|has)(?P<not> not)? )?"
_COUNT = (
    rf"(?:(?P<one>a|an|one|any) card|(?:any )?cards|(?P<many>{N}) or more cards"
    rf"|at least (?P<least>{N}) cards)"
)
_WHOSE = rf"(?P<whose>your|{OPP}|his|her|his or her|their)"
_SCOPE = r"this (?P<scope>combat|turn)"
_MOVED = re.compile(
    rf"{_SUBJECT} {_HAVE}(?P<verb>discarded|destroyed|banished) {_COUNT} from "
    rf"(?P<top>the top of )?{_WHOSE} (?P<zone>hand|life deck|discard pile) {_SCOPE}",
    _IC,
)
_REJUVENATED = re.compile(
    rf"{_SUBJECT} {_HAVE}rejuvenated(?: {_COUNT})? {_SCOPE}",
    _IC,
)
_DREW = re.compile(
    rf"{_SUBJECT} {_HAVE}(?:drawn|drew) (?:(?P<one>a|an|one|any) card|(?:any )?cards) {_SCOPE}",
    _IC,
)
# the verb and the zone it moves cards from (engine.panini.history._MOVES)
_HOW = {
    ("discarded", "hand"): "discarded_from_hand",
    ("destroyed", "life deck"): "destroyed_from_life_deck",
    ("banished", "discard pile"): "banished_from_discard",
    ("banished", "life deck"): "banished_from_life_deck",
    ("banished", "hand"): "banished_from_hand",
}


def parse(text: str) -> Json | None:
    return first_read((_moved, _rejuvenated, _drew), text)


def _side(subject: str) -> str:
    return "opponent" if "opponent" in subject.lower() else "self"


def _check(found: re.Match[str], event: str, who: str, **detail: Any) -> Json | None:
    groups = found.groupdict()
    many = groups.get("many") or groups.get("least")
    negated = bool(found.group("not"))
    if many and negated:
        return None  # "has not discarded 2 or more": left to players
    check: Json = {"event": event, **detail}
    if who == "opponent":
        check["who"] = "opponent"
    if found.group("scope").lower() == "turn":
        check["scope"] = "turn"
    if negated:
        check.update(op="eq", value=0)
    elif many:
        check["value"] = number(many)
    return {"happened": [check]}


def _moved(text: str) -> Json | None:
    found = _MOVED.fullmatch(text)
    if found is None:
        return None
    verb, zone = found.group("verb").lower(), found.group("zone").lower()
    how = _HOW.get((verb, zone))
    if how is None or (found.group("top") and zone != "life deck"):
        return None
    subject, whose = _side(found.group("who")), found.group("whose").lower()
    # "your" is the subject's own zone when the subject is you; his / their the opponent's
    if whose == "your":
        owner = "self"
    elif "opponent" in whose:
        owner = "opponent"
    else:  # his / her / their: only after "your opponent"
        if subject != "opponent":
            return None
        owner = "opponent"
    detail: Json = {"how": how}
    # one discards from one's own hand, whoever's effect asks it; destroying and banishing
    # are done by the subject's effects ("you have destroyed cards from your opponent's
    # Life Deck")
    if owner != subject or verb != "discarded":
        detail["by"] = subject
    return _check(found, "card_moved", owner, **detail)


def _rejuvenated(text: str) -> Json | None:
    found = _REJUVENATED.fullmatch(text)
    if found is None:
        return None
    return _check(found, "card_moved", _side(found.group("who")), how="rejuvenated")


def _drew(text: str) -> Json | None:
    found = _DREW.fullmatch(text)
    if found is None:
        return None
    return _check(found, "drew", _side(found.group("who")))
