"""More comparisons for conditions (engine.panini.cardtext.conditions calls `parse` after its own
readers), compiled to the same `compare` / `all_of` / `any_of`:

- one verb for two kinds of card: "your opponent controls no Setups or Drills" (neither:
  `all_of`), "you control a Setup or Drill" (either: `any_of`), "you do not control a
  Setup or a Drill" (neither);
- two different numbers: "your (current) anger (level) is higher / lower than the MP
  level of your opponent", "your MP's level is higher than your anger";
- a difference: "your MP is N or more levels higher than your opponent's MP" (`right`
  with `plus: N`);
- "your MP is not (at) level N" (`ne`);
- Dragon Balls of a set, or that a player owns: "you control more than 1 Earth Dragon
  Ball", "3 or more Namek Dragon Balls you own are in play" (captured ones count for their
  owner: 2016 GLOSSARY "Dragon Balls");
- how many cards a Life Deck holds (public, 2016 GAME ZONES; what they are is not): "you
  have 10 or fewer cards in your Life Deck", "your Life Deck has 10 or fewer cards"."""

from __future__ import annotations

import re
from typing import Any

from engine.panini.cardtext.conditions import COUNT, count_of, first_read
from engine.panini.cardtext.conditions import compare as _compare
from engine.panini.cardtext.conditions import who as _who
from engine.panini.cardtext.patterns import OPP, N, number

Json = dict[str, Any]
_IC = re.IGNORECASE

_KINDS = {
    "ally": "allies", "allies": "allies", "setup": "setups", "setups": "setups",
    "drill": "drills", "drills": "drills", "dragon ball": "dragon_balls",
    "dragon balls": "dragon_balls",
}  # fmt: skip
_KIND = r"(allies|ally|setups?|drills?|dragon balls?)"
_NEITHER = re.compile(
    rf"(you|your opponent) (?:controls? no|(?:do|does) not control (?:a|an|any)) {_KIND}"
    rf" or (?:an? |any )?{_KIND}",
    _IC,
)
_EITHER = re.compile(rf"(you|your opponent) controls? (?:a|an) {_KIND} or (?:an? )?{_KIND}", _IC)


def parse(text: str) -> Json | None:
    readers = (
        _two_kinds, _cross, _levels_apart, _not_level, _life_deck, _dragon_balls, _attached,
        _top_power_level,
    )  # fmt: skip
    return first_read(readers, text)


def _two_kinds(text: str) -> Json | None:
    found = _NEITHER.fullmatch(text)
    neither = found is not None
    found = found or _EITHER.fullmatch(text)
    if found is None:
        return None
    first, second = _KINDS[found.group(2).lower()], _KINDS[found.group(3).lower()]
    if first == second:
        return None
    who = _who(found.group(1))
    if neither:
        return {"all_of": [_compare({"of": kind, **who}, "eq", 0) for kind in (first, second)]}
    return {"any_of": [_compare({"of": kind, **who}, "ge", 1) for kind in (first, second)]}


# --- two different numbers ------------------------------------------------------------
_QUANTITIES = [
    (re.compile(rf"(your|{OPP}) (?:current )?anger(?: level)?", _IC), "anger"),
    (re.compile(r"the (?:current )?anger(?: level)? of (you|your opponent)", _IC), "anger"),
    (re.compile(rf"(your|{OPP}) MP'?s (?:current )?(?:personality )?level", _IC), "level"),
    (re.compile(rf"(your|{OPP}) (?:current )?(?:MP|personality) level", _IC), "level"),
    (re.compile(r"the (?:MP|personality) level of (you|your opponent)", _IC), "level"),
]
_CROSS = re.compile(r"(.+?) is (higher|greater|more|lower|less) than (.+)", _IC)


def _quantity(phrase: str) -> Json | None:
    for pattern, of in _QUANTITIES:
        found = pattern.fullmatch(phrase)
        if found:
            return {"of": of, **_who(found.group(1))}
    return None


def _cross(text: str) -> Json | None:
    """Anger against a level (the same kind of number, and power levels, are read by
    engine.panini.cardtext.conditions)."""
    found = _CROSS.fullmatch(text)
    if found is None:
        return None
    left, right = _quantity(found.group(1)), _quantity(found.group(3))
    if left is None or right is None or left["of"] == right["of"]:
        return None
    op = "gt" if found.group(2).lower() in ("higher", "greater", "more") else "lt"
    return _compare(left, op, right=right)


_APART = re.compile(
    rf"(?P<mine>your|{OPP}) MP is (?:(?P<least>{N}) or more|at least (?P<also>{N})) levels? "
    rf"(?P<way>higher|lower) than (?P<theirs>your|{OPP}) MP",
    _IC,
)


def _levels_apart(text: str) -> Json | None:
    """ "your MP is 2 or more levels higher than your opponent's MP": level >= theirs + 2
    (lower: theirs >= yours + 2)."""
    found = _APART.fullmatch(text)
    if found is None:
        return None
    mine, theirs = _who(found.group("mine")), _who(found.group("theirs"))
    if mine == theirs:
        return None
    amount = number(found.group("least") or found.group("also"))
    if found.group("way").lower() == "higher":
        return _compare(
            {"of": "level", **mine}, "ge", right={"of": "level", **theirs, "plus": amount}
        )
    return _compare({"of": "level", **theirs}, "ge", right={"of": "level", **mine, "plus": amount})


