"""Constants under a condition (CONSTANT: ...): "If / While <condition>, <modifier>." (the
condition is tested whenever the modifier applies), also with no comma; and "..., <modifier>
instead." after the unconditional modifier it replaces: "Your attacks deal +1 stage of
damage. While you control 3 or more Dragon Balls, your attacks deal +2 stages of damage
instead." -> +1 while the condition does not hold (`none_of`), +2 while it does
(docs/rulings.md 95). Constants are tested all at once, so the two never both apply."""

from __future__ import annotations

import re
from typing import Any

from engine.panini.cardtext import patterns as p
from engine.panini.cardtext.conditions import unpunctuated

Json = dict[str, Any]
_OPENING = re.compile(r"(?:if|while) ", re.IGNORECASE)
_INSTEAD = re.compile(r"(.*\S)\s+instead", re.IGNORECASE | re.DOTALL)
_COMMA = re.compile(r",\s*")


def parse(body: str) -> Json | None:
    opening = _OPENING.match(body)
    if opening is None:
        return None
    rest = body[opening.end() :]
    read = [
        (p.parse_condition(rest[: cut.start()].strip()), rest[cut.end() :].strip())
        for cut in _COMMA.finditer(rest)
    ]
    for condition, tail in read:
        found = _modifier(condition, tail) if condition is not None else None
        if found is not None:
            return found
    bare = unpunctuated(rest, _bare_modifier)
    return None if bare is None else _modifier(bare[0], bare[1])


def _bare_modifier(tail: str) -> str | None:
    """For unpunctuated: the tail itself when it reads as a modifier (with "instead")."""
    found = _INSTEAD.fullmatch(tail)
    return tail if p.parse_modifier(found.group(1) if found else tail) is not None else None


def _modifier(condition: Json, tail: str) -> Json | None:
    found = _INSTEAD.fullmatch(tail)
    modifier = p.parse_modifier(found.group(1) if found else tail)
    if modifier is None:
        return None
    each = [{**m, "requires": condition} for m in modifier.get("each", [modifier])]
    return {"each": each, "instead": True} if found else {"each": each}


def resolve_instead(clauses: list[Any]) -> None:
    """ "... instead": the modifiers of the sentence just before (same section, same
    modifiers but for their amounts) apply only while the condition does not hold.
    Without one the sentence is left to players. `clauses`: compiler._Clause."""
    for position, clause in enumerate(clauses):
        if clause.kind != "modifier" or not clause.data.get("instead"):
            continue
        each = clause.data["each"]
        clause.data = {"each": each}
        before = clauses[position - 1] if position else None
        if before is None or not _replaces(before, clause, each):
            clause.kind = "unknown"
            continue
        condition = each[0]["requires"]
        replaced = []
        for modifier in before.data.get("each", [before.data]):
            unless: Json = {"none_of": [condition]}
            own = modifier.get("requires")
            replaced.append({**modifier, "requires": {"all_of": [own, unless]} if own else unless})
        before.data = {"each": replaced}


def _replaces(before: Any, clause: Any, each: list[Json]) -> bool:
    if before.kind != "modifier" or before.section != clause.section:
        return False
    if before.index != clause.index - 1 or before.data.get("instead"):
        return False
    old = before.data.get("each", [before.data])
    if len(old) != len(each):
        return False
    amounts = {"amount", "stages", "life", "requires"}
    return all(
        {k: v for k, v in a.items() if k not in amounts}
        == {k: v for k, v in b.items() if k not in amounts}
        and set(a) - {"requires"} == set(b) - {"requires"}
        for a, b in zip(old, each, strict=True)
    )
