"""Copies of attacks (engine.panini.copies; docs/rulings.md 308):

- "perform a copy of that attack for / as your next action [this combat]" -> `copy_attack`
  (`that_attack`: read only in a defense, whose attack "that attack" is; compiler._ability).

- "your next copied attack this combat <deals ...>": the next-attack effect about the next
  copy only (`copied` on its modifier).
- "use the (printed) HIT effect(s) of that card", "use that card's (printed) HIT effect(s)"
  -> `use_hit` on the card an earlier sentence chose or moved (engine.panini.referents;
  docs/rulings.md 311).

- "perform the last attack your opponent used this combat" in a Power's Action ->
  `copy_attack` with `last_opponent` (a copy now), the next sentence "That attack deals an
  additional +2 stages of damage." its bonus (fold; docs/rulings.md 312).

Left to players: a copy performed at once of "that attack" ("If you do, perform a copy of
that attack."), where "that attack" may be a card just moved.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

Json = dict[str, Any]

_NEXT_ACTION = re.compile(
    r"perform a copy of that attack (?:for|as) your next action(?: this combat)?", re.IGNORECASE
)


_USE_HIT = re.compile(
    r"use (?:the (?:printed )?HIT effects? of that card|that card's (?:printed )?HIT effects?)",
    re.IGNORECASE,
)


# "your next copied attack this combat deals +4 stages of damage": the next-attack effect
# without "copied", about the next copy only (engine.panini.modifiers.bind_next_attack)
_NEXT_COPIED = re.compile(r"(your next )copied (.+)", re.IGNORECASE)


def _next_copied(body: str) -> Json | None:
    from engine.panini.cardtext.patterns import parse_effect  # it hooks this module in

    found = _NEXT_COPIED.fullmatch(body)
    read = parse_effect(found.group(1) + found.group(2)) if found else None
    if read is None or read.get("do") != "until_end_of_turn" or read.get("lasts") != "next_attack":
        return None
    modifier = read["modifier"]
    if modifier.get("mod") not in _DURING or modifier.get("who", "self") != "self":
        return None
    return {**read, "modifier": {**modifier, "copied": True}}


# "perform the last attack your opponent used this combat" (a Power's): a copy of it now
_LAST = re.compile(
    r"perform (?:a copy of )?the last attack (?:that )?your opponent (?:used|performed) "
    r"this combat",
    re.IGNORECASE,
)
# the sentence right after it: its own bonus
_BONUS = re.compile(
    r"that attack (?:deals|does) (?:an additional )?\+(\d+|one|two|three|four|five) "
    r"(?:(?P<stages>(?:power )?stages?)|life cards?)(?: of damage)?",
    re.IGNORECASE,
)


def fold(clauses: list[Any]) -> None:
    """ "... perform the last attack your opponent used this combat. That attack deals an
    additional +2 stages of damage.": the second sentence is the copy's own bonus.
    `clauses`: compiler._Clause."""
    from engine.panini.cardtext.normalise import normalise
    from engine.panini.cardtext.patterns import number

    for clause in clauses:
        if _performs_now(clause.data) or any(_performs_now(e) for e in clause.extra):
            # an attack performed now is a Power's Action, never inside an attack, a
            # defense or a trigger (one attack at a time; docs/rulings.md 312)
            fighting = any(c.kind in ("attack", "defense", "damage") for c in clauses
                           if c.section == clause.section)  # fmt: skip
            late = clause.section != "ability"  # an entering-combat or timed Power
            if clause.kind != "effect" or not clause.power or fighting or late:
                clause.kind = "unknown"
    for before, after in itertools.pairwise(clauses):
        effects = before.effects
        if not effects or not effects[-1].get("last_opponent") or after.kind != "unknown":
            continue
        if after.index != before.index + 1 or after.hit or after.section != before.section:
            continue
        found = _BONUS.fullmatch(normalise(after.sentence).rstrip(".").strip())
        if found is None:
            continue
        unit = "stages" if found.group("stages") else "life"
        effects[-1][unit] = effects[-1].get(unit, 0) + number(found.group(1))
        after.kind, after.gating = "folded", False


def parse(body: str) -> Json | None:
    if _LAST.fullmatch(body) is not None:
        return {"do": "copy_attack", "last_opponent": True}
    if _NEXT_COPIED.fullmatch(body) is not None:
        return _next_copied(body)
    if _USE_HIT.fullmatch(body) is not None:
        return {"do": "use_hit", "source": "that"}
    if _NEXT_ACTION.fullmatch(body) is None:
        return None
    return {"do": "copy_attack", "that_attack": True, "next_action": True}


# "Your [first] copied attack(s) [each combat] ...": the sentence without "copied", about
# copies only (engine.panini.modifiers.about), for the rule changes read while the attack is in
# progress (a copy is known to be one only once it is performed)
_COPIED = re.compile(r"(your (?:first )?)copied (.+)", re.IGNORECASE)
_DURING = {"unstoppable", "unpreventable", "unmodifiable", "damage"}


def parse_constant(body: str) -> Json | None:
    from engine.panini.cardtext.patterns import parse_modifier  # it hooks this module in

    found = _COPIED.fullmatch(body)
    if found is None:
        return None
    read = parse_modifier(found.group(1) + found.group(2))
    if read is None:
        return None
    parts = list(read.get("each", [read]))
    if any(
        part.get("mod") not in _DURING or part.get("who", "self") != "self" or part.get("requires")
        for part in parts
    ):
        return None
    marked = [{**part, "copied": True} for part in parts]
    return marked[0] if len(marked) == 1 else {"each": marked}


def _performs_now(data: Any) -> bool:
    if isinstance(data, list):
        return any(_performs_now(item) for item in data)
    if not isinstance(data, dict):
        return False
    return bool(data.get("last_opponent")) or any(_performs_now(v) for v in data.values())
