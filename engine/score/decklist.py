"""Score deck lists: the text a player writes, parsed into a ScoreDeck (docs/score-cards.md,
"Deck lists").

One card a line ("3 Card Name", "3x Card Name" or "Card Name" for one copy) under the
section headers "Main Personality:", "Life Deck:" and "Sensei Deck:"; the declarations
"Tokui-Waza: <style>" and "Alignment: hero|villain"; "#" starts a comment. Every problem
is collected, each naming its line, so a player fixes a list in one pass. Legality is
engine.score.deckcheck's job, not this module's.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Literal

from engine.score.cards import CardPool, Style, fold
from engine.score.deckcheck import ScoreDeck

# A deck is at most 90 cards and a Sensei Deck: a few hundred lines is generous, and the
# limits keep a hostile paste from costing more than a glance (the name matching is the
# costly part, and it only ever sees a short name).
MAX_LINES = 500
MAX_LINE_LENGTH = 200
MAX_COUNT = 99
# a starter deck's header comment: the rulesets it is legal in ("# ruleset: score, ocg")
_RULESETS_COMMENT = re.compile(r"^#\s*ruleset:\s*(?P<names>.+)$", re.IGNORECASE | re.MULTILINE)
# control characters other than tab: never part of a card name
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# "3 Card", "3x Card", "3 x Card" (an x needs a space after it: "3 Xeno Blast" is 3 copies)
_COUNT = re.compile(r"^(?P<count>\d+)(?:\s*x\s+|\s+)(?P<name>\S.*)$", re.IGNORECASE)
_BAD_COUNT = re.compile(r"^(?:-\d|\d+[.,]\d)")
_DECLARATIONS = ("tokuiwaza", "alignment")
_ALIGNMENTS: dict[str, Literal["hero", "villain"]] = {"hero": "hero", "villain": "villain"}
_SHAPE = "expected 'N Card Name', 'Card Name', a section header or a declaration"

Section = Literal["mp", "life", "sensei"]
_SECTIONS: dict[str, Section] = {
    "mainpersonality": "mp",
    "lifedeck": "life",
    "senseideck": "sensei",
}


@dataclass(frozen=True)
class LineError:
    line: int  # 1-based; 0 for the list as a whole
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}" if self.line else f"the list: {self.message}"


@dataclass
class _Builder:
    mp: list[str]
    life: dict[str, int]
    sensei: dict[str, int]
    tokui_waza: Style | None = None
    alignment: Literal["hero", "villain"] | None = None
    section: Section | None = None
    declared: frozenset[str] = frozenset()


def parse_score_deck(text: str, pool: CardPool) -> ScoreDeck | list[LineError]:
    """The deck a list describes, or every problem of the list, each naming its line."""
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        return [LineError(0, f"{len(lines)} lines; a deck list has at most {MAX_LINES}")]
    built = _Builder(mp=[], life={}, sensei={})
    errors: list[LineError] = []
    for number, raw in enumerate(lines, start=1):
        problem = _parse_line(raw, built, pool)
        if problem is not None:
            errors.append(LineError(number, problem))
    if not built.mp and not errors:
        errors.append(
            LineError(0, "no Main Personality: list its levels under 'Main Personality:'")
        )
    if errors:
        return errors
    return ScoreDeck(
        main_personality=tuple(built.mp),
        life=built.life,
        sensei_deck=built.sensei,
        tokui_waza=built.tokui_waza,
        alignment=built.alignment,
    )


def _parse_line(raw: str, built: _Builder, pool: CardPool) -> str | None:
    """Apply one line to the deck being built; a problem's message, or None."""
    if len(raw) > MAX_LINE_LENGTH:
        return f"the line has {len(raw)} characters; at most {MAX_LINE_LENGTH}"
    control = _CONTROL.search(raw)
    if control is not None:
        return f"contains the control character U+{ord(control[0]):04X}"
    line = raw.split("#", 1)[0].strip()
    if not line:
        return None
    head, colon, rest = line.partition(":")
    key = fold(head)
    if colon and key in _SECTIONS:
        if rest.strip():
            return f"put the cards of {head.strip()!r} on the lines below its header"
        built.section = _SECTIONS[key]
        return None
    if colon and key in _DECLARATIONS:
        return _declare(key, rest.strip(), built)
    return _add_card(line, built, pool)


