"""OCTGN deck files (.o8d): the decks players already have, read into the same ParsedDeck
(or DeckListError) as a pasted list, so deck checks and registration treat them alike.

    <deck game="...">
      <section name="Life Deck" shared="False">
        <card qty="3" id="5049fb94-...">Black Protective Drill</card>
      </section>
      <notes><![CDATA[...]]></notes>
    </deck>

Each <card> is found by its id among the ids its card was imported with
(`Card.source_ids`), else by its name, written as the file writes it ("Goku - Hopeful
Fighter" finds "Goku, Hopeful Fighter"). Sections are informational, as in pasted lists:
cards are classified by their type. Every problem is collected before raising.

The file is read with the card importer's guarded XML reader (engine.panini.importers.formats):
DTDs and entity declarations are refused whatever the encoding, and an encoding other
than UTF-8 (or UTF-16 with a byte-order mark, ISO-8859-1, US-ASCII) is named and refused.
A file that cannot be a deck at all raises DeckFileError, with that one reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from xml.sax.handler import ContentHandler
from xml.sax.xmlreader import AttributesImpl, Locator

from defusedxml.sax import parseString as safe_sax

from engine.core.textfile import UTF16_BOMS
from engine.panini.cards import Card, CardPool
from engine.panini.decklist import (
    MAX_COUNT,
    DeckEntry,
    DeckListError,
    LineError,
    ParsedDeck,
    collect,
    find_card,
    parse_count,
    parse_deck_list,
    quote,
)
from engine.panini.importers.core import ImportResult
from engine.panini.importers.formats import XML_DECLARATION, read_xml

# A 60-card deck file is a few kilobytes, and names at most about 70 different cards.
MAX_O8D_BYTES = 256 * 1024
MAX_O8D_CARDS = 200
_SHOWN_ID = 40  # characters of an unknown id quoted in a message
_SPACE = "\ufeff \t\r\n"
# The XML declaration, dropped once the text is decoded (it may name another encoding);
# its line ends are kept so that line numbers stay those of the file.
_DECLARATION = re.compile(r"^(\ufeff?[ \t\r\n]*)<\?xml\b[^>]*\?>")
_SINGLE_BYTE = frozenset({"iso-8859-1", "us-ascii"})


@dataclass(frozen=True)
class FileProblem(LineError):
    """A problem of the whole file rather than of one of its lines."""

    def __str__(self) -> str:
        return self.message


class DeckFileError(DeckListError):
    """The file cannot be read as an OCTGN deck at all (not XML, a DTD, another root ...);
    `str()` says why."""

    def __init__(self, message: str) -> None:
        super().__init__([FileProblem(0, message)])


@dataclass
class _Record:
    """One <card> as written."""

    line: int
    section: str | None
    qty: str | None
    id: str
    text: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return " ".join("".join(self.text).split())


class _Cards(ContentHandler):
    """The <card> elements in document order, with their line and section."""

    def __init__(self) -> None:
        super().__init__()
        self.records: list[_Record] = []
        self._locator: Locator | None = None
        self._sections: list[str | None] = []
        self._open: _Record | None = None
        self._depth = 0  # elements open inside the open <card>

    def setDocumentLocator(self, locator: Locator) -> None:
        self._locator = locator

    def startElement(self, name: str, attrs: AttributesImpl) -> None:
        if self._open is not None:
            self._depth += 1
        elif name == "card":
            line = (self._locator.getLineNumber() if self._locator else None) or 0
            section = self._sections[-1] if self._sections else None
            self._open = _Record(line, section, attrs.get("qty"), attrs.get("id", "").strip())
            self.records.append(self._open)
        elif name == "section":
            self._sections.append(" ".join(attrs.get("name", "").split()) or None)

    def endElement(self, name: str) -> None:
        if self._open is not None:
            if self._depth:
                self._depth -= 1
            else:
                self._open = None
        elif name == "section" and self._sections:
            self._sections.pop()

    def characters(self, content: str) -> None:
        if self._open is not None:
            self._open.text.append(content)


def is_o8d(data: bytes | str, filename: str = "") -> bool:
    """Whether this is meant as an OCTGN deck: named .o8d, or XML (it starts with `<`)."""
    if filename.casefold().endswith(".o8d"):
        return True
    if isinstance(data, bytes):
        codec = "utf-16" if data.startswith(UTF16_BOMS) else "utf-8"
        data = data[:1024].decode(codec, errors="ignore")
    return data.lstrip(_SPACE).startswith("<")


def o8d_text(data: bytes) -> str:
    """The deck file as text to store and read again with `parse_o8d`: decoded, without
    its XML declaration, lines kept. Raises DeckFileError when it cannot be a deck."""
    return _read(data)[0]


def _decoded(data: bytes) -> str:
    """The text as the XML parser reads it; UnicodeDecodeError if it is not that."""
    codec = "utf-8-sig"
    if data.startswith(UTF16_BOMS):
        codec = "utf-16"
    else:
        declared = XML_DECLARATION.match(data[:512].decode("latin-1"))
        if declared is not None and declared.group(1).lower() in _SINGLE_BYTE:
            codec = "latin-1"
    return data.decode(codec)


def _without_declaration(text: str) -> str:
    def blank(match: re.Match[str]) -> str:
        return match.group(1) + "\n" * match.group(0).count("\n")

    return _DECLARATION.sub(blank, text, count=1).lstrip("\ufeff")


def _checked_document(data: bytes) -> str:
    """The text of `data`, a safe, well-formed XML <deck> of a sane size; else raise
    DeckFileError saying why not."""
    if len(data) > MAX_O8D_BYTES:
        raise DeckFileError(
            f"the file is {len(data):,} bytes; an OCTGN deck is far smaller "
            f"(at most {MAX_O8D_BYTES:,})"
        )
    scratch = ImportResult("o8d", "")
    root = read_xml(data, scratch)
    try:
        text = _decoded(data)
    except UnicodeDecodeError as exc:
        bad = f"byte 0x{exc.object[exc.start]:02x} at offset {exc.start}"
        undecoded = f"not {exc.encoding.upper()} text ({bad}): save the file as UTF-8"
    else:
        undecoded = ""
    if root is None:
        issue = scratch.issues[0] if scratch.issues else None
        reason = issue.reason if issue is not None else "not XML"
        # expat calls text in another encoding "not well-formed (invalid token)"
        if undecoded and (issue is None or issue.field == "xml"):
            reason = undecoded
        raise DeckFileError(reason)
    if undecoded:
        raise DeckFileError(undecoded)
    if root.tag != "deck":
        tag = root.tag if len(root.tag) <= 40 else root.tag[:40] + "…"
        raise DeckFileError(f"the root element is <{tag}>, expected <deck> (an OCTGN deck)")
    return text


def _utf8(text: str) -> bytes:
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as exc:  # a lone surrogate, from JSON's "\ud800"
        raise DeckFileError(f"U+{ord(exc.object[exc.start]):04X} is not a character") from exc


def _records(text: str) -> list[_Record]:
    """The <card> elements of `text`, a document _checked_document has accepted."""
    handler = _Cards()
    safe_sax(_utf8(text), handler, forbid_dtd=True)  # already read safely once: cannot fail
    if not handler.records:
        raise DeckFileError("the deck holds no <card> elements")
    if len(handler.records) > MAX_O8D_CARDS:
        raise DeckFileError(
            f"{len(handler.records):,} <card> elements; a deck names far fewer "
            f"(at most {MAX_O8D_CARDS})"
        )
    return handler.records


def _read(data: bytes | str) -> tuple[str, list[_Record]]:
    """The file's text (see o8d_text) and its <card> elements; DeckFileError if none."""
    if isinstance(data, bytes):
        text = _without_declaration(_checked_document(data))
    else:  # already decoded: whatever encoding its declaration names no longer applies
        text = _without_declaration(data)
        _checked_document(_utf8(text))
    return text, _records(text)


