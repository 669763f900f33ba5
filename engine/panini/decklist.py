"""Deck lists: the text players paste, parsed into card names the engine knows.

The format is the one players already use: one card per line with an optional count
("3x Card", "3 x Card", "3 Card", "x3 Card", "Card x3" or a bare "Card" for one copy),
`#` and `//` comments, blank lines and optional section headers ("Mastery:",
"[Life Deck]"). Sections are informational only: cards are classified by their type,
because pasted lists put headers in all sorts of places.

Parsing collects every problem before raising, so a player fixes a list in one pass.
Legality (60 cards, copies, styles ...) is engine.panini.deckcheck's job, not this module's.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from engine.panini.cards import Card, CardPool, CardType, fold_name

MAX_COUNT = 99
# Far longer than any card name (they run to about 60 characters); a longer one is refused
# before the name matching, whose cost grows with the name's length.
MAX_NAME_LENGTH = 200
# Control characters other than tab: NUL and the like, never part of a card name.
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f-\x9f]")
_SUGGESTION_MARGIN = 0.1  # suggestions this much less alike than the best are dropped

# "3x Card", "3 x Card", "3X Card", "3 Card" (an x needs a space after it: "3 Xenon Blast")
_LEADING_COUNT = re.compile(r"^(?P<count>\d+)(?:\s*[x\u00d7]\s+|\s+)(?P<name>.*)$", re.IGNORECASE)
# "3x" or "3" alone
_COUNT_ONLY = re.compile(r"^\d+\s*[x\u00d7]?$", re.IGNORECASE)
# "x3 Card"
_LEADING_X_COUNT = re.compile(r"^[x\u00d7](?P<count>\d+)\s+(?P<name>.*)$", re.IGNORECASE)
# "Card x3", "Card x 3": searched for, starting only where a run of spaces starts, so a
# line of many spaces takes linear time, not quadratic
_TRAILING_COUNT = re.compile(r"(?<!\s)\s+[x\u00d7]\s*(?P<count>\d+)$", re.IGNORECASE)
# A count that is not a whole number: "-1x Card", "2.5x Card"
_BAD_NUMBER = re.compile(r"^(?:-\d|\d+[.,]\d)")
# "- 3x Card", "* Card", "• Card": list bullets pasted from forums
_BULLET = re.compile(r"^[-*•]\s+")
_X_TOKENS = frozenset({"x", "\u00d7"})
# Headers players put in front of a card on the same line: "Mastery: Saiyan Mastery".
_INLINE_SECTIONS = frozenset({"mainpersonality", "mp", "personality", "mastery", "lifedeck"})
_EXPECTED = "expected 'COUNT x CARD NAME' (e.g. '3x Card Name') or just 'CARD NAME'"


@dataclass(frozen=True)
class DeckEntry:
    count: int
    name: str  # the canonical card name from the pool
    line: int  # 1-based line number in the pasted text
    section: str | None  # the header it appeared under, for messages only


@dataclass(frozen=True)
class LineError:
    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


class DeckListError(ValueError):
    """Every problem found in a deck list, one per line of `str()`; `readable` holds the
    lines that could be read, so their deck-building problems can be reported together."""

    def __init__(self, errors: list[LineError], readable: ParsedDeck | None = None) -> None:
        self.errors = errors
        self.readable = readable
        super().__init__("\n".join(str(error) for error in errors))


@dataclass(frozen=True)
class ParsedDeck:
    """The list as written: entries in order, a card may appear on several lines."""

    name: str
    entries: tuple[DeckEntry, ...]

    def counts(self) -> dict[str, int]:
        """Copies per card name, summed over lines, in order of first appearance."""
        totals: dict[str, int] = {}
        for entry in self.entries:
            totals[entry.name] = totals.get(entry.name, 0) + entry.count
        return totals


@dataclass(frozen=True)
class Deck:
    """What the engine builds a game from."""

    name: str
    main_personality: tuple[str, ...]  # card names ordered by level 1..4
    mastery: str
    life_deck: tuple[str, ...]  # expanded, one name per copy

    def counts(self) -> dict[str, int]:
        """Copies per card name over the whole deck, MP and Mastery first."""
        totals: dict[str, int] = {}
        for card_name in (*self.main_personality, self.mastery, *self.life_deck):
            totals[card_name] = totals.get(card_name, 0) + 1
        return totals

    def to_data(self) -> dict[str, Any]:
        """The deck as stored (a match's decks, a game record): `from_data` reads it back."""
        return {
            "name": self.name,
            "main_personality": list(self.main_personality),
            "mastery": self.mastery,
            "life_deck": list(self.life_deck),
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Deck:
        return cls(
            name=data["name"],
            main_personality=tuple(data["main_personality"]),
            mastery=data["mastery"],
            life_deck=tuple(data["life_deck"]),
        )

    def to_text(self) -> str:
        """The canonical deck list; `parse_deck_list` reads it back to an equal Deck."""
        lines = [f"# {self.name}", "", "Main Personality:"]
        lines += [f"1x {card_name}" for card_name in self.main_personality]
        lines += ["", "Mastery:", f"1x {self.mastery}", "", "Life Deck:"]
        lines += [f"{count}x {card_name}" for card_name, count in _group(self.life_deck).items()]
        return "\n".join(lines) + "\n"


def quote(name: str) -> str:
    """'Name' in single quotes even when it holds an apostrophe (repr would switch to ")."""
    return f"'{name}'"


class DeckStructureError(ValueError):
    """The list cannot make a Deck at all (no Mastery, a missing MP level ...)."""


# --- parsing -------------------------------------------------------------------------------
def parse_deck_list(text: str, pool: CardPool, name: str = "deck") -> ParsedDeck:
    """Parse a pasted deck list; raise DeckListError listing every bad line."""
    return collect(name, _parse_lines(text, pool))


def _parse_lines(text: str, pool: CardPool) -> Iterator[DeckEntry | LineError]:
    section: str | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = _clean(raw)
        if not line:
            continue
        header, line = _section_header(line)
        if header is not None:
            section = header
        if line:
            yield _parse_line(line, number, section, pool)


def collect(name: str, results: Iterable[DeckEntry | LineError]) -> ParsedDeck:
    """The deck of the lines read; DeckListError listing every line that was not (with the
    deck the others make) if any."""
    entries: list[DeckEntry] = []
    errors: list[LineError] = []
    for result in results:
        if isinstance(result, LineError):
            errors.append(result)
        else:
            entries.append(result)
    parsed = ParsedDeck(name=name, entries=tuple(entries))
    if errors:
        raise DeckListError(errors, parsed)
    return parsed


def _clean(raw: str) -> str:
    """The line without comments, bullets and surrounding space; '' if nothing is left."""
    line = raw.replace("\ufeff", "")
    for marker in ("//", "#"):
        line = line.split(marker, 1)[0]
    line = _BULLET.sub("", line.strip()).strip()
    # Decoration such as "-----" or "=====" carries no card.
    return line if any(ch.isalnum() for ch in line) else ""


def _section_header(line: str) -> tuple[str | None, str]:
    """(header, rest of the line): "[Life Deck]", "Life Deck (60):", "Mastery: Card"."""
    if line.startswith("[") and line.endswith("]"):
        return line[1:-1].strip(), ""
    if line.endswith(":") and not line[0].isdigit():
        return line[:-1].strip(), ""
    head, colon, rest = line.partition(":")
    if colon and fold_name(head) in _INLINE_SECTIONS:
        return head.strip(), rest.strip()
    return None, line


def _parse_line(
    line: str, number: int, section: str | None, pool: CardPool
) -> DeckEntry | LineError:
    control = _control_problem(line)
    if control is not None:
        return LineError(number, control)
    whole = pool.find(line)
    if whole is not None:  # a title that merely looks like a count: "1000 Punches"
        return DeckEntry(count=1, name=whole.name, line=number, section=section)
    split = _split_count(line)
    if isinstance(split, str):
        return LineError(number, split)
    count, card_name = split
    card = find_card(card_name, pool)
    if isinstance(card, str):
        return LineError(number, card)
    return DeckEntry(count=count, name=card.name, line=number, section=section)


def find_card(card_name: str, pool: CardPool) -> Card | str:
    """The pool's card of that name, or why there is none (with the names it may mean).
    Case, spacing and punctuation do not count: deck files write "Goku - Hopeful Fighter"
    for the set's "Goku, Hopeful Fighter"."""
    control = _control_problem(card_name)
    if control is not None:
        return control
    if len(card_name) > MAX_NAME_LENGTH:
        too_long = f"a card name of {len(card_name):,} characters is too long"
        return f"{too_long} (at most {MAX_NAME_LENGTH})"
    card = pool.find(card_name)
    if card is None:
        return f"unknown card {quote(card_name)}{_did_you_mean(card_name, pool)}"
    return card


def _control_problem(text: str) -> str | None:
    control = _CONTROL.search(text)
    if control is None:
        return None
    return f"contains the control character U+{ord(control[0]):04X}"


def _split_count(line: str) -> tuple[int, str] | str:
    """(count, name) for a well-formed line, else a message saying what was expected."""
    if _BAD_NUMBER.match(line):
        return f"the count must be a whole number from 1 to {MAX_COUNT}; {_EXPECTED}"
    if _COUNT_ONLY.match(line):
        return f"a count with no card name; {_EXPECTED}"
    for pattern in (_LEADING_COUNT, _LEADING_X_COUNT):
        match = pattern.match(line)
        if match:
            return _checked(match["count"], match["name"].strip())
    trailing = _TRAILING_COUNT.search(line)
    if trailing:
        return _checked(trailing["count"], line[: trailing.start()].strip())
    tokens = line.split()
    # A lone "x" where a count belongs ("abc x Card", "Card x"): a count that is not a number.
    if (
        tokens[0].casefold() in _X_TOKENS
        or tokens[-1].casefold() in _X_TOKENS
        or (len(tokens) > 2 and tokens[1].casefold() in _X_TOKENS)
    ):
        return f"malformed count in {quote(line)}; {_EXPECTED}"
    return 1, line


def _checked(digits: str, card_name: str) -> tuple[int, str] | str:
    count = parse_count(digits)
    if isinstance(count, str):
        return count
    if not any(ch.isalnum() for ch in card_name):
        return f"a count ({count}) with no card name; {_EXPECTED}"
    return count, card_name


def parse_count(digits: str) -> int | str:
    """The number of copies `digits` (decimal digits) stands for, or why it is not 1 to
    MAX_COUNT."""
    # Compared as text first: int() refuses numbers of more than 4300 digits.
    count = int(digits) if len(digits.lstrip("0")) <= len(str(MAX_COUNT)) else MAX_COUNT + 1
    if not 1 <= count <= MAX_COUNT:
        shown = digits if len(digits) <= 12 else digits[:12] + "…"
        return f"count {shown} is out of range: expected 1 to {MAX_COUNT} copies"
    return count


def _did_you_mean(card_name: str, pool: CardPool, limit: int = 3) -> str:
    suggestions = suggest(card_name, pool, limit)
    if not suggestions:
        return ""
    quoted = [quote(s) for s in suggestions]
    listed = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]
    return f" — did you mean {listed}?"


def suggest(card_name: str, pool: CardPool, limit: int = 3) -> list[str]:
    """Pool names close to `card_name`: by spelling, by folded spelling, or by how they start."""
    names = pool.names()
    by_fold = {fold_name(n): n for n in names}
    folded = fold_name(card_name)
    candidates = difflib.get_close_matches(card_name, names, n=limit, cutoff=0.6)
    candidates += [by_fold[f] for f in difflib.get_close_matches(folded, by_fold, limit, 0.6)]
    # "Sayan Mastery" should find "Saiyan Mastery (Battle Ready)": compare the name with
    # the start of longer titles too, which a whole-string ratio undervalues.
    if len(folded) >= 4:
        candidates += [n for f, n in by_fold.items() if _prefix_ratio(folded, f) >= 0.8]

    def closeness(candidate: str) -> float:
        return max(
            difflib.SequenceMatcher(None, folded, fold_name(candidate)).ratio(),
            _prefix_ratio(folded, fold_name(candidate)),
        )

    scored = sorted((-closeness(c), c) for c in _unique(candidates))
    if not scored:
        return []
    # A clear winner is the answer; listing weaker names beside it only distracts.
    best = -scored[0][0]
    return [c for score, c in scored if -score >= best - _SUGGESTION_MARGIN][:limit]


def _prefix_ratio(query: str, folded_name: str) -> float:
    return difflib.SequenceMatcher(None, query, folded_name[: len(query) + 1]).ratio()


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


# --- building --------------------------------------------------------------------------------
def build_deck(parsed: ParsedDeck, pool: CardPool) -> Deck:
    """The Deck a game starts from. Raises DeckStructureError only when no Deck can be made
    (not exactly one Mastery, or not one MP card per level 1-4); everything else, such as
    the Life Deck's size, is left to engine.panini.deckcheck."""
    mp_by_level: dict[int, list[str]] = {}
    masteries: list[str] = []
    life: dict[str, int] = {}
    for card_name, count in parsed.counts().items():
        card = pool[card_name]
        if card.type == CardType.MAIN_PERSONALITY and card.level is not None:
            mp_by_level.setdefault(card.level, []).extend([card_name] * count)
        elif card.type == CardType.MASTERY:
            masteries.extend([card_name] * count)
        else:
            life[card_name] = count
    problems = _structure_problems(mp_by_level, masteries)
    if problems:
        raise DeckStructureError(f"{parsed.name}: " + "; ".join(problems))
    return Deck(
        name=parsed.name,
        main_personality=tuple(mp_by_level[level][0] for level in range(1, 5)),
        mastery=masteries[0],
        life_deck=tuple(n for n, count in life.items() for _ in range(count)),
    )


def _structure_problems(mp_by_level: dict[int, list[str]], masteries: list[str]) -> list[str]:
    problems = []
    for level in range(1, 5):
        cards = mp_by_level.get(level, [])
        if len(cards) != 1:
            problems.append(f"{len(cards)} Main Personality cards at level {level}, need 1")
    if len(masteries) != 1:
        problems.append(f"{len(masteries)} Mastery cards, need 1")
    return problems


def _group(names: Iterable[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for card_name in names:
        counts[card_name] = counts.get(card_name, 0) + 1
    return counts
