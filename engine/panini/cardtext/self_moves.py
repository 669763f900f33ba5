"""Sentences on what a card does when it itself moves (engine.panini.self_moves):

    (If this card is discarded from your hand by a card effect, raise your anger 2 levels.)
    If this card is discarded from your hand during combat, place it into play.
    (If this card is Rejuvenated, you may draw a card.)
    (If this card is destroyed from your Life Deck by one of your effects, you may banish it
     to lower your opponent's anger 1 level.)
    (If this card is banished for Endurance, ...)  When this Drill enters play, ...
    When this card is leaving play during combat, ...

Such a sentence is an ability of the card itself, never part of its Power or attack: the
compiler keeps it apart (Card.when_moved). "it" / "this card" in the effects is the card
that moved (Move source `moved_card`: where the move put it), or, entering play, the card
in play (`this_card`). Also the keyword "(This Drill is not discarded when changing
levels.)" (Card.kept_on_level; 2016 "Drills": Drills are discarded on a level change).
"""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]

# "If this is revealed from your hand": "this" alone is the card too
_THIS = r"this(?: (?:card|drill|setup|ally))?"
_COMBAT = r"(?P<combat>during combat)"
# who moved it: an effect (not a rules discard nor damage), one of yours, one of theirs
_EFFECT = r"(?:card )?effects?"
_BY = (
    r"by (?:"
    rf"(?P<any_effect>(?:a|an|any) (?:card |non-damage )?effect)"
    rf"|(?P<yours>(?:one of )?your (?:own )?{_EFFECT})"
    rf"|(?P<theirs>(?:one of )?(?:your opponent's|an opponent's|your opponents') {_EFFECT})"
    r")"
)
# "by ..." and "during combat", each optional ("during combat by ..." is put in this order)
_CAUSE = rf"(?:\s+{_BY})?(?:\s+{_COMBAT})?"
_IF = r"(?:if|when|whenever)"
_EVENTS: list[tuple[str, re.Pattern[str]]] = [
    (
        "discarded_from_hand",
        re.compile(rf"{_IF} {_THIS} is discarded from your hand(?:{_CAUSE})", re.I),
    ),
    ("rejuvenated", re.compile(rf"{_IF} {_THIS} is rejuvenated(?:\s+{_COMBAT})?", re.I)),
    (
        "destroyed_from_life_deck",
        re.compile(rf"{_IF} {_THIS} is destroyed from your life deck(?:{_CAUSE})", re.I),
    ),
    # damage discards from the Life Deck too (2016 GLOSSARY "Gaining/losing stages")
    (
        "discarded_from_life_deck",
        re.compile(
            rf"{_IF} {_THIS} is (?:discarded or destroyed|discarded) from your life deck"
            rf"(?:\s+{_COMBAT})?",
            re.I,
        ),
    ),
    (
        # "discarded, destroyed, and/or banished from your Life Deck": however it leaves it
        "left_life_deck",
        re.compile(
            rf"{_IF} {_THIS} is discarded,? (?:destroyed,? )?(?:and/or|or) banished "
            rf"from your life deck(?:\s+{_COMBAT})?",
            re.I,
        ),
    ),
    (
        "banished_from_discard",
        re.compile(
            rf"{_IF} {_THIS} is banished from (?P<top>the top of )?your discard pile(?:{_CAUSE})",
            re.I,
        ),
    ),
    # from anywhere, by an effect (the cause is needed: for Endurance, or after use, is the
    # rules, which the engine does not report as "banished")
    ("banished", re.compile(rf"{_IF} {_THIS} is banished\s+{_BY}(?:\s+{_COMBAT})?", re.I)),
    (
        "banished_for_endurance",
        # "If you banish this card for Endurance": only its owner does (docs/rulings.md 262)
        re.compile(
            rf"{_IF} (?:{_THIS} is banished|you banish {_THIS}) for endurance(?:\s+{_COMBAT})?",
            re.I,
        ),
    ),
    (
        "revealed_from_hand",
        re.compile(rf"{_IF} {_THIS} is revealed from your hand(?:{_CAUSE})", re.I),
    ),
    (
        "discarded_on_level_change",
        re.compile(rf"{_IF} {_THIS} is discarded when (?:changing levels|you change levels)", re.I),
    ),
    (
        "enters_play",
        re.compile(
            rf"(?:when|whenever|after|if) {_THIS} (?:enters|is entering) play"
            rf"(?:\s+{_COMBAT}|\s+(?P<planning>during (?:the|your) planning step))?",
            re.I,
        ),
    ),
    (
        "leaves_play",
        re.compile(
            rf"(?:when|whenever|if) {_THIS} (?:is leaving|leaves) play(?:\s+{_COMBAT})?", re.I
        ),
    ),
]
# "place it into play": the moves grammar has no "this card" into play or hand
_INTO_PLAY = re.compile(
    r"(?P<may>you may )?place (?:it|this card) into (?P<to>play|your hand)"
    # an Ally enters play at 3 stages above 0 unless told otherwise (2016 GLOSSARY "Ally")
    r"(?: at (?P<stage>\d+) (?:power )?stages? above 0)?(?P<instead> instead)?",
    re.I,
)
# "Rejuvenate it", "you may banish it to ...": "it" is the card that moved
_IT = re.compile(r"((?:you may )?\w+) it\b", re.I)
# "you may Rejuvenate it and the bottom card of your discard pile": the verb carries over
_IT_AND = re.compile(r"(?P<may>you may )?(?P<verb>\w+) it and (?P<other>the .+)", re.I)