def _declare(key: str, value: str, built: _Builder) -> str | None:
    if key in built.declared:
        return f"{'Tokui-Waza' if key == 'tokuiwaza' else 'Alignment'} is declared twice"
    built.declared = built.declared | {key}
    if key == "alignment":
        side = _ALIGNMENTS.get(value.casefold())
        if side is None:
            return f"Alignment {value!r}: expected 'hero' or 'villain' (for a Rogue MP)"
        built.alignment = side
        return None
    if fold(value) == "none":
        return None
    try:
        built.tokui_waza = Style(fold(value))
    except ValueError:
        styles = ", ".join(style.value.title() for style in Style)
        return f"Tokui-Waza {value!r}: expected one of {styles} (or none)"
    return None


def _add_card(line: str, built: _Builder, pool: CardPool) -> str | None:
    counted = _count(line)
    if isinstance(counted, str):
        return counted
    count, name = counted
    card = pool.find(name)
    if card is None:
        return f"unknown card {name!r}{_did_you_mean(name, pool)}"
    if built.section is None:
        return (
            f"{card.name!r} comes before any section header; put it under "
            "'Main Personality:', 'Life Deck:' or 'Sensei Deck:'"
        )
    if built.section == "mp":
        if count != 1:
            return f"{count} copies of Main Personality level {card.name!r}; list a level once"
        built.mp.append(card.name)
        return None
    counts = built.life if built.section == "life" else built.sensei
    counts[card.name] = counts.get(card.name, 0) + count
    return None


def _count(line: str) -> tuple[int, str] | str:
    """(copies, name) of "3 Card Name" / "3x Card Name" / "Card Name", or a problem."""
    if _BAD_COUNT.match(line):
        return f"{line.split()[0]!r} is not a count: a whole number from 1 to {MAX_COUNT}"
    match = _COUNT.match(line)
    if match is None:
        if line.isdigit() or re.fullmatch(r"\d+\s*x", line, re.IGNORECASE):
            return f"a count without a card name; {_SHAPE}"
        return 1, line
    digits = match["count"]
    # compare as text first: a count of a thousand digits is not turned into a number
    count = int(digits) if len(digits.lstrip("0")) <= len(str(MAX_COUNT)) else MAX_COUNT + 1
    if not 1 <= count <= MAX_COUNT:
        shown = digits if len(digits) <= 6 else digits[:6] + "..."
        return f"count {shown} is out of range: 1 to {MAX_COUNT} copies"
    return count, match["name"].strip()


def _did_you_mean(name: str, pool: CardPool) -> str:
    close = suggest(name, pool)
    return f"; did you mean {' or '.join(repr(n) for n in close)}?" if close else ""


def suggest(name: str, pool: CardPool, limit: int = 3) -> list[str]:
    """The pool's card names closest to `name` (difflib on folded names)."""
    by_fold = {fold(name): name for name in pool.names()}
    query = fold(name)
    # "Krillin": every card whose name holds it, then the names spelled most alike
    holding = sorted(key for key in by_fold if len(query) >= 3 and query in key)
    alike = difflib.get_close_matches(query, list(by_fold), n=limit, cutoff=0.6)
    return [by_fold[key] for key in dict.fromkeys([*holding, *alike])][:limit]


def declared_rulesets(text: str) -> list[str]:
    """The rulesets a deck list's "# ruleset: score, ocg" comment names ([]: none)."""
    found = _RULESETS_COMMENT.search(text)
    if found is None:
        return []
    return [name.strip() for name in found["names"].split(",") if name.strip()]
