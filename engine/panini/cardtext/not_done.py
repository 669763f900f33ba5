""" "If you do not, <effect(s)>.": happens only when the sentence before it did not (an
optional one declined, a condition not met, a cost that could not be paid: `if_you_do_not`,
engine.panini.effects), the mirror of "If you do, ...". Kept only right after an effect sentence
of the same effect list (`resolve`); otherwise it is left to players.

"Otherwise, <effect(s)>." is the same after "If <condition>, <effect(s)>." whose effects
always happen when the condition holds (no "may", nothing moved or chosen that could
fail): then "did not happen" is "the condition did not hold" (docs/rulings.md 96).

"If less than N cards are banished" is not read this way: a move from the top of a pile
that finds fewer cards is still done (engine.panini.moves), so it would never hold."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Json = dict[str, Any]

_NOT = re.compile(r"(?:if you (?:do not|don't)|otherwise),\s*(.+)", re.IGNORECASE | re.DOTALL)
_OTHERWISE = "otherwise"
# effects that happen whenever they are reached (engine.panini.effects never marks them not done)
_SURE = {"raise_anger", "lower_anger", "gain_stages", "lose_stages", "draw", "advance_level",
         "lower_level", "until_end_of_turn", "lower_anger_to", "life_damage"}  # fmt: skip


def parse(body: str, chain_of: Callable[[str], list[Json] | None]) -> list[Json] | None:
    found = _NOT.fullmatch(body)
    chain = chain_of(found.group(1)) if found else None
    if found is None or chain is None or set(chain[0]) & {"may", "if", "if_you_do"}:
        return None
    mark = {"if_you_do_not": True}
    if body.lower().startswith(_OTHERWISE):
        mark[_OTHERWISE] = True  # checked and removed by `resolve`
    return [{**chain[0], **mark}, *chain[1:]]


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
        otherwise = bool(clause.data.get(_OTHERWISE))
        clause.data = {k: v for k, v in clause.data.items() if k != _OTHERWISE}
        before = clauses[position - 1] if position else None
        sure = before is not None and (not otherwise or _sure_under_condition(before.effects))
        if before is None or not _follows(before, clause) or not sure:
            clause.kind = "unknown"


def _sure_under_condition(effects: list[Json]) -> bool:
    """ "If <condition>, <effects>": each happens whenever the condition holds."""
    first, rest = effects[0], effects[1:]
    return (
        "if" in first
        and all(e.get("do") in _SURE and not e.get("may") and not e.get("x") for e in effects)
        and all(e.get("if_you_do") and "if" not in e for e in rest)
        and not first.get("if_you_do")
        and not first.get("if_you_do_not")
    )


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
