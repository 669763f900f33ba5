"""Plain effect sentences the older tables lack (docs/card-format.md "Plain effects"):
anger set to a level or moved without the word "levels", levels advanced or lowered by
several, either way or for both players, the opponent gaining stages.
Each pattern matches the whole sentence body."""

from __future__ import annotations

import re

from engine.panini.cardtext.patterns import NX, OPP, STAGES, THEIR, Json, N, number

_I = re.IGNORECASE
_WHOSE = rf"(your|{OPP}|a player'?s)"
# "Raise your anger 2.", "Lower your opponent's anger by 1 level." (2016 ANGER)
_ANGER = re.compile(rf"(raise|lower|raise or lower) {_WHOSE} anger (?:by )?{NX}(?: levels?)?", _I)
# "Set your anger to 3.", "Both players set their anger level to 0."
_SET_ANGER = re.compile(rf"set {_WHOSE} anger(?: level)? to {N}", _I)
_SET_BOTH = re.compile(
    rf"(?:both players set their|set both players'|set each player's) anger(?: levels?)? to {N}",
    _I)  # fmt: skip
# "Advance or lower your opponent's MP 2 levels.", "Lower both players' MPs one
# personality level." (2016 ANGER note: an effect advances or lowers a level)
_MP = r"(?:MP|main personality)"
_LEVEL = re.compile(
    rf"(advance|lower|advance or lower) (your {_MP}|{OPP} {_MP}|both players' {_MP}s?) "
    rf"(up to )?{N} (?:personality )?levels?",
    _I,
)
# "Set your MP to its 0 power stage.", "Lower your MP to his 2 power stage.", "Set your
# MP's power level to 0." (stage 0: a power level is the number on a stage, only 0 is both);
# "Set your opponent's power level to 0.": a player's power level is his MP's (2016
# GLOSSARY "Power Level")
_SET_STAGE = re.compile(
    rf"(set|lower|raise) (your|{OPP}) {_MP} to (?:its|{THEIR}) {N} power stage"
    rf"|(set) (your|{OPP}) (?:{_MP}'s )?power (?:level|stage) to (0)",
    _I,
)
# "Raise your anger up to 2 levels.", "You may lower your anger (by) any amount."
_ANGER_UP_TO = re.compile(
    r"(raise|lower) your anger (?:up to (\d+|one|two|three|four|five) levels?|(?:by )?any amount)",
    _I,
)
_TO_LEVEL = re.compile(
    rf"(advance|lower|advance or lower) (your|{OPP}) {_MP} to level (1|2|3|4|one|two|three|four)",
    _I,
)
_SHUFFLE = re.compile(r"shuffle your (?:life )?deck", _I)
# "Capture an Earth Dragon Ball without using its immediate effects."
_CAPTURE = re.compile(
    r"capture an? (?:(earth|namek) )?dragon ball"
    r"( without using (?:its|their) (?:immediate )?effects?)?",
    _I,
)
_END_COMBAT = re.compile(r"end (?:the )?combat", _I)
_OPP_GAINS = re.compile(rf"your opponent gains {NX} {STAGES}", _I)
# "All of your opponent's personalities lose 2 stages.", "All Allies in play lose 1 stage."
_ALL_STAGES = re.compile(
    rf"(?:all (?:of )?)?(your|{OPP}) (personalities|allies) (gain|lose) {N} {STAGES}"
    rf"|all (personalities|allies) in play (gain|lose) {N} {STAGES}",
    _I,
)
# "Raise a personality / an Ally to its highest power stage." (one of the player's own:
# 2016 GLOSSARY "Gaining/losing stages", "any one personality you control")
_TOP = re.compile(
    rf"raise (a personality|an ally|one of your personalities|one of your allies) "
    rf"to (?:its|{THEIR}) highest power stage",
    _I,
)


def _whose(word: str) -> str:
    word = word.lower()
    return "self" if word == "your" else "either" if word.startswith("a player") else "opponent"


def _amount(word: str) -> Json:
    return {"x": True} if word == "X" else {"amount": number(word)}


