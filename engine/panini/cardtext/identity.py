"""Conditions on what a personality is, and more ways to say a power level or level
(engine.panini.cardtext.conditions calls `parse` after its own readers; engine.panini.identity
evaluates `personality_is`):

- "your (opponent's) MP is (not) a Saiyan / a Namekian / a Hero / a Villain / an Android
  (Personality)", "your MP has (the) NAMEKIAN (trait)", "... has NAMEKIAN or EARTHLING",
  "your MP does not have (the) SAIYAN trait";
- "your MP has 'Android' in the title (its name)"; "your MP is "Captain Ginyu"", "Nappa is
  your MP";
- "you control a Saiyan Personality" (the MP or an Ally), "you do not control ...";
- "<personality>'s power level is over / above / under / below 20,000", "the power level
  of <personality> is 0" (2016 GLOSSARY "Power Level");
- "Main Personality" for "MP", "a higher personality level" for "a higher level".

Read whole or not at all, like every condition."""

from __future__ import annotations

import re
from typing import Any

from engine.panini.cardtext import conditions
from engine.panini.cardtext.conditions import first_read
from engine.panini.cardtext.conditions import who as _who
from engine.panini.cardtext.patterns import OPP, N

Json = dict[str, Any]
_IC = re.IGNORECASE

# 2016 CARD TYPES (the Saiyan and Namekian Personalities), GLOSSARY "Alignment", and the
# traits printed on personalities
_KINDS = r"(saiyan|namekian|hero|villain|android|earthling|half-saiyan|alien|god)"
_TRAIT_WORDS = rf"(?:the )?{_KINDS}(?: trait)?"
_WHOSE = rf"(your|{OPP}) MP"

_IS_A = re.compile(
    rf"{_WHOSE} is (not )?an? {_KINDS}(?: personality)?(?: or an? {_KINDS}(?: personality)?)?",
    _IC,
)
_HAS = re.compile(
    rf"{_WHOSE} (has|does not have|doesn't have) ({_TRAIT_WORDS}(?: or {_TRAIT_WORDS})*)", _IC
)
_TITLE = re.compile(
    rf"{_WHOSE} (has|does not have|doesn't have) (?:'([^']+)'|\"([^\"]+)\"|([A-Z][\w.-]*"
    r"(?: [A-Z][\w.-]*)*)) in (?:the|its) (?:title|name)",
    _IC,
)
# a name, case-sensitive: "your MP is "Captain Ginyu"", "Nappa is your MP"
_NAME = r"[A-Z][A-Za-z.'-]*(?: [A-Z][A-Za-z.'-]*)*"
_QUOTED = re.compile(rf"(?i:{_WHOSE}) is \"({_NAME})\"")
_NAMED_FIRST = re.compile(rf"(?!(?:This|That|It|He|She|Your)\b)({_NAME}) is (?i:(your|{OPP}) MP)")
_CONTROL = re.compile(
    r"(you|your opponent) (controls?|do not control|does not control|don't control"
    rf"|doesn't control) (?:a|an|any) {_KINDS} personality",
    _IC,
)


def parse(text: str) -> Json | None:
    readers = (_is_a, _has, _title, _named, _control, _in_play, _pile_end, _power_level,
               _opponent_advanced, _synonyms)  # fmt: skip
    return first_read(readers, text)



def _test(subject: str, negated: bool = False, **test: Any) -> Json:
    if negated:
        test["negated"] = True
    return {**_who(subject), "personality_is": test}


def _is_a(text: str) -> Json | None:
    found = _IS_A.fullmatch(text)
    if found is None:
        return None
    first = _test(found.group(1), bool(found.group(2)), kind=found.group(3).lower())
    if found.group(4) is None:
        return first
    if found.group(2):
        return None  # "is not a Saiyan or a Namekian": neither? left to players
    return {"any_of": [first, _test(found.group(1), kind=found.group(4).lower())]}


def _has(text: str) -> Json | None:
    found = _HAS.fullmatch(text)
    if found is None:
        return None
    negated = found.group(2).lower() != "has"
    kinds = re.findall(_KINDS, found.group(3), _IC)
    parts = [_test(found.group(1), negated, kind=kind.lower()) for kind in kinds]
    if len(parts) == 1:
        return parts[0]
    # "does not have A or B": neither; "has A or B": either
    return {"all_of": parts} if negated else {"any_of": parts}


