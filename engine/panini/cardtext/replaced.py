"""Constants that send cards to the Banished Zone in place of the discard pile (engine.
replaced carries them out), read whole:

- "Whenever an effect [during combat] destroys non-Dragon Ball cards from the top of a Life
  Deck, they are banished instead.", "Whenever one of your effects destroys non-Dragon Ball
  cards from the top of your opponent's Life Deck, they are banished instead.":
  `destroyed_banished`;
- "Whenever a non-Dragon Ball card is discarded from a player's hand, banish it.":
  `discard_banished`.

Only non-Dragon Ball cards: a destroyed or discarded Dragon Ball has its own place to go
(2016 GLOSSARY "Dragon Balls"), so a sentence about every card stays unread.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Json = dict[str, Any]

# whose effects, from the card's controller's view; None: any effect
_BY = {"an effect": "any", "a card effect": "any", "any effect": "any",
       "one of your effects": "owner", "one of your card effects": "owner",
       "your effects": "owner", "one of your opponent's effects": "opponent",
       "your opponent's effects": "opponent"}  # fmt: skip
# whose Life Deck / hand
_WHOSE = {"a": "both", "any": "both", "a player's": "both", "any player's": "both",
          "your": "self", "your opponent's": "opponent", "each player's": "both"}  # fmt: skip
_NON_DB = r"non-dragon ball"

_DESTROYED = re.compile(
    rf"whenever (?P<by>{'|'.join(_BY)}) (?P<combat>during combat )?(?:destroys|would destroy) "
    rf"(?:(?P<many>{_NON_DB} cards)|(?:a|one) {_NON_DB} card) from the top of "
    rf"(?P<whose>{'|'.join(_WHOSE)}) life deck(?P<combat2> during combat)?, "
    r"(?:(?P<they>they are banished|banish them)|(?P<it>it is banished|banish it)) instead",
    re.IGNORECASE,
)
_DISCARDED = re.compile(
    rf"whenever (?:a|one) {_NON_DB} card is discarded from (?P<whose>{'|'.join(_WHOSE)}) hand"
    r"(?P<combat> during combat)?, (?:banish it|banish that card|it is banished)",
    re.IGNORECASE,
)


# "Whenever you would draw a card from a card effect, you may draw from the bottom of your
# Life Deck instead."
_BOTTOM = re.compile(
    r"whenever you would draw (?:a card|cards|one or more cards) (?:from|by) (?:a|any) card "
    r"effect, you may draw (?:it |that card |them |those cards )?from the bottom of your life "
    r"deck instead",
    re.IGNORECASE,
)


# "Whenever your opponent gains stages during combat, your MP gains the same number of
# stages." (the opponent's gains only: a player's own would feed itself)
_MIRROR = re.compile(
    r"whenever your opponent gains (?:power )?stages(?P<combat> during combat)?, your "
    r"(?:MP|main personality) gains the same (?:number|amount) of (?:power )?stages",
    re.IGNORECASE,
)


def parse_constant(body: str) -> Json | None:
    """ "Whenever an effect during combat destroys non-Dragon Ball cards from the top of a
    Life Deck, they are banished instead." -> a `destroyed_banished` modifier."""
    body = body.strip()
    if _BOTTOM.fullmatch(body):
        return {"mod": "draw_bottom"}
    mirror = _MIRROR.fullmatch(body)
    if mirror:
        found_mod: Json = {"mod": "stages_mirrored", "who": "opponent"}
        return {**found_mod, "in_combat": True} if mirror.group("combat") else found_mod
    found = _DESTROYED.fullmatch(body)
    if found is not None:
        if bool(found.group("many")) != bool(found.group("they")):
            return None  # "cards ..., it is banished": which?
        if found.group("combat") and found.group("combat2"):
            return None
        who, by = _WHOSE[found.group("whose").lower()], _BY[found.group("by").lower()]
        if by != "any" and who == "both":
            return None  # "one of your effects ... a Life Deck": each side's view differs
        mod: Json = {"mod": "destroyed_banished", "who": who}
        if by != "any":
            # seen from the Life Deck's player: their own effects or their opponent's
            mod["by"] = "owner" if (by == "owner") == (who == "self") else "opponent"
        if found.group("combat") or found.group("combat2"):
            mod["in_combat"] = True
        return mod
    found = _DISCARDED.fullmatch(body)
    if found is not None:
        mod = {"mod": "discard_banished", "who": _WHOSE[found.group("whose").lower()]}
        if found.group("combat"):
            mod["in_combat"] = True
        return mod
    return None


