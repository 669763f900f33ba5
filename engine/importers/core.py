"""Records from any card-list format -> validated Card objects plus a report of every record
that could not be used and why. Pure: the same input always gives the same result."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from engine.cards import Card, CardType, Style, fold_name
from engine.cardtext import compile_text

# The record fields every format is mapped onto (docs/card-format.md).
FIELDS = (
    "id", "name", "type", "style", "text", "personality", "alignment", "level", "pur",
    "power_stages", "traits", "endurance", "limit_per_deck", "number", "rarity",
    "dragon_ball_set", "dragon_ball_number",
)  # fmt: skip


@dataclass(frozen=True)
class Issue:
    """A record (or the whole file: record "file") that could not be used."""

    record: str  # "card 3f2a (Goku, Hopeful Fighter)", "line 4", "file"
    field: str
    reason: str

    def __str__(self) -> str:
        return f"{self.record}: {self.field}: {self.reason}"


@dataclass(frozen=True)
class RawRecord:
    label: str  # how the report names the record
    values: dict[str, str]  # FIELDS -> text as found in the file ("" or absent: not given)


@dataclass
class ImportResult:
    format: str
    set_name: str
    cards: list[Card] = field(default_factory=list)
    issues: list[Issue] = field(default_factory=list)
    records: int = 0

    def counts(self) -> dict[str, int]:
        counts = {"automated": 0, "partial": 0, "manual": 0}
        for card in self.cards:
            counts[card.automation] += 1
        return counts


_TYPES = {
    "mainpersonality": CardType.MAIN_PERSONALITY, "personality": CardType.MAIN_PERSONALITY,
    "mp": CardType.MAIN_PERSONALITY, "mastery": CardType.MASTERY,
    "physicalcombat": CardType.PHYSICAL_COMBAT, "energycombat": CardType.ENERGY_COMBAT,
    "event": CardType.EVENT, "setup": CardType.SETUP, "drill": CardType.DRILL,
    "ally": CardType.ALLY, "dragonball": CardType.DRAGON_BALL,
}  # fmt: skip
_STYLES = {style.value: style for style in Style} | {
    "": Style.FREESTYLE, "nonstyled": Style.FREESTYLE, "none": Style.FREESTYLE,
    "styleless": Style.FREESTYLE, "freestyled": Style.FREESTYLE,
}  # fmt: skip
MAX_DIGITS = 18  # far past any number a card holds
_BALL_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_BALL_NAMES = (
    re.compile(r"(?P<set>[A-Za-z]+) Dragon Ball (?:#|No\.? ?)?(?P<n>[1-7])", re.IGNORECASE),
    re.compile(r"(?P<set>[A-Za-z]+) (?P<w>One|Two|Three|Four|Five|Six|Seven)-Star Dragon Ball",
               re.IGNORECASE),
)  # fmt: skip


class _Reject(Exception):
    def __init__(self, field: str, reason: str) -> None:
        super().__init__(reason)
        self.field, self.reason = field, reason


def card_type(value: str) -> CardType:
    key = fold_name(value)
    found = _TYPES.get(key) or _TYPES.get(key.removesuffix("s"))
    if found is None:
        known = ", ".join(t.value for t in CardType)
        raise _Reject("type", f"unknown card type {value!r} (known: {known})")
    return found


def style(value: str) -> Style:
    found = _STYLES.get(fold_name(value))
    if found is None:
        known = ", ".join(s.value for s in Style)
        raise _Reject("style", f"unknown style {value!r} (known: {known})")
    return found


def _int(values: dict[str, str], name: str, low: int, high: int | None = None) -> int | None:
    raw = values.get(name, "").strip().replace(",", "")
    if not raw:
        return None
    if not re.fullmatch(r"[+-]?\d+", raw):
        raise _Reject(name, f"not a whole number: {values[name]!r}")
    bounds = f" ({low} to {high})" if high is not None else f" (at least {low})"
    number = _whole_number(raw, name, bounds)
    if number < low or (high is not None and number > high):
        raise _Reject(name, f"{number} is out of range{bounds}")
    return number


def _whole_number(digits: str, name: str, bounds: str = "") -> int:
    """`digits` (signed or not) as an int, refusing first a number longer than any card
    holds: int() itself refuses more than 4,300 digits with a message meant for developers."""
    length = len(digits.lstrip("+-").lstrip("0"))
    if length > MAX_DIGITS:
        raise _Reject(name, f"a {length:,}-digit number is out of range{bounds}")
    return int(digits)


def split_list(raw: str) -> list[str]:
    """ "a; b; c" (or "a, b" when there is no semicolon) -> ["a", "b", "c"]."""
    separator = ";" if ";" in raw else ","
    return [item.strip() for item in raw.split(separator) if item.strip()]


def power_stages(raw: str) -> list[int]:
    """ "0; 2000; 2,500; ..." -> [0, 2000, 2500, ...], with the personality rules checked."""
    if ";" in raw:
        items = raw.split(";")
    elif ", " in raw:
        items = raw.split(", ")
    else:
        items = raw.split()
    stages = []
    for item in items:
        digits = item.replace(",", "").strip()
        if not digits.isdecimal():  # isdigit() takes "²", which int() refuses
            raise _Reject("power_stages", f"not a whole number: {item.strip()!r}")
        stages.append(_whole_number(digits, "power_stages"))
    if len(stages) != 11:
        raise _Reject("power_stages", f"a personality has 11 power stages, found {len(stages)}")
    if stages[0] != 0:
        raise _Reject("power_stages", f"the first power stage must be 0, found {stages[0]}")
    if stages != sorted(stages):
        raise _Reject("power_stages", "power stages must not decrease")
    return stages


def _dragon_ball(values: dict[str, str], name: str) -> dict[str, Any]:
    ball_set = values.get("dragon_ball_set", "").strip()
    number = _int(values, "dragon_ball_number", 1, 7)
    if ball_set and number:
        return {"set": ball_set, "number": number}
    for pattern in _BALL_NAMES:
        found = pattern.search(name)
        if found:
            words = found.groupdict()
            ball = int(words["n"]) if words.get("n") else _BALL_WORDS[words["w"].lower()]
            return {"set": found.group("set").title(), "number": ball}
    raise _Reject(
        "dragon_ball", "cannot tell the Dragon Ball's set and number (give dragon_ball_set and "
        "dragon_ball_number, or a name like 'Earth Dragon Ball 3')"
    )  # fmt: skip


# Control characters other than tab and line ends: NUL and the like, never card text.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def _refuse_control_characters(values: dict[str, str]) -> None:
    for key, value in values.items():
        found = _CONTROL.search(value)
        if found:
            raise _Reject(key, f"contains the control character U+{ord(found.group()):04X}")


def build_card(record: RawRecord, set_name: str) -> Card:
    """One record -> a Card (its text compiled); raises _Reject with the first problem."""
    values = {key: value.strip() for key, value in record.values.items()}
    _refuse_control_characters(values)
    name = values.get("name", "")
    if not name:
        raise _Reject("name", "missing")
    if not values.get("type"):
        raise _Reject("type", "missing")
    kind = card_type(values["type"])
    data: dict[str, Any] = {"name": name, "type": kind.value, "set_name": set_name}
    data["style"] = style(values.get("style", "")).value
    traits = split_list(values.get("traits", ""))
    alignment = values.get("alignment", "").lower() or None
    for trait in list(traits):
        if trait.lower() in ("hero", "villain"):
            traits.remove(trait)
            alignment = alignment or trait.lower()
    if alignment not in (None, "hero", "villain"):
        raise _Reject("alignment", f"unknown alignment {values['alignment']!r} (hero or villain)")
    if traits:
        data["traits"] = traits
    for key, low, high in (("level", 1, 4), ("pur", 0, None), ("endurance", 0, None),
                           ("limit_per_deck", 1, None)):  # fmt: skip
        number = _int(values, key, low, high)
        if number is not None:
            data[key] = number
    for key in ("number", "rarity"):
        if values.get(key):
            data[key] = values[key]
    if kind in (CardType.MAIN_PERSONALITY, CardType.ALLY):
        if not values.get("power_stages"):
            raise _Reject("power_stages", "missing (a personality has 11 power stages)")
        data["power_stages"] = power_stages(values["power_stages"])
        data["personality"] = values.get("personality") or name.split(",")[0].strip()
        if alignment is None:
            raise _Reject("alignment", "missing (a personality is a hero or a villain)")
        if kind == CardType.MAIN_PERSONALITY and "level" not in data:
            raise _Reject("level", "missing (a Main Personality has a level from 1 to 4)")
    elif values.get("personality"):
        data["personality"] = values["personality"]
    if alignment:
        data["alignment"] = alignment
    if kind == CardType.DRAGON_BALL:
        data["dragon_ball"] = _dragon_ball(values, name)
    text = values.get("text", "")
    if text:
        data["text"] = text
    compiled = compile_text(text, kind).fields
    for key in ("endurance", "limit_per_deck", "alignment"):
        if key in compiled and key in data and compiled[key] != data[key]:
            raise _Reject(key, f"the record says {data[key]!r} but the text says {compiled[key]!r}")
    data.update(compiled)
    try:
        return Card.model_validate(data)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(part) for part in error["loc"]) or "card"
        raise _Reject(where, error["msg"].removeprefix("Value error, ")) from exc


def build_cards(records: list[RawRecord], result: ImportResult) -> ImportResult:
    """Add every usable record of `records` to `result`; report the others."""
    ids: dict[str, str] = {}
    names: dict[str, str] = {}
    for record in records:
        result.records += 1
        record_id = record.values.get("id", "").strip()
        if record_id and record_id in ids:
            result.issues.append(Issue(record.label, "id", f"duplicate id (also {ids[record_id]})"))
            continue
        try:
            card = build_card(record, result.set_name)
        except _Reject as exc:
            result.issues.append(Issue(record.label, exc.field, exc.reason))
            continue
        folded = fold_name(card.name)
        if folded in names:
            reason = f"duplicate name {card.name!r} (also {names[folded]})"
            result.issues.append(Issue(record.label, "name", reason))
            continue
        if record_id:
            ids[record_id] = record.label
        names[folded] = record.label
        result.cards.append(card)
    return result
