"""Sentences that forbid a player something for a while or for good (engine.panini.modifiers):
"Endurance cannot be used this combat.", "Your opponent cannot use Endurance.", "Setups
cannot be used this turn.", "Players cannot use Setups.", "Your opponent cannot gain stages
this combat.", "Your opponent cannot use critical damage effects this combat.", "CONSTANT:
You cannot win by MPPV." (docs/rulings.md 120); "Effects that end combat cannot be used.",
"Effects that Rejuvenate cards cannot be used.", "Allies cannot have damage redirected to
them.", "You cannot declare combat.", "Your opponent must declare combat.", "CONSTANT: Your
Dragon Balls cannot be captured." (docs/rulings.md 195-196).

One sentence = who (you, your opponent, players, or nobody named: everyone) + what they
cannot do + how long (a duration: a floating effect; none: a constant one, read only in a
CONSTANT: section). Whole sentences only.
"""

from __future__ import annotations

import re
from typing import Any

from engine.panini.cardtext.silenced import parse_constant_silence, parse_floating_silence

Json = dict[str, Any]

_CANNOT = r"(?:cannot|can't|may not)"
_WHO = r"(?P<who>your opponent|you|players|each player)"
_DURATION = (
    r"(?P<dur>this combat|this turn|for the remainder of combat|for the rest of combat"
    r"|until the end of (?:the|this) turn|until the end of your next turn)"
)
_NEXT_TURN = "until the end of your next turn"

_EFFECTS = r"(?:card )?effects that"
_THEIR = r"(?:their|your|his|her|his or her)"
_LEVELS = (
    r"(?:(?P<verb>advance or lower|advance|lower) (?:(?:an|one) MP|a personality|MPs) "
    r"(?:1|one) or more levels|(?P<verb2>advance or lower|advance|lower) (?:1|one) or more "
    r"MP levels)"
)
_LEVEL_MODS = {"advance": "no_level_advance", "lower": "no_level_lower",
               "advance or lower": "no_level_change"}  # fmt: skip
_WHICH = r"(?P<styled>styled |non-styled )?(?P<kind>physical |energy )?"
_SELF = "self"  # a fixed `who`: the card's controller, whatever the sentence names

# (pattern of the sentence without its duration, the modifier it makes[, its fixed who])
_FORBIDDEN: list[tuple[re.Pattern[str], str] | tuple[re.Pattern[str], str, str]] = [
    (re.compile(r"endurance " + _CANNOT + r" be used", re.I), "no_endurance"),
    (re.compile(rf"{_WHO} {_CANNOT} use endurance", re.I), "no_endurance"),
    # "... on your Styled attacks": only against those (engine.panini.after_use.endurance_allowed)
    (
        re.compile(
            rf"(?P<who>your opponent) {_CANNOT} use endurance (?:on|against) "
            rf"your {_WHICH}attacks",
            re.I,
        ),
        "no_endurance",
    ),
    (re.compile(r"setups " + _CANNOT + r" be used", re.I), "no_setups"),
    (re.compile(rf"{_WHO} {_CANNOT} use setups", re.I), "no_setups"),
    (re.compile(rf"{_WHO} {_CANNOT} gain (?:power )?stages", re.I), "no_gain_stages"),
    (re.compile(rf"{_WHO} {_CANNOT} use critical damage effects", re.I), "no_critical"),
    (re.compile(rf"{_WHO} {_CANNOT} win (?:the game )?by MPPV", re.I), "no_mppv"),
    # 2016 GLOSSARY "Effects": an effect that cannot be used does nothing (engine.panini.ending)
    (re.compile(rf"{_EFFECTS} end (?:the )?combat {_CANNOT} be used", re.I), "no_end_combat"),
    # 2016 GLOSSARY "Rejuvenate"; the Rejuvenation Step is a rule, not an effect
    (
        re.compile(
            rf"{_EFFECTS} rejuvenate (?:a |any )?(?:cards?|one or more cards) "
            rf"{_CANNOT} be used",
            re.I,
        ),
        "no_rejuvenate",
    ),
    # destroying is discarding from the Life Deck by an effect, not damage (2016 GLOSSARY
    # "Gaining/losing stages"; engine.panini.forbidden.destroy_forbidden)
    (
        re.compile(
            rf"{_EFFECTS} destroy (?:cards|a card|one or more cards) from (?:the top of )?"
            rf"(?:a player's|any player's|a|any) life deck {_CANNOT} be used",
            re.I,
        ),
        "no_life_destroy",
    ),
    # 2016 ALLIES DURING COMBAT: stage damage may be redirected to an Ally
    (
        re.compile(rf"allies {_CANNOT} have (?:stage )?damage redirected to them", re.I),
        "no_redirect",
    ),
    # 2016 THE COMBAT STEP: the active player "may" declare combat; these take the choice
    (re.compile(rf"{_WHO} {_CANNOT} declare combat", re.I), "no_declare"),
    (re.compile(rf"{_WHO} must declare combat", re.I), "must_declare"),
    # 2016 THE COMBAT STEP "Use a Power" (activating a Setup is an Action; ruling 202)
    (
        re.compile(
            rf"{_WHO} {_CANNOT} use (?:a setup|setups) as {_THEIR} first action"
            r"(?: in combat| of combat| each combat)?",
            re.I,
        ),
        "no_setup_first",
    ),
    # 2016 ANGER note: effects that advance / lower an MP (docs/rulings.md 201)
    (
        re.compile(
            rf"{_WHO} {_CANNOT} use (?:card )?effects (?:that (?:would )?|to ){_LEVELS}", re.I
        ),
        "level",
    ),
    (re.compile(rf"(?:card )?effects that (?:would )?{_LEVELS} {_CANNOT} be used", re.I), "level"),
    # 2016 GLOSSARY "Dragon Balls" (capture by critical damage): the controller's own
    (re.compile(r"your dragon balls (?:cannot|can't) be captured", re.I), "no_capture", _SELF),
]
_WITH_DURATION = re.compile(rf"(?P<body>.+?),? {_DURATION}", re.I)
_DURATION_FIRST = re.compile(rf"{_DURATION}, (?P<body>.+)", re.I)


