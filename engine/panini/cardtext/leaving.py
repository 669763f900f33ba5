"""A card in play that removes itself when a state holds (engine.panini.leaving), and what a card
does as it itself enters or leaves play with that head printed last:

    Banish this card when you control a Styled Drill.
    Banish this Drill when there are no Setups in play.
    Destroy this card when your MP's power level is 0.
    Banish this card when more than 1 card is attached to your MP.

"<Banish / destroy / discard> this card / Drill / Setup / Ally when(ever) <condition>":
a `state_holds` trigger whose `requires` is the condition, read whole by the shared
condition reader (engine.panini.cardtext.conditions), and whose one effect moves the card. An
event ("when your opponent deals critical damage") is engine.panini.cardtext.triggers'. Refused:
conditions about an attack or what has happened (they are no state of the game that a
check after each step can see: "when that attack is stopped"), and "if" (a condition on
something else, not when the card leaves).

"(If your MP is Goku, Rejuvenate 3 when this card enters play.)", "(If you have not drawn
a card this combat, you may draw a card when this card enters play during combat.)": the
head "when this card enters / leaves play [during combat]" printed after the effects is
read as if printed first ("When this card enters play, if ..., ..."; `trailing_head`).

"(When you advance a level, you may banish this Drill instead of discarding it. If you do,
<effects>.)": as the Drill is discarded on that level change its owner may banish it from
the discard pile, then the rest (`parse_level_replacement`, docs/rulings.md 259).

"[INSTANT] POWER: Use when an Ally enters play under your control during combat and it is
the only Ally you control.": a timed Power offered when the event happens and the state
then holds (`parse_use_timing_if`, docs/rulings.md 261).

"Banish this card at the end of a combat where your opponent controls 2 or more Dragon
Balls.", "Banish this card at the end of the turn.": on a card in play, outside a Power, a
trigger of the card at that moment, the condition tested then (`parse_moment`,
docs/rulings.md 263).

"Whenever an Ally's power level is 0, it is banished.": a constant rule, checked after each
step as the states above (`parse_constant`, docs/rulings.md 264).
"""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]

_STATE = re.compile(
    r"(?P<verb>banish|destroy|discard) this (?:card|drill|setup|ally) (?:when|whenever) "
    r"(?P<condition>.+)",
    re.IGNORECASE | re.DOTALL,
)
# Condition fields that are about an attack in progress or the past, not the board
_NOT_STATE = frozenset({"that_attack", "stopped_by", "advanced_this_attack", "happened"})


def parse(body: str) -> Json | None:
    """ "Banish this card when you control a Styled Drill" -> {"on": "state_holds",
    "requires": <condition>, "effects": [<move this card>]}; None when not read whole."""
    from engine.panini.cardtext.patterns import parse_condition, parse_effect
    from engine.panini.cardtext.triggers import parse_event

    found = _STATE.fullmatch(body.strip())
    if found is None:
        return None
    text = found.group("condition").strip()
    if parse_event(text) is not None:
        return None  # an event: "Banish this card when <event>" (engine.panini.cardtext.triggers)
    condition = parse_condition(text)
    if condition is None or _about_events(condition):
        return None
    effect = parse_effect(f"{found.group('verb')} this card")
    if effect is None or effect.get("source") != "this_card":
        return None
    return {"on": "state_holds", "requires": condition, "effects": [effect]}


