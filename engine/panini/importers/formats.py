"""The file formats: each turns text/bytes into RawRecords (plus file-level issues).

- OCTGN DBZ set.xml: <set name=...><cards><card id=... name=...><property name=... value=.../>
- LackeyCCG-style tab-separated lists: a header row naming the columns
- our own JSON and CSV (docs/card-format.md)
"""

from __future__ import annotations

import csv
import io
import json
import re
import xml.etree.ElementTree as ET
from typing import Any

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring as safe_xml

from engine.core.textfile import UTF16_BOMS, decode_text, encoding_problem
from engine.panini.cards import fold_name
from engine.panini.importers.core import FIELDS, ImportResult, Issue, RawRecord, build_cards

# OCTGN property names (folded) -> record fields; other properties are ignored.
OCTGN_PROPERTIES = {
    "cardnumber": "number", "style": "style", "type": "type", "rarity": "rarity",
    "cardlevel": "level", "level": "level", "pur": "pur", "powerrating": "power_stages",
    "endurance": "endurance", "traits": "traits", "limitperdeck": "limit_per_deck",
    "text": "text", "alignment": "alignment", "personality": "personality",
}  # fmt: skip
# Lackey column names (folded) -> record fields; other columns (ImageFile, ...) are ignored.
LACKEY_COLUMNS = {
    "name": "name", "set": "set", "type": "type", "style": "style", "text": "text",
    "level": "level", "cardlevel": "level", "pur": "pur", "power": "power_stages",
    "powerstages": "power_stages", "powerrating": "power_stages", "endurance": "endurance",
    "traits": "traits", "limit": "limit_per_deck", "limitperdeck": "limit_per_deck",
    "rarity": "rarity", "number": "number", "cardnumber": "number", "alignment": "alignment",
    "personality": "personality", "id": "id",
}  # fmt: skip
_OWN_COLUMNS = {fold_name(name): name for name in (*FIELDS, "set")}
# The encodings expat reads itself; any other goes through Python codecs or fails.
_XML_ENCODINGS = frozenset({"utf-8", "utf-16", "iso-8859-1", "us-ascii"})
XML_DECLARATION = re.compile(r"""<\?xml[^>]*?\bencoding\s*=\s*["']([^"']*)["']""")


def _file_issue(result: ImportResult, field: str, reason: str) -> ImportResult:
    result.issues.append(Issue("file", field, reason))
    return result


def _decode(data: bytes, result: ImportResult) -> str | None:
    text, problem = decode_text(data)
    if problem is not None:
        _file_issue(result, "encoding", problem)
    return text


def _xml_encoding_problem(data: bytes) -> str | None:
    """Why the XML's bytes or its declared encoding are not ones we read."""
    problem = encoding_problem(data)
    if problem is not None:
        return problem
    codec = "utf-16" if data.startswith(UTF16_BOMS) else "latin-1"  # enough to read it
    declared = XML_DECLARATION.match(data[:512].decode(codec, errors="ignore").lstrip("\ufeff"))
    if declared is None or declared.group(1).lower() in _XML_ENCODINGS:
        return None
    return (
        f"the file declares encoding {declared.group(1)!r}; only UTF-8 is read (or UTF-16 "
        "with a byte-order mark, ISO-8859-1, US-ASCII): save it as UTF-8"
    )


def read_xml(data: bytes, result: ImportResult) -> ET.Element | None:
    """The XML's root, or None after reporting why not. DTDs and entities (billion laughs,
    external files) are refused by the parser itself, whatever the encoding."""
    problem = _xml_encoding_problem(data)
    if problem is not None:
        _file_issue(result, "encoding", problem)
        return None
    try:
        root: ET.Element = safe_xml(data, forbid_dtd=True)
    except DefusedXmlException:
        _file_issue(result, "xml", "DOCTYPE and entity declarations are not accepted")
    except ET.ParseError as exc:
        _file_issue(result, "xml", f"not well-formed XML: {exc}")
    except (LookupError, ValueError) as exc:  # an encoding expat or Python cannot use
        _file_issue(result, "xml", f"unusable XML declaration: {exc}")
    else:
        return root
    return None


def parse_octgn(data: bytes, set_name: str | None = None) -> ImportResult:
    result = ImportResult("octgn", set_name or "")
    root = read_xml(data, result)
    if root is None:
        return result
    if root.tag != "set":
        return _file_issue(result, "xml", f"the root element is <{root.tag}>, expected <set>")
    result.set_name = set_name or (root.get("name") or "").strip()
    if not result.set_name:
        return _file_issue(result, "set name", "the <set> has no name (use --set-name)")
    records = []
    for index, card in enumerate(root.iter("card"), start=1):
        values = {"id": card.get("id") or "", "name": card.get("name") or ""}
        for prop in card.iter("property"):
            target = OCTGN_PROPERTIES.get(fold_name(prop.get("name") or ""))
            if target:
                values[target] = prop.get("value") or (prop.text or "")
        label = f"card {values['id'] or '#' + str(index)} ({values['name'] or 'no name'})"
        records.append(RawRecord(label, values))
    return build_cards(records, result)