# "Whenever one of your effects destroys cards from the top of your opponent's Life Deck,
# increase that amount by 2 and Rejuvenate 2.": the amount change and a trigger on the event
_AMOUNT_AND = re.compile(
    r"(?P<head>whenever [^,]+), (?P<change>increase that amount by \w+) and (?P<rest>[^,]+)",
    re.IGNORECASE,
)


def amount_and(body: str) -> tuple[str, str] | None:
    """ "Whenever <event>, increase that amount by N and <effects>" -> the amount change
    ("Whenever <event>, increase that amount by N") and the trigger ("Whenever <event>,
    <effects>"), each to be read whole; None for other sentences."""
    found = _AMOUNT_AND.fullmatch(body.strip())
    if found is None:
        return None
    head = found.group("head")
    return f"{head}, {found.group('change')}", f"{head}, {found.group('rest')}"


_INCREASE = re.compile(r"(?:you may )?increase that amount by (?P<n>\d+|one|two|three)", re.I)
_NUMBERS = {"one": 1, "two": 2, "three": 3}


def more_after(event: Json, body: str) -> Json | None:
    """ "[INSTANT] POWER: Use when one of your effects destroys cards from the top of your
    opponent's Life Deck. Increase that amount by 1.": the Power is used once the cards are
    destroyed, so one more is destroyed from the top of the same Life Deck
    (docs/rulings.md 305); None for other events or sentences."""
    found = _INCREASE.fullmatch(body.strip())
    if found is None or event.get("on") != "life_deck_destroyed" or event.get("by") != "self":
        return None
    if event.get("who") not in ("opponent", None):
        return None
    n = found.group("n").lower()
    amount = _NUMBERS.get(n) or int(n)
    move: Json = {"do": "move", "position": "top", "amount": amount, "source": "life_deck",
                  "to": "discard"}  # fmt: skip
    return {**move, "who": "opponent"} if event.get("who") == "opponent" else move


# "Raise your anger 1 level. If you control more than 2 Drills, raise your anger 2 instead."
_IF_INSTEAD = re.compile(r"if (?P<condition>[^,]+), (?P<effect>.+) instead", re.IGNORECASE)


def resolve_effect_instead(
    clauses: list[Any],
    parse_condition: Callable[[str], Json | None],
    effect_chain: Callable[[str], list[Json] | None],
    normalise: Callable[[str], str],
) -> None:
    """ "<effect A>. If <condition>, <effect B> instead.": A happens only while the condition
    does not hold; B only when it holds and A did not happen (so A cannot make B happen
    too: docs/rulings.md 306). A and B are one effect each, of the same list, B not
    optional; otherwise the sentence stays unread. `clauses`: compiler._Clause."""
    for position, clause in enumerate(clauses):
        if clause.kind != "unknown" or not position:
            continue
        found = _IF_INSTEAD.fullmatch(normalise(clause.sentence).strip().rstrip(".").strip())
        before = clauses[position - 1]
        if found is None or before.kind != "effect" or before.extra or "if" in before.data:
            continue
        if before.section != clause.section or before.hit != clause.hit:
            continue
        if before.index != clause.index - 1 or before.data.get("if_you_do"):
            continue
        if before.data.get("cost") or before.data.get("may"):
            continue  # a cost, or "You may <A>.": not what "instead" replaces
        condition = parse_condition(found.group("condition"))
        chain = effect_chain(found.group("effect"))
        if (
            condition is None
            or chain is None
            or len(chain) != 1
            or set(chain[0]) & {"if", "if_you_do", "if_you_do_not", "may"}
        ):
            continue  # "you may <B> instead": declined, A would happen: not read
        before.data = {**before.data, "if": {"none_of": [condition]}}
        clause.kind, clause.data, clause.extra = (
            "effect",
            {**chain[0], "if": condition, "if_you_do_not": True},
            [],
        )
