"""Trigger sentences printed in another order (engine.cardtext.triggers reads the events):

- "<effect(s)> whenever <event>." is "Whenever <event>, <effect(s)>." ("While attached, gain
  1 stage whenever your opponent gains stages.");
- "Whenever <event> and <condition>, <effect(s)>." is "Whenever <event>, if <condition>,
  <effect(s)>." ("Whenever you lower your opponent's anger and your MP's level is higher
  than your opponent's MP's level, Rejuvenate 1."): the trigger resolves right after its
  event (2016 GLOSSARY "Effects"), so the condition is tested as the event happens;
- "one of your effects causes your opponent to gain anger" is the event "your opponent
  gains anger" caused by an effect of yours (`by`), for the events the engine knows the
  cause of (`caused_event`).

Each reading is only offered; the compiler keeps it when the whole of it is read (the event
read by the trigger grammar, the condition by the condition grammar), so a sentence with no
reading stays unread.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

# "<effect> whenever <event>": one "whenever", no comma (a comma would cut a head or a list)
_TRAILING = re.compile(r"(?P<effect>[^,]+?) whenever (?P<event>[^,]+)", re.IGNORECASE)
# "Whenever <event> and <condition>, <effects>": every " and " of the head is a cut to try
_HEAD = re.compile(r"(?P<word>whenever|when) (?P<head>[^,]+), (?P<tail>.+)", re.IGNORECASE)


def readings(body: str) -> list[str]:
    """Other wordings of a trigger sentence, to be read as triggers; [] when none."""
    found: list[str] = []
    trailing = _TRAILING.fullmatch(body.strip())
    if trailing and not trailing.group("effect").lower().startswith(("whenever", "when ")):
        found.append(f"Whenever {trailing.group('event')}, {trailing.group('effect')}")
    head = _HEAD.fullmatch(body.strip())
    if head:
        words = head.group("head")
        for cut in re.finditer(r" and ", words):
            event, condition = words[: cut.start()], words[cut.end() :]
            found.append(f"{head.group('word')} {event}, if {condition}, {head.group('tail')}")
    return found


# events whose cause (whose effect) the engine tells its triggers (engine.triggers.queue)
_KNOWS_CAUSE = frozenset({"anger_raised", "anger_lowered", "card_discarded"})
_CAUSES = re.compile(
    r"one of (?P<by>your|your opponent's) (?:card )?effects causes? (?P<event>.+)",
    re.IGNORECASE,
)
_TO = re.compile(r"(?P<who>you|your opponent) to (?P<verb>\w+)(?P<rest>.*)", re.IGNORECASE)


def caused_event(
    text: str, parse_event: Callable[[str], dict[str, Any] | None]
) -> dict[str, Any] | None:
    """ "one of your effects causes your opponent to gain anger" -> the event "your opponent
    gains anger" with `by`: "self"; None when the engine cannot tell that event's cause."""
    found = _CAUSES.fullmatch(text.strip())
    to = _TO.fullmatch(found.group("event")) if found else None
    if found is None or to is None:
        return None
    event = parse_event(f"{to.group('who')} {to.group('verb')}{to.group('rest')}")
    if event is None or event["on"] not in _KNOWS_CAUSE or "by" in event:
        return None
    return {**event, "by": "self" if found.group("by").lower() == "your" else "opponent"}
