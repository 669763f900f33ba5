"""Cards that attach, and what they do while attached (2016 GLOSSARY "Attached Cards":
"'While attached' text is always active as long as it is attached to the intended target
('attach to ____'). Attached cards are also considered 'in play'").

- `parse_attach`: "Attach (this card) to your / your opponent's MP (Main Personality)",
  "Attach (this card) to one of your / your opponent's Allies" -> an `attach_to`.
- `while_attached`: "While attached, <sentence>" (also "While attached when ..." with no
  comma, "While attached and <condition>, <sentence>") -> the sentence and its condition.
  The compiler reads the sentence as a constant or a trigger of the card: the engine keeps
  an attached card's constants and triggers active while, and only while, it is attached
  (engine.panini.game.cards_with_constants), so "while attached" itself needs no condition.
"""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]

_OPP = r"your opponent'?s"
_THIS = r"(?:this card |it )?"
_ATTACH_MP = re.compile(
    rf"attach {_THIS}to (?P<who>your|{_OPP}) (?:MP|main personality)", re.IGNORECASE
)
_ATTACH_ALLY = re.compile(rf"attach {_THIS}to one of (?P<who>your|{_OPP}) allies", re.IGNORECASE)

# "While attached, ...", "While attached when ..." (the timing word needs no comma)
_WHILE = re.compile(
    r"while attached(?:,\s*|\s+(?:and\s+)?(?=(?:when|whenever|at|after|once per|as an action)\b))"
    r"(?P<rest>.+)",
    re.IGNORECASE | re.DOTALL,
)
# "While attached and <condition>, <sentence>": the condition is cut at each comma by the
# compiler (as "If <condition>, ..."); "and whenever ..." is a trigger, not a condition
_WHILE_AND = re.compile(
    r"while attached and (?!when\b|whenever\b|while\b)(?P<rest>.+)", re.IGNORECASE | re.DOTALL
)


def parse_attach(body: str) -> Json | None:
    """ "Attach to your opponent's MP." -> {"target": "mp", "who": "opponent"}."""
    found = _ATTACH_MP.fullmatch(body.strip()) or _ATTACH_ALLY.fullmatch(body.strip())
    if found is None:
        return None
    target = "mp" if found.re is _ATTACH_MP else "ally"
    mine = found.group("who").lower() == "your"
    return {"target": target} if mine else {"target": target, "who": "opponent"}


def while_attached(body: str) -> tuple[str, bool] | None:
    """ "While attached, <rest>" -> (rest, False); "While attached and <condition>, <rest>"
    -> ("<condition>, <rest>", True): the caller reads it as "If <condition>, <rest>"."""
    found = _WHILE.fullmatch(body.strip())
    if found is not None:
        return found.group("rest").strip(), False
    found = _WHILE_AND.fullmatch(body.strip())
    if found is not None and "," in found.group("rest"):
        return found.group("rest").strip(), True
    return None


def parse_constant(body: str) -> Json | None:
    """What an attached card changes while attached: a constant rule change (patterns.
    parse_modifier: "Your attacks deal +2 stages of damage."), or a rule change the compiler
    reads as lasting "this combat", with no duration printed: "while attached" is its
    duration ("Your opponent cannot raise his anger.", "Your Dragon Balls cannot be
    captured."). One that lasts for a next attack or Action is not read."""
    from engine.panini.cardtext.floating import parse_floating_effect
    from engine.panini.cardtext.patterns import parse_modifier

    found = parse_modifier(body)
    if found is not None:
        return found
    floating = parse_floating_effect(f"{body} this combat")
    if floating is None or "lasts" in floating:
        return None
    modifier: Json = floating["modifier"]
    return modifier


# "Search your Life Deck for a [Styled] card that can attach to your MP / an MP and place
# it into play attached."
_SEARCH_ATTACH = re.compile(
    r"(?P<head>search .+? for (?:a|an|one) (?:styled |non-styled )?card) that can attach to "
    r"(?P<whose>your|an|a) (?:MP|main personality) and (?:place|put) it into play attached",
    re.IGNORECASE,
)


