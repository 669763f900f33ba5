"""Trigger sentences printed in another order (engine.panini.cardtext.triggers reads the events):

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


# events whose cause (whose effect) the engine tells its triggers (engine.panini.triggers.queue)
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


# "Whenever a player <event>, <effects on that player>": once for each player
_A_PLAYER = re.compile(
    r"(?P<word>whenever|when|after) (?P<who>a player|each player|any player) (?P<head>[^,]+), "
    r"(?P<tail>.+)",
    re.IGNORECASE,
)
_THEIRS = re.compile(r"\b(?:his or her|his|her|their)\b", re.IGNORECASE)
_THAT_PLAYER = re.compile(r"\bthat player (?P<verb>\w+?)s\b", re.IGNORECASE)


def per_player(body: str) -> tuple[str, str] | None:
    """ "Whenever a player does not declare combat during his Combat Step, destroy the top
    card of his Life Deck." -> the sentence for the card's player ("Whenever you do not
    declare combat during your Combat Step, destroy the top card of your Life Deck.") and
    for the opponent ("... your opponent ..., destroy the top card of your opponent's Life
    Deck."): "his", "that player" are the player of the event. None for other sentences,
    or when the effects name the players otherwise ("you", "your opponent")."""
    found = _A_PLAYER.fullmatch(body.strip())
    if found is None:
        return None
    tail = found.group("tail")
    if re.search(r"\b(?:you|your|opponent'?s?)\b", tail, re.IGNORECASE):
        return None  # "..., you may draw a card": whose side is then unclear
    word, head = found.group("word"), found.group("head")
    mine_tail = _THAT_PLAYER.sub(lambda m: m.group("verb"), _THEIRS.sub("your", tail))
    mine_tail = re.sub(r"\bthat player's\b", "your", mine_tail, flags=re.IGNORECASE)
    # the opponent's: "his" is read after a head about the opponent (triggers.opponent_pronouns)
    theirs_tail = _THAT_PLAYER.sub(lambda m: f"your opponent {m.group('verb')}s", tail)
    theirs_tail = re.sub(r"\bthat player's\b", "his", theirs_tail, flags=re.IGNORECASE)
    mine = f"{word} you {_you(_THEIRS.sub('your', head))}, {mine_tail}"
    theirs = f"{word} your opponent {_THEIRS.sub('his', head)}, {theirs_tail}"
    if re.search(r"\bthat player\b", mine_tail + theirs_tail, re.IGNORECASE):
        return None  # "that player" as an object: not read
    return mine, theirs


_YOU_VERBS = {"does": "do", "has": "have", "is": "are"}


def _you(head: str) -> str:
    """ "draws a card" -> "draw a card": the verb after "you"."""
    verb, _, rest = head.partition(" ")
    low = verb.lower()
    if low in _YOU_VERBS:
        verb = _YOU_VERBS[low]
    elif low.endswith("s") and not low.endswith("ss"):
        verb = verb[:-1]
    return f"{verb} {rest}".strip()
