"""“... the same number of cards”: as many as the move just before it moved.

"Your opponent shuffles his hand into his Life Deck and draws the same number of cards.",
"Place your hand on the bottom of your Life Deck to draw the same number of cards.", "If
you do, destroy the same number of cards from the top of your opponent's Life Deck." The
effect counts, one for each, the cards the move before it moved (`per: {of: moved}`,
engine.panini.quantities; docs/rulings.md 216). It is read only when that move is the effect
right before it in the same sentence, or ends the sentence just before; anywhere else
"the same number" has nothing sure to count and the sentence is left to players.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Protocol

Json = dict[str, Any]

_IC = re.IGNORECASE
_MARK = "_same"  # taken off by `check` once the move before it is found
_SAME = r"the same (?:number|amount) of cards"
_DRAW = re.compile(rf"(?P<opp>your opponent draws|draw) {_SAME}", _IC)
_DESTROY = re.compile(
    rf"(?P<verb>destroy|banish) {_SAME} from the top of (?P<whose>your|your opponent's) "
    r"life deck",
    _IC,
)


def parse_same_number(body: str) -> Json | None:
    """The effect, with its mark (see `check`), or None."""
    per = {"of": "moved"}
    found = _DRAW.fullmatch(body)
    if found:
        who = "opponent" if found.group("opp").lower() != "draw" else "self"
        return {"do": "draw", "amount": 1, "who": who, "per": per, _MARK: True}
    found = _DESTROY.fullmatch(body)
    if found:
        to = "discard" if found.group("verb").lower() == "destroy" else "banish"
        effect: Json = {"do": "move", "source": "life_deck", "position": "top", "amount": 1,
                        "to": to, "per": per, _MARK: True}  # fmt: skip
        if found.group("whose").lower() != "your":
            effect["who"] = "opponent"
        return effect
    return None


class _Clause(Protocol):
    kind: str
    data: Json

    @property
    def effects(self) -> list[Json]: ...


def _marked(data: Any) -> bool:
    if isinstance(data, list):
        return any(_marked(item) for item in data)
    if isinstance(data, dict):
        return _MARK in data or any(_marked(value) for value in data.values())
    return False


def check(clauses: Sequence[_Clause]) -> None:
    """Keep "the same number" only right after a move (the effect before it in the
    sentence, or the last of the sentence before); else the sentence is not read."""
    before: list[Json] = []
    for clause in clauses:
        if clause.kind == "keyword":
            continue
        effects = clause.effects
        for n, effect in enumerate(effects):
            previous = effects[n - 1] if n else (before[-1] if before else {})
            # a move that may not have happened left nothing of its own to count
            done = not previous.get("may") or effect.get("if_you_do")
            if effect.get(_MARK) and previous.get("do") == "move" and done:
                del effect[_MARK]
        if _marked(clause.data) or _marked(effects):
            clause.kind = "unknown"  # nested elsewhere, or no move before it
        before = effects
