""" "That attack" in a trigger on an attack being performed (docs/rulings.md 245):

- "Whenever you perform a [Styled] [physical|energy] attack, <effects about that attack>."
  ("your MP may pay 2 stages to have that attack deal +2 stages of damage");
- "If you do, that attack ..." and "That attack ..." right after such a trigger: part of
  what the trigger does ("When you perform a Styled attack, you may destroy up to 2 cards
  from the top of your Life Deck. That attack deals +X life cards.").

"That attack" is then the attack the card's controller is performing, read as "this
attack" is in an attack's own sentences; only what it deals (`attack_deals`) and what it
gains (`attack_gains`) are read, marked `that: true` (engine.panini.attack_bonus,
engine.panini.after_use). Another player's attack, a successful one (its damage is done), or
anything else about the attack (where it goes after use, conditions on it) stays unread.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engine.panini.cardtext import after_use

Json = dict[str, Any]
Chain = Callable[[str], list[Json] | None]

_THAT = re.compile(r"\bthat attack\b", re.IGNORECASE)
_THIS = re.compile(r"\bthis attack\b", re.IGNORECASE)
_MAKE = re.compile(r"\bmake that attack (deal|do)\b", re.IGNORECASE)
# what "that attack" may be given from outside it
_READ = frozenset({"attack_deals", "attack_gains"})


def about_performed(event: Json) -> bool:
    """A trigger on an attack the card's controller performs (not yet hit or stopped)."""
    return event.get("on") == "attack_performed" and event.get("who", "self") == "self"


def read(text: str, event: Json, chain_of: Chain) -> list[Json] | None:
    """The effects of `text` (a trigger's tail or the sentence after it) with "that
    attack" as the attack `event` is about; None when it is not read so."""
    if not about_performed(event) or not _THAT.search(text) or _THIS.search(text):
        return None
    text = _MAKE.sub(r"have that attack \1", text)  # "to make that attack deal +1 ..."
    chain = chain_of(_THAT.sub("this attack", text))
    if chain is None or not _mark(chain) or after_use.attack_only(chain):
        return None
    return chain


def _mark(data: Any) -> bool:
    """Mark every effect about the attack `that`; False when one is not readable so."""
    if isinstance(data, list):
        return all(_mark(item) for item in data)
    if not isinstance(data, dict):
        return True
    if data.get("do") in after_use.ATTACK_ONLY:
        if data["do"] not in _READ:
            return False
        data["that"] = True
    return all(_mark(value) for key, value in data.items() if key != "if")


# "X = your current anger level when you perform that attack." (docs/rulings.md 247)
_X_PERFORMED = re.compile(
    r"X\s*(?:=|is|equals)\s*(.+?),? when (?:you perform|performing) (?:that|the) attack",
    re.IGNORECASE,
)


def parse_x(body: str) -> Json | None:
    """ "X = <quantity> when you perform that attack": the quantity, counted as the attack
    is performed (`when_performed`); the compiler keeps it only for "+X" damage constants."""
    found = _X_PERFORMED.fullmatch(body.strip())
    if found is None:
        return None
    from engine.panini.cardtext.quantities import parse_quantity  # it builds on the patterns

    quantity = parse_quantity(found.group(1).strip())
    return None if quantity is None else {**quantity, "when_performed": True}


# "Whenever you perform an attack that was not played from your hand" (docs/rulings.md 248)
_ORIGIN = re.compile(
    r"(?P<event>.+? attack) that (?P<verb>was|is)(?P<neg> not|n't)? played from "
    r"(?P<whose>your|his|her|their|his or her) hand",
    re.IGNORECASE,
)


# "Whenever you perform an attack with 'Sword' in the title" (the attack's card)
_TITLED = re.compile(
    r"(?P<event>.+? attack) (?:with|that has) (?:'(?P<q1>[^']+)'|\"(?P<q2>[^\"]+)\""
    r"|(?P<word>[A-Z][\w.-]*)) in (?:the|its) title",
    re.IGNORECASE,
)


def parse_origin(text: str) -> Json | None:
    """ "you perform an attack that was (not) played from your hand": the attack performed,
    played (`from_hand: true`) or not (a Power's, a Setup's ...) from its player's hand;
    "... an attack with 'Sword' in the title": its card's title has the words."""
    from engine.panini.cardtext.triggers import parse_event  # it hooks this module in

    titled = _TITLED.fullmatch(text.strip())
    if titled is not None:
        title = titled.group("q1") or titled.group("q2") or titled.group("word")
        if titled.group("word") and not titled.group("word")[0].isupper():
            return None  # an unquoted title is one capitalised word
        event = parse_event(titled.group("event"))
        if event is None or event["on"] != "attack_performed" or "title_has" in event:
            return None
        return {**event, "title_has": title}
    found = _ORIGIN.fullmatch(text.strip())
    if found is None:
        return None

    event = parse_event(found.group("event"))
    if event is None or event["on"] != "attack_performed" or "from_hand" in event:
        return None
    # "you ... your hand", "your opponent ... his hand"; "a player ..." names no hand
    if (found.group("whose").lower() == "your") != (event.get("who", "self") == "self"):
        return None
    if event.get("who") == "any":
        return None
    return {**event, "from_hand": not found.group("neg")}
