""" "If this attack is stopped by a Physical Combat or Energy Combat card, ..." and its
partner "If this attack is stopped by any other card type or by a floating effect, ..."
(engine.panini.conditions.stopped_by; docs/rulings.md 91): what stopped the attack, as a
condition on its `stopped` effects. "Any other" is read against the sentence before it
that names types (`resolve_others`); without one it stays for players."""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]
_IC = re.IGNORECASE

_TYPE_WORDS = {
    "physical combat": "physical_combat", "energy combat": "energy_combat",
    "event": "event", "setup": "setup", "drill": "drill", "ally": "ally",
    "mastery": "mastery", "main personality": "main_personality",
}  # fmt: skip
_ALL_TYPES = [*_TYPE_WORDS.values(), "dragon_ball"]
_TYPE = r"(?:physical combat|energy combat|event|setup|drill|ally|mastery|main personality)"
_TYPES = re.compile(rf"an? ({_TYPE}(?:(?:, an?|,| or an?| or)(?: {_TYPE}))*)(?: cards?)?", _IC)
_EFFECT = r"(?:a floating effect|an effect)"
_OTHER = re.compile(rf"any other card(?: type)?( or (?:by )?{_EFFECT})?", _IC)
_ONLY_EFFECT = re.compile(_EFFECT, _IC)


def parse(phrase: str) -> Json | None:
    """What follows "stopped by": {card_types: [...]}, {effect: true}, or {other: true,
    effect: ...} for "any other card type (or by a floating effect)"."""
    found = _TYPES.fullmatch(phrase)
    if found:
        words = re.split(r",? or an? |,? or |, an? |, ", found.group(1), flags=_IC)
        return {"card_types": [_TYPE_WORDS[word.lower()] for word in words]}
    if _ONLY_EFFECT.fullmatch(phrase):
        return {"effect": True}
    found = _OTHER.fullmatch(phrase)
    if found:
        return {"other": True, **({"effect": True} if found.group(1) else {})}
    return None


def resolve_others(clauses: list[Any]) -> None:
    """ "any other card type": the types the nearest earlier "stopped by" sentence of the
    same section does not name. `clauses`: compiler._Clause."""
    named: list[str] | None = None
    for clause in clauses:
        if clause.kind != "stopped":
            continue
        test = (clause.data.get("if") or {}).get("stopped_by")
        if test is None:
            continue
        if not test.get("other"):
            named = test.get("card_types") or named
            continue
        if named is None:  # as any unread "If this attack ..." (compiler._CHANGES_ATTACK)
            clause.kind, clause.gating = "unknown", True
            continue
        others = [kind for kind in _ALL_TYPES if kind not in named]
        rest = {key: value for key, value in test.items() if key != "other"}
        clause.data = {**clause.data, "if": {"stopped_by": {**rest, "card_types": others}}}
