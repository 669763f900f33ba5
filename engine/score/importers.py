"""Score family card lists players keep: LackeyCCG-style tab-separated lists (a header row
naming the columns), CSV with the same columns, and our JSON (a list of cards, or {set,
cards}). Pure functions over bytes; the CLI reads the files. Page numbers are the Score 2003
Buu Saga rulebook's.

Hand-typed lists differ in spelling: a type written "Non Combat", "NonCombat", "Physcial
Combat" or "Event"; a personality's alignment in its own column or in the type ("Hero
Personality"); power ratings separated by "/", ";" or spaces, with or without thousands
separators. What a card's text says about it (Endurance, Empower, Remain, "Limit 1 per
deck", "Sensei Deck (only)", "____ only") is read from the text. A record that cannot be a
card is rejected with the reason, never guessed."""

from __future__ import annotations

import csv
import difflib
import io
import json
import re
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from engine.core.textfile import decode_text
from engine.score.cards import Card, CardType, fold

COLUMNS = {
    "name": "name", "title": "name", "cardname": "name", "set": "set", "type": "type",
    "cardtype": "type", "text": "text", "powertext": "text", "personality": "personality",
    "character": "personality", "level": "level", "cardlevel": "level", "pur": "pur",
    "poweruprating": "pur", "power": "power_stages", "powerstages": "power_stages",
    "powerrating": "power_stages", "powerratings": "power_stages", "alignment": "alignment",
    "align": "alignment", "background": "alignment", "decksize": "sensei_deck_size",
    "senseidecksize": "sensei_deck_size", "hightech": "high_tech", "fusion": "fusion",
    "majin": "majin", "fuses": "fuses", "fusionof": "fuses", "rarity": "", "number": "",
    "cardnumber": "", "id": "", "imagefile": "", "image": "",
}  # fmt: skip
TYPES = {
    "personality": CardType.PERSONALITY, "mainpersonality": CardType.PERSONALITY,
    "ally": CardType.PERSONALITY, "physicalcombat": CardType.PHYSICAL_COMBAT,
    "energycombat": CardType.ENERGY_COMBAT, "combat": CardType.COMBAT, "event": CardType.COMBAT,
    "noncombat": CardType.NON_COMBAT, "setup": CardType.NON_COMBAT, "drill": CardType.DRILL,
    "dragonball": CardType.DRAGON_BALL, "battleground": CardType.BATTLEGROUND,
    "location": CardType.LOCATION, "sensei": CardType.SENSEI, "mastery": CardType.MASTERY,
}  # fmt: skip
NOT_CARDS = {"token", "marker", "counter", "button", "rules", "rulescard"}
ALIGNMENT_WORDS = {"hero": "hero", "heroes": "hero", "villain": "villain", "villains": "villain",
                   "rogue": "rogue", "blue": "hero", "red": "villain", "purple": "rogue"}
_BALL = re.compile(r"\b(earth|namek|dende)\b.*\bdragon ?ball\b\D*([1-7])\b", re.IGNORECASE)
_ONLY = re.compile(r"(?:^|[.!]\s*)([^.!()]{2,60}?)\s+only\b", re.IGNORECASE)


@dataclass
class ScoreImport:
    set_name: str
    cards: list[Card] = field(default_factory=list)
    rejected: list[tuple[str, str]] = field(default_factory=list)  # (record, why)
    skipped: list[str] = field(default_factory=list)  # records that are no cards
    notes: list[tuple[str, str]] = field(default_factory=list)  # imported, worth knowing
    file_problem: str | None = None


class _Reject(ValueError):
    pass


# --- formats ----------------------------------------------------------------------------------
def parse_score_cards(filename: str, data: bytes, set_name: str | None = None) -> ScoreImport:
    """A card list of any format this family reads (by extension, else by content)."""
    result = ScoreImport(set_name or "")
    text, problem = decode_text(data)
    if text is None:
        result.file_problem = problem
        return result
    suffix = filename.lower().rsplit(".", 1)[-1] if "." in filename else ""
    stripped = text.lstrip()
    if suffix == "json" or (suffix not in ("tsv", "txt", "csv") and stripped[:1] in "[{"):
        rows = _json_rows(text, result)
    else:
        first = text.split("\n", 1)[0]
        rows = _table_rows(text, "\t" if suffix in ("tsv", "txt") or "\t" in first else ",",
                           result)  # fmt: skip
    if rows is not None:
        _build(rows, result)
    return result