def parse_search_attach(body: str) -> Json | None:
    """-> a `move` to "attach": the search is read by the moves grammar ("Search <zones>
    for <card> and place it into your hand"), then its destination is play, attached."""
    from engine.panini.cardtext.moves import parse_move  # patterns hooks this module in

    found = _SEARCH_ATTACH.fullmatch(body.strip())
    if found is None:
        return None
    move = parse_move(f"{found.group('head')} and place it into your hand")
    if move is None or move.get("to") != "hand" or move.get("who", "self") != "self":
        return None  # the card must come from its controller's own zones
    which = "mine" if found.group("whose").lower() == "your" else "any"
    return {**move, "to": "attach", "attaches": which}


def printed_attach(text: str) -> Json | None:
    """The one "Attach to ____." a card's text prints (after a "POWER:" or "HIT:" label
    too), whatever else it says; None when it prints none or two different ones."""
    from engine.panini.cardtext.normalise import normalise
    from engine.panini.cardtext.sentences import split_sentences

    found: list[Json] = []
    for sentence in split_sentences(text.replace("\u2019", "'")):
        body = normalise(sentence).strip().rstrip(".").strip()
        label = re.fullmatch(r"(?:POWER|HIT): (.*)", body, re.DOTALL)
        spec = parse_attach(label.group(1) if label else body)
        if spec is not None and spec not in found:
            found.append(spec)
    return found[0] if len(found) == 1 else None


# "Destroy this card when your opponent deals critical damage.", "While attached, when your
# MP changes levels, return this card to your hand."
_LEAVES_AFTER = re.compile(r"(?P<effect>.+?\bthis card\b.*?) (?:when|whenever) (?P<event>.+)", re.I)
_LEAVES_BEFORE = re.compile(r"(?:when|whenever) (?P<event>[^,]+), (?P<effect>.+)", re.I)
_RETURN = re.compile(r"return this card to (?:your|its owner's) hand", re.IGNORECASE)


def parse_leaves_when(body: str) -> Json | None:
    """A card in play (attached, or a Drill ...) that leaves when an event happens: "<move
    this card> when <event>" or "When <event>, <move this card>" -> a trigger whose one
    effect moves this card (to the discard pile, the Banished Zone, its owner's hand, the
    Life Deck; "Banish this card when ..." is engine.panini.cardtext.triggers'). Moments ("at the
    end of combat") are not read here."""
    from engine.panini.cardtext.patterns import parse_effect
    from engine.panini.cardtext.triggers import MOMENTS, parse_event

    body = body.strip()
    found = _LEAVES_AFTER.fullmatch(body) or _LEAVES_BEFORE.fullmatch(body)
    if found is None:
        return None
    text = found.group("effect").strip()
    if _RETURN.fullmatch(text):
        effect: Json | None = {"do": "move", "source": "this_card", "amount": 1, "to": "hand"}
    else:
        effect = parse_effect(text)
    event = parse_event(found.group("event"))
    if effect is None or effect.get("source") != "this_card" or set(effect) - _MOVE_KEYS:
        return None
    if event is None or event["on"] in MOMENTS:
        return None
    return {**event, "effects": [effect]}


_MOVE_KEYS = {"do", "source", "amount", "to"}


# "(While attached,) once per turn as an action, you may ...", "as an action, you may
# banish this card to ...": a Power of the attached card (engine.panini.attaching)
_AS_ACTION = re.compile(
    r"(?:once per (?:turn|combat),? )?as an action,? (?P<rest>.+)", re.IGNORECASE | re.DOTALL
)


def action_body(body: str) -> str | None:
    """ "Once per turn as an action, <effects>" -> "<effects>"."""
    found = _AS_ACTION.fullmatch(body.strip())
    return None if found is None else found.group("rest")


# "While attached, when entering combat(,) <effects>": the attached card's entering-combat
# effects (2016 THE COMBAT STEP: "use any 'when entering combat' effects you have")
_ENTERING = re.compile(r"when entering combat,?\s+(?P<rest>.+)", re.IGNORECASE | re.DOTALL)


def entering_body(body: str) -> str | None:
    found = _ENTERING.fullmatch(body.strip())
    return None if found is None else found.group("rest")
