"""Armed triggers: the sentence of a played card that sets a trigger for a while
(engine.panini.armed carries them out). Read whole, as one `arm_trigger` effect:

- "At the end of combat, <effect(s)>." and "<effect(s)> at the end of combat.", "If
  <condition> at the end of combat, <effect(s)>." (the condition tested then);
- "Whenever <event> this combat / this turn, <effect(s)>." (also "Each time"), "Whenever
  this combat <event>, ...";
- "The next time <event> this combat, ..." / "The next time this combat <event>, ..." /
  "After the next time ...", "The first time <event> this combat, ...": once;
- a lead giving how long: "Until the start of your next turn, whenever <event>, ...",
  "For the remainder of combat, whenever <event>, ...";
- "At the beginning of the next action / your (opponent's) next action this combat, ..."
  and "<effect> at the beginning of the next action this combat/turn": once, as it begins.

"End combat." is read here too (engine.panini.ending).

The event is any of engine.panini.cardtext.triggers.parse_event's. Without a duration ("Whenever
you Rejuvenate, ..." on a card that does not stay in play) the sentence stays unread.
"""

from __future__ import annotations

import re
from typing import Any

from engine.panini.cardtext import referents, triggers

Json = dict[str, Any]

_END_OF_COMBAT = {"on": "combat_ended", "who": "any"}
_NEXT_ACTION = (
    r"the (?:beginning|start) of (?P<whose>the|your|your opponent's) next action"
    r"(?: this (?:combat|turn))?"
)
_AT_NEXT_ACTION = re.compile(rf"at {_NEXT_ACTION},\s*(?P<then>.+)", re.IGNORECASE)
_THEN_AT_NEXT_ACTION = re.compile(rf"(?P<then>.+?),? at {_NEXT_ACTION}", re.IGNORECASE)
_WHOSE_ACTION = {"the": "any", "your": "self", "your opponent's": "opponent"}
_END_COMBAT = re.compile(r"end (?:the )?combat", re.IGNORECASE)
_LEAD = re.compile(
    r"(?:(?P<next_turn>until the (?:start|beginning) of your next turn)"
    r"|(?P<combat>for the (?:remainder|rest) of (?:this |the )?combat)),\s*(?P<rest>.+)",
    re.IGNORECASE | re.DOTALL,
)
_AT_END = re.compile(r"at the end of (?:this |the )?combat(?:,\s*|\s+)(?P<then>.+)", re.IGNORECASE)
_THEN_AT_END = re.compile(r"(?P<then>.+?),? at the end of (?:this |the )?combat", re.IGNORECASE)
# "If you do not control a Dragon Ball at the end of combat, ...": tested then
_IF_AT_END = re.compile(
    r"if (?P<condition>.+?) at the end of (?:this |the )?combat,\s*(?P<then>.+)", re.IGNORECASE
)
_WHENEVER = re.compile(
    r"(?P<word>whenever|each time|after(?! the )|(?:after )?the (?:next|first) time) (?P<event>.+)",
    re.IGNORECASE,
)
# how long a "whenever" lasts, at the start or the end of its event
_SCOPE = re.compile(r"(?:this (?P<a>combat|turn) )?(?P<event>.+?)(?: this (?P<b>combat|turn))?")


def parse(body: str) -> Json | None:
    """An armed trigger sentence -> {"do": "arm_trigger", ...}, or "End combat." ->
    {"do": "end_combat"}; None when not one."""
    if _END_COMBAT.fullmatch(body.strip()):
        return {"do": "end_combat"}
    next_action = _next_action(body.strip())
    if next_action is not None:
        return next_action
    lead = _LEAD.fullmatch(body.strip())
    if lead:
        lasts = "next_turn_start" if lead.group("next_turn") else "combat"
        return _whenever(lead.group("rest"), lasts)
    if_at_end = _IF_AT_END.fullmatch(body.strip())
    if if_at_end:
        return _if_at_end(if_at_end)
    at_end = _AT_END.fullmatch(body.strip())
    then_at_end = _THEN_AT_END.fullmatch(body.strip())
    if at_end or then_at_end:
        chain = _chain(at_end.group("then")) if at_end else _single(then_at_end)
        if chain is None:
            return None
        trigger = {**_END_OF_COMBAT, "effects": chain}
        return {"do": "arm_trigger", "trigger": trigger, "once": True}
    return _whenever(body, None)


def _if_at_end(found: re.Match[str]) -> Json | None:
    """The condition gates what the trigger does when it fires (its first effect; the
    others follow it with "if you do")."""
    from engine.panini.cardtext.patterns import parse_condition  # patterns hooks this module in

    condition = parse_condition(found.group("condition"))
    chain = _chain(found.group("then"))
    if condition is None or chain is None or chain[0].get("if") or chain[0].get("if_you_do"):
        return None
    effects = [{**chain[0], "if": condition}, *chain[1:]]
    if dangles(effects):
        return None
    trigger = {**_END_OF_COMBAT, "effects": effects}
    return {"do": "arm_trigger", "trigger": trigger, "once": True}


def _next_action(body: str) -> Json | None:
    """ "At the beginning of the next action this combat, end combat." / "<effect> at the
    start of your next action": once, as that Action begins (before it is chosen)."""
    at = _AT_NEXT_ACTION.fullmatch(body)
    then_at = _THEN_AT_NEXT_ACTION.fullmatch(body) if at is None else None
    found = at or then_at
    if found is None:
        return None
    chain = _chain(found.group("then")) if at else _single(then_at)
    if chain is None:
        return None
    who = _WHOSE_ACTION[found.group("whose").lower()]
    trigger: Json = {"on": "action_started", "effects": chain}
    if who != "self":
        trigger["who"] = who
    return {"do": "arm_trigger", "trigger": trigger, "once": True}


