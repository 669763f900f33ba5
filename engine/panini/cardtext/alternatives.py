"""Events read part by part when engine.panini.cardtext.triggers.parse_event has no pattern for the
whole (docs/rulings.md 319-320):

- "one of your [card] effects <does it>" is "you <do it>", "one of your opponent's effects
  ..." is "your opponent ..." (2016 GLOSSARY "Effects": a player's effects are those of
  the cards he plays and controls): "The next time one of your effects prevents damage";
- two events in one with "or" ("one of your Drills is destroyed or banished", "banishes a
  card from your Life Deck or discard pile"): each alternative, the words on either side of
  "or" (one to three each) dropped in turn, must be an event, the two alike but for what
  happens (`on`); the trigger is set off by either (`or_on`).
"""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]

_EFFECTS = re.compile(
    r"one of (?P<whose>your|your opponent's) (?:card )?effects (?P<rest>.+)", re.IGNORECASE
)
_SUBJECT = {"your": "you", "your opponent's": "your opponent"}
_SPAN = 3  # at most this many words on each side of "or"


def parse(text: str) -> Json | None:
    """The event `text` names, read by the rules above; None when not one."""
    found = _EFFECTS.fullmatch(text.strip())
    if found:
        text = f"{_SUBJECT[found.group('whose').lower()]} {found.group('rest')}"
        whole = _event(text)
        if whole is not None:
            return whole
    return _either(text)


def _event(text: str) -> Json | None:
    from engine.panini.cardtext.triggers import parse_event  # it falls back on this module

    return parse_event(text)


def _either(text: str) -> Json | None:
    """ "<...> X or Y <...>": both readings events alike but for `on`, at one "or" only
    (another "or" is the event's own: "one of your Setups or Drills")."""
    words = text.split()
    found: Json | None = None
    for at, word in enumerate(words):
        if word.lower() != "or":
            continue
        for left in range(1, min(_SPAN, at) + 1):
            for right in range(1, min(_SPAN, len(words) - at - 1) + 1):
                first = _event(" ".join(words[:at] + words[at + 1 + right :]))
                second = _event(" ".join(words[: at - left] + words[at + 1 :]))
                reading = _joined(first, second)
                if reading is None:
                    continue
                if found is not None and reading != found:
                    return None  # two ways to read it
                found = reading
    return found


def _joined(first: Json | None, second: Json | None) -> Json | None:
    if first is None or second is None or first["on"] == second["on"]:
        return None
    if first.get("or_on") or second.get("or_on"):
        return None
    if {k: v for k, v in first.items() if k != "on"} != {
        k: v for k, v in second.items() if k != "on"
    }:
        return None  # "you raise or lower your anger": not the same filters
    return {**first, "or_on": [second["on"]]}
