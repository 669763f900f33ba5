"""DBZ: Prime Time rosters in the bot: which pasted texts are rosters (the YAML format of
docs/primetime-data.md), reading one with every problem a player can act on, its legality
(engine.primetime.roster.roster_problems, with the core rules' section), how a roster is
written back and described, and the sample rosters the AI plays in practice."""

from __future__ import annotations

import re

import yaml
from pydantic import ValidationError

from engine.core.yamlfile import safe_load
from engine.families import FAMILIES
from engine.panini.deckcheck import Violation
from engine.primetime.family import PrimeTimeFamily
from engine.primetime.pool import Pool
from engine.primetime.roster import Roster, roster_problems, sample_rosters, threat
from engine.primetime.rulesets import RULESETS as PT_RULESETS

# what only a roster has: its `models:` and `deck:` keys, or a Prime Time ruleset header
_ROSTER_MARK = re.compile(r"^\s*models\s*:", re.MULTILINE)
_DECK_KEY = re.compile(r"^\s*deck\s*:", re.MULTILINE)
_HEADER = re.compile(r"^\s*#\s*ruleset\s*:.*\bprime-time\b", re.IGNORECASE | re.MULTILINE)
DECK_SECTION = "Card Deck Mechanics"  # the core rules' section for a deck's problems
ROSTER_SECTION = "Roster Limits"


def pt_pool() -> Pool:
    """The characters and cards Prime Time matches are played with (the sample)."""
    family = FAMILIES["primetime"]
    assert isinstance(family, PrimeTimeFamily)
    return family.pool


def is_roster_text(text: str) -> bool:
    """A text written as a Prime Time roster (docs/primetime-data.md, "Rosters")."""
    return bool(_HEADER.search(text) or (_ROSTER_MARK.search(text) and _DECK_KEY.search(text)))


def read_roster(text: str) -> Roster | list[str]:
    """The roster a text describes, or each reason it cannot be read (YAML, a field)."""
    try:
        data = safe_load(text)
    except yaml.YAMLError as exc:
        where = getattr(exc, "problem_mark", None)
        line = f"line {where.line + 1}: " if where is not None else ""
        return [f"{line}not YAML a roster can be read from ({getattr(exc, 'problem', exc)})"]
    if not isinstance(data, dict):
        return ["a roster is a YAML mapping with name, affiliation, models and deck"]
    try:
        return Roster.model_validate(data)
    except ValidationError as exc:
        return [f"{'.'.join(str(p) for p in error['loc']) or 'roster'}: {error['msg']}"
                for error in exc.errors()]


def roster_violations(roster: Roster, pool: Pool | None = None) -> dict[str, list[Violation]]:
    """Per Prime Time ruleset, each roster or deck rule the roster breaks, with its
    section of the core rules (`pool`: the characters and cards usable where it is
    registered; default the sample)."""
    found = [Violation("primetime.roster", _section(problem), problem)
             for problem in roster_problems(roster, pool or pt_pool())]
    return {name: list(found) for name in PT_RULESETS}


def _section(problem: str) -> str:
    deck = ("deck", "card", " generic", " character cards", " affiliation cards")
    return DECK_SECTION if any(word in problem for word in deck) else ROSTER_SECTION


def roster_text(roster: Roster) -> str:
    """The roster as YAML, in the form /deck register reads."""
    data = roster.model_dump(exclude_defaults=True)
    return "# ruleset: prime-time\n" + yaml.safe_dump(data, sort_keys=False)


def roster_threat(roster: Roster, pool: Pool) -> int | None:
    """The roster's Threat with `pool`'s characters; None when one of them is not there."""
    known = all(m in pool.characters for m in [*roster.models, *roster.fusions])
    return threat(roster, pool) if known else None


def roster_summary(roster: Roster, total: int | None) -> str:
    """One line: affiliation, models, Threat (`total`, "?" when unknown) and deck size."""
    return (f"{roster.affiliation} · {len(roster.models)} models · "
            f"Threat {'?' if total is None else total} · {len(roster.deck)} cards")


def roster_starters() -> list[tuple[str, Roster]]:
    """The sample rosters (data/primetime/rosters/), by name: the AI's in practice."""
    return [(roster.name, roster) for roster in sample_rosters()]