def _title(text: str) -> Json | None:
    found = _TITLE.fullmatch(text)
    if found is None:
        return None
    words = found.group(3) or found.group(4) or found.group(5)
    return _test(found.group(1), found.group(2).lower() != "has", title=words)


def _named(text: str) -> Json | None:
    found = _QUOTED.fullmatch(text)
    if found:
        return {**_who(found.group(1)), "personality": found.group(2)}
    found = _NAMED_FIRST.fullmatch(text)
    if found:
        return {**_who(found.group(2)), "personality": found.group(1)}
    return None


def _control(text: str) -> Json | None:
    found = _CONTROL.fullmatch(text)
    if found is None:
        return None
    negated = "not" in found.group(2).lower() or "n't" in found.group(2).lower()
    return _test(found.group(1), negated, which="any", kind=found.group(3).lower())


# --- "If Gohan or Namek Dragon Ball 5 are in play", "If you have Piccolo in play" -----------
# a title or personality, case-sensitive: capitalised words or numbers ("Android 17's Van")
_TITLE_WORD = r"[A-Z0-9][\w.'-]*"
_TITLED = rf"{_TITLE_WORD}(?: {_TITLE_WORD})*"
# what a title must not be: a kind of card or a determiner ("If Dragon Balls are in play")
_NOT_A_TITLE = re.compile(
    r"(?:(?:A|An|The|This|That|These|Those|No|Any|All|Your|His|Her|Their|Its|Each|Every|Both"
    r"|Other|Another|Styled|Named)\b.*"
    r"|.*\b(?:Dragon Balls?|Ally|Allies|Setups?|Drills?|Events?|Cards?|Personalit(?:y|ies)"
    r"|Masteries|Mastery|MPs?|Physical Combat|Energy Combat))",
)
_IS_IN_PLAY = re.compile(rf"({_TITLED}(?:, {_TITLED})*(?:,? or {_TITLED})?) (?:is|are) in play")
_HAS_IN_PLAY = re.compile(rf"(?i:(you|your opponent) (?:have|has)) ({_TITLED}) (?i:in play)")


def _titles(phrase: str) -> list[str] | None:
    names = [name for name in re.split(r",? or |, ", phrase) if name]
    if any(_NOT_A_TITLE.fullmatch(name) for name in names):
        return None
    return names


def _in_play(text: str) -> Json | None:
    found = _IS_IN_PLAY.fullmatch(text)
    if found:
        names = _titles(found.group(1))
        if names is None or (len(names) == 1 and text.endswith(" are in play")):
            return None
        return {"named_in_play": {"names": names}}
    found = _HAS_IN_PLAY.fullmatch(text)
    if found:
        names = _titles(found.group(2))
        if names is None:
            return None
        return {**_who(found.group(1)), "named_in_play": {"names": names, "whose": "self"}}
    return None


# --- "If the top card of your discard pile is a Styled attack" ----------------------------
_KINDS_OF_CARD = {
    "attack": ["physical_combat", "energy_combat"], "attack card": ["physical_combat",
    "energy_combat"], "card": [], "physical combat card": ["physical_combat"],
    "energy combat card": ["energy_combat"], "event": ["event"], "setup": ["setup"],
    "drill": ["drill"], "ally": ["ally"], "dragon ball": ["dragon_ball"],
}  # fmt: skip
_KIND = (
    r"(attack(?: card)?|card|physical combat card|energy combat card|event|setup|drill|ally"
    r"|dragon ball)"
)
_PILE_END = re.compile(
    rf"the (top|bottom) card of (your|{OPP}) discard pile is (?:(styled|non-styled)"
    rf"|an? (styled |non-styled )?(?:(black|blue|namekian|orange|red|saiyan) )?{_KIND})",
    _IC,
)