Rows = list[tuple[str, dict[str, str]]]  # (how the report names the record, its values)


def _table_rows(text: str, delimiter: str, result: ScoreImport) -> Rows | None:
    try:  # newline="": the csv module reads line ends itself
        table = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))
    except csv.Error as exc:
        result.file_problem = f"not readable as a table: {exc}"
        return None
    if not table:
        result.file_problem = "the file is empty"
        return None
    header = [COLUMNS.get(fold(column), "?" + column) for column in table[0]]
    unknown = [column[1:] for column in header if column.startswith("?")]
    if unknown:
        result.notes.append(("file", f"column {unknown[0]!r} is not read"))
    for needed in ("name", "type"):
        if needed not in header:
            result.file_problem = f"no {needed.title()!r} column in the header"
            return None
    rows = []
    for number, row in enumerate(table[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        values = {key: cell.strip() for key, cell in zip(header, row, strict=False)
                  if key and not key.startswith("?")}  # fmt: skip
        label = f"line {number} ({values.get('name', '')})"
        if len(row) > len(header):
            result.rejected.append((label, f"{len(row)} fields but the header names "
                                           f"{len(header)}"))  # fmt: skip
            continue
        rows.append((label, values))
    return rows


def _json_rows(text: str, result: ScoreImport) -> Rows | None:
    try:
        raw: Any = json.loads(text, parse_int=str)
    except (json.JSONDecodeError, RecursionError) as exc:
        result.file_problem = f"not valid JSON: {exc}"
        return None
    if isinstance(raw, dict) and not result.set_name:
        result.set_name = str(raw.get("set") or "").strip()
    entries = raw.get("cards") if isinstance(raw, dict) else raw
    if not isinstance(entries, list):
        result.file_problem = "expected a list of cards (or {set, cards})"
        return None
    rows = []
    for index, entry in enumerate(entries, start=1):
        label = f"card #{index}"
        if not isinstance(entry, dict):
            result.rejected.append((label, "not a JSON object"))
            continue
        values: dict[str, str] = {}
        for key, value in entry.items():
            column = COLUMNS.get(fold(str(key)))
            if column is None:
                result.rejected.append((label, f"unknown field {key!r}"))
                break
            if isinstance(value, dict):
                result.rejected.append((label, f"{key}: expected text, not an object"))
                break
            text_value = ("/".join(str(v) for v in value) if isinstance(value, list)
                          else "" if value is None else str(value))  # fmt: skip
            if column:
                values[column] = text_value.strip()
        else:
            rows.append((f"{label} ({values.get('name', '')})", values))
    return rows


# --- records to cards -------------------------------------------------------------------------
def _build(rows: Rows, result: ScoreImport) -> None:
    personalities = {fold(_character(v)): _character(v) for _, v in rows
                     if "personality" in fold(v.get("type", "")) or v.get("personality")}
    seen: dict[str, Card] = {}
    for label, values in rows:
        if not result.set_name and values.get("set"):
            result.set_name = values["set"]
        kind = fold(values.get("type", ""))
        if kind in NOT_CARDS:
            result.skipped.append(label)
            continue
        notes: list[str] = []
        try:
            card = Card.model_validate(_fields(values, personalities, notes))
        except _Reject as exc:
            result.rejected.append((label, str(exc)))
            continue
        except ValidationError as exc:
            result.rejected.append((label, "; ".join(_message(e) for e in exc.errors())))
            continue
        key = fold(card.name)
        if key in seen:
            if seen[key] != card:
                result.rejected.append((label, f"another card is named {card.name!r}"))
            continue
        seen[key] = card
        result.cards.append(card)
        result.notes += [(label, note) for note in notes]


def _character(values: dict[str, str]) -> str:
    """The personality a personality card shows: its column, else the title before " - "
    ("Cell Jr. 1" and "Cell Jr. 2" are lines of the one Cell Jr. personality, p. 37)."""
    shown = values.get("name", "").split(" - ")[0].split(",")[0].strip()
    if re.fullmatch(r"celljr\d", fold(shown)):
        shown = "Cell Jr."
    return values.get("personality") or shown


def _message(error: Any) -> str:
    where = ".".join(str(part) for part in error["loc"])
    message = str(error["msg"]).removeprefix("Value error, ")
    return f"{where}: {message}" if where else message


def _fields(values: dict[str, str], personalities: dict[str, str],
            notes: list[str]) -> dict[str, Any]:  # fmt: skip
    name = values.get("name", "")
    if not name:
        raise _Reject("no name")
    text = values.get("text", "")
    kind, alignment = _type(values.get("type", ""), name, notes)
    data: dict[str, Any] = {"name": name, "type": kind.value, "text": text}
    if kind == CardType.PERSONALITY:
        data.update(personality_card(values, alignment))
        label = fold(values.get("type", ""))
        data["fusion"] = "fusion" in label or _yes(values.get("fusion", ""))
        # p. 53: the 2 personalities a Fusion Personality card is for ("Goku; Vegeta")
        data["fuses"] = [part.strip() for part in re.split(r"[;/,+]|\band\b",
                                                           values.get("fuses", "")) if part.strip()]
        data["high_tech"] = "hightech" in label or _yes(values.get("high_tech", ""))
        # p. 47 "Majins": Majin Buu, Majin Vegeta, ... (or a Majin column)
        data["majin"] = _yes(values.get("majin", "")) or fold(data["personality"]).startswith(
            "majin")
    if kind == CardType.DRAGON_BALL:
        ball = _BALL.search(name)
        if ball is None:
            raise _Reject("a Dragon Ball's title names its set (Earth, Namek, Dende) and number")
        data["dragon_ball"] = {"set": ball.group(1).lower(), "number": int(ball.group(2))}
    if kind == CardType.SENSEI:
        size = values.get("sensei_deck_size") or _search(r"deck size:?\s*(\d+)", text)
        if not size:
            raise _Reject("a Sensei card needs its Sensei Deck size (a Deck Size column)")
        data["sensei_deck_size"] = _number(size, "Sensei Deck size")
    data.update(_from_text(text, kind, name, personalities))
    return data


def _type(label: str, name: str, notes: list[str]) -> tuple[CardType, str | None]:
    """The card type and any alignment the label carries ("Hero Personality")."""
    words = re.findall(r"[a-z]+", label.lower())
    alignment = next((ALIGNMENT_WORDS[w] for w in words if w in ("hero", "villain", "rogue")),
                     None)  # fmt: skip
    key = "".join(w for w in words if w not in ("hero", "villain", "rogue", "card", "fusion",
                                                "high", "tech", "hightech"))  # fmt: skip
    if not key:
        raise _Reject("no card type")
    kind = TYPES.get(key)
    if kind is None:
        close = difflib.get_close_matches(key, TYPES, n=1, cutoff=0.8)
        if not close:
            raise _Reject(f"unknown card type {label!r}")
        kind = TYPES[close[0]]
        notes.append(f"type {label!r} read as {kind.value}")
    titled_drill = re.search(r"\bdrill\b", name, re.IGNORECASE) is not None
    if kind == CardType.NON_COMBAT and titled_drill:  # p. 40: Drills are Non-Combat cards
        kind = CardType.DRILL
    return kind, alignment


def _yes(value: str) -> bool:
    return value.strip().lower() in ("yes", "true", "1", "y", "x")


def personality_card(values: dict[str, str], alignment: str | None) -> dict[str, Any]:
    side = values.get("alignment", "").lower() or alignment
    if not side:
        raise _Reject("a personality needs its alignment (hero, villain or rogue)")
    if side not in ALIGNMENT_WORDS:
        raise _Reject(f"unknown alignment {values.get('alignment')!r}")
    personality = _character(values)
    pur = values.get("pur", "")
    return {
        "personality": personality, "alignment": ALIGNMENT_WORDS[side],
        "level": _number(values.get("level", ""), "level"),
        "pur": "X" if pur.upper() == "X" else _number(pur, "PUR"),
        "power_stages": power_ladder(values.get("power_stages", "")),
    }  # fmt: skip


def power_ladder(raw: str) -> list[int | str]:
    """ "100,000/110,000/...", "100000; 110000", "100.000 110.000", with "Z" stages."""
    if not raw.strip():
        raise _Reject("a personality needs its power ratings")
    if re.search(r"[;/|]", raw):
        parts = re.split(r"[;/|]", raw)
    elif re.search(r",\s", raw) and not re.search(r"\d,\d{3}(?!\d)", raw):
        parts = raw.split(",")
    else:
        parts = re.split(r"\s+|,\s+", raw.strip())
    ladder: list[int | str] = []
    for part in (p.strip() for p in parts if p.strip()):
        if part.upper() == "Z":
            ladder.append("Z")
            continue
        digits = re.sub(r"[,.\s']", "", part)
        if not digits.isdigit() or len(digits) > 12:
            raise _Reject(f"power rating {part!r} is not a number")
        ladder.append(int(digits))
    return ladder


def _number(raw: str, what: str) -> int:
    if not raw.strip().isdigit() or len(raw.strip()) > 6:
        raise _Reject(f"{what} {raw!r} is not a whole number")
    return int(raw)


def _search(pattern: str, text: str) -> str | None:
    found = re.search(pattern, text, re.IGNORECASE)
    return found.group(1) if found else None


def _from_text(text: str, kind: CardType, name: str,
               personalities: dict[str, str]) -> dict[str, Any]:  # fmt: skip
    """What a card's power text says about the card itself (engine.score.cards fields)."""
    data: dict[str, Any] = {}
    endurance = _search(r"\bendurance\s+(\d+|x)\b", text)
    if endurance:
        data["endurance"] = "X" if endurance.upper() == "X" else int(endurance)
    for key, pattern in (("empower", r"\bempower\s+(\d+)"), ("remain", r"\bremain\s+(\d+)"),
                         ("limit_per_deck", r"\blimit\s+(\d+)\s+per\s+deck")):  # fmt: skip
        found = _search(pattern, text)
        if found and int(found) >= 1:
            data[key] = int(found)
    if re.search(r"\bsensei deck only\b", text, re.IGNORECASE):
        data["sensei_mark"] = "sensei_deck_only"
    elif re.search(r"\bsensei deck\b\s*[.]", text, re.IGNORECASE) and kind != CardType.SENSEI:
        data["sensei_mark"] = "sensei_deck"
    only = _only(text, personalities)
    if only:
        data["only"] = only
    possessive = re.match(r"^(.+?)['\u2019]s\b", name)
    if kind != CardType.PERSONALITY and possessive and fold(possessive.group(1)) in personalities:
        data["named"] = personalities[fold(possessive.group(1))]  # p. 29 Named cards
    return data


def _only(text: str, personalities: dict[str, str]) -> dict[str, Any] | None:
    """p. 52 "'___ only' Effects": "Heroes only", "Saiyan Heritage only", "Goku only",
    "Villains, Goku and Gohan only" (read as Saiyan Heritage only, p. 52)."""
    found = _ONLY.search(text)
    if found is None:
        return None
    words = found.group(1).strip()
    low = words.lower()
    if low.endswith("sensei deck"):  # "Sensei Deck only" is where the card is kept (p. 45)
        return None
    if low in ("heroes", "villains"):
        return {"alignment": "hero" if low == "heroes" else "villain"}
    if low in ("saiyan heritage", "namekian heritage"):
        return {"heritage": low.split()[0]}
    if fold(low) == fold("villains, goku and gohan"):
        return {"heritage": "saiyan"}
    names = [n.strip() for n in re.split(r",|\band\b", words) if n.strip()]
    if names and all(fold(n) in personalities or n[:1].isupper() for n in names) and len(
            names) <= 4 and all(len(n.split()) <= 3 for n in names):  # fmt: skip
        return {"personalities": names}
    return None
