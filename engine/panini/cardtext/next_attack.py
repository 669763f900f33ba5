"""The next attack, stops and prevention for a while (panini.next_attack, panini.modifiers;
docs/rulings.md 155-158):

- costs: "<next attack> has its power stage cost reduced to 0.", "You do not have to pay
  power stage costs for <next attack>." (`no_attack_cost`), "<next attack> costs +1 stage
  (to perform)." (`attack_cost`), all `lasts: next_attack`;
- stops: "Stop your opponent's next energy attack this combat.", "Stop all energy attacks
  this combat.", "Also stops a physical attack in your opponent's next action."
  (`stop_attacks`);
- prevention: "Prevent all damage from the next non-Styled attack your opponent performs
  this combat.", "Prevent all damage from your opponent's attacks in his next action this
  combat." (`prevent`, every stage and life card);
- one next attack, several changes: "<next attack> has its power stage cost reduced to 0
  and its damage cannot be prevented." (parse_compound: each part read whole with the
  subject said again).

<next attack> is "your next [Styled|non-Styled] [physical|energy] attack this combat", "the
next ... attack you perform this combat", or the opponent's ("your opponent's next ...",
"the next ... attack your opponent performs this combat"): "this combat" must be said, or
the next attack could be a later turn's. Whole sentences only; anything else stays unread.
"""

from __future__ import annotations

import re
from typing import Any

from engine.panini.cards import PREVENT_ALL

Json = dict[str, Any]

_NUM = r"\d+|one|two|three|four|five|six|seven|eight|nine|ten"
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
          "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}  # fmt: skip
_THEIR = r"(?:his|her|their|his or her|his/her)"
_OPP = r"your opponent'?s"


def _which(n: int) -> str:
    return rf"(?P<styled{n}>non-styled |styled )?(?P<kind{n}>physical |energy )?"


# whose next attack: groups styledN / kindN say which, `opp` whose
_SUBJECT = (
    rf"(?:your next {_which(1)}attack this combat"
    rf"|the next {_which(2)}attack you perform this combat"
    rf"|(?P<opp>{_OPP} next {_which(3)}attack this combat"
    rf"|the next {_which(4)}attack your opponent performs this combat))"
)