def _restriction(body: str) -> Json | None:
    for pattern, mod, *fixed in _FORBIDDEN:
        found = pattern.fullmatch(body)
        if found is None:
            continue
        who = (found.groupdict().get("who") or "").lower()
        modifier: Json = {"mod": mod}
        if mod == "level":  # which way the forbidden effects move the MP
            verb = found.group("verb") or found.group("verb2")
            modifier["mod"] = _LEVEL_MODS[verb.lower()]
        if fixed:
            return modifier  # who: self, the default
        if who in ("", "players", "each player"):
            modifier["who"] = "both"
        elif who == "your opponent":
            modifier["who"] = "opponent"
        groups = found.groupdict()
        if groups.get("styled"):
            modifier["styled"] = groups["styled"].strip().lower() == "styled"
        if groups.get("kind"):
            modifier["attacks"] = groups["kind"].strip().lower()
        return modifier
    return None


_KINDS = {"setups": "setup", "drills": "drill", "allies": "ally", "dragon balls": "dragon_ball"}
_PROTECTED = re.compile(
    r"your (?P<other>other )?(?P<kind>setups|drills|allies|dragon balls)(?: in play)? "
    rf"{_CANNOT} be destroyed or banished"
    r"(?P<by> by your opponent'?s (?:card )?effects)?",
    re.I,
)


def _protected(body: str, constant: bool) -> Json | None:
    """ "Your other Allies cannot be destroyed or banished by your opponent's card
    effects." (docs/rulings.md 203): "other" only on a card in play (a constant)."""
    found = _PROTECTED.fullmatch(body)
    if found is None or (found.group("other") and not constant):
        return None
    modifier: Json = {"mod": "protected", "card_types": [_KINDS[found.group("kind").lower()]]}
    if found.group("by"):
        modifier["by_opponent"] = True
    if found.group("other"):
        modifier["other"] = True
    return modifier


def parse_floating_restriction(body: str) -> Json | None:
    """ "<restriction> this combat." -> an until_end_of_turn effect, or None."""
    silence = parse_floating_silence(body)
    if silence is not None:
        return silence
    found = _WITH_DURATION.fullmatch(body) or _DURATION_FIRST.fullmatch(body)
    if found is None:
        return None
    modifier = _restriction(found.group("body")) or _protected(found.group("body"), False)
    if modifier is None or modifier["mod"] == "no_mppv":
        # "... You cannot win by MPPV this turn." after an effect that may win: the game would
        # end before the restriction is read; such text stays for players, whole
        return None
    effect: Json = {"do": "until_end_of_turn", "modifier": modifier}
    if found.group("dur").lower() == _NEXT_TURN:
        effect["lasts"] = "next_turn"
    return effect


def parse_constant_restriction(body: str) -> Json | None:
    """ "<restriction>." with no duration, under CONSTANT: -> a Modifier, or None."""
    return _restriction(body) or parse_constant_silence(body) or _protected(body, True)
