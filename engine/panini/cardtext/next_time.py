"""Rule changes for the next Action(s), the next or first attack, or for a while
(engine.panini.modifiers; docs/rulings.md 130-136): "Skip your next 2 actions this combat.", "The
next non-Styled attack you perform this combat cannot have its damage prevented.", "Your
anger cannot be raised or lowered this turn.", "Your opponent's effects cannot lower your
anger.", "Your physical attacks can only be stopped by Physical Combat cards.", "The first
Styled attack you perform each combat cannot be stopped.", "Life card damage from your
attacks is banished.", "Players play with their hand revealed.", "Players can only attack or
pass in their actions this combat.", "Your Drills are not discarded when changing levels
this combat.", "Allies you control cannot perform attacks this combat.".

Read part by part: who, how many Actions, which attack, what is forbidden, how long. Whole
sentences only (engine.panini.cardtext.patterns); anything else stays unread.
"""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]

_NUM = r"\d+|one|two|three|four|five|six|seven|eight|nine|ten"
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
          "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}  # fmt: skip
_THEIR = r"(?:his|her|their|his or her|his/her)"
_COMBAT = r"(?:this combat|this turn)"
_WHICH = r"(?P<styled>non-styled |styled )?(?P<kind>physical |energy )?"


def _re(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def _number(word: str | None) -> int:
    if word is None:
        return 1
    return int(word) if word.isdigit() else _WORDS[word.lower()]


# --- skipped Actions (2016 THE COMBAT STEP "Passing": a skipped Action is a pass) -----------
# "Skip your next action this combat.", "Your opponent skips his next 2 actions this combat.",
# "Your opponent passes for his next action this turn." ("must pass" is read by floating)
_SKIP = _re(
    rf"(?:(?P<you>skip your)|your opponent (?:skips|passes for|passes) {_THEIR}) "
    rf"(?:next (?:(?P<n>{_NUM}) actions|action)(?: {_COMBAT})?|(?P<first>first) action this combat)"
)


def _skip(body: str) -> Json | None:
    found = _SKIP.fullmatch(body)
    if found is None:
        return None
    count = _number(found.group("n"))
    if count < 1:
        return None
    modifier: Json = {"mod": "skip_action"}
    if not found.group("you"):
        modifier["who"] = "opponent"
    if count > 1:
        modifier["amount"] = count  # engine.panini.modifiers.skips_action counts them down
    if found.group("first"):
        modifier["first_each_combat"] = True  # none if an Action was made (ruling 136)
    return {"do": "until_end_of_turn", "modifier": modifier, "lasts": "next_action"}


# --- the next attack: its damage cannot be prevented ----------------------------------------
# "your next attack this combat" or "the next attack you perform this combat": whose attack
# is said once, and "this combat" (otherwise the next attack could be a later turn's)
_NEXT = (
    rf"(?:(?P<your>your next) {_WHICH}attack this combat"
    rf"|the next {_WHICH.replace('P<', 'P<t_')}attack you perform this combat)"
)
_UNPREVENTABLE = _re(
    rf"(?P<from>damage from )?{_NEXT} "
    r"(?P<how>cannot have its damage (?P<its>prevented|modified)"
    r"|cannot be (?P<be>prevented|modified))"
)
# "modified": no "+" or "-" modifier applies to it (2016 GLOSSARY "Modifiers"; ruling 321)
_FLAGS = {"prevented": "unpreventable", "modified": "unmodifiable"}


def _next_unpreventable(body: str) -> Json | None:
    found = _UNPREVENTABLE.fullmatch(body)
    # "damage from ... cannot be prevented" or "... cannot have its damage prevented"
    if found is None or bool(found.group("from")) != bool(found.group("be")):
        return None
    prefix = "" if found.group("your") else "t_"
    flag = _FLAGS[(found.group("its") or found.group("be")).lower()]
    modifier: Json = {"mod": flag, **_which(found, prefix)}
    return {"do": "until_end_of_turn", "modifier": modifier, "lasts": "next_attack"}


# --- anger that cannot change (2016 ANGER) ----------------------------------------------------
# "Your anger cannot be raised or lowered this turn.", "Your opponent's anger cannot be
# lowered this combat." A cause ("by critical damage effects") is not read: stays unread.
_ANGER = _re(
    rf"(?P<whose>your|your opponent's) anger cannot be "
    rf"(?P<how>raised or lowered|lowered or raised|raised|lowered) {_COMBAT}"
)
_ANGER_MODS = {"raised": "no_anger", "lowered": "no_anger_lower"}


# "Your opponent's effects cannot lower your anger.", "Your anger cannot be lowered by
# critical damage effects this turn." (with no duration: a constant, under CONSTANT: only)
_ANGER_BY = _re(
    r"(?:(?P<opp>your opponent's (?:card )?effects) cannot lower your anger"
    r"|your anger cannot be lowered by (?:(?P<opp2>your opponent's (?:card )?effects)"
    r"|(?P<crit>critical damage effects)))"
    rf"(?: (?P<dur>{_COMBAT}|for the remainder of combat))?"
)


def _anger_by(body: str) -> tuple[Json, bool] | None:
    found = _ANGER_BY.fullmatch(body)
    if found is None:
        return None
    mod = "no_anger_lower_critical" if found.group("crit") else "no_anger_lower_opponent"
    return {"mod": mod}, bool(found.group("dur"))


def _anger(body: str) -> Json | None:
    by = _anger_by(body)
    if by is not None:
        return {"do": "until_end_of_turn", "modifier": by[0]} if by[1] else None
    found = _ANGER.fullmatch(body)
    if found is None:
        return None
    how = found.group("how").lower()
    modifier: Json = {"mod": _ANGER_MODS.get(how, "no_anger_change")}
    if found.group("whose").lower() != "your":
        modifier["who"] = "opponent"
    return {"do": "until_end_of_turn", "modifier": modifier}


# --- attacks that "can only be stopped by" some card types (2016 HOW ATTACK AND DEFENSE
# CARDS WORK; the attack's own flag is engine.panini.cardtext.after_use) ---------------------------
_ONLY_BY = r"can only be stopped by (?:an? )?(?P<list>.+?) cards?"
_NEXT_ONLY_BY = _re(rf"{_NEXT} {_ONLY_BY}")
_WHOSE = r"(?P<whose>your |your opponent's |all )"
_ATTACKS_ONLY_BY = _re(
    rf"{_WHOSE}{_WHICH}attacks {_ONLY_BY}(?: (?P<dur>this combat|this turn|for the remainder "
    r"of combat))?"
)


def _stoppers(listed: str) -> list[str] | None:
    # imported here: engine.panini.cardtext.after_use imports this module through patterns
    from engine.panini.cardtext.after_use import _stoppers as stoppers

    return stoppers(listed)


def _which(found: re.Match[str], prefix: str = "") -> Json:
    fields: Json = {}
    kind = found.group(f"{prefix}kind")
    if kind:
        fields["attacks"] = kind.strip().lower()
    styled = found.group(f"{prefix}styled")
    if styled:
        fields["styled"] = styled.strip().lower() == "styled"
    return fields


# "Your next attack this combat is considered to be Styled." (2016 CARD TYPES "Freestyle")
_NEXT_STYLED = _re(rf"{_NEXT} is considered (?:to be )?styled")


def _next_styled(body: str) -> Json | None:
    found = _NEXT_STYLED.fullmatch(body)
    prefix = "" if found is None or found.group("your") else "t_"
    if found is None or found.group(f"{prefix}styled"):
        return None  # "your next Styled attack ... is considered Styled": nothing to read
    modifier: Json = {"mod": "styled_attacks", **_which(found, prefix)}
    return {"do": "until_end_of_turn", "modifier": modifier, "lasts": "next_attack"}


def _next_only_by(body: str) -> Json | None:
    found = _NEXT_ONLY_BY.fullmatch(body)
    types = _stoppers(found.group("list")) if found else None
    if found is None or types is None:
        return None
    prefix = "" if found.group("your") else "t_"
    modifier = {"mod": "stopped_only_by", "card_types": types, **_which(found, prefix)}
    return {"do": "until_end_of_turn", "modifier": modifier, "lasts": "next_attack"}


def _attacks_only_by(body: str) -> tuple[Json, bool] | None:
    """(the modifier, whether a duration is said) for "Your physical attacks can only be
    stopped by Physical Combat cards [this combat]"."""
    found = _ATTACKS_ONLY_BY.fullmatch(body)
    types = _stoppers(found.group("list")) if found else None
    if found is None or types is None:
        return None
    modifier: Json = {"mod": "stopped_only_by", "card_types": types, **_which(found)}
    whose = found.group("whose").strip().lower()
    if whose != "your":
        modifier["who"] = "both" if whose == "all" else "opponent"
    return modifier, bool(found.group("dur"))


# "The first Styled physical attack you perform each combat cannot be stopped.", "Your
# first non-Styled attack each combat cannot have its damage prevented." (constants)
_FIRST = _re(
    rf"(?:(?P<your>your first) {_WHICH}attack each combat"
    rf"|the first {_WHICH.replace('P<', 'P<t_')}attack you perform each combat) "
    r"(?P<what>cannot be stopped|cannot have its damage prevented)"
)


def _first(body: str) -> Json | None:
    found = _FIRST.fullmatch(body)
    if found is None:
        return None
    mod = "unstoppable" if found.group("what").lower() == "cannot be stopped" else "unpreventable"
    return {"mod": mod, **_which(found, "" if found.group("your") else "t_"),
            "first_each_combat": True}  # fmt: skip


# "For the remainder of combat, life card damage from your attacks is banished." (the
# attack's own "Damage from this attack is banished." is engine.panini.cardtext.after_use)
_BANISHED = _re(
    r"(?P<pre>for the remainder of combat, )?(?:life card )?damage from "
    rf"(?P<whose>your |your opponent's |all )?{_WHICH}attacks is banished"
    r"(?: (?P<dur>this combat|this turn|for the remainder of combat))?"
)


def _banished(body: str) -> tuple[Json, bool] | None:
    found = _BANISHED.fullmatch(body)
    if found is None or (found.group("pre") and found.group("dur")):
        return None
    modifier: Json = {"mod": "damage_banished", **_which(found)}
    whose = (found.group("whose") or "").strip().lower()
    if whose != "your":
        modifier["who"] = "opponent" if whose == "your opponent's" else "both"
    return modifier, bool(found.group("pre") or found.group("dur"))


# "Play with your hand revealed this turn.", "Players play with their hand revealed." (the
# opponent's, until the start of your next turn or for good, is engine.panini.cardtext.floating)
_REVEALED = _re(
    rf"(?:(?P<you>(?:you )?play with your)|(?P<opp>your opponent plays with {_THEIR})"
    rf"|(?P<both>players play with their|each player plays with {_THEIR})) hand revealed"
    r"(?: (?P<dur>this turn|this combat"
    r"|until the end of (?:this|the) turn|until the end of your next turn))?"
)


def _revealed(body: str) -> tuple[Json, str | None] | None:
    found = _REVEALED.fullmatch(body)
    if found is None:
        return None
    modifier: Json = {"mod": "hand_revealed"}
    if found.group("opp"):
        modifier["who"] = "opponent"
    elif found.group("both"):
        modifier["who"] = "both"
    duration = (found.group("dur") or "").lower()
    lasts = None if not duration else "next_turn" if "next" in duration else "turn"
    return modifier, lasts


# "Your Drills are not discarded when changing levels this combat." (2016 "Drills": they
# are discarded whenever the MP advances or lowers a level)
_DRILLS_KEPT = _re(
    r"(?P<whose>your|your opponent's) drills are not discarded when (?:changing levels|"
    r"(?:you|your mp|(?P<opp>your opponent|his mp)) (?:changes? levels|advances? or lowers? "
    r"(?:a )?(?:personality )?levels?))"
    rf"(?: (?P<dur>{_COMBAT}|for the remainder of combat))?"
)


def _drills_kept(body: str) -> tuple[Json, bool] | None:
    found = _DRILLS_KEPT.fullmatch(body)
    if found is None or bool(found.group("opp")) != (found.group("whose").lower() != "your"):
        return None  # whose Drills and who changes levels must agree
    modifier: Json = {"mod": "drills_kept"}
    if found.group("opp"):
        modifier["who"] = "opponent"
    return modifier, bool(found.group("dur"))


def parse_constant_next_time(body: str) -> Json | None:
    """ "CONSTANT: Your physical attacks can only be stopped by Physical Combat cards." """
    found = (
        _attacks_only_by(body)
        or _anger_by(body)
        or _banished(body)
        or _revealed(body)
        or _drills_kept(body)
    )
    if found is not None:
        return found[0] if not found[1] else None
    return _first(body)


# "Players can only attack or pass in their actions this combat.", "Your opponent can only
# attack or pass in his next action this combat." (2016 THE COMBAT STEP: an Action is an
# attack, an Event, a Setup or a Power, or a pass)
_ATTACK_OR_PASS = _re(
    rf"(?:(?P<players>players) can only attack or pass in their actions"
    r"|(?P<you>you) can only attack or pass in your (?P<next1>next action|actions)"
    rf"|(?P<opp>your opponent) can only attack or pass in {_THEIR} (?P<next2>next action|actions))"
    rf" {_COMBAT}"
)


def _attack_or_pass(body: str) -> Json | None:
    found = _ATTACK_OR_PASS.fullmatch(body)
    if found is None:
        return None
    modifier: Json = {"mod": "attacks_only"}
    if found.group("players"):
        modifier["who"] = "both"
    elif found.group("opp"):
        modifier["who"] = "opponent"
    effect: Json = {"do": "until_end_of_turn", "modifier": modifier}
    if (found.group("next1") or found.group("next2") or "").lower() == "next action":
        effect["lasts"] = "next_action"
    return effect


# "Allies you control cannot perform attacks this combat." (2016 GLOSSARY "Ally": Allies
# make Actions, attacks among them)
_ALLY_ATTACKS = _re(
    r"(?:(?P<yours>allies you control|your allies)|(?P<opp>allies your opponent controls|"
    r"your opponent's allies)|(?P<all>allies)) (?:cannot|can't|may not) (?:perform|make) "
    rf"attacks {_COMBAT}"
)


def _ally_attacks(body: str) -> Json | None:
    found = _ALLY_ATTACKS.fullmatch(body)
    if found is None:
        return None
    modifier: Json = {"mod": "no_ally_attacks"}
    if found.group("opp"):
        modifier["who"] = "opponent"
    elif found.group("all"):
        modifier["who"] = "both"
    return {"do": "until_end_of_turn", "modifier": modifier}


def parse_next_time(body: str) -> Json | None:
    """A floating rule change of this module, or None."""
    for while_ in (_attacks_only_by(body), _banished(body), _drills_kept(body)):
        if while_ is not None and while_[1]:
            return {"do": "until_end_of_turn", "modifier": while_[0]}
    revealed = _revealed(body)
    if revealed is not None and revealed[1] is not None:
        effect: Json = {"do": "until_end_of_turn", "modifier": revealed[0]}
        return effect if revealed[1] == "turn" else {**effect, "lasts": revealed[1]}
    return (
        _skip(body)
        or _next_unpreventable(body)
        or _anger(body)
        or _next_only_by(body)
        or _attack_or_pass(body)
        or _ally_attacks(body)
        or _next_styled(body)
    )
