"""Sentences that change the rules for a while (engine.panini.modifiers): damage modifiers on
attacks, restrictions on Actions, skipped Actions, and constant rule changes.

Read from sub-phrases: whose attacks ("your", "your opponent's", "all"), which attacks
("Styled", "non-Styled", "physical", "energy"), amounts ("+2 stages and +1 life card") and
how long ("this combat", "for the remainder of combat", "until the end of your next turn",
the next attack only). Every pattern still matches a whole sentence (engine.panini.cardtext.
patterns). The Panini game has one combat per turn (2016 TURN SEQUENCE), so "this combat"
lasts as long as "this turn" for what happens in combat.
"""

from __future__ import annotations

import re
from typing import Any

from engine.panini.cardtext.next_time import parse_constant_next_time, parse_next_time
from engine.panini.cardtext.play_limits import parse_constant_play_limit, parse_floating_play_limit
from engine.panini.cardtext.restrictions import (
    parse_constant_restriction,
    parse_floating_restriction,
)

Json = dict[str, Any]

_NUM = r"\d+|one|two|three|four|five|six|seven|eight|nine|ten"
_N = rf"({_NUM})"
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
          "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}  # fmt: skip
_STAGES = r"(?:power )?stages?"
_LIFE = r"life cards?"
_THEIR = r"(?:his|her|their|his or her)"
_DO = r"(?:do|deal)"
_DOES = r"(?:does|deals)"
_OPPONENT = r"your opponent'?s"

# whose attacks: "your", "all of your", "your opponent's", "all", or none ("Styled attacks")
_WHOSE = rf"(?P<whose>all of your |all your |your |{_OPPONENT} |all )?"
_WHICH = r"(?P<styled>non-styled |styled )?(?P<kind>physical |energy )?"
_AMOUNTS = (
    rf"(?:(?P<s_sign>[+-])(?P<s_num>{_NUM}) {_STAGES}(?: and (?P<l_sign>[+-])(?P<l_num>{_NUM}) "
    rf"{_LIFE})?|(?P<lo_sign>[+-])(?P<lo_num>{_NUM}) {_LIFE}"
    # life cards first: "-2 life cards and -2 stages of damage" (the same two amounts)
    rf"(?: and (?P<so_sign>[+-])(?P<so_num>{_NUM}) {_STAGES})?)"
)
_COMBAT = r"(?:this combat|this turn|for the remainder of combat|for the rest of combat)"
_DURATION = rf"(?:{_COMBAT}|until the end of (?:the|this) turn)"
_NEXT_TURN = r"until the end of your next turn"


