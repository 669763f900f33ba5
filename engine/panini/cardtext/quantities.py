""" "X = <quantity>." sentences: what a card's X counts (panini.cards.Quantity). Matched whole,
like every pattern; a quantity not understood leaves the X sentences to players."""

from __future__ import annotations

import re
from typing import Any

from engine.panini.cardtext.patterns import OPP, N, card_filter, number

Json = dict[str, Any]
_IC = re.IGNORECASE

DEFINITION = re.compile(r"X\s*(?:=|is|equals)\s*(.+)", _IC)
_MAXIMUM = re.compile(rf"(.+?),? to a max(?:imum)? of {N}", _IC)
_TIMES = re.compile(rf"{N} times (?:the )?(.+)", _IC)
_PLUS = re.compile(rf"(.+?) \+ ?{N}|{N} ?\+ (.+)", _IC)  # "your PUR +1"
_ANGER = re.compile(rf"(your|{OPP}) (?:current )?anger(?: level)?", _IC)
_LEVEL = re.compile(rf"(your|{OPP}) MP's (?:current )?level", _IC)
# "the number of Allies you control", "... Dragon Balls in play", "... cards in your hand"
_NUMBER = re.compile(r"the number of (.+?) (you control|you have in play|your opponent controls"
                     r"|in play|in (your|your opponent's) (hand|discard pile|banished zone))",
                     _IC)  # fmt: skip
_IN_PLAY = {"dragon balls": "dragon_balls", "allies": "allies", "drills": "drills",
            "setups": "setups", "personalities": "personalities"}  # fmt: skip
_ZONES = {"hand": "hand", "discard pile": "discard_pile", "banished zone": "banished"}
_SINGULAR = {"allies": "ally", "dragon balls": "dragon ball", "cards": "card"}


def parse_definition(body: str) -> Json | None:
    found = DEFINITION.fullmatch(body)
    return parse_quantity(found.group(1).strip()) if found else None


def parse_quantity(text: str) -> Json | None:
    found = _MAXIMUM.fullmatch(text)
    if found:
        inner = parse_quantity(found.group(1))
        return None if inner is None else {**inner, "maximum": number(found.group(2))}
    found = _TIMES.fullmatch(text)
    if found:
        inner = parse_quantity(found.group(2))
        if inner is None or "times" in inner:
            return None
        return {**inner, "times": number(found.group(1))}
    found = _PLUS.fullmatch(text)
    if found:
        base, amount = (found.group(1), found.group(2)) if found.group(1) else (
            found.group(4), found.group(3))  # fmt: skip
        inner = parse_quantity(base)
        if inner is None or "plus" in inner:
            return None
        return {**inner, "plus": number(amount)}
    for pattern, of in ((_ANGER, "anger"), (_LEVEL, "level")):
        found = pattern.fullmatch(text)
        if found:
            return _who({"of": of}, found.group(1))
    from engine.panini.cardtext.attack_self import parse_amount
    from engine.panini.cardtext.counting import parse_count  # it builds on this module

    return _count(text) or parse_count(text) or parse_amount(text)


def _who(quantity: Json, whose: str) -> Json:
    return quantity if whose.lower() == "your" else {**quantity, "who": "opponent"}


def _count(text: str) -> Json | None:
    found = _NUMBER.fullmatch(text)
    if not found:
        return None
    things, where = found.group(1).lower(), found.group(2).lower()
    if where.startswith("in ") and found.group(4):
        zone = _ZONES[found.group(4).lower()]
        kind = zone_filter(things)
        if kind is None:
            return None
        return _who({"of": zone, **kind}, found.group(3))
    of = _IN_PLAY.get(things)
    if of is None:
        return None
    quantity: Json = {"of": of}
    if where == "in play":
        quantity["who"] = "both"
    elif where == "your opponent controls":
        quantity["who"] = "opponent"
    return quantity


def zone_filter(things: str) -> Json | None:
    """ "cards" -> {}; "Allies" / "Energy Combat cards" -> {card_type: ...}; styles and
    other words -> None (a Quantity counts by card type only)."""
    phrase = _SINGULAR.get(things, things)
    if phrase.endswith("s") and phrase not in _SINGULAR.values():
        phrase = phrase[:-1]
    found = card_filter(phrase)
    if found is None or "style" in found:
        return None
    return found
