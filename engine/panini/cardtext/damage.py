"""An attack's damage read term by term, and what its own sentences add to it.

- `DAMAGE:` lines the fixed table (engine.panini.cardtext.patterns.DAMAGE) does not hold: sums of
  terms, each `AT`, a number or `X`, signed `+` / `-` after the first, grouped by the unit
  word that closes them ("AT +3 stages and +2 life cards", "3 life cards + 3 stages",
  "6 - X stages", "X stages and X life cards"). At most one AT and one X a unit, at most
  two units; "or" (a choice), "/" and anything else leave the line to players. An attack
  dealing both stages and life cards: engine.panini.combat.damage_parts (docs/rulings.md 83).
- "This attack deals +3 life cards (of damage).": `attack_deals` (engine.panini.attack_bonus), in
  an attack's own sentences.
"""

from __future__ import annotations

import re
from typing import Any

from engine.panini.cardtext.patterns import number

Json = dict[str, Any]
_IC = re.IGNORECASE

_NUMBER = r"\d+|one|two|three|four|five|six|seven|eight|nine|ten"
# One token at a time; anything between tokens but spaces fails the line.
_TOKEN = re.compile(
    rf"\s*(?:(?P<sign>[+-])|(?P<and>and)\b|(?P<at>AT)\b|(?P<x>X)\b|(?P<n>{_NUMBER})\b"
    r"|(?P<stages>(?:power )?stages?)\b|(?P<life>life cards?)\b)",
    _IC,
)


def _tokens(body: str) -> list[tuple[str, str]] | None:
    tokens: list[tuple[str, str]] = []
    at = 0
    while at < len(body):
        found = _TOKEN.match(body, at)
        if found is None or found.end() == at:
            return None if body[at:].strip() else tokens
        kind = found.lastgroup
        assert kind is not None
        tokens.append((kind, found.group(kind)))
        at = found.end()
    return tokens


_FOR_EACH = re.compile(
    rf"(.+?) ?\+ ?({_NUMBER}) (?:(?:power )?(stages?)|(life cards?)) for each (.+)", _IC
)


def parse_damage_terms(body: str) -> Json | None:
    """ "AT +3 stages and +2 life cards" -> {kind: at, amount: 3, also: {kind: life,
    amount: 2}}; a last term "+4 stages for each <thing> <where>" (`each`, `per`) adds to
    the part of its unit. None unless the whole line is read."""
    found = _FOR_EACH.fullmatch(body)
    if found is None:
        return _terms(body)
    from engine.panini.cardtext.patterns import parse_damage

    damage, per = parse_damage(found.group(1)), for_each(found.group(5))
    if damage is None or per is None:
        return None
    unit = "stages" if found.group(3) else "life"
    parts = [damage, *([damage["also"]] if "also" in damage else [])]
    part = next((p for p in parts if (p["kind"] in ("at", "stages")) == (unit == "stages")), None)
    if part is None or "per" in part:
        return None
    part.update({"each": number(found.group(2)), "per": per})
    return damage


def _terms(body: str) -> Json | None:
    tokens = _tokens(body)
    if not tokens:
        return None
    parts: list[Json] = []
    terms: list[tuple[int, str, str]] = []  # (sign, kind, word) since the last unit
    sign: int | None = None
    joined = True  # a term may start the line, or follow "+", "-" or "and"
    for kind, word in tokens:
        if kind == "sign":
            if sign is not None:
                return None
            sign = -1 if word == "-" else 1
            joined = True
        elif kind == "and":
            if sign is not None or terms or not parts:  # only between two units
                return None
            joined = True
        elif kind in ("at", "x", "n"):
            if not joined:
                return None  # "AT 2 stages": a term after the first needs its sign
            terms.append((sign or 1, kind, word))
            sign, joined = None, False
        else:  # a unit closes the terms before it
            if not terms or sign is not None:
                return None
            part = _part(terms, kind)
            if part is None:
                return None
            parts.append(part)
            terms, joined = [], False
    if sign is not None:
        return None
    if terms:  # "4 life cards + AT": a bare AT is AT stages (2016 GLOSSARY "AT")
        if {kind for _, kind, _ in terms} != {"at"} or any(sign < 0 for sign, _, _ in terms):
            return None
        part = _part(terms, "stages")  # "AT +AT" (normalised from "AT +AT stages"): twice
        if part is None:
            return None
        parts.append(part)
    return _combine(parts)


def _part(terms: list[tuple[int, str, str]], unit: str) -> Json | None:
    """One unit's terms: at most one AT (never taken off; "AT +AT": twice, ruling 318),
    one X, numbers summed."""
    kinds = [kind for _, kind, _ in terms]
    if kinds.count("at") > 2 or kinds.count("x") > 1:
        return None
    amount = 0
    part: Json = {}
    for sign, kind, word in terms:
        if kind == "at":
            if sign < 0:
                return None
            part["at"] = True
        elif kind == "x":
            part["minus_x" if sign < 0 else "plus_x"] = True
        else:
            amount += sign * number(word)
    if amount < 0:
        return None
    at = part.pop("at", False)
    kind = ("at" if at else "stages") if unit == "stages" else ("at_life" if at else "life")
    if kinds.count("at") == 2:
        part["at_times"] = 2
    return {"kind": kind, "amount": amount, "unit": unit, **part}