def parse_lackey(data: bytes, set_name: str | None = None) -> ImportResult:
    result = ImportResult("lackey", set_name or "")
    text = _decode(data, result)
    if text is None:
        return result
    lines = text.splitlines()
    if not lines:
        return _file_issue(result, "header", "the file is empty")
    header = [LACKEY_COLUMNS.get(fold_name(column), "") for column in lines[0].split("\t")]
    for needed in ("name", "type"):
        if needed not in header:
            return _file_issue(result, "header", f"no {needed.title()!r} column")
    records = []
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        cells = line.split("\t")
        if len(cells) > len(header):
            reason = f"{len(cells)} fields but the header names {len(header)}"
            result.records += 1
            result.issues.append(Issue(f"line {number}", "row", reason))
            continue
        values = {key: cell for key, cell in zip(header, cells, strict=False) if key}
        if not result.set_name and values.get("set", "").strip():
            result.set_name = values["set"].strip()
        records.append(RawRecord(f"line {number} ({values.get('name', '')})", values))
    if not result.set_name:
        return _file_issue(result, "set name", "no Set column value (use --set-name)")
    return build_cards(records, result)


class _NotText(Exception):
    def __init__(self, field: str, value: object) -> None:
        super().__init__(field)
        self.field = field
        self.kind = "an object" if isinstance(value, dict) else "a list"


def _text(field: str, value: object) -> str:
    """A JSON scalar as text; a list or object where text belongs is refused (and never
    turned into text: a deeply nested one would exhaust the stack)."""
    if isinstance(value, dict | list):
        raise _NotText(field, value)
    return "" if value is None else str(value)


def _json_values(entry: dict[str, Any]) -> tuple[dict[str, str], list[str]]:
    values: dict[str, str] = {}
    unknown: list[str] = []
    for key, value in entry.items():
        if key == "dragon_ball" and isinstance(value, dict):
            values["dragon_ball_set"] = _text("dragon_ball.set", value.get("set", ""))
            values["dragon_ball_number"] = _text("dragon_ball.number", value.get("number", ""))
        elif key not in FIELDS:
            unknown.append(key)
        elif isinstance(value, list):
            values[key] = "; ".join(_text(key, item) for item in value)
        elif value is not None:
            values[key] = _text(key, value)
    return values, unknown


def parse_json(data: bytes, set_name: str | None = None) -> ImportResult:
    result = ImportResult("json", set_name or "")
    text = _decode(data, result)
    if text is None:
        return result
    try:
        # integers stay text, as every value ends up: int() refuses more than 4,300 digits
        raw = json.loads(text, parse_int=str)
    except json.JSONDecodeError as exc:
        return _file_issue(result, "json", f"not valid JSON: {exc}")
    except RecursionError:
        return _file_issue(result, "json", "nested too deeply to be a card list")
    entries = raw.get("cards") if isinstance(raw, dict) else raw
    if isinstance(raw, dict) and not set_name:
        result.set_name = str(raw.get("set") or "").strip()
    if not isinstance(entries, list):
        return _file_issue(result, "cards", "expected a list of cards (or {set, cards})")
    if not result.set_name:
        return _file_issue(result, "set name", 'no "set" key (use --set-name)')
    records = []
    for index, entry in enumerate(entries, start=1):
        name = entry.get("name", "") if isinstance(entry, dict) else ""
        label = f"card #{index} ({name or 'no name'})"
        if not isinstance(entry, dict):
            result.records += 1
            result.issues.append(Issue(label, "card", "not a JSON object"))
            continue
        try:
            values, unknown = _json_values(entry)
        except _NotText as exc:
            result.records += 1
            reason = f"expected text, a number or a list of them, not {exc.kind}"
            result.issues.append(Issue(label, exc.field, reason))
            continue
        if unknown:
            result.records += 1
            result.issues.append(Issue(label, unknown[0], "unknown field"))
            continue
        records.append(RawRecord(label, values))
    return build_cards(records, result)


def parse_csv(data: bytes, set_name: str | None = None) -> ImportResult:
    result = ImportResult("csv", set_name or "")
    text = _decode(data, result)
    if text is None:
        return result
    try:  # newline="": the csv module reads line ends itself, a lone \r included
        rows = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as exc:
        return _file_issue(result, "csv", f"not readable as CSV: {exc}")
    if not rows:
        return _file_issue(result, "header", "the file is empty")
    header = [_OWN_COLUMNS.get(fold_name(column), "?" + column) for column in rows[0]]
    unknown = [column[1:] for column in header if column.startswith("?")]
    if unknown:
        return _file_issue(result, "header", f"unknown column {unknown[0]!r}")
    records = []
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        values = dict(zip(header, row, strict=False))
        if len(row) > len(header):
            result.records += 1
            reason = f"{len(row)} fields but the header names {len(header)}"
            result.issues.append(Issue(f"line {number}", "row", reason))
            continue
        if not result.set_name and values.get("set", "").strip():
            result.set_name = values["set"].strip()
        records.append(RawRecord(f"line {number} ({values.get('name', '')})", values))
    if not result.set_name:
        return _file_issue(result, "set name", "no set column value (use --set-name)")
    return build_cards(records, result)


def detect_format(filename: str, data: bytes) -> str | None:
    """ "octgn", "lackey", "json" or "csv", from the extension, else from the content."""
    suffix = filename.lower().rsplit(".", 1)[-1] if "." in filename else ""
    by_suffix = {"xml": "octgn", "json": "json", "csv": "csv", "tsv": "lackey"}
    if suffix in by_suffix:
        return by_suffix[suffix]
    head = data.lstrip()[:1]
    if head == b"<":
        return "octgn"
    if head in (b"{", b"["):
        return "json"
    first = data.split(b"\n", 1)[0]
    if b"\t" in first:
        return "lackey"
    if b"," in first:
        return "csv"
    return None


PARSERS = {"octgn": parse_octgn, "lackey": parse_lackey, "json": parse_json, "csv": parse_csv}


def parse_cards(filename: str, data: bytes, set_name: str | None = None) -> ImportResult | None:
    """Parse a card list of any known format; None when the format cannot be told."""
    kind = detect_format(filename, data)
    return None if kind is None else PARSERS[kind](data, set_name)
