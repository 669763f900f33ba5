"""'If you discarded / banished / destroyed a Styled card, ...' right after a sentence that
moved one card of the player's own: a test on that card, read from what engine.panini.history
recorded of it (the player's last card moved that way, by their own effect: `happened`
with `last`). The sentence before must move exactly one such card ("Discard a card from
your hand to ...", "Banish the top card of your Life Deck."); anywhere else it is left to
players (docs/rulings.md 179)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Protocol

Json = dict[str, Any]
_IC = re.IGNORECASE

_KINDS = {
    "card": None, "setup": "setup", "drill": "drill", "ally": "ally",
    "dragon ball": "dragon_ball", "event": "event",
    "physical combat card": "physical_combat", "energy combat card": "energy_combat",
}  # fmt: skip
_MOVED = re.compile(
    r"you (?P<verb>discarded|banished|destroyed) an? (?P<styled>(?:non-)?styled )?"
    r"(?P<kind>card|setup|drill|ally|dragon ball|event|physical combat card"
    r"|energy combat card)",
    _IC,
)


_ANGER = re.compile(
    r"(?P<whose>your|your opponent'?s) anger (?:was|has been) (?P<way>lowered|raised) to"
    r" (?P<level>\d+)",
    _IC,
)


def _anger(found: re.Match[str]) -> Json:
    """ "your opponent's anger was lowered to 0": it is 0 now and the sentence just before
    lowered it (anger already at 0 is not lowered: engine.panini.mechanics.lower_anger)."""
    who = {"who": "opponent"} if "opponent" in found.group("whose").lower() else {}
    event = f"anger_{found.group('way').lower()}"
    level = int(found.group("level"))
    check = {"event": event, **who, "this_attack": True, "_after": event}
    compare = {"left": {"of": "anger", **who}, "op": "eq", "value": level}
    return {"happened": [check], "compare": [compare]}


def parse(text: str) -> Json | None:
    anger = _ANGER.fullmatch(text)
    if anger is not None:
        return _anger(anger)
    found = _MOVED.fullmatch(text)
    if found is None:
        return None
    check: Json = {"event": "card_moved", "last": True, "by": "self"}
    kind = _KINDS[found.group("kind").lower()]
    styled = found.group("styled")
    if kind is None and styled is None:
        return None  # "If you discarded a card": whether it happened, not what it was
    if kind is not None:
        check["card_type"] = kind
    if styled:
        check["styled"] = not styled.lower().startswith("non")
    check["_after"] = found.group("verb").lower()  # checked against the sentence before
    return {"happened": [check]}


class _Clause(Protocol):
    kind: str

    @property
    def effects(self) -> list[Json]: ...


# (verb, source zone of a `move`) -> engine.panini.history's `how`
_HOW = {
    ("banished", "life_deck"): "banished_from_life_deck",
    ("banished", "discard_pile"): "banished_from_discard",
    ("banished", "hand"): "banished_from_hand",
    ("destroyed", "life_deck"): "destroyed_from_life_deck",
    ("discarded", "hand"): "discarded_from_hand",
}
_TO = {"banished": "banish", "destroyed": "discard", "discarded": "discard"}


def _how(verb: str, effect: Json) -> str | None:
    """How `effect` moves one of the player's own cards the way `verb` says, or None; for
    anger, whether it lowers / raises that player's anger ("anger_lowered" ...)."""
    if verb.startswith("anger_"):
        return _anger_change(verb, effect)
    if effect.get("who", "self") != "self" or effect.get("amount") != 1 or effect.get("may"):
        return None  # a declined "may" would leave an older move the last one
    if effect.get("do") == "discard_from_hand":  # a cost: paid in full, or nothing follows
        found = verb == "discarded" and effect.get("cost") and not effect.get("card_types")
        return "discarded_from_hand" if found else None
    if effect.get("do") != "move" or effect.get("to") != _TO[verb]:
        return None
    if set(effect) & {"either_player", "copies", "x", "up_to", "card_types", "kinds"}:
        return None
    return _HOW.get((verb, effect.get("source", "")))


def _anger_change(verb: str, effect: Json) -> str | None:
    do = {"anger_lowered": "lower_anger", "anger_raised": "raise_anger"}[verb]
    if effect.get("do") != do or effect.get("may") or set(effect) & {"x", "up_to", "any"}:
        return None
    return verb  # whose anger: the condition's `who` must be the effect's (check)


def _markers(effect: Json) -> list[Json]:
    condition = effect.get("if") or {}
    return [check for check in condition.get("happened", []) if "_after" in check]


def _nested(data: Any) -> bool:
    """A record of this module's still marked (in "and" / "or" conditions); counting's own
    `_after` marks in `per` quantities are engine.panini.cardtext.counting's."""
    if isinstance(data, list):
        return any(_nested(item) for item in data)
    if not isinstance(data, dict):
        return False
    if data.get("event") in ("card_moved", "anger_lowered", "anger_raised") and "_after" in data:
        return True
    return any(_nested(value) for value in data.values())


def check(clauses: Sequence[_Clause]) -> None:
    """Fill in `how` from the sentence just before, or leave the sentence to players."""
    before: list[Json] = []
    for clause in clauses:
        effects = clause.effects
        marked = [(effect, check) for effect in effects for check in _markers(effect)]
        if marked:
            for effect, found in marked:
                verb = found.pop("_after")
                ways = {_how(verb, effect) for effect in before} - {None}
                moves = [effect for effect in before if _how(verb, effect) is not None]
                if len(moves) != 1 or len(ways) != 1:
                    clause.kind = "unknown"
                    break
                way = ways.pop()
                if verb.startswith("anger_"):
                    if moves[0].get("who", "self") != found.get("who", "self"):
                        clause.kind = "unknown"  # another player's anger
                        break
                else:
                    found["how"] = way
                # only once the sentence before was done (a cost that could not be paid
                # leaves an older move the last one)
                effect["if_you_do"] = True
        if clause.kind != "unknown" and _nested(effects):
            clause.kind = "unknown"  # "_after" anywhere else (joined by and / or)
        if clause.kind != "keyword":
            before = clause.effects