def _combine(parts: list[Json]) -> Json | None:
    """Parts of one unit are one sum ("5 life cards + X life cards"); two units at most."""
    by_unit: dict[str, Json] = {}
    for part in parts:
        unit = part.pop("unit")
        if unit not in by_unit:
            by_unit[unit] = part
            continue
        first = by_unit[unit]
        if part["kind"] != unit or {"plus_x", "minus_x"} & set(first) & set(part):
            return None  # a second AT or X in the same unit
        first["amount"] += part["amount"]
        first.update({k: v for k, v in part.items() if k not in ("kind", "amount")})
    if not by_unit or any(p.get("minus_x") and p.get("plus_x") for p in by_unit.values()):
        return None
    ordered = list(by_unit.values())  # as printed: the first part carries the second
    counted = {"plus_x", "minus_x", "each", "per"}
    if len(ordered) == 2 and any(counted & set(part) for part in ordered):
        # a count in a two-part damage would be counted again for the second part, after
        # the first (the stages, dealt first) changed what it counts ("X stages and X life
        # cards. X = the power stages your opponent's MP is above 0."): left for players
        return None
    damage = _clean(ordered[0])
    if len(ordered) == 2:
        damage["also"] = _clean(ordered[1])
    return damage


def _clean(part: Json) -> Json:
    return {k: v for k, v in part.items() if v or k in ("kind", "amount")}


def damage_uses_x(damage: Json) -> bool:
    """Whether a DAMAGE line needs the card's X (so a readable "X = ..." sentence)."""
    also = damage.get("also")
    return bool(damage.get("plus_x") or damage.get("minus_x") or (also and damage_uses_x(also)))


# --- "This attack deals +3 life cards of damage." ----------------------------------------
_DEALS = re.compile(
    rf"(?:have )?this attack (?:deals|does|deal|do) (?:an additional )?\+({_NUMBER}|X) "
    r"(?:(?:power )?(stages?)|(life cards?))(?: of damage)?(?: for each (.+))?",
    _IC,
)


def parse_attack_deals(body: str) -> Json | None:
    found = _DEALS.fullmatch(body)
    if found is None:
        return None
    unit = "stages" if found.group(2) else "life"
    amount = found.group(1)
    effect: Json = {"do": "attack_deals", "unit": unit}
    if amount.upper() == "X":
        effect["x"] = True
    else:
        effect["amount"] = number(amount)
    if found.group(4):
        per = for_each(found.group(4))
        if per is None or effect.get("x"):
            return None
        effect["per"] = per
    return effect


# "for each Drill in play" is "the number of Drills in play" (engine.panini.cardtext.counting)
_PLURALS = [
    (re.compile(r"\bally\b", _IC), "Allies"),
    (re.compile(r"\bpersonality\b", _IC), "personalities"),
    (re.compile(r"\bcopy of\b", _IC), "copies of"),
    (re.compile(r"\b(card|drill|setup|event|dragon ball)\b", _IC), r"\1s"),
]


def for_each(phrase: str, results: bool = False) -> Json | None:
    """ "Drill in play", "card with 'Android' in the title in your discard pile" -> the
    Quantity counting them, or None."""
    from engine.panini.cardtext.quantities import parse_quantity  # it builds on this module

    phrase = re.sub(r"'([^']+)'", r'"\1"', phrase)  # 'Android' -> "Android"
    parts = re.split(r'("[^"]*")', phrase)  # words inside quotes are a title: kept
    for n in range(0, len(parts), 2):
        for pattern, plural in _PLURALS:
            parts[n] = pattern.sub(plural, parts[n])
    quantity = parse_quantity("the number of " + "".join(parts))
    # "for each Drill destroyed": what the sentence before did, only where asked
    # (engine.panini.cardtext.counting.check_for_each checks that sentence)
    if quantity is None or set(quantity) & {"times", "plus", "maximum", "subtract_from", "_his"}:
        return None
    return quantity if results or "_after" not in quantity else None


# --- "Damage from this attack cannot be redirected." -----------------------------------------
_REDIRECT = re.compile(
    r"damage (?:from|for|of) this attack cannot be redirected(?: or (prevented|modified))?"
    r"|this attack cannot have its damage redirected(?: or (prevented|modified))?",
    _IC,
)


def parse_redirect_flags(body: str) -> Json | None:
    """Attack flags: `no_redirect` (2016 ALLIES DURING COMBAT: "you may have an Ally lose
    those stages instead" is refused), with "or prevented / modified"."""
    found = _REDIRECT.fullmatch(body)
    if found is None:
        return None
    flags: Json = {"no_redirect": True}
    also = (found.group(1) or found.group(2) or "").lower()
    if also:
        flags["unpreventable" if also == "prevented" else "unmodifiable"] = True
    return flags