def _pile_end(text: str) -> Json | None:
    """2016 GAME ZONES: the discard pile is public, so its ends may be tested."""
    found = _PILE_END.fullmatch(text)
    if found is None:
        return None
    end, whose, alone, styled, style, kind = found.groups()
    test: Json = {"end": end.lower()}
    if alone or styled:
        test["styled"] = not (alone or styled).strip().lower().startswith("non")
    if style:
        if styled:
            return None  # "a Styled Red card": one or the other
        test["style"] = style.lower()
    if kind:
        types = _KINDS_OF_CARD[kind.lower()]
        if types:
            test["card_types"] = types
    return {**_who(whose), "discard_pile_end": test}


# --- power levels: "over 20,000", "the power level of your opponent's MP" ----------------
_AMOUNT = r"(\d{1,3}(?:,\d{3})+|\d+)"
_PL_VALUES = [
    (re.compile(rf"(?:over|above) {_AMOUNT}", _IC), "gt"),
    (re.compile(rf"(?:under|below) {_AMOUNT}", _IC), "lt"),
    (re.compile(rf"{_AMOUNT}", _IC), "eq"),
    (re.compile(rf"{_AMOUNT} or (?:more|higher|greater|above)", _IC), "ge"),
    (re.compile(rf"{_AMOUNT} or (?:less|lower|fewer|below)", _IC), "le"),
    (re.compile(rf"(?:more|higher|greater) than {_AMOUNT}", _IC), "gt"),
    (re.compile(rf"(?:less|lower|fewer) than {_AMOUNT}", _IC), "lt"),
]
_PL = re.compile(
    rf"(?:({conditions.PERSONALITY})'s (?:current )?power level"
    rf"|the (?:current )?power level of ({conditions.PERSONALITY})) is (.+)",
    _IC,
)


def _power_level(text: str) -> Json | None:
    found = _PL.fullmatch(text)
    if found is None:
        return None
    for pattern, op in _PL_VALUES:
        value = pattern.fullmatch(found.group(3))
        if value:
            amount = int(value.group(1).replace(",", ""))
            quantity = conditions.personality_power_level(found.group(1) or found.group(2))
            return conditions.compare(quantity, op, amount)
    return None


# "If your opponent advanced a personality level with this card" (Blue attacks raise the
# opponent's anger): the defender's MP level rose since the attack began (engine.panini.game.
# _advanced_this_attack), only in an attack's own sentences (after_use.attack_only)
_OPPONENT_ADVANCED = re.compile(
    r"your opponent advanced (?:a |his |her |his or her |their )?(?:personality )?level"
    r" with this card",
    _IC,
)


def _opponent_advanced(text: str) -> Json | None:
    if _OPPONENT_ADVANCED.fullmatch(text) is None:
        return None
    return {"who": "opponent", "advanced_this_attack": True}


# --- other words for the same thing ------------------------------------------------------
_ZONE_WORDS = r"(hand|discard pile|banished zone|life deck)"
# whole conditions said another way: (pattern, the usual words)
_SAID_OTHERWISE: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"(?:(your) hand is empty|there are no cards in (your) hand)", _IC),
     "you have no cards in your hand"),
    (re.compile(rf"(?:({OPP}) hand is empty|there are no cards in ({OPP}) hand)", _IC),
     "your opponent has no cards in his or her hand"),
    (re.compile(rf"your {_ZONE_WORDS} has (.+?) cards?", _IC), r"you have \2 cards in your \1"),
    (re.compile(rf"{OPP} {_ZONE_WORDS} has (.+?) cards?", _IC),
     r"your opponent has \2 cards in his or her \1"),
    (re.compile(rf"(your|{OPP}) MP is at least level {N}", _IC), r"\1 MP is level \2 or higher"),
]  # fmt: skip
_SYNONYMS = [
    (re.compile(r"\bat personality level\b", _IC), "at level"),
    (re.compile(r"\bmain personality\b", _IC), "MP"),
    (
        re.compile(r"\bis (at )?a (higher|lower) personality level than\b", _IC),
        r"is \1a \2 level than",
    ),
]


def _synonyms(text: str) -> Json | None:
    changed = text
    for whole, usual in _SAID_OTHERWISE:
        found = whole.fullmatch(changed)
        if found:
            changed = found.expand(usual)
            break
    for pattern, replacement in _SYNONYMS:
        changed = pattern.sub(replacement, changed)
    if changed == text:
        return None
    from engine.panini.cardtext.patterns import parse_condition  # it builds on this module

    return parse_condition(changed)