def _re(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _WORDS[word.lower()]


def _amounts(m: re.Match[str]) -> Json:
    """{"stages": ..., "life": ...} from the _AMOUNTS groups."""
    found: Json = {}
    for sign, num, field in (("s", "s", "stages"), ("l", "l", "life"), ("lo", "lo", "life"),
                             ("so", "so", "stages")):  # fmt: skip
        if m.group(f"{sign}_sign"):
            amount = _number(m.group(f"{num}_num"))
            found[field] = -amount if m.group(f"{sign}_sign") == "-" else amount
    return found


def _attacks(m: re.Match[str], default_who: str = "both") -> Json:
    """The modifier fields for whose and which attacks."""
    whose = (m.groupdict().get("whose") or "").strip().lower()
    who = {
        "your": "self",
        "all of your": "self",
        "all your": "self",
        "all": "both",
        "": default_who,
    }.get(whose, "opponent")
    found: Json = {}
    if who != "self":
        found["who"] = who
    if m.group("kind"):
        found["attacks"] = m.group("kind").strip().lower()
    styled = (m.group("styled") or "").strip().lower()
    if styled:
        found["styled"] = styled == "styled"
    return found


def _damage(m: re.Match[str]) -> Json | None:
    if not (m.group("whose") or m.group("styled") or m.group("kind")):
        return None  # "Attacks do +1 stage": whose attacks is not said
    return {"mod": "damage", **_attacks(m), **_amounts(m)}


# "Your attacks do +1 stage of damage", "All of your attacks do +1 power stage and +1 life
# card of damage", "Your opponent's attacks do -2 life cards of damage"
_DAMAGE = rf"{_WHOSE}{_WHICH}attacks {_DO} {_AMOUNTS} (?:of )?damage"  # "+1 life card damage"
_CONSTANT_DAMAGE = _re(_DAMAGE)
_FLOATING_DAMAGE = _re(rf"(?P<pre>for the remainder of combat, )?{_DAMAGE}(?: (?P<dur>.+))?")
# "Your next Styled attack this combat deals +2 life cards of damage."
_NEXT_ATTACK = _re(
    rf"(?P<lead>your next|the next) {_WHICH}attack(?P<perform> you perform)?"
    rf"(?: this combat)? {_DOES} {_AMOUNTS} of damage(?: this combat)?"
)
# "All physical attacks you perform for the remainder of combat deal +2 power stages of damage."
_YOU_PERFORM = _re(
    rf"all {_WHICH}attacks you perform(?: (?P<pre>{_COMBAT}))? {_DO} {_AMOUNTS} of damage"
    r"(?: (?P<dur>.+))?"
)
# "Your next attack this combat cannot be stopped."
_NEXT_UNSTOPPABLE = _re(
    rf"(?P<lead>your next|the next) {_WHICH}attack(?P<perform> you perform)? this combat "
    r"cannot be stopped"
)
_STYLED = _re(r"(?P<whose>all of your |your )attacks are considered styled(?: (?P<dur>.+))?")


def _lasts(duration: str | None) -> str | None:
    """ "turn" / "next_turn" for a duration phrase; None when there is none (an effect
    with no duration is not a rule change read here) or it is not one read here."""
    if duration is None:
        return None
    if re.fullmatch(_DURATION, duration, re.IGNORECASE):
        return "turn"
    if re.fullmatch(_NEXT_TURN, duration, re.IGNORECASE):
        return "next_turn"
    return None


def _floating(modifier: Json, lasts: str) -> Json:
    effect: Json = {"do": "until_end_of_turn", "modifier": modifier}
    if lasts != "turn":
        effect["lasts"] = lasts
    return effect


# --- restrictions -------------------------------------------------------------------------
_WHO = r"(?P<who>your opponent|you)"
_CANNOT = r"(?:cannot|can't|may not)"
_NO_ATTACKS = _re(rf"{_WHO} {_CANNOT} perform (?P<kind>physical |energy )?attacks {_COMBAT}")
_NO_EVENTS = _re(rf"{_WHO} {_CANNOT} play events {_COMBAT}")
# "Your opponent cannot perform an energy attack in his next action.": an Action is
# always followed by the other player's within the combat (docs/rulings.md)
_NEXT_ACTION_ATTACK = _re(
    rf"{_WHO} {_CANNOT} perform an? (?P<kind>physical |energy )?attack (?:in|during|for) "
    rf"(?:{_THEIR}|your) next action(?: this combat)?"
)
_NO_CAPTURE = _re(rf"your dragon balls cannot be captured {_COMBAT}")
_ALLIES = _re(
    r"allies cannot make actions(?P<idle> nor have damage redirect(?:ed)? to them)?"
    r"(?: (?P<dur>.+))?"
)
# "Prevent 4 stages and 4 life cards of damage from your opponent's next attack this combat."
_PREVENTED = (
    rf"(?:(?P<s_num>{_NUM}) {_STAGES}(?: and (?P<l_num>{_NUM}) {_LIFE})?"
    rf"|(?P<lo_num>{_NUM}) {_LIFE}(?: and (?P<so_num>{_NUM}) {_STAGES})?)"
)
_PREVENT = _re(
    rf"prevent {_PREVENTED} of damage from (?:(?P<next>your opponent's next attack)"
    rf"|(?:all of )?your opponent's attacks) {_COMBAT}"
)


def _prevent(m: re.Match[str]) -> Json:
    modifier: Json = {"mod": "prevent", "who": "opponent"}
    for group, field in (("s_num", "stages"), ("so_num", "stages"), ("l_num", "life"),
                         ("lo_num", "life")):  # fmt: skip
        if m.group(group):
            modifier[field] = _number(m.group(group))
    return _floating(modifier, "next_attack" if m.group("next") else "turn")


# "Stops the next physical attack performed against you this combat."
_STOPS_NEXT = _re(
    rf"stops the next {_WHICH}attack (?:performed against you|your opponent performs) this combat"
)
_STOPS_ALL = _re(rf"stops all of {_OPPONENT} {_WHICH}attacks {_COMBAT}")
# the attack's card is not discarded after it; it may be performed once more this combat
_SKIP = _re(
    rf"your opponent (?:skips {_THEIR} next action|must pass (?:for )?{_THEIR} next action)"
    r"(?: this combat)?"
)


# "Your opponent cannot raise his anger this combat."
_NO_ANGER = _re(rf"{_WHO} {_CANNOT} (?:raise {_THEIR}|raise your|gain) anger {_COMBAT}")
_REVEALED = _re(
    rf"your opponent plays with {_THEIR} hand revealed(?P<dur> until the start of your next turn)?"
)


def _allies(m: re.Match[str]) -> Json:
    """Every player's Allies (2016 GLOSSARY "Ally": Allies make Actions)."""
    return {"mod": "allies_idle" if m.group("idle") else "no_ally_actions", "who": "both"}


def _who(m: re.Match[str]) -> Json:
    return {"who": "opponent"} if m.group("who").lower() == "your opponent" else {}


# "Your attacks this combat deal +2 stages of damage": the duration said before the verb
_MID_DURATION = _re(rf"^(.*\battacks) ({_COMBAT}) ({_DO} .+ of damage)$")


def parse_floating_effect(body: str) -> Json | None:
    """A sentence creating a floating effect (engine.panini.cards.UntilEndOfTurn), or None."""
    found = _FLOATING_DAMAGE.fullmatch(_MID_DURATION.sub(r"\1 \3 \2", body, count=1))
    if found:
        duration = found.group("dur")
        # "For the remainder of combat, ..." says how long once, at the start
        lasts = _lasts(duration) if not found.group("pre") else None if duration else "turn"
        modifier = _damage(found)
        if lasts is None or modifier is None:
            return None
        return _floating(modifier, lasts)
    found = _YOU_PERFORM.fullmatch(body)
    if found:
        durations = [d for d in (found.group("pre"), found.group("dur")) if d]
        if len(durations) != 1 or _lasts(durations[0]) != "turn":
            return None
        return _floating({"mod": "damage", **_attacks(found, "self"), **_amounts(found)}, "turn")
    found = _NEXT_ATTACK.fullmatch(body)
    # "your next attack" or "the next attack you perform": whose it is must be said once,
    # and "this combat" at least once (the next attack could otherwise be a later turn's)
    if (
        found
        and (found.group("lead").lower() == "your next") != bool(found.group("perform"))
        and "this combat" in body.lower()
    ):
        modifier = {"mod": "damage", **_attacks(found, "self"), **_amounts(found)}
        return _floating(modifier, "next_attack")
    found = _NEXT_UNSTOPPABLE.fullmatch(body)
    if found and (found.group("lead").lower() == "your next") != bool(found.group("perform")):
        return _floating({"mod": "unstoppable", **_attacks(found, "self")}, "next_attack")
    found = _STYLED.fullmatch(body)
    if found:
        lasts = _lasts(found.group("dur"))
        return None if lasts is None else _floating({"mod": "styled_attacks"}, lasts)
    found = _NO_ATTACKS.fullmatch(body)
    if found:
        modifier = {"mod": "no_attacks", **_who(found)}
        if found.group("kind"):
            modifier["attacks"] = found.group("kind").strip().lower()
        return _floating(modifier, "turn")
    found = _NEXT_ACTION_ATTACK.fullmatch(body)
    if found:
        modifier = {"mod": "no_attacks", **_who(found)}
        if found.group("kind"):
            modifier["attacks"] = found.group("kind").strip().lower()
        return _floating(modifier, "next_action")
    found = _PREVENT.fullmatch(body)
    if found:
        return _prevent(found)
    found = _STOPS_NEXT.fullmatch(body)
    if found:
        stop = {"mod": "stop_attacks", **_attacks(found, "opponent")}
        return _floating(stop, "next_attack")
    found = _STOPS_ALL.fullmatch(body)
    if found:
        return _floating({"mod": "stop_attacks", **_attacks(found, "opponent")}, "turn")
    if _NO_CAPTURE.fullmatch(body):
        return _floating({"mod": "no_capture"}, "turn")
    found = _ALLIES.fullmatch(body)
    if found and found.group("dur") and _lasts(found.group("dur")) == "turn":
        return _floating(_allies(found), "turn")
    found = _NO_EVENTS.fullmatch(body)
    if found:
        return _floating({"mod": "no_events", **_who(found)}, "turn")
    found = _NO_ANGER.fullmatch(body)
    if found:
        return _floating({"mod": "no_anger", **_who(found)}, "turn")
    found = _REVEALED.fullmatch(body)
    if found and found.group("dur"):
        return _floating({"mod": "hand_revealed", "who": "opponent"}, "next_turn_start")
    if _SKIP.fullmatch(body):
        return _floating({"mod": "skip_action", "who": "opponent"}, "next_action")
    return (
        parse_floating_restriction(body) or parse_next_time(body) or parse_floating_play_limit(body)
    )


# --- constant rule changes ------------------------------------------------------------------
_MP_PUR = _re(rf"your (?:MP's|main personality's) PUR is \+{_N}")
_HAND_SIZE = _re(rf"your maximum hand size is \+{_N} during the discard step")
_ANGER_TO_LEVEL = _re(
    rf"(?P<who>your opponent needs|you need) {_N} (?P<less>less )?anger to advance "
    rf"(?:(?:a|your|{_THEIR}) )?(?:personality )?level"
    # "(to a minimum of 4)": the reduction never takes it below 4 (docs/rulings.md 149)
    rf"(?: \(to a minimum of (?P<min>{_NUM})\))?"
)
_ENERGY_COST = _re(rf"(?P<whose>{_OPPONENT} |your )energy attacks cost \+{_N} {_STAGES} to perform")


def parse_rule_modifier(body: str) -> Json | None:
    """A constant (CONSTANT:) rule change as an engine.panini.cards.Modifier, or None."""
    found = _CONSTANT_DAMAGE.fullmatch(body)
    if found:
        return _damage(found)
    # two damage modifiers in one sentence: "Your energy attacks do +2 stages of damage and
    # your physical attacks do +1 life card of damage."
    for cut in re.finditer(r" and (?=your |all )", body, re.IGNORECASE):
        first = _CONSTANT_DAMAGE.fullmatch(body[: cut.start()])
        second = _CONSTANT_DAMAGE.fullmatch(body[cut.end() :])
        if first and second:
            both = [_damage(first), _damage(second)]
            return {"each": both} if None not in both else None
    found = _STYLED.fullmatch(body)
    if found and found.group("dur") is None:
        return {"mod": "styled_attacks"}
    found = _ALLIES.fullmatch(body)
    if found and found.group("dur") is None:
        return _allies(found)
    found = _MP_PUR.fullmatch(body)
    if found:
        return {"mod": "mp_pur", "amount": _number(found.group(1))}
    found = _HAND_SIZE.fullmatch(body)
    if found:
        return {"mod": "hand_size", "amount": _number(found.group(1))}
    found = _ANGER_TO_LEVEL.fullmatch(body)
    if found:
        anger: Json = {
            "mod": "anger_discount" if found.group("less") else "anger_to_level",
            "amount": _number(found.group(2)),
        }
        if found.group("who").lower() != "you need":
            anger["who"] = "opponent"
        if found.group("min"):
            if not found.group("less"):
                return None  # a minimum only bounds a reduction
            anger["minimum"] = _number(found.group("min"))
        return anger
    found = _REVEALED.fullmatch(body)
    if found and not found.group("dur"):
        return {"mod": "hand_revealed", "who": "opponent"}
    found = _ENERGY_COST.fullmatch(body)
    if found:
        cost: Json = {"mod": "energy_cost", "amount": _number(found.group(2))}
        if found.group("whose").strip().lower() != "your":
            cost["who"] = "opponent"
        return cost
    return (
        parse_constant_restriction(body)
        or parse_constant_play_limit(body)
        or parse_constant_next_time(body)
    )