def _single(found: re.Match[str] | None) -> list[Json] | None:
    """ "<effect> at the end of combat": one effect only (in "Destroy a Drill and place it
    back into play at the end of combat" the first is done now: which words wait is
    unclear; `misread` leaves such sentences)."""
    from engine.panini.cardtext.patterns import parse_effect  # patterns hooks this module in

    effect = parse_effect(found.group("then")) if found else None
    return None if effect is None or dangles([effect]) else [effect]


def leave_unlabelled(items: list[Any]) -> None:
    """On a card that stays in play, an armed sentence outside a Power and outside an
    attack ("Banish this card at the end of combat." on a Drill): a trigger of the card's
    own, each combat, or once? Left to players. `items`: compiler._Clause of a section."""
    if any(c.kind == "attack" for c in items):
        return  # an attack's sentence: it arms as the attack is performed
    for clause in items:
        if clause.kept and not clause.power and any(waits(e) for e in clause.effects):
            clause.kind = "unknown"


def waits(effect: Json) -> bool:
    """The effect arms a trigger: what follows it with "If you do" is not known yet."""
    return effect.get("do") == "arm_trigger"


def fold(armed: Json, effects: list[Json]) -> bool:
    """ "At the end of combat, you may X. If you do, Y.": Y is part of what the trigger
    does (whether X was done is known only then). False, nothing folded, when Y would use
    "that card" the trigger does not choose."""
    folded = [*armed["trigger"]["effects"], *effects]
    if dangles(folded):
        return False
    armed["trigger"]["effects"] = folded
    return True


def dangles(effects: list[Json]) -> bool:
    """ "That card" in what the trigger does, with no choice of its own before it: the
    card an earlier sentence chose is not known when it fires (engine.panini.referents); and
    "this attack" there: the attack is over when it fires."""
    from engine.panini.cardtext.after_use import attack_only  # it builds on the patterns

    if attack_only(effects):
        return True
    return any(
        referents.refers(effect) and not any(referents.chooses(e) for e in effects[:index])
        for index, effect in enumerate(effects)
    )


def misread(body: str, chain: list[Json]) -> bool:
    """Sentences whose reading is unclear, left to players: "You may <effect> at the end
    of combat" (the choice is made then, not now) and "<A> and <B> at the end of combat"
    (does A wait too?)."""
    from engine.panini.cardtext.after_use import attack_only  # it builds on the patterns

    # a condition on the attacking / defending personality can only be tested now, during
    # the attack ("If the defending personality has a higher power level ..., then at the
    # end of combat ..."; docs/rulings.md 275)
    if any(
        waits(e) and (e.get("may") or (e.get("if") and not attack_only(e["if"]))) for e in chain
    ):
        return True
    later = _THEN_AT_END.fullmatch(body.strip()) or _THEN_AT_NEXT_ACTION.fullmatch(body.strip())
    return len(chain) > 1 and bool(later)


def _whenever(text: str, lasts: str | None) -> Json | None:
    """ "Whenever <event> this combat, <effects>" with how long it lasts: from the sentence
    ("this combat") or from a lead (`lasts`), never both, never neither."""
    from engine.panini.cardtext.compiler import _splits  # the compiler builds on this module

    found = _WHENEVER.fullmatch(text.strip())
    if not found:
        return None
    # "After <event> this turn, ...": each time, as a trigger's "After" (triggers.parse_head)
    once = found.group("word").lower() not in ("whenever", "each time", "after")
    for head, tail in _splits(found.group("event")) + _unmarked(found.group("event")):
        scope = _SCOPE.fullmatch(head)
        assert scope is not None  # its event part matches anything
        said = scope.group("a") or scope.group("b")
        if scope.group("a") and scope.group("b"):
            continue
        event_text = scope.group("event")
        duration = said.lower() if said else None
        if (duration is None) == (lasts is None):
            continue  # how long it lasts is said once
        event = triggers.parse_event(event_text)
        if event is None or event["on"] in triggers.MOMENTS:
            continue
        chain = _chain(tail, opponent="your opponent" in event_text.lower())
        if chain is None:
            continue
        armed: Json = {"do": "arm_trigger", "trigger": {**event, "effects": chain}}
        armed["lasts"] = lasts or duration
        if armed["lasts"] == "combat":
            del armed["lasts"]  # the default
        if once:
            armed["once"] = True
        return armed
    return None


# "The next time you stop an attack this combat use a critical damage effect.": the comma
# left out after the duration that closes the event (docs/rulings.md 315)
_DURATION_THEN = re.compile(r"\bthis (?:combat|turn)(?= [^,])", re.IGNORECASE)


def _unmarked(text: str) -> list[tuple[str, str]]:
    """Cuts right after "this combat" / "this turn" with no comma after it."""
    return [
        (text[: m.end()].strip(), text[m.end() :].strip()) for m in _DURATION_THEN.finditer(text)
    ]


def _chain(text: str, *, opponent: bool = False) -> list[Json] | None:
    """The effects that run when it fires; after an event of your opponent's, "he" / "his"
    are your opponent (engine.panini.cardtext.triggers.opponent_pronouns)."""
    from engine.panini.cardtext.compiler import _effect_chain  # the compiler builds on this module

    chain = _effect_chain(text)
    if chain is None and opponent:
        for reading in triggers.opponent_pronouns(text):
            chain = chain or _effect_chain(reading)
    return None if chain is None or dangles(chain) else chain