# --- "... are considered to deal critical damage this combat." --------------------------------
_WHICH = r"(?P<styled>non-styled |styled )?(?P<kind>physical |energy )?"
_CRITICAL = re.compile(
    # a stopped attack deals no damage, so "successful" may go unsaid
    rf"(?P<pre>for the remainder of combat,? )?(?:all of your|all your|your) "
    rf"(?:successful )?{_WHICH}attacks(?: that (?:deal|do) "
    rf"(?:at least (?P<least>{_NUMBER})|(?P<more>{_NUMBER}) or more) life cards? of damage)?"
    r" are considered to deal critical damage"
    r"(?P<dur> this combat| for the remainder of combat)?",
    _IC,
)
# "the next attack" is used up by that attack even if it is stopped; "your next successful
# attack" (the next one that is not) is engine.panini.cardtext.next_attack.parse_successful
_NEXT_CRITICAL = re.compile(
    rf"(?P<lead>your next|the next) {_WHICH}attack(?P<perform> you perform)? this combat "
    r"is considered to deal critical damage",
    _IC,
)


def parse_critical(body: str) -> Json | None:
    """A floating `critical` modifier: the attacks it is about deal Critical Damage with
    `amount` life cards or more (2016 CRITICAL DAMAGE; docs/rulings.md 86)."""
    found = _CRITICAL.fullmatch(body)
    if found is not None:
        if bool(found.group("pre")) == bool(found.group("dur")):
            return None  # how long must be said, once
        least = found.group("least") or found.group("more")
        modifier = {"mod": "critical", "amount": number(least) if least else 0, **_which(found)}
        return {"do": "until_end_of_turn", "modifier": modifier}
    found = _NEXT_CRITICAL.fullmatch(body)
    if found is not None and (found.group("lead").lower() == "your next") != bool(
        found.group("perform")
    ):
        modifier = {"mod": "critical", **_which(found)}
        return {"do": "until_end_of_turn", "modifier": modifier, "lasts": "next_attack"}
    return None


def _which(found: re.Match[str]) -> Json:
    which: Json = {}
    if found.group("kind"):
        which["attacks"] = found.group("kind").strip().lower()
    if found.group("styled"):
        which["styled"] = found.group("styled").strip().lower() == "styled"
    return which


# --- "Damage from your Styled energy attacks cannot be prevented this combat." ----------------
_UNPREVENTABLE = re.compile(
    rf"(?:damage from your {_WHICH}attacks cannot be prevented"
    rf"|your {_WHICH.replace('(?P<', '(?P<o_')}attacks cannot have their damage prevented)"
    r" (?:this combat|this turn|for the remainder of (?:the )?combat)",
    _IC,
)


def parse_unpreventable(body: str) -> Json | None:
    """The floating `unpreventable` modifier about Styled / non-Styled attacks (the plain
    forms are engine.panini.cardtext.after_use's; docs/rulings.md 88)."""
    found = _UNPREVENTABLE.fullmatch(body)
    if found is None:
        return None
    styled = found.group("styled") or found.group("o_styled")
    kind = found.group("kind") or found.group("o_kind")
    if not styled:
        return None
    modifier: Json = {"mod": "unpreventable", "styled": styled.strip().lower() == "styled"}
    if kind:
        modifier["attacks"] = kind.strip().lower()
    return {"do": "until_end_of_turn", "modifier": modifier}


# --- "Your AT damage is considered to be 4 for your Styled attacks (this combat)." ------------
_AT_VALUE = re.compile(
    # "your AT damage ... for your attacks" (yours), "AT damage ... for all attacks" (every
    # player's attacks, each with its attacker's AT)
    rf"(?:your AT damage is considered to be ({_NUMBER}) for your "
    rf"|AT damage is considered to be (?P<all>{_NUMBER}) for all ){_WHICH}attacks"
    r"(?P<dur> this combat| for the remainder of combat)?",
    _IC,
)


def parse_at_value(body: str, constant: bool) -> Json | None:
    """The `at_value` modifier: a constant (no duration), or a floating effect (this
    combat); docs/rulings.md 83."""
    found = _AT_VALUE.fullmatch(body)
    if found is None or constant == bool(found.group("dur")):
        return None
    amount = number(found.group(1) or found.group("all"))
    modifier = {"mod": "at_value", "amount": amount, **_which(found)}
    if found.group("all"):
        modifier["who"] = "both"
    return modifier if constant else {"do": "until_end_of_turn", "modifier": modifier}


# --- "Prevent 3 life cards and 3 stages of damage from an attack." ----------------------------
_PREVENT_BOTH = re.compile(
    rf"prevents? ({_NUMBER}) (?:life cards? and ({_NUMBER}) (?:power )?stages?"
    rf"|(?:power )?stages? and ({_NUMBER}) life cards?) of damage from an attack",
    _IC,
)


def parse_prevent_both(body: str) -> Json | None:
    """A defense preventing as much of each part of an attack's damage (`each_part`); two
    different amounts are not read."""
    found = _PREVENT_BOTH.fullmatch(body)
    if found is None:
        return None
    first, second = number(found.group(1)), number(found.group(2) or found.group(3))
    if first != second or first == 0:
        return None
    return {"against": "any", "prevent": first, "each_part": True}