def _anger(m: re.Match[str]) -> Json:
    verb, whose, amount = m.group(1).lower(), _whose(m.group(2)), _amount(m.group(3))
    if " or " in verb or whose == "either":
        if "x" in amount:
            return {}
        return {"do": "change_anger", **amount, "players": whose,
                "direction": "either" if " or " in verb else verb}  # fmt: skip
    effect: Json = {"do": f"{verb}_anger", **amount}
    return effect if whose == "self" else {**effect, "who": whose}


def _level(m: re.Match[str]) -> Json:
    verb, whose, amount = m.group(1).lower(), m.group(2).lower(), number(m.group(4))
    direction = "either" if " or " in verb else verb
    effect: Json = {"do": "change_level", "amount": amount, "direction": direction}
    if m.group(3):
        effect["up_to"] = True
    elif amount == 1 and direction != "either" and not whose.startswith("both"):
        effect = {"do": f"{verb}_level"}  # the older one-level effects
    if whose.startswith("both"):
        effect["both"] = True
    elif whose.startswith("your opponent"):
        effect["who"] = "opponent"
    return effect


def _all_stages(m: re.Match[str]) -> Json:
    whose: str | None = m.group(1)
    kind, verb, amount = m.group(2, 3, 4) if whose else m.group(5, 6, 7)
    effect: Json = {"do": "all_stages", "amount": number(amount)}
    if verb.lower() == "gain":
        effect["gain"] = True
    if kind.lower() == "allies":
        effect["allies_only"] = True
    if whose is None:
        effect["both"] = True
    elif whose.lower() != "your":
        effect["who"] = "opponent"
    return effect


def parse_plain(body: str) -> Json | None:
    found = _ANGER.fullmatch(body)
    if found:
        return _anger(found) or None
    found = _SET_ANGER.fullmatch(body)
    if found:
        whose = _whose(found.group(1))
        if whose == "either":
            return None
        effect: Json = {"do": "set_anger", "level": number(found.group(2))}
        return effect if whose == "self" else {**effect, "who": whose}
    found = _SET_BOTH.fullmatch(body)
    if found:
        return {"do": "set_anger", "level": number(found.group(1)), "both": True}
    found = _LEVEL.fullmatch(body)
    if found:
        return _level(found)
    found = _ALL_STAGES.fullmatch(body)
    if found:
        return _all_stages(found)
    found = _TOP.fullmatch(body)
    if found:
        ally = "all" in found.group(1).lower()
        return {"do": "set_stage_max", "personality": "ally" if ally else "chosen"}
    found = _SET_STAGE.fullmatch(body)
    if found:
        verb, whose, stage = found.group(1, 2, 3) if found.group(1) else found.group(4, 5, 6)
        effect = {"do": "set_stage", "stage": number(stage)}
        if verb.lower() != "set":
            effect["direction"] = verb.lower()
        return effect if whose.lower() == "your" else {**effect, "who": "opponent"}
    found = _ANGER_UP_TO.fullmatch(body)
    if found:
        effect = {"do": "anger_up_to", "direction": found.group(1).lower()}
        if found.group(2):
            return {**effect, "amount": number(found.group(2))}
        return effect if effect["direction"] == "lower" else None  # any amount: lowering only
    found = _TO_LEVEL.fullmatch(body)
    if found:
        verb = found.group(1).lower()
        effect = {"do": "change_level", "direction": "either" if " or " in verb else verb,
                  "to_level": number(found.group(3))}  # fmt: skip
        return effect if found.group(2).lower() == "your" else {**effect, "who": "opponent"}
    found = _CAPTURE.fullmatch(body)
    if found:
        effect = {"do": "capture_dragon_ball"}
        if found.group(1):
            effect["dragon_ball_set"] = found.group(1).lower()
        return {**effect, "no_effects": True} if found.group(2) else effect
    if _SHUFFLE.fullmatch(body):
        return {"do": "shuffle_life_deck"}
    if _END_COMBAT.fullmatch(body):
        return {"do": "end_combat"}
    found = _OPP_GAINS.fullmatch(body)
    if found:
        return {"do": "gain_stages", **_amount(found.group(1)), "who": "opponent"}
    return None