def parse_o8d(data: bytes | str, pool: CardPool, name: str = "deck") -> ParsedDeck:
    """Read an OCTGN deck file (its bytes, or its text from `o8d_text`). Raises
    DeckFileError when it cannot be a deck, DeckListError listing every card that cannot
    be read (with the deck the others make)."""
    by_name: dict[str, Card | str] = {}  # a name written again is looked up once
    return collect(name, (_resolve(record, pool, by_name) for record in _read(data)[1]))


def _resolve(
    record: _Record, pool: CardPool, by_name: dict[str, Card | str]
) -> DeckEntry | LineError:
    digits = (record.qty or "").strip()
    count = parse_count(digits) if digits.isascii() and digits.isdigit() else (
        f"qty {quote(digits[:12])} is not a whole number: expected 1 to {MAX_COUNT} copies"
        if digits else f"the <card> has no qty: expected 1 to {MAX_COUNT} copies"
    )  # fmt: skip
    by_id = pool.find_source_id(record.id) if record.id else None
    card = by_id if by_id is not None else _by_name(record, pool, by_name)
    problems = [problem for problem in (count, card) if isinstance(problem, str)]
    if problems:
        return LineError(record.line, "; ".join(problems))
    assert isinstance(count, int) and isinstance(card, Card)
    return DeckEntry(count=count, name=card.name, line=record.line, section=record.section)


def _by_name(record: _Record, pool: CardPool, by_name: dict[str, Card | str]) -> Card | str:
    unknown_id = ""
    if record.id:
        shown = record.id if len(record.id) <= _SHOWN_ID else record.id[:_SHOWN_ID] + "…"
        unknown_id = f"no card here has the id {quote(shown)}, and "
    if not record.name:
        return f"{unknown_id}the <card> has no name" if unknown_id else "an empty <card>"
    if record.name not in by_name:
        by_name[record.name] = find_card(record.name, pool)
    found = by_name[record.name]
    return f"{unknown_id}{found}" if isinstance(found, str) else found


def parse_deck(text: str, pool: CardPool, name: str = "deck") -> ParsedDeck:
    """A deck as text: an OCTGN deck file's (it starts with `<`), else a pasted list."""
    if is_o8d(text):
        return parse_o8d(text, pool, name)
    return parse_deck_list(text, pool, name)
