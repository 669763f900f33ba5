"""The rules glossary (data/glossary/*.yaml, written by us): a short entry per term and
game, each quoting the rulebook section it comes from. Validated on load: a malformed
file fails loudly at start, not when a player asks."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field

GLOSSARY_DIR = Path(__file__).resolve().parent.parent.parent / "data" / "glossary"
_PUNCTUATION = re.compile(r"[^\w\s'±-]")
FIRST = ("panini", "score")  # the card games' terms come first (autocomplete shows 25)


class Term(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    term: str = Field(min_length=1, max_length=40)
    aliases: tuple[str, ...] = ()
    meaning: str = Field(min_length=1, max_length=300)
    section: str = Field(min_length=1, max_length=100)
    quote: str = Field(min_length=1, max_length=400)


class Glossary(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    game: str
    rulesets: tuple[str, ...]
    rulebook: str
    terms: tuple[Term, ...] = Field(min_length=1)


class Entry(BaseModel):
    """A term as shown: its game and rulebook with it."""

    model_config = ConfigDict(frozen=True)

    game: str
    rulebook: str
    term: Term

    def text(self, markdown: bool = True) -> str:
        """Discord markdown, or plain text for the terminal."""
        t = self.term
        bold, italic, quote = ("**", "*", "> ") if markdown else ("", "", "  \"")
        end = "" if markdown else "\""
        return (f"{bold}{t.term}{bold} ({self.game}): {t.meaning}\n{quote}{t.quote}{end}\n"
                f"{italic}{self.rulebook}, {t.section}{italic}")


@cache
def glossaries(folder: Path = GLOSSARY_DIR) -> tuple[Glossary, ...]:
    """Every glossary file, validated (pydantic.ValidationError names what is wrong)."""
    paths = sorted(folder.glob("*.yaml"), key=lambda path: (path.stem not in FIRST, path.stem))
    return tuple(Glossary.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
                 for path in paths)


def entries(ruleset: str | None = None) -> list[Entry]:
    """Every entry (of `ruleset`'s game only, when given), in file order."""
    return [Entry(game=g.game, rulebook=g.rulebook, term=t) for g in glossaries()
            if ruleset is None or ruleset in g.rulesets for t in g.terms]


def _key(text: str) -> str:
    return " ".join(text.casefold().replace("-", " ").split())


def lookup(text: str, ruleset: str | None = None) -> list[Entry]:
    """The entries a player means by `text`: the term or an alias, exactly (any case);
    else those whose name contains it. Several games may share a term (PUR)."""
    wanted = _key(text)
    if not wanted:
        return []
    found = entries(ruleset)
    exact = [e for e in found if wanted in {_key(n) for n in (e.term.term, *e.term.aliases)}]
    if exact:
        return exact
    return [e for e in found if any(wanted in _key(n) for n in (e.term.term, *e.term.aliases))]


def choices(text: str) -> list[str]:
    """Autocomplete: distinct term names whose name or alias contains what is typed."""
    wanted = _key(text)
    names: list[str] = []
    for entry in entries():
        keys = [_key(n) for n in (entry.term.term, *entry.term.aliases)]
        if entry.term.term not in names and any(wanted in key for key in keys):
            names.append(entry.term.term)
    return names[:25]


def hint(ruleset: str, texts: list[str], most: int = 3) -> str:
    """A board's pointer to the glossary: "/rules Endurance, PUR" naming the terms of
    `ruleset`'s game that the recent `texts` mention (else its first term); "" for a
    game without a glossary."""
    found = entries(ruleset)
    if not found:
        return ""
    said = _key(_PUNCTUATION.sub(" ", " ".join(texts)))  # "Dazed." and "(Focus Tax)" count
    named = [e.term.term for e in found
             if any(f" {_key(n)} " in f" {said} " for n in (e.term.term, *e.term.aliases))]
    return "/rules " + ", ".join(dict.fromkeys(named[:most] or [found[0].term.term]))


def answer(text: str, ruleset: str | None = None, markdown: bool = True) -> str:
    """What /rules (markdown) and `scouter play`'s `rules TERM` (plain) say."""
    found = lookup(text, ruleset) or lookup(text)  # this game's word first, then any game's
    if not found:
        known = ", ".join(sorted({e.term.term for e in entries(ruleset)}))
        return f"No glossary entry for {text[:60]!r}. Terms: {known}."
    return "\n\n".join(entry.text(markdown) for entry in found)