# the condition printed before the event: "If your opponent has more than 1 card in his or
# her hand when this card is discarded from your hand, ..." is tested as it happens
_LATE_IF = re.compile(
    rf"if (?P<cond>[^,]+?) (?P<head>when {_THIS} is [^,]+), (?P<rest>(?!if\b).+)", re.I
)


def parse(body: str) -> Json | None:
    """ "<event>, <effects>" -> {"event", "by"?, "during_combat"?, "effects"}; None
    when any part is not read whole."""
    from engine.panini.cardtext.compiler import _effect_chain, _splits  # builds on the compiler

    body = re.sub(r"^\[?constant\]?:\s*", "", body, flags=re.I)
    late = _LATE_IF.fullmatch(body)
    if late is not None:  # "If <condition> when this card is ..., <effects>" (ruling 294)
        return parse(f"{late.group('head')}, if {late.group('cond')}, {late.group('rest')}")
    # "..., you may draw a card" is sometimes printed without its comma
    bare = re.fullmatch(r"(.+?)\s+(you may .+)", body, re.I)
    cuts = _splits(body) + ([(bare.group(1), bare.group(2))] if bare else [])
    for head, tail in cuts:
        head = re.sub(r"\s+(during combat)\s+(by .+)", r" \2 \1", head, flags=re.I)
        for event, pattern in _EVENTS:
            found = pattern.fullmatch(head)
            if found is None:
                continue
            effects = _effects(tail, event, _effect_chain)
            if effects is None:
                return None
            ability: Json = {"event": event}
            groups = found.groupdict()
            if groups.get("any_effect"):
                ability["by"] = "effect"
            elif groups.get("yours"):
                ability["by"] = "your_effect"
            elif groups.get("theirs"):
                ability["by"] = "opponent_effect"
            if groups.get("combat"):
                ability["during_combat"] = True
            if groups.get("planning"):
                ability["during_planning"] = True
            if groups.get("top"):
                if "by" not in ability:
                    return None  # unsaid: which moves off the top count (an earlier near miss)
                ability["from_top"] = True
            return {**ability, "effects": effects}
    return None


def _effects(tail: str, event: str, chain_of: Any) -> list[Json] | None:
    source = "this_card" if event == "enters_play" else "moved_card"
    into_play = _INTO_PLAY.fullmatch(tail)
    if into_play:
        if into_play.group("instead") and event != "discarded_from_hand":
            return None  # "instead" replaces the move: only read where the result is the same
        to = "place" if into_play.group("to").lower() == "play" else "hand"
        effect: Json = {"do": "move", "source": source, "amount": 1, "to": to}
        if into_play.group("stage"):
            if to != "place":
                return None
            effect["ally_stage"] = int(into_play.group("stage"))
        return [{**effect, "may": True} if into_play.group("may") else effect]
    both = _IT_AND.fullmatch(tail)
    if both:  # "<verb> it and the bottom card of ...": "<verb> it and <verb> the bottom ..."
        tail = f"{both.group('may') or ''}{both.group('verb')} it and {both.group('verb')} " + (
            both.group("other")
        )
    # "it" first: "Rejuvenate it" is this card, not a card chosen before (engine.panini.referents)
    chain: list[Json] | None = (
        chain_of(_IT.sub(r"\1 this card", tail, count=1)) if _IT.match(tail) else None
    )
    if chain is None:
        chain = chain_of(tail)
    if chain is None:
        return None
    return [
        {**e, "source": source} if e.get("do") == "move" and e.get("source") == "this_card" else e
        for e in chain
    ]


_KEPT = re.compile(
    rf"{_THIS} is not discarded when (?:(?P<changing>changing levels|you change levels)"
    r"|advancing a level|you advance a level)",
    re.I,
)


def parse_keyword(body: str) -> Json | None:
    """ "(This Drill is not discarded when changing levels.)" -> kept_on_level."""
    found = _KEPT.fullmatch(body)
    if found is None:
        return None
    return {"kept_on_level": "changing" if found.group("changing") else "advancing"}