def _about_events(value: Any) -> bool:
    """Whether a compiled condition reads an attack or the history anywhere inside."""
    if isinstance(value, dict):
        return any(k in _NOT_STATE or _about_events(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_about_events(v) for v in value)
    return False


_TRAILING = re.compile(
    r"(?P<effects>.+?),? (?P<head>(?:when|whenever|after) this (?:card|drill|setup|ally) "
    r"(?:enters|is entering|leaves|is leaving) play(?: during combat)?)",
    re.IGNORECASE | re.DOTALL,
)


def trailing_head(body: str) -> str | None:
    """ "If <condition>, <effects> when this card enters play" -> "When this card enters
    play, if <condition>, <effects>" (engine.panini.cardtext.self_moves reads it then); None when
    the sentence does not end in such a head."""
    found = _TRAILING.fullmatch(body.strip())
    if found is None or re.search(r"\b(?:when|whenever|after)\b", found.group("effects"), re.I):
        return None  # one head only: "... when ... when this card enters play" is unclear
    effects = found.group("effects")
    return f"{found.group('head')}, {effects[0].lower()}{effects[1:]}"


_LEVEL = re.compile(
    r"(?:when|whenever|if) (?:you (?P<you>advance|change) (?:a |one )?(?:personality )?levels?"
    r"|your (?:MP|main personality) (?P<mp>advances|changes) (?:a |one )?levels?),? you may "
    r"banish this (?:drill|card) instead of discarding it"
    r"(?:\.\s+(?P<then>if you do, .+?))?\.?",
    re.IGNORECASE | re.DOTALL,
)


def parse_level_replacement(body: str) -> Json | None:
    """ "When you advance a level, you may banish this Drill instead of discarding it. If
    you do, ..." -> when_moved on `discarded_on_advance` (or `discarded_on_level_change`):
    its owner may banish it from the discard pile, then the rest."""
    from engine.panini.cardtext.compiler import _effect_chain  # builds on the compiler

    found = _LEVEL.fullmatch(body.strip())
    if found is None:
        return None
    verb = (found.group("you") or found.group("mp")).lower()
    event = "discarded_on_advance" if verb.startswith("advance") else "discarded_on_level_change"
    banish: Json = {"do": "move", "source": "moved_card", "amount": 1, "to": "banish", "may": True}
    then = _effect_chain(found.group("then")) if found.group("then") else []
    if then is None:
        return None
    return {"event": event, "effects": [banish, *then]}


# "it is the only Ally you control": the card that entered play is the one such card
_ONLY = re.compile(r"it is the only (ally|drill|setup|dragon ball) you control", re.IGNORECASE)
_PLURAL = {"ally": "allies", "drill": "drills", "setup": "setups", "dragon ball": "dragon_balls"}


def parse_use_timing_if(body: str) -> Json | None:
    """ "Use when <event> and <condition>" -> the event with `requires`: the one cut at an
    "and" where both parts are read whole (two such cuts: ambiguous, left to players)."""
    from engine.panini.cardtext.patterns import parse_condition
    from engine.panini.cardtext.triggers import parse_use_timing

    read: list[Json] = []
    for cut in re.finditer(r" and ", body):
        event = parse_use_timing(body[: cut.start()])
        rest = body[cut.end() :].strip()
        if event is None:
            continue
        only = _ONLY.fullmatch(rest)
        if only is not None:
            kind = only.group(1).lower().replace(" ", "_")
            if event["on"] != "entered_play" or event.get("who", "self") != "self":
                continue  # "it" is the card that entered play under your control
            if event.get("card_types") != [kind]:
                continue
            of = _PLURAL[only.group(1).lower()]
            condition: Json | None = {"compare": [{"left": {"of": of}, "op": "eq", "value": 1}]}
        else:
            condition = parse_condition(rest)
        if condition is not None and not _about_events(condition):
            read.append({**event, "requires": condition})
    return read[0] if len(read) == 1 else None


_MOMENT = re.compile(
    r"(?P<verb>banish|destroy|discard) this (?:card|drill|setup|ally) at the end of "
    r"(?:(?:the|this|each|every|a|any) )?(?P<what>combat|turn)"
    r"(?: (?:where|in which|if) (?P<condition>.+))?",
    re.IGNORECASE | re.DOTALL,
)


def parse_moment(body: str) -> Json | None:
    """ "Banish this card at the end of a combat where <condition>" -> a `combat_ended` /
    `turn_ended` trigger moving the card (if the condition then holds). Once or each time
    is the same here: the card is gone after the first."""
    from engine.panini.cardtext.patterns import parse_condition, parse_effect

    found = _MOMENT.fullmatch(body.strip())
    if found is None:
        return None
    effect = parse_effect(f"{found.group('verb')} this card")
    if effect is None or effect.get("source") != "this_card":
        return None
    if found.group("condition"):
        condition = parse_condition(found.group("condition"))
        if condition is None or _about_events(condition):
            return None
        effect = {**effect, "if": condition}
    on = "combat_ended" if found.group("what").lower() == "combat" else "turn_ended"
    return {"on": on, "who": "any", "effects": [effect]}


_ZERO_ALLIES = re.compile(
    r"(?:whenever|when) an ally's power level is (?:0|zero), (?:it is banished|banish it)",
    re.IGNORECASE,
)


def parse_constant(body: str) -> Json | None:
    """ "Whenever an Ally's power level is 0, it is banished." -> every player's Allies at
    power level 0 are banished (`zero_allies_banished`, engine.panini.leaving)."""
    if _ZERO_ALLIES.fullmatch(body.strip()) is None:
        return None
    return {"mod": "zero_allies_banished", "who": "both"}
