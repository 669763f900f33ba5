""" "If you do not, <effect(s)>.": happens only when the sentence before it did not (an
optional one declined, a condition not met, a cost that could not be paid: `if_you_do_not`,
engine.effects), the mirror of "If you do, ...". Kept only right after an effect sentence
of the same effect list (`resolve`); otherwise it is left to players.

"If less than N cards are banished" is not read this way: a move from the top of a pile
that finds fewer cards is still done (engine.moves), so it would never hold."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Json = dict[str, Any]

_NOT = re.compile(r"if you (?:do not|don't),\s*(.+)", re.IGNORECASE | re.DOTALL)


def parse(body: str, chain_of: Callable[[str], list[Json] | None]) -> list[Json] | None:
    found = _NOT.fullmatch(body)
    chain = chain_of(found.group(1)) if found else None
    if chain is None or set(chain[0]) & {"may", "if", "if_you_do"}:
        return None
    return [{**chain[0], "if_you_do_not": True}, *chain[1:]]


def resolve(clauses: list[Any]) -> None:
    """Keep "If you do not" only right after an effect sentence of the same list.
    `clauses`: compiler._Clause."""
    for position, clause in enumerate(clauses):
        if clause.kind != "effect":
            if any(e.get("if_you_do_not") for e in _nested(clause)):
                clause.kind = "unknown"  # a trigger's own sentence: nothing before it
            continue
        if not clause.data.get("if_you_do_not"):
            continue
        before = clauses[position - 1] if position else None
        if before is None or not _follows(before, clause):
            clause.kind = "unknown"


def _nested(clause: Any) -> list[Json]:
    effects = clause.data.get("effects") if isinstance(clause.data, dict) else None
    return effects if isinstance(effects, list) else []


def _follows(before: Any, clause: Any) -> bool:
    return bool(
        before.kind == "effect"
        and before.index == clause.index - 1
        and before.section == clause.section
        and before.hit == clause.hit
    )