def _re(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def _filters(found: re.Match[str]) -> Json:
    """attacks / styled of whichever subject matched."""
    fields: Json = {}
    for n in range(1, 5):
        kind, styled = found.group(f"kind{n}"), found.group(f"styled{n}")
        if kind:
            fields["attacks"] = kind.strip().lower()
        if styled:
            fields["styled"] = styled.strip().lower() == "styled"
    return fields


def _next(modifier: Json, found: re.Match[str], lasts: str = "next_attack") -> Json:
    if found.group("opp"):
        modifier = {**modifier, "who": "opponent"}
    return {"do": "until_end_of_turn", "modifier": {**modifier, **_filters(found)}, "lasts": lasts}


# --- what the next attack costs (2016 "Energy Attacks": most cost power stages) -------------
_REDUCED = _re(rf"{_SUBJECT} has its (?:power stage )?cost reduced to (?:0|zero)")
_NO_PAY = _re(
    r"you (?:do not|don't) (?:have|need) to pay (?:the |any )?power stage costs? "
    rf"(?:for|of) {_SUBJECT}"
)
_COSTS = _re(rf"{_SUBJECT} costs (?P<sign>[+-])(?P<n>{_NUM}) (?:power )?stages?(?: to perform)?")


def _cost(body: str) -> Json | None:
    found = _REDUCED.fullmatch(body) or _NO_PAY.fullmatch(body)
    if found is not None:
        return _next({"mod": "no_attack_cost"}, found)
    found = _COSTS.fullmatch(body)
    if found is None:
        return None
    word = found.group("n")
    amount = int(word) if word.isdigit() else _WORDS[word.lower()]
    if amount == 0:
        return None
    sign = -1 if found.group("sign") == "-" else 1
    return _next({"mod": "attack_cost", "amount": sign * amount}, found)


# --- stops (2016 HOW ATTACK AND DEFENSE CARDS WORK: a stopped attack deals no damage) -------
_STOP_NEXT = _re(rf"stops? {_SUBJECT}")
# "Stop all energy attacks this combat." (every player's, ruling 156), "... of your opponent's"
_STOP_ALL = _re(
    rf"stops? all (?:(?P<opp>of {_OPP}|{_OPP}) )?{_which(1)}attacks "
    r"(?:this combat|for the remainder of combat)"
)
# "Also stops a physical attack in your opponent's next action [this combat]." (ruling 157)
_STOP_ACTION = _re(
    rf"(?:also )?stops? (?:an?|one|the|all|any) {_which(1)}attacks? (?:performed )?in {_OPP} "
    rf"next action(?: this combat)?"
)


def _stop(body: str) -> Json | None:
    found = _STOP_NEXT.fullmatch(body)
    if found is not None:
        if not found.group("opp"):
            return None  # "stop your next attack": not a stop of the opponent's
        return _next({"mod": "stop_attacks"}, found)
    found = _STOP_ALL.fullmatch(body)
    if found is not None:
        modifier = {"mod": "stop_attacks", "who": "opponent" if found.group("opp") else "both"}
        return {"do": "until_end_of_turn", "modifier": {**modifier, **_filters1(found)}}
    found = _STOP_ACTION.fullmatch(body)
    if found is not None:
        modifier = {"mod": "stop_attacks", "who": "opponent", **_filters1(found)}
        return {"do": "until_end_of_turn", "modifier": modifier, "lasts": "next_action"}
    return None


def _filters1(found: re.Match[str]) -> Json:
    fields: Json = {}
    if found.group("kind1"):
        fields["attacks"] = found.group("kind1").strip().lower()
    if found.group("styled1"):
        fields["styled"] = found.group("styled1").strip().lower() == "styled"
    return fields


# --- all damage prevented (2016 GLOSSARY "Prevent") -----------------------------------------
_ALL = {"stages": PREVENT_ALL, "life": PREVENT_ALL}
_PREVENT_NEXT = _re(rf"prevent all damage from {_SUBJECT}")
_PREVENT_ACTION = _re(
    rf"prevent all damage from (?:all of )?{_OPP} {_which(1)}attacks in {_THEIR} next action"
    r"(?: this combat)?"
)


def _prevent(body: str) -> Json | None:
    found = _PREVENT_NEXT.fullmatch(body)
    if found is not None:
        # only the opponent's attacks: "prevent ... your next attack" would harm you
        return _next({"mod": "prevent", **_ALL}, found) if found.group("opp") else None
    found = _PREVENT_ACTION.fullmatch(body)
    if found is not None:
        modifier = {"mod": "prevent", "who": "opponent", **_ALL, **_filters1(found)}
        return {"do": "until_end_of_turn", "modifier": modifier, "lasts": "next_action"}
    return None


def parse_next_attack(body: str) -> Json | None:
    """A next-attack cost, a stop or all damage prevented for a while, a damage change by X,
    or None."""
    from engine.panini.cardtext.patterns import parse_effect  # it builds on this module

    return (
        _cost(body)
        or _stop(body)
        or _prevent(body)
        or _by_x(body)
        or parse_successful(body, parse_effect)
        or _stoppers(body, parse_effect)
        or _from_hand(body)
    )


# "Attacks can only be stopped by cards played from the hand this combat." (ruling 163): the
# cards the engine lets a player play from the hand against an attack (engine.panini.combat.
# HAND_DEFENSE_TYPES); Setups, Drills and Powers in play are not
_FROM_HAND = _re(
    rf"(?P<whose>your |{_OPP} |all )?{_which(1)}attacks can only be stopped by cards played "
    r"from (?:the|a player's|their) hand (?:this combat|for the remainder of combat)"
)
_HAND_TYPES = ["physical_combat", "energy_combat", "event"]


def _from_hand(body: str) -> Json | None:
    found = _FROM_HAND.fullmatch(body)
    if found is None:
        return None
    whose = (found.group("whose") or "").strip().lower()
    who = "self" if whose == "your" else "both" if whose in ("", "all") else "opponent"
    modifier: Json = {"mod": "stopped_only_by", "card_types": _HAND_TYPES, **_filters1(found)}
    if who != "self":
        modifier["who"] = who
    return {"do": "until_end_of_turn", "modifier": modifier}


# "Your opponent cannot play Events that stop attacks this combat." (ruling 162)
_THAT_STOP = _re(r"(?P<head>.+ cannot play .+?) that stop (?:attacks|an attack) (?P<dur>.+)")


def _stoppers(body: str, parse_effect: Any) -> Json | None:
    found = _THAT_STOP.fullmatch(body)
    if found is None:
        return None
    effect = parse_effect(f"{found.group('head')} {found.group('dur')}")
    if effect is None or effect.get("do") != "until_end_of_turn":
        return None
    modifier = effect["modifier"]
    if modifier["mod"] == "no_events":  # "cannot play Events": as a `no_play` of Events
        modifier = {**modifier, "mod": "no_play", "card_types": ["event"]}
    if modifier["mod"] != "no_play" or set(effect) - {"do", "modifier", "lasts"}:
        return None
    return {**effect, "modifier": {**modifier, "stoppers": True}}


# --- X stages / life cards for a while: "Your next attack this combat deals +X stages of
# damage.", "Prevent X stages of damage from your opponent's attacks this combat." --------
_X_AMOUNT = re.compile(r"(?<![\w'])([+-]?)X(?= (?:power )?stages?\b| life cards?\b)")
_OTHER_NUMBER = re.compile(rf"\b(?:\d+|{_NUM})\b", re.IGNORECASE)


def _by_x(body: str) -> Json | None:
    """Every amount of the sentence is X: read as 1, then the effect's `x` scales the
    modifier's stages and life cards by X as it resolves (engine.panini.next_attack.times_x;
    docs/rulings.md 159). Another number beside X stays unread ("+X stages and +2 life")."""
    if not _X_AMOUNT.search(body) or _OTHER_NUMBER.search(_X_AMOUNT.sub("", body)):
        return None
    from engine.panini.cardtext.patterns import parse_effect  # it builds on this module

    effect = parse_effect(_X_AMOUNT.sub(lambda m: f"{m.group(1)}1", body))
    if effect is None or effect.get("do") != "until_end_of_turn" or effect.get("x"):
        return None
    modifier = effect["modifier"]
    amounts = [modifier.get(unit, 0) for unit in ("stages", "life")]
    if modifier["mod"] not in ("damage", "prevent") or {abs(a) for a in amounts} - {0, 1}:
        return None
    return {**effect, "x": True}


# --- one next attack, several changes --------------------------------------------------------
_COMPOUND = _re(rf"(?P<subject>{_SUBJECT}) (?P<rest>.+)")
_AND = re.compile(r",? and ", re.IGNORECASE)
_ITS_DAMAGE = _re(r"its damage (?P<how>cannot be (?:prevented|modified))")
# "cannot have its damage modified nor prevented": two changes, each said whole (ruling 321)
_BOTH = _re(
    r"(?P<head>.+) cannot have its damage (?P<a>prevented|modified),? (?:or|nor|and) "
    r"(?P<b>prevented|modified)"
)
_FOR_IT = _re(r"(?P<pay>you (?:do not|don't) (?:have|need) to pay .+ (?:for|of)) it")


def parse_compound(body: str, parse_effect: Any) -> list[Json] | None:
    """ "The next attack you perform this combat has its power stage cost reduced to 0 and its
    damage cannot be prevented.": each part with the subject said again ("its damage" as
    "damage from <subject>", "for it" as "for <subject>"), read whole by `parse_effect`;
    every part must be a change to that same next attack."""
    successful = _SUCCESSFUL.fullmatch(body.strip())
    if successful is not None:  # "your next successful attack ... and ..." (ruling 161)
        each = parse_compound(f"{successful.group('head')}{successful.group('rest')}",
                              parse_effect)  # fmt: skip
        if each is None or any(e["modifier"]["mod"] not in _AFTER_STOP for e in each):
            return None
        return [{**effect, "successful": True} for effect in each]
    both = _BOTH.fullmatch(body.strip())
    if both is not None and both.group("a").lower() != both.group("b").lower():
        head, first, second = both.group("head"), both.group("a"), both.group("b")
        body = f"{head} cannot have its damage {first} and its damage cannot be {second}"
    found = _COMPOUND.fullmatch(body.strip())
    if found is None:
        return None
    subject, parts = found.group("subject"), _AND.split(found.group("rest"))
    if len(parts) < 2:
        return None
    effects: list[Json] = []
    for part in parts:
        its = _ITS_DAMAGE.fullmatch(part)
        for_it = _FOR_IT.fullmatch(part)
        if its is not None:
            sentence = f"damage from {subject} {its.group('how')}"
        elif for_it is not None:
            sentence = f"{for_it.group('pay')} {subject}"
        else:
            sentence = f"{subject} {part}"
        effect = parse_effect(sentence)
        if effect is None or effect.get("lasts") != "next_attack":
            return None
        effects.append(effect if not effects else {**effect, "if_you_do": True})
    return effects


# --- defenses: "POWER: Stop a physical or energy attack.", "POWER: Destroy the top 2 cards of
# your Life Deck to prevent all damage from an energy attack." (docs/rulings.md 160) -------
_STOP_ONE = _re(r"stop (?P<rest>(?:an?|one) .*attack)")
_TO = re.compile(r"\s+to\s+", re.IGNORECASE)
_YOU_MAY = _re(r"you may (?P<rest>.+)")


def parse_defense(body: str, defense_of: Any, parse_effect: Any) -> Json | None:
    """A defense said in the imperative ("Stop a physical attack": a Power's own words for
    "Stops ..."), or "[You may] <cost> to <defense>" (`cost`: paid as it is used, offered
    only when it can be paid in full), or None. `defense_of`: patterns.parse_defense."""
    found = _STOP_ONE.fullmatch(body)
    if found is not None:
        return defense_of(f"stops {found.group('rest')}")  # type: ignore[no-any-return]
    may = _YOU_MAY.fullmatch(body)
    rest = may.group("rest") if may else body
    for cut in _TO.finditer(rest):
        tail = rest[cut.end() :]
        defense = defense_of(tail) or parse_defense(tail, defense_of, lambda _: None)
        if defense is None or defense.get("cost"):
            continue
        cost = parse_effect(rest[: cut.start()])
        flags = ("may", "if_you_do", "if", "x", "cost", "lasts")
        if cost is None or any(cost.get(flag) for flag in flags):
            return None
        if cost.get("do") == "until_end_of_turn":
            return None  # a rule change is no cost
        return {**defense, "cost": [{**cost, "cost": True}]}
    return None


# --- "your next successful attack": the next attack that is not stopped (2016 HOW ATTACK AND
# DEFENSE CARDS WORK: "Attacks that are not stopped deal damage and perform any HIT effects")
_SUCCESSFUL = _re(r"(?P<head>your next )successful (?P<rest>.+)")
# what only matters once the attack is not stopped: its damage, its HIT, critical damage
_AFTER_STOP = {"critical", "unpreventable", "unmodifiable", "damage", "grant", "damage_banished"}


def parse_successful(body: str, parse_effect: Any) -> Json | None:
    """ "Your next successful attack this combat is considered to deal critical damage.":
    the next-attack effect with `successful` (a stopped attack leaves it for the next one;
    ruling 161), or None."""
    found = _SUCCESSFUL.fullmatch(body)
    if found is None:
        return None
    effect = parse_effect(f"{found.group('head')}{found.group('rest')}")
    if (
        effect is None
        or effect.get("lasts") != "next_attack"
        or effect["modifier"]["mod"] not in _AFTER_STOP
        or effect["modifier"].get("who", "self") != "self"
    ):
        return None
    return {**effect, "successful": True}


# --- "Stops an energy attack, Search your discard pile for ...": a comma for a full stop ----
_SPLICE = re.compile(r"(?P<head>[^,]+),\s+(?P<tail>[A-Z].*)", re.DOTALL)


def comma_splice(sentence: str, defense_of: Any) -> list[str] | None:
    """[defense, next sentence] when a defense is followed by a comma and a new sentence
    (its capital letter says so), else None: the printed comma stands for a full stop."""
    found = _SPLICE.fullmatch(sentence.strip())
    if found is None or defense_of(found.group("head").strip()) is None:
        return None
    return [f"{found.group('head').strip()}.", found.group("tail")]
