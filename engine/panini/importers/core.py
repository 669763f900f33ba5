"""Records from any card-list format -> validated Card objects plus a report of every record
that could not be used and why. Pure: the same input always gives the same result."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from engine.panini.cards import Card, CardType, Style, fold_name
from engine.panini.cardtext import compile_text
from engine.panini.importers.labels import LabelError, read_type_label

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
    issues: list[Issue] = field(default_factory=list)  # records rejected, and why
    records: int = 0
    skipped: list[Issue] = field(default_factory=list)  # records that are no cards (buttons)
    notes: list[Issue] = field(default_factory=list)  # imported, with something to know

    def counts(self) -> dict[str, int]:
        counts = {"automated": 0, "partial": 0, "manual": 0}
        for card in self.cards:
            counts[card.automation] += 1
        return counts


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


class _NotACard(Exception):
    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


def style(value: str) -> Style:
    found = _STYLES.get(fold_name(value))
    if found is None:
        known = ", ".join(s.value for s in Style)
        raise _Reject("style", f"unknown style {value!r} (known: {known})")
    return found


def _style(value: str, name: str, notes: list[tuple[str, str]]) -> Style:
    """The Style field; when it is not a style but starts with the one the card's name starts
    with ("Red Cannon" for the card Red Cannon), that style (styled names lead with it)."""
    try:
        return style(value)
    except _Reject:
        first = value.split()[0] if value.split() else ""
        if first and name.split()[0].casefold() == first.casefold():
            try:
                found = style(first)
            except _Reject:
                pass
            else:
                notes.append(("style", f"read {value!r} as {found.value} (the name's first word)"))
                return found
        raise


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


PERSONALITY_STAGES = 11  # stage 0 and ten power ratings (2016 "Power Stages")
# "25, 000" in a list separated by semicolons: a thousands separator with a space after it
_SPACED_THOUSANDS = re.compile(r"(?<![\d,])(\d{1,3}),\s+(\d{3})(?![\d,])")


def power_stages(raw: str) -> list[int]:
    """A personality's power stages from a Power Rating as files write it: "0; 2000; 2,500;
    ...", lowest or highest first, with or without the 0 stage, a last ", 0" for "; 0".
    The 11 stages come back lowest first; what cannot be read is rejected with the reason."""
    text = raw
    if ";" in text:
        text = _SPACED_THOUSANDS.sub(r"\1\2", raw)
        items = [part for item in text.split(";") for part in item.split(", ")]
    elif ", " in text:
        items = text.split(", ")
    else:
        items = text.split()
    while items and not items[-1].strip():
        items.pop()  # a separator after the last stage
    while items and not items[0].strip():
        items.pop(0)  # or before the first
    stages: list[int] = []
    for item in items:
        digits = item.replace(",", "").strip()
        if not digits:
            after = f" after {stages[-1]}" if stages else " first"
            raise _Reject("power_stages", f"a power stage is missing{after} ({raw.strip()!r})")
        if not digits.isdecimal():  # isdigit() takes "²", which int() refuses
            raise _Reject("power_stages", f"not a whole number: {item.strip()!r}")
        stages.append(_whole_number(digits, "power_stages"))
    if len(stages) > 1 and stages[0] > stages[-1]:
        stages.reverse()  # written highest first, as printed top to bottom
    elif len(stages) > 2 and stages[0] == 0 and stages[1] > stages[-1]:
        stages[1:] = reversed(stages[1:])  # 0 first, then the ratings highest first
    if len(stages) == PERSONALITY_STAGES - 1 and stages[0] != 0:
        stages.insert(0, 0)  # the ten power ratings without the 0 stage
    if len(stages) != PERSONALITY_STAGES:
        raise _Reject("power_stages", f"a personality has {PERSONALITY_STAGES} power stages "
                      f"(0 and ten ratings), found {len(stages)}: {raw.strip()!r}")
    if stages[0] != 0:
        raise _Reject("power_stages", f"the lowest power stage must be 0, found {stages[0]}")
    for low, (below, above) in enumerate(itertools.pairwise(stages)):
        if above < below:
            raise _Reject("power_stages", f"power stages must rise, but stage {low + 1} is "
                          f"{above} after {below} ({raw.strip()!r})")
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


# "Goku - Dashing", "Frieza, Golden", "Tenshinhan - Returned" with an en or em dash: the
# character comes first
_TITLE_SEPARATOR = re.compile(r"\s+[-\u2013\u2014]\s+|,\s*")


def build_card(record: RawRecord, set_name: str) -> tuple[Card, list[tuple[str, str]]]:
    """One record -> a Card (its text compiled) and notes on how it was read; raises
    _Reject with the first problem, _NotACard for table furniture."""
    values = {key: value.strip() for key, value in record.values.items()}
    _refuse_control_characters(values)
    name = " ".join(values.get("name", "").split())
    if not name:
        raise _Reject("name", "missing")
    if not values.get("type"):
        raise _Reject("type", "missing")
    notes: list[tuple[str, str]] = []  # (field, what to know)
    personal = bool(values.get("power_stages") or values.get("pur"))
    try:
        label = read_type_label(values["type"], values.get("text", ""), personal)
    except LabelError as exc:
        raise _Reject("type", str(exc)) from exc
    if label.type is None:
        raise _NotACard(label.furniture)
    if label.guessed:
        notes.append(("type", label.guessed))
    kind = label.type
    data: dict[str, Any] = {"name": name, "type": kind.value, "set_name": set_name}
    if values.get("id"):
        data["source_ids"] = [values["id"]]
    data["style"] = _style(values.get("style", ""), name, notes).value
    traits = split_list(values.get("traits", ""))
    alignment = _alignment(values, traits, label.alignment)
    if traits:
        data["traits"] = traits
    personal_kind = kind in (CardType.MAIN_PERSONALITY, CardType.ALLY)
    if not personal_kind and values.get("level") and not values["level"].isdecimal():
        # only personalities have levels: a word there is a slip of the file, not the card's
        notes.append(("level", f"ignored {values['level']!r}: only personalities have levels"))
        values["level"] = ""
    for key, low, high in (("level", 1, 4), ("pur", 0, None), ("endurance", 0, None),
                           ("limit_per_deck", 1, None)):  # fmt: skip
        number = _int(values, key, low, high)
        if number is not None:
            data[key] = number
    for key in ("number", "rarity"):
        if values.get(key):
            data[key] = values[key]
    if personal_kind:
        if not values.get("power_stages"):
            raise _Reject("power_stages", "missing (a personality has 11 power stages)")
        data["power_stages"] = power_stages(values["power_stages"])
        data["personality"] = values.get("personality") or _TITLE_SEPARATOR.split(name)[0]
        if alignment is None and not label.either_alignment:
            notes.append(("alignment", "the file gives none (hero or villain): deck checks "
                          "cannot hold this card to the alignment rules"))
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
    result = compile_text(text, kind)
    compiled = result.fields
    for written, read in result.respelled:
        notes.append(("text", f"read the misspelt {written!r} as {read!r}"))
    for key in ("endurance", "limit_per_deck", "alignment"):
        if key in compiled and key in data and compiled[key] != data[key]:
            if key == "alignment":  # the colour and the text disagree: no reading is safe
                raise _Reject(key, f"the record says {data[key]!r} but the text says "
                              f"{compiled[key]!r}")
            # the printed keyword is the card; files fill these fields with defaults (3)
            notes.append((key, f"the record says {data[key]!r}, the card's text says "
                         f"{compiled[key]!r}: the text is used"))
    data.update(compiled)
    try:
        return Card.model_validate(data), notes
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(part) for part in error["loc"]) or "card"
        raise _Reject(where, error["msg"].removeprefix("Value error, ")) from exc


def _alignment(values: dict[str, str], traits: list[str], from_label: str | None) -> str | None:
    """The alignment the record states: its Alignment property, a Hero or Villain trait
    (taken out of `traits`) or its type label; stated twice, the statements must agree."""
    stated: dict[str, str] = {}
    if values.get("alignment"):
        stated["Alignment"] = values["alignment"].lower()
    for trait in list(traits):
        if trait.lower() in ("hero", "villain"):
            traits.remove(trait)
            stated.setdefault("Traits", trait.lower())
    if from_label:
        stated["Type"] = from_label
    for where, value in stated.items():
        if value not in ("hero", "villain"):
            raise _Reject("alignment", f"unknown alignment {value!r} in {where} (hero or "
                          "villain)")
    if len(set(stated.values())) > 1:
        said = ", ".join(f"{where} says {value}" for where, value in stated.items())
        raise _Reject("alignment", f"the record disagrees with itself: {said}")
    return next(iter(stated.values()), None)


MAX_PRINTINGS = 9  # cards of one printed name a pool tells apart; past that, a file error


def renamed_clear_of(card: Card, taken: set[str], qualifier: str) -> Card | None:
    """`card` under a name no card in `taken` (folded names) has: its own when free, else its
    name followed by `qualifier` (its set, then its number, then a count) in brackets; None
    when even that is taken. The printed name stays in `printed_name`: copies are still
    counted by it."""
    if fold_name(card.name) not in taken:
        return card
    tries = [qualifier, f"{qualifier} {card.number}" if card.number else ""]
    tries += [f"{qualifier} {count}" for count in range(2, MAX_PRINTINGS + 1)]
    for extra in filter(None, tries):
        name = f"{card.title} ({extra})"
        if fold_name(name) not in taken:
            return card.model_copy(update={"name": name, "printed_name": card.title})
    return None


@dataclass
class FittedNames:
    cards: list[Card] = field(default_factory=list)  # under the names they take in the pool
    notes: list[Issue] = field(default_factory=list)  # cards named apart, and their new names
    rejected: list[Issue] = field(default_factory=list)  # no name could be found


def fit_names(cards: list[Card], before: list[Card], taken: set[str], set_name: str,
              owner: str) -> FittedNames:
    """A set's `cards` named for a pool where `taken` (folded names) belong to other sets:
    each printing keeps the name it had in the set's last import (`before`: found by record
    id, else by name, else by printed name) while that name is free, so decks and past
    matches keep finding it; otherwise a name clash is named apart by the set
    (renamed_clear_of) and noted, saying who else has the name (`owner`: "this server
    already has")."""
    by_id = {source_id: old for old in before for source_id in old.source_ids}
    by_name = {fold_name(old.name): old for old in before}
    by_title = {fold_name(old.title): old for old in reversed(before)}  # the first printing
    taken = set(taken)
    fitted = FittedNames()
    for card in cards:
        old = next((by_id[i] for i in card.source_ids if i in by_id), None)
        old = old or by_name.get(fold_name(card.name)) or by_title.get(fold_name(card.title))
        named: Card | None
        if old is not None and fold_name(old.name) not in taken:
            named = card if old.name == card.name else card.model_copy(
                update={"name": old.name, "printed_name": card.title})
        else:
            named = renamed_clear_of(card, taken, set_name)
            if named is None:
                fitted.rejected.append(Issue(f"card {card.name!r}", "name",
                                             f"more than {MAX_PRINTINGS} cards have that name"))
                continue
            if named is not card:
                fitted.notes.append(Issue(f"card {card.name!r}", "name", (
                    f"{owner} a card named {card.title!r}: imported as {named.name!r}")))
        taken.add(fold_name(named.name))
        fitted.cards.append(named)
    return fitted


def build_cards(records: list[RawRecord], result: ImportResult) -> ImportResult:
    """Add every usable record of `records` to `result`; report the others. A record that
    repeats a card already read (same name, same everything) adds its id to that card; a
    different card of a name already read is named apart (see renamed_clear_of)."""
    ids: dict[str, str] = {}
    first_of: dict[str, tuple[int, str]] = {}  # folded printed name -> (index, label)
    taken: set[str] = set()
    for record in records:
        result.records += 1
        record_id = record.values.get("id", "").strip()
        if record_id and record_id in ids:
            result.issues.append(Issue(record.label, "id", f"duplicate id (also {ids[record_id]})"))
            continue
        try:
            card, notes = build_card(record, result.set_name)
        except _NotACard as exc:
            result.skipped.append(Issue(record.label, "type", f"not a card (a {exc.what})"))
            continue
        except _Reject as exc:
            result.issues.append(Issue(record.label, exc.field, exc.reason))
            continue
        if record_id:
            ids[record_id] = record.label
        result.notes.extend(Issue(record.label, where, note) for where, note in notes)
        folded = fold_name(card.name)
        if folded in first_of:
            index, label = first_of[folded]
            same = result.cards[index]
            if _same_card(same, card):
                ids_of_both = [*same.source_ids, *card.source_ids]
                result.cards[index] = same.model_copy(update={"source_ids": ids_of_both})
                result.notes.append(Issue(record.label, "name", f"repeats {label}: one card"))
                continue
        renamed = renamed_clear_of(card, taken, result.set_name)
        if renamed is None:
            result.issues.append(Issue(record.label, "name", f"more than {MAX_PRINTINGS} "
                                       f"different cards named {card.name!r} in the file"))
            continue
        if renamed is not card:
            result.notes.append(Issue(record.label, "name", f"another card is named "
                                      f"{card.name!r}: imported as {renamed.name!r}"))
        first_of.setdefault(folded, (len(result.cards), record.label))
        taken.add(fold_name(renamed.name))
        result.cards.append(renamed)
    return result


_PROVENANCE = {"source_ids", "number", "rarity"}


def _same_card(one: Card, other: Card) -> bool:
    """Two records of one card: everything but where they came from is the same."""
    return one.model_dump(exclude=_PROVENANCE) == other.model_dump(exclude=_PROVENANCE)