_NOT_LEVEL = re.compile(rf"(your|{OPP}) MP is not (?:at )?level {N}", _IC)


def _not_level(text: str) -> Json | None:
    found = _NOT_LEVEL.fullmatch(text)
    if found is None:
        return None
    return _compare({"of": "level", **_who(found.group(1))}, "ne", number(found.group(2)))


_WHOSE = r"(?:your|his|her|his or her|their)"
_LIFE_DECK = [
    re.compile(rf"(you|your opponent) ha(?:ve|s) ({COUNT}) cards? in {_WHOSE} life deck", _IC),
    re.compile(rf"(your|{OPP}) life deck has ({COUNT}) cards?", _IC),
]


def _life_deck(text: str) -> Json | None:
    for pattern in _LIFE_DECK:
        found = pattern.fullmatch(text)
        if found is None:
            continue
        count = count_of(found.group(2))
        if count is None:
            return None
        return _compare({"of": "life_deck", **_who(found.group(1))}, *count)
    return None


_SET = r"(?:(?P<set>earth|namek) )?"
_BALLS = [
    re.compile(
        rf"(?P<who>you|your opponent) controls? (?P<count>{COUNT}) {_SET}dragon balls?", _IC
    ),
    re.compile(
        rf"(?P<count>{COUNT}) {_SET}dragon balls? (?P<owner>you|your opponent) owns?"
        r" (?:are|is) in play",
        _IC,
    ),
]


def _dragon_balls(text: str) -> Json | None:
    found = _BALLS[0].fullmatch(text) or _BALLS[1].fullmatch(text)
    if found is None:
        return None
    parts = found.groupdict()
    owned = parts.get("owner") is not None
    if parts["set"] is None and not owned:
        return None  # engine.panini.cardtext.conditions reads these
    amount = count_of(parts["count"])
    if amount is None:
        return None
    quantity: Json = {"of": "dragon_balls", **_who(parts.get("owner") or parts["who"])}
    if parts["set"]:
        quantity["dragon_ball_set"] = parts["set"].lower()
    if owned:
        quantity["owned"] = True
    return _compare(quantity, *amount)


# --- cards attached to an MP (2016 GLOSSARY "Attached Cards") ------------------------------
_ATTACHED = [
    re.compile(
        rf"(?P<whose>your|{OPP}) MP has (?P<count>{COUNT}) cards? attached"
        r"(?: to (?:it|him|her|them))?",
        _IC,
    ),
    re.compile(
        rf"there (?:is|are) (?P<count>{COUNT}) cards? attached to (?P<whose>your|{OPP}) MP", _IC
    ),
    # "more than 1 card is attached to your MP"
    re.compile(rf"(?P<count>{COUNT}) cards? (?:is|are) attached to (?P<whose>your|{OPP}) MP", _IC),
]


def _attached(text: str) -> Json | None:
    """ "your MP has a card attached to it", "there are 2 or more cards attached to your
    opponent's MP": cards attached to the MP, whoever controls them (the X count "cards
    attached to your MP", engine.panini.quantities)."""
    found = next((f for p in _ATTACHED if (f := p.fullmatch(text))), None)
    count = count_of(found.group("count")) if found else None
    if found is None or count is None:
        return None
    return _compare({"of": "attached", **_who(found.group("whose"))}, *count)


# --- "the highest power level on your MP's Level 4" ----------------------------------------
_TOP = re.compile(
    rf"the highest power level on (?P<whose>your|{OPP}) MP'?s level {N} is (?P<amount>.+)", _IC
)
_AMOUNTS = [
    (re.compile(r"(\d{1,3}(?:,\d{3})+|\d+) or (?:less|lower|below)", _IC), "le"),
    (re.compile(r"(\d{1,3}(?:,\d{3})+|\d+) or (?:more|higher|above)", _IC), "ge"),
    (re.compile(r"(?:more|higher|greater) than (\d{1,3}(?:,\d{3})+|\d+)", _IC), "gt"),
    (re.compile(r"(?:less|lower) than (\d{1,3}(?:,\d{3})+|\d+)", _IC), "lt"),
    (re.compile(r"(\d{1,3}(?:,\d{3})+|\d+)", _IC), "eq"),
]


def _top_power_level(text: str) -> Json | None:
    """ "the highest power level on your MP's Level 4 is 500,000 or less": the highest
    power level printed on that level's card of the MP (2016 GLOSSARY "Power Level"),
    whatever level the MP is at now (docs/rulings.md 178)."""
    found = _TOP.fullmatch(text)
    if found is None:
        return None
    for pattern, op in _AMOUNTS:
        amount = pattern.fullmatch(found.group("amount"))
        if amount:
            value = int(amount.group(1).replace(",", ""))
            quantity = {"of": "top_power_level", "at_level": number(found.group(2))}
            return _compare({**quantity, **_who(found.group("whose"))}, op, value)
    return None
