"""Conditions read compositionally ("If <condition>, ...", "Use only if <condition>"): a
subject (you, your opponent, your / your opponent's MP, the attacking or defending
personality), a quantity (cards in hand, cards controlled, anger, level, power level) and a
comparison (N or more, more than N, no, a, more than you, higher than ...), or what a
player did this combat / turn (engine.panini.history), negated or not, and two conditions joined
by "and" / "or". Compiled into engine.panini.cards.Condition (`compare`, `happened`, `all_of`,
`any_of`), evaluated by Game.holds. Like every pattern, a condition is read whole or not at
all."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from engine.panini.cardtext import patterns
from engine.panini.cardtext.patterns import OPP, N, number
from engine.panini.cardtext.quantities import zone_filter

Json = dict[str, Any]
_IC = re.IGNORECASE
_POSS = r"(?:your|his|her|his or her|their)"


def _full(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, _IC)


def parse(text: str) -> Json | None:
    """A condition, or None. Two conditions joined by "and" / "or" are tried only when the
    whole is not one condition, and both sides must be read whole."""
    text = text.strip()
    found = _atom(text)
    if found is not None:
        return found
    for cut in re.finditer(r"\s+(and|or)\s+", text, _IC):
        left, right = _single(text[: cut.start()]), _single(text[cut.end() :])
        if left is not None and right is not None:
            key = "all_of" if cut.group(1).lower() == "and" else "any_of"
            return {key: [left, right]}
    return None


def _single(text: str) -> Json | None:
    """One condition, of this module or of the older tables (patterns.CONDITIONS)."""
    found = patterns.parse_condition(text)
    return None if found is None or "all_of" in found or "any_of" in found else found


# "your MP is Goku, Gohan, or Goten": one of the names (case-sensitive, as patterns reads one)
_NAME = r"[A-Z][A-Za-z'-]*(?: [A-Z][A-Za-z'-]*)*"
_MP_AMONG = re.compile(rf"your MP is ({_NAME}(?:, {_NAME})*),? or ({_NAME})")


def _mp_among(text: str) -> Json | None:
    found = _MP_AMONG.fullmatch(text)
    if found is None:
        return None
    names = [*found.group(1).split(", "), found.group(2)]
    return {"any_of": [{"personality": name} for name in names]}


def _atom(text: str) -> Json | None:
    from engine.panini.cardtext import comparisons, identity, moved, you_moved  # they build on this

    readers = (
        _controls, _zone, _anger, _level, _power_level, _more_than, _history, _mp_among,
        _that_attack,
    )  # fmt: skip
    more = (identity.parse, moved.parse, comparisons.parse, you_moved.parse)
    return first_read((*readers, *more), text)


def first_read(readers: Iterable[Callable[[str], Json | None]], text: str) -> Json | None:
    """What the first reader that reads `text` makes of it (the condition modules' parse)."""
    for reader in readers:
        found = reader(text)
        if found is not None:
            return found
    return None


def compare(left: Json, op: str, value: int | None = None, right: Json | None = None) -> Json:
    comparison: Json = {"left": left, "op": op}
    if right is None:
        comparison["value"] = value
    else:
        comparison["right"] = right
    return {"compare": [comparison]}


def who(subject: str) -> Json:
    """ "you" / "your" -> {} (the default), the opponent -> {"who": "opponent"}."""
    return {"who": "opponent"} if "opponent" in subject.lower() else {}


# --- counts ("N or more", "more than N", "no", "a") ----------------------------------------
_COUNTS: list[tuple[re.Pattern[str], str]] = [
    (_full(rf"{N} or more"), "ge"),
    (_full(rf"at least {N}"), "ge"),
    (_full(rf"more than {N}"), "gt"),
    (_full(rf"{N} or (?:fewer|less)"), "le"),
    (_full(rf"(?:fewer|less) than {N}"), "lt"),
    (_full(rf"exactly {N}"), "eq"),
]
_COUNT = (
    rf"(?:{N} or more|at least {N}|more than {N}|{N} or (?:fewer|less)|(?:fewer|less) than {N}"
    rf"|exactly {N}|no|an?)"
)


def _count(phrase: str) -> tuple[str, int] | None:
    word = phrase.lower()
    if word == "no":
        return "eq", 0
    if word in ("a", "an"):
        return "ge", 1
    for pattern, op in _COUNTS:
        found = pattern.fullmatch(phrase)
        if found:
            amount = number(found.group(1))
            return None if op == "lt" and amount == 0 else (op, amount)  # "fewer than 0"
    return None


# cards in play a player controls: "Allies", "Styled Drills", "a non-Styled Setup"
_THINGS = {
    "ally": "allies", "allies": "allies", "setup": "setups", "setups": "setups",
    "drill": "drills", "drills": "drills", "dragon ball": "dragon_balls",
    "dragon balls": "dragon_balls", "personality": "personalities",
    "personalities": "personalities",
}  # fmt: skip
_THING = r"((?:non-)?styled )?(allies|ally|setups?|drills?|dragon balls?|personalit(?:y|ies))"


def _thing(styled: str | None, noun: str) -> Json | None:
    quantity: Json = {"of": _THINGS[noun.lower()]}
    if styled:
        if quantity["of"] == "personalities":
            return None
        quantity["styled"] = not styled.lower().startswith("non")
    return quantity


_CONTROLS = _full(rf"(you|your opponent) (?:control|controls) ({_COUNT}) {_THING}")
_IN_PLAY = _full(rf"(you|your opponent) ha(?:ve|s) ({_COUNT}) {_THING} in play")
_CONTROLS_NONE = _full(
    rf"(you|your opponent) (?:do not|does not|don'?t|doesn'?t) control (?:a|an|any) {_THING}"
)


_THERE = _full(rf"there (?:is|are) ({_COUNT}) {_THING} in play")


def _controls(text: str) -> Json | None:
    found = _THERE.fullmatch(text)
    if found:  # every player's
        count, thing = _count(found.group(1)), _thing(found.group(8), found.group(9))
        if count is None or thing is None:
            return None
        return compare({**thing, "who": "both"}, *count)
    found = _CONTROLS.fullmatch(text) or _IN_PLAY.fullmatch(text)
    if found:
        count, thing = _count(found.group(2)), _thing(found.group(9), found.group(10))
        if count is None or thing is None:
            return None
        return compare({**thing, **who(found.group(1))}, *count)
    found = _CONTROLS_NONE.fullmatch(text)
    if found:
        thing = _thing(found.group(2), found.group(3))
        return None if thing is None else compare({**thing, **who(found.group(1))}, "eq", 0)
    return None


# --- cards in a zone: hand, discard pile, Banished Zone -------------------------------------
_ZONE = _full(
    rf"(?P<who>you|your opponent) ha(?:ve|s) (?P<count>{_COUNT}) (?P<things>.+?) in {_POSS} "
    r"(?P<zone>hand|discard pile|banished zone)"
)
_ZONES = {"hand": "hand", "discard pile": "discard_pile", "banished zone": "banished"}


def _zone(text: str) -> Json | None:
    """ "you have more than 2 cards in your hand", "... 3 or more Allies in your discard
    pile": counted by card type as X counts (engine.panini.cardtext.quantities)."""
    found = _ZONE.fullmatch(text)
    if found is None:
        return None
    count, kind = _count(found.group("count")), zone_filter(found.group("things").lower())
    if count is None or kind is None:
        return None
    quantity = {"of": _ZONES[found.group("zone").lower()], **kind, **who(found.group("who"))}
    return compare(quantity, *count)


# --- anger and level ("is N", "is N or higher", "is higher than N") -------------------------
_VALUES: list[tuple[re.Pattern[str], str]] = [
    (_full(rf"{N}"), "eq"),
    (_full(rf"exactly {N}"), "eq"),
    (_full(rf"{N} or (?:more|higher|greater|above)"), "ge"),
    (_full(rf"at least {N}"), "ge"),
    (_full(rf"{N} or (?:less|lower|fewer|below)"), "le"),
    (_full(rf"(?:more|higher|greater) than {N}"), "gt"),
    (_full(rf"(?:less|lower|fewer) than {N}"), "lt"),
]


def _value(phrase: str) -> tuple[str, int] | None:
    for pattern, op in _VALUES:
        found = pattern.fullmatch(phrase)
        if found:
            return op, number(found.group(1))
    return None


_ANGER = _full(rf"(your|{OPP}) (?:current )?anger(?: level)? is (?:at )?(?:level )?(.+)")
_HAS_ANGER = _full(rf"(you|your opponent) ha(?:ve|s) ({_COUNT}) anger")


_ANGER_VS = _full(
    rf"(your|{OPP}) anger(?: level)? is (higher|lower) than (yours|{OPP}(?: anger(?: level)?)?)"
    rf"|(you|your opponent) ha(?:ve|s) (more|less) anger than (you|your opponent)(?: do| does)?"
)


def _anger_vs(text: str) -> Json | None:
    found = _ANGER_VS.fullmatch(text)
    if found is None:
        return None
    mine, relation, theirs = found.group(1, 2, 3) if found.group(1) else found.group(4, 5, 6)
    if who(mine) == who(theirs):
        return None
    op = "gt" if relation.lower() in ("higher", "more") else "lt"
    return compare({"of": "anger", **who(mine)}, op, right={"of": "anger", **who(theirs)})


def _anger(text: str) -> Json | None:
    compared = _anger_vs(text)
    if compared is not None:
        return compared
    found = _ANGER.fullmatch(text)
    if found:
        value = _value(found.group(2))
        return None if value is None else compare({"of": "anger", **who(found.group(1))}, *value)
    found = _HAS_ANGER.fullmatch(text)
    count = _count(found.group(2)) if found else None
    if found is None or count is None:
        return None
    return compare({"of": "anger", **who(found.group(1))}, *count)


_MP = rf"(your|{OPP}) (?:MP|Main Personality)"
_LEVEL = _full(rf"{_MP}(?: is|'s level is|'s current level is) (?:at )?level (.+)")
_LEVEL_IS = _full(rf"{_MP}'s (?:current )?level is (.+)")
_LEVEL_VS = _full(
    rf"{_MP}'s level is (higher|lower) than {_MP}'s level"
    rf"|{_MP} is (?:at )?a (higher|lower) (?:personality )?level than {_MP}"
)


def _level(text: str) -> Json | None:
    found = _LEVEL.fullmatch(text) or _LEVEL_IS.fullmatch(text)
    value = _value(found.group(2)) if found else None
    if found and value is not None:
        return compare({"of": "level", **who(found.group(1))}, *value)
    found = _LEVEL_VS.fullmatch(text)
    if found is None:
        return None
    mine, relation, theirs = found.group(1, 2, 3) if found.group(1) else found.group(4, 5, 6)
    if who(mine) == who(theirs):
        return None
    op = "gt" if relation.lower() == "higher" else "lt"
    return compare({"of": "level", **who(mine)}, op, right={"of": "level", **who(theirs)})


# --- power levels (2016 GLOSSARY "Power Level") --------------------------------------------
_PERSONALITY = (
    rf"your MP|{OPP} MP|your opponent's Main Personality|your Main Personality"
    r"|the attacking personality|the personality performing this attack"
    r"|the defending personality|the personality performing this block"
)
_PL_VS = _full(
    rf"({_PERSONALITY}) has a (higher|lower) power level than ({_PERSONALITY})"
    rf"|({_PERSONALITY})'s power level is (higher|lower) than ({_PERSONALITY})'s"
    r"(?: power level)?"
)
_PL_IS = _full(rf"({_PERSONALITY})'s (?:current )?power level is (.+)")


def _personality(phrase: str) -> Json:
    words = phrase.lower()
    if "attack" in words:
        return {"of": "power_level", "actor": "attacking"}
    if "defending" in words or "block" in words:  # a block is the defending personality's
        return {"of": "power_level", "actor": "defending"}
    return {"of": "power_level", **who(phrase)}


def _power_level(text: str) -> Json | None:
    found = _PL_VS.fullmatch(text)
    if found:
        left, relation, right = found.group(1, 2, 3) if found.group(1) else found.group(4, 5, 6)
        first, second = _personality(left), _personality(right)
        if first == second:
            return None
        op = "gt" if relation.lower() == "higher" else "lt"
        return compare(first, op, right=second)
    found = _PL_IS.fullmatch(text)
    value = _value(found.group(2)) if found else None
    if found is None or value is None:
        return None
    return compare(_personality(found.group(1)), *value)


# --- more / fewer than the other player ----------------------------------------------------
_MORE_THAN = _full(
    rf"(you|your opponent) (?:control|controls) (more|fewer|less) {_THING} than"
    r" (you|your opponent)(?: do| does| controls?)?"
)
_MORE_CARDS = _full(
    rf"(you|your opponent) ha(?:ve|s) (more|fewer|less) cards in {_POSS} hand than"
    rf" (you|your opponent)(?: do| does| has| have)?(?: in {_POSS} hand)?"
)


def _more_than(text: str) -> Json | None:
    found = _MORE_THAN.fullmatch(text)
    if found:
        subject, relation, other = found.group(1), found.group(2), found.group(5)
        thing = _thing(found.group(3), found.group(4))
    else:
        found = _MORE_CARDS.fullmatch(text)
        if found is None:
            return None
        subject, relation, other = found.group(1), found.group(2), found.group(3)
        thing = {"of": "hand"}
    if thing is None or who(subject) == who(other):
        return None
    op = "gt" if relation.lower() == "more" else "lt"
    return compare({**thing, **who(subject)}, op, right={**thing, **who(other)})


# --- this combat / this turn (engine.panini.history) ----------------------------------------------
_SUBJECT = rf"(you|your opponent|your MP|{OPP} MP)"
# "you have dealt", "you have not dealt", "you dealt"
_HAVE = r"(?:(?:have|has)( not)? )?"
_SCOPE = r"this (combat|turn)"
_DONE: list[tuple[re.Pattern[str], str]] = [
    (_full(rf"{_SUBJECT} {_HAVE}(?:dealt|done) critical damage {_SCOPE}"), "critical_damage"),
    (
        _full(rf"{_SUBJECT} {_HAVE}used an? critical damage effects? {_SCOPE}"),
        "critical_effect",
    ),
    (_full(rf"{_SUBJECT} {_HAVE}gained (?:power )?stages? {_SCOPE}"), "gained_stages"),
    (_full(rf"{_SUBJECT} {_HAVE}lost (?:power )?stages? {_SCOPE}"), "lost_stages"),
    (_full(rf"{_SUBJECT} {_HAVE}changed (?:personality )?levels? {_SCOPE}"), "level_changed"),
    (_full(rf"(you|your opponent) {_HAVE}raised {_POSS} anger {_SCOPE}"), "anger_raised"),
    (_full(rf"(your|{OPP}) anger ha(?:s|ve)( not)? been raised {_SCOPE}"), "anger_raised"),
    (_full(rf"(your|{OPP}) anger ha(?:s|ve)( not)? been lowered {_SCOPE}"), "anger_lowered"),
    (
        _full(rf"(you|your opponent) {_HAVE}searched {_POSS} life deck {_SCOPE}"),
        "life_deck_searched",
    ),
]
_ATTACKED = _full(
    rf"(?P<who>you|your opponent) (?:(?:have|has)(?P<not> not)? )?performed "
    r"(?:(?P<one>another|an?)"
    rf"|(?:at least (?P<least>{N})|(?P<many>{N}) or more)(?P<other> other)?) "
    r"(?P<successful>successful )?(?P<copied>copied )?(?P<styled>(?:non-)?styled )?"
    r"(?:(?P<kind>physical|energy) )?"
    rf"attacks?(?P<hand> from {_POSS} hand)? this (?P<scope>combat|turn)"
)
_PLAYED = _full(
    r"(?P<who>you|your opponent) (?:(?:have|has)(?P<not> not)? )?played an? "
    r"(?P<styled>(?:non-)?styled )?(?P<kind>card|event|physical combat card|energy combat card)"
    r"(?: with \"(?P<title>[^\"]+)\" in (?:the|its) (?:title|name))? this combat"
)
_FIRST = _full(r"this is the first card you have played this combat")
# the last Action: "your opponent passed as his last action (this combat)"
_LAST = rf"(?:as|for|in|on|during) {_POSS} last action(?: this combat)?"
_PASSED = _full(rf"(your opponent) (?:passed|passes) {_LAST}")  # yours is the one in progress
_STOPPED_LAST = _full(
    r"you stopped an attack (?:as|for|in|on|during) your opponent'?s last action(?: this combat)?"
)


def _happened(event: str, subject: str, negated: bool, scope: str, **detail: Any) -> Json:
    """At least once; negated: never."""
    check: Json = {"event": event, **who(subject), **detail}
    if scope.lower() == "turn":
        check["scope"] = "turn"
    if negated:
        check.update(op="eq", value=0)
    return {"happened": [check]}


def _attacked(found: re.Match[str]) -> Json | None:
    """ "you have performed a / another / at least 2 other (successful) (Styled) (physical)
    attack(s) (from your hand) this combat"."""
    subject, negated = found.group("who"), bool(found.group("not"))
    one, many = (found.group("one") or "").lower(), found.group("least") or found.group("many")
    another = one == "another" or bool(found.group("other"))
    count = number(many) if many else 1
    if many and negated:
        return None
    if another and ("opponent" in subject.lower() or found.group("successful")):
        return None  # "another" leaves out the attack in progress: only its attacker's
    detail: Json = {}
    if found.group("styled"):
        detail["styled"] = not found.group("styled").lower().startswith("non")
    if found.group("kind"):
        detail["attack_type"] = found.group("kind").lower()
    if found.group("hand"):
        detail["from_hand"] = True
    if found.group("copied"):  # a copy is never played from the hand (engine.panini.copies)
        if found.group("successful") or found.group("hand"):
            return None  # a hit's record does not say whether it was a copy
        detail["copied"] = True
    if another:
        detail["another"] = True
    event = "attack_hit" if found.group("successful") else "attack"
    result = _happened(event, subject, negated, found.group("scope"), **detail)
    if count != 1:
        result["happened"][0]["value"] = count
    return result


def _played(found: re.Match[str]) -> Json | None:
    """ "you have played a (Styled) card / Event / Physical Combat card (with "<words>" in
    the title) this combat": cards played from the hand in combat (docs/rulings.md 68); not
    "this turn", as cards played in the Planning Step are not recorded."""
    detail: Json = {}
    kind = patterns.card_filter(found.group("kind")) or {}  # "card": any type
    detail.update(kind)
    if found.group("styled"):
        detail["styled"] = not found.group("styled").lower().startswith("non")
    if found.group("title"):
        detail["title"] = found.group("title")
    subject, negated = found.group("who"), bool(found.group("not"))
    return _happened("card_played", subject, negated, "combat", **detail)


def _history(text: str) -> Json | None:
    for pattern, event in _DONE:
        found = pattern.fullmatch(text)
        if found:
            subject, scope = found.group(1), found.group(3)
            mp = {"mp": True} if "mp" in subject.lower().split() else {}
            if mp and event not in ("gained_stages", "lost_stages", "level_changed"):
                return None
            return _happened(event, subject, bool(found.group(2)), scope, **mp)
    found = _ATTACKED.fullmatch(text)
    if found:
        return _attacked(found)
    found = _PLAYED.fullmatch(text)
    if found:
        return _played(found)
    found = _PASSED.fullmatch(text)
    if found:
        check = {"event": "action", **who(found.group(1)), "last": True, "passed": True}
        return {"happened": [check]}
    if _STOPPED_LAST.fullmatch(text):
        check = {"event": "action", "who": "opponent", "last": True, "stopped": True}
        return {"happened": [check]}
    if _FIRST.fullmatch(text):
        # no card played this combat besides this one
        return {"happened": [{"event": "card_played", "op": "eq", "value": 0, "another": True}]}
    return None


def attack_only(data: Json) -> bool:
    """A condition part that means something only while its attack is in progress."""
    return (
        bool(data.get("another") or data.get("this_attack"))
        or data.get("actor") in ("attacking", "defending")
        or "that_attack" in data
    )


# --- "that attack" in a defense (engine.panini.conditions.that_attack) ----------------------------
_STYLES = ("black", "blue", "namekian", "orange", "red", "saiyan")
_THAT_ATTACK = _full(
    r"(?:that attack|your opponent's attack) (?:is|was) (?:an? )?(.+?)(?: card| attack)?"
)
_ATTACK_KINDS: dict[str, Json] = {
    "styled": {"styled": True},
    "non-styled": {"styled": False},
    "named": {"named": True},
    "non-named": {"named": False},
    "physical combat": {"card_types": ["physical_combat"]},
    "energy combat": {"card_types": ["energy_combat"]},
    "physical": {"attack_type": "physical"},
    "energy": {"attack_type": "energy"},
    **{style: {"style": style} for style in _STYLES},
}


def _that_attack(text: str) -> Json | None:
    """ "that attack was a Named card / non-Styled / an Energy Combat card / a physical
    attack / a Red attack": the attack a defense answers (only a defense's sentences keep
    it: engine.panini.cardtext.compiler)."""
    found = _THAT_ATTACK.fullmatch(text)
    if found is None:
        return None
    test = _ATTACK_KINDS.get(found.group(1).lower())
    if test is None:
        return None
    if "card_types" in test and not text.lower().endswith(" card"):
        return None  # "a Physical Combat attack" is not a phrase cards use
    return {"that_attack": test}


def outside_actors(data: Any) -> Any:
    """`data` without its attacking / defending personalities: a defense's sentences
    resolve during the attack it answers (2016 ATTACK TIMING SUMMARY step 3), so those
    personalities are known there; anything else bound to an attack still is not."""
    if isinstance(data, list):
        return [outside_actors(item) for item in data]
    if not isinstance(data, dict):
        return data
    return {
        key: outside_actors(value)
        for key, value in data.items()
        if not (key == "actor" and value in ("attacking", "defending")) and key != "that_attack"
    }


def names_that_attack(data: Any) -> bool:
    """ "that attack" is the attack a defense answers: outside a defense it is unread."""
    if isinstance(data, list):
        return any(names_that_attack(item) for item in data)
    if not isinstance(data, dict):
        return False
    return "that_attack" in data or any(names_that_attack(value) for value in data.values())


# for engine.panini.cardtext.identity and engine.panini.cardtext.comparisons
PERSONALITY = _PERSONALITY
personality_power_level = _personality
COUNT = _COUNT
count_of = _count


def unpunctuated(body: str, effects: Callable[[str], Any]) -> tuple[Json, Any] | None:
    """ "your MP's power level is over 9,000 both players ..." (an "If" with no comma): the
    one cut at a space where the condition and the effects are both read whole; when two
    cuts read, the sentence is ambiguous and left to players."""
    found: list[tuple[Json, Any]] = []
    for space in re.finditer(r" ", body):
        head, tail = body[: space.start()], body[space.end() :]
        # a comma, but for thousands ("over 9,000"), cuts there already (compiler._splits)
        commas = re.search(r",(?!\d{3}\b)", head)
        condition = patterns.parse_condition(head) if commas is None else None
        chain = effects(tail) if condition is not None else None
        if condition is not None and chain is not None:
            found.append((condition, chain))
    return found[0] if len(found) == 1 else None
