""" "X = the number of <things> <where>" read phrase by phrase (engine.panini.cards.Quantity;
engine.panini.quantities counts it as the sentence resolves, docs/rulings.md 44 and 84).

    things: [your] [Styled | non-Styled] ["<words>"] [Earth | Namek] [<Name> Named]
            <Allies | Drills | Setups | Dragon Balls | personalities | <type> cards | cards>
            [with Endurance | with "<words>" in the title]
          | different card types                      (a zone only: each type counted once)
    where:  in play | you control | you have in play | your opponent controls
          | in your (opponent's) <zone> [and <zone>]  (hand, discard pile, Banished Zone)
            [with "<words>" in the title]

and "your (opponent's) PUR", "the number of life cards that (this) attack dealt" (`twice`
...), "the number of power stages your (opponent's) MP is above N",
"the number of cards attached to your MP", and what the sentence before did ("the number of
Allies you destroyed", "... banished this way", "... Dragon Balls revealed": results_unfounded
checks that sentence). A phrase with anything else ("Saiyans": a race the card files seldom
record, "his Banished Zone": whose is not said) is not read, so its X sentences stay for
players.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Protocol

from engine.panini.cardtext import attack_self
from engine.panini.cardtext.patterns import N, number

Json = dict[str, Any]
_IC = re.IGNORECASE
_NUMBER_WORDS = r"\d+|one|two|three|four|five|six|seven|eight|nine|ten"
# "his" / "her" / "their": the opponent's, read only where the sentence using X is about
# the opponent (results_unfounded; docs/rulings.md 84)
_WHOSE = r"(your|your opponent's|his or her|his|her|their)"
_PRONOUN = re.compile(r"\b(?:his|her|their)\b", _IC)
_ZONE = r"(?:hand|discard pile|banished zone)"
_ZONES = {"hand": "hand", "discard pile": "discard_pile", "banished zone": "banished"}

_NUMBER_OF = re.compile(
    rf"(?:the )?number of (?P<mine>your )?(?P<things>.+?) (?P<where>in play|you control"
    rf"|you have in play|your opponent controls|in {_WHOSE} (?P<zones>{_ZONE}"
    rf"(?:(?:,| and| or) (?:your )?{_ZONE})*))(?: with (?P<title>\"[^\"]+\") in the title)?",
    _IC,
)
_PUR = re.compile(rf"{_WHOSE} (?:MP's )?PUR", _IC)
_ABOVE = re.compile(rf"the number of (?:power )?stages {_WHOSE} MP is above {N}", _IC)
_ATTACHED = re.compile(rf"the number of cards attached to {_WHOSE} MP", _IC)

_IN_PLAY = {"dragon balls": "dragon_balls", "allies": "allies", "drills": "drills",
            "setups": "setups", "personalities": "personalities"}  # fmt: skip
_THING = re.compile(
    r"(?:(?P<styled>styled|non-styled) )?(?:(?P<quoted>\"[^\"]+\") )?"
    r"(?:(?P<set>earth|namek) (?=dragon balls?))?"
    r"(?:(?P<named>(?-i:[A-Z][\w.'-]*(?: [A-Z][\w.'-]*)*)) named (?=cards?))?(?P<kind>.+?)"
    r"(?: with (?:(?P<endurance>endurance)|(?P<title>\"[^\"]+\") in the title))?",
    _IC,
)


def _who(whose: str) -> str:
    return "self" if whose.lower() == "your" else "opponent"


_DEALT = re.compile(
    r"the (?:number of life cards|amount of life card damage) (?:that|this) attack dealt", _IC
)
_TWICE = re.compile(r"twice (.+)", _IC)


# "the number of Allies you destroyed", "the number of cards banished this way", "the
# number of Dragon Balls (you) revealed": what the sentence just before did (checked by
# results_unfounded; engine.panini.quantities counts engine.panini.state.GameState.results)
_RESULT = re.compile(
    r"(?:the )?number of (?P<things>.+?) (?:you (?P<verb>destroyed|banished|discarded|revealed)"
    r"|(?P<verb2>destroyed|banished|discarded|revealed)(?: this way)?)",
    _IC,
)


def _result(found: re.Match[str]) -> Json | None:
    thing = _THING.fullmatch(found.group("things"))
    if thing is None or thing.group("named"):
        return None
    filters = _filters(thing, None)
    kind = _zone_kind(thing.group("kind"))
    if filters is None or kind is None:
        return None
    verb = (found.group("verb") or found.group("verb2")).lower()
    return {"of": "moved", **kind, **filters, "_after": verb}


def _did(after: str, effects: list[Json]) -> bool:
    """Whether the last of `effects` is what `after` says was done."""
    if not effects:
        return False
    last = effects[-1]
    if after == "revealed":
        return last == {"do": "reveal_hand"}
    if after in ("paid", "lowered"):  # "stages paid", "the amount lowered"
        return attack_self.did_amount(after, last)
    wanted = {"destroyed": "discard", "discarded": "discard", "banished": "banish"}[after]
    sources = {"destroyed": ("in_play", "life_deck"), "discarded": ("hand",)}.get(
        after, ("in_play", "life_deck", "hand", "discard_pile")
    )
    return last.get("do") == "move" and last.get("to") == wanted and last.get("source") in sources


class _Clause(Protocol):
    kind: str
    data: Json

    @property
    def effects(self) -> list[Json]: ...


def _markers(data: Any) -> bool:
    if isinstance(data, list):
        return any(_markers(item) for item in data)
    if not isinstance(data, dict):
        return False
    return "_after" in data or "_his" in data or any(map(_markers, data.values()))


def check_for_each(clauses: Sequence[_Clause]) -> None:
    """ "For each card destroyed, gain 1 stage." (`per` counting what "this way" moved) is
    read only right after the sentence that did it (as results_unfounded for X); elsewhere
    the sentence is left to players."""
    before: list[Json] = []
    for clause in clauses:
        if clause.kind == "keyword":
            continue
        if _markers(clause.data) or _markers(clause.effects):
            pers = [e["per"] for e in clause.effects if isinstance(e.get("per"), dict)]
            if (
                clause.kind == "effect"
                and pers
                and all(_did(q.get("_after", ""), before) for q in pers if "_after" in q)
            ):
                for quantity in pers:
                    quantity.pop("_after", None)
            if _markers(clause.data) or _markers(clause.effects):
                clause.kind = "unknown"
        before = clause.effects


# "For each card destroyed, gain 1 stage.", "For each Drill you control, draw a card."
_FOR_EACH = re.compile(r"for each (.+?), (.+)", _IC)


def parse_for_each(body: str) -> Json | None:
    """An effect with an amount, done that many times the count (`per`)."""
    from engine.panini.cardtext.damage import for_each
    from engine.panini.cardtext.patterns import parse_effect

    found = _FOR_EACH.fullmatch(body)
    if found is None:
        return None
    per, effect = for_each(found.group(1), results=True), parse_effect(found.group(2))
    if per is None or effect is None or not isinstance(effect.get("amount"), int):
        return None
    if set(effect) & {"x", "per", "may", "if", "if_you_do", "every", "up_to"}:
        return None
    return {**effect, "per": per}


def results_unfounded(
    definition: Json, clauses: list[tuple[str, list[Json]]], uses: list[bool]
) -> bool:
    """A definition of X counting what "this way" moved (`_after`, taken off here) needs
    the sentence just before the first one using X to do that: "You may destroy any amount
    of Allies you control. Raise your anger X levels." Otherwise X is not read."""
    after = definition["x"].pop("_after", None)
    his = definition["x"].pop("_his", False)
    first = next((n for n, used in enumerate(uses) if used), None)
    if his and (first is None or not any(e.get("who") == "opponent" for e in clauses[first][1])):
        return True  # "his": only in a sentence about the opponent
    if after is None:
        return False
    if not first:  # not used, or nothing before it
        return first is not None
    return not _did(after, clauses[first - 1][1])


def parse_count(text: str) -> Json | None:
    found = _count_of(text)
    if found is not None and _PRONOUN.search(re.sub(r'"[^"]*"', "", text)):
        return {**found, "_his": True}
    return found


_MINUS = re.compile(rf"({_NUMBER_WORDS}) - (.+)", _IC)
_HIS_ANGER = re.compile(r"(?:his or her|his|her|their) current anger(?: level)?", _IC)


def _count_of(text: str) -> Json | None:
    from engine.panini.cardtext.quantities import parse_quantity  # it builds on this module

    found = _MINUS.fullmatch(text)
    if found:  # "6 - his current anger"
        inner = parse_quantity(found.group(2))
        if inner is None or set(inner) & {"subtract_from", "maximum"}:
            return None
        return {**inner, "subtract_from": number(found.group(1))}
    if _HIS_ANGER.fullmatch(text):
        return {"of": "anger", "who": "opponent"}

    found = _RESULT.fullmatch(text)
    if found:
        return _result(found)

    found = _TWICE.fullmatch(text)
    if found:
        inner = parse_quantity(found.group(1))
        return None if inner is None or "times" in inner else {**inner, "times": 2}
    if _DEALT.fullmatch(text):
        return {"of": "attack_life_cards"}
    found = _PUR.fullmatch(text)
    if found:
        return _with_who({"of": "pur"}, _who(found.group(1)))
    found = _ABOVE.fullmatch(text)
    if found:
        amount = number(found.group(2))
        quantity = _with_who({"of": "stage"}, _who(found.group(1)))
        return {**quantity, "plus": -amount} if amount else quantity
    found = _ATTACHED.fullmatch(text)
    if found:
        return _with_who({"of": "attached"}, _who(found.group(1)))
    found = _NUMBER_OF.fullmatch(text)
    return None if found is None else _number_of(found)


def _with_who(quantity: Json, who: str) -> Json:
    return quantity if who == "self" else {**quantity, "who": who}


_COPIES = re.compile(r"copies of (?P<title>(?-i:[A-Z]).+)", _IC)


def _number_of(found: re.Match[str]) -> Json | None:
    where = found.group("where").lower()
    things = found.group("things")
    zones = found.group("zones")
    copies = _COPIES.fullmatch(things)
    if copies:  # "copies of Saiyan Headbutt": by printed title, in zones (as deck limits)
        if zones is None or found.group("mine") or found.group("title"):
            return None
        return _in_zones({"title_is": copies.group("title")}, found.group(4), zones)
    if things.lower() == "different card types":
        if zones is None or found.group("mine") or found.group("title"):
            return None
        return _in_zones({"distinct_types": True}, found.group(4), zones)
    thing = _THING.fullmatch(things)
    if thing is None or (thing.group("title") and found.group("title")):
        return None
    filters = _filters(thing, found.group("title"))
    if filters is None:
        return None
    if zones is not None:
        if found.group("mine"):
            return None  # "your Allies in your discard pile": said twice
        kind = _zone_kind(thing.group("kind"))
        return None if kind is None else _in_zones({**kind, **filters}, found.group(4), zones)
    of = _IN_PLAY.get(thing.group("kind").lower())
    if of is None or ("dragon_ball_set" in filters and of != "dragon_balls"):
        return None
    if filters.get("named") or filters.get("endurance"):
        return None  # Named cards and Endurance are counted in zones only
    who = {"in play": "both", "your opponent controls": "opponent"}.get(where, "self")
    if found.group("mine"):
        if where != "in play":
            return None  # "your Allies you control"
        who = "self"
    return _with_who({"of": of, **filters}, who)


def _filters(thing: re.Match[str], title_after: str | None) -> Json | None:
    filters: Json = {}
    if thing.group("styled"):
        filters["styled"] = thing.group("styled").lower() == "styled"
    titles = [t for t in (thing.group("quoted"), thing.group("title"), title_after) if t]
    if len(titles) > 1:
        return None
    if titles:
        filters["title_has"] = titles[0][1:-1].strip()
    if thing.group("set"):
        filters["dragon_ball_set"] = thing.group("set").capitalize()
    if thing.group("named"):
        filters["named"] = thing.group("named")
    if thing.group("endurance"):
        filters["endurance"] = True
    return filters


def _zone_kind(kind: str) -> Json | None:
    from engine.panini.cardtext.quantities import zone_filter  # it builds on this module

    if kind.lower() == "personalities":  # Main Personality levels and Allies alike
        return {"personalities": True}
    return zone_filter(kind.lower())


def _in_zones(quantity: Json, whose: str, zones: str) -> Json | None:
    names = [z.strip().lower().removeprefix("your ")
             for z in re.split(r",| and| or", zones, flags=_IC) if z.strip()]  # fmt: skip
    kinds = [_ZONES[name] for name in names]
    if len(set(kinds)) != len(kinds):
        return None
    result: Json = {"of": kinds[0], **quantity}
    if kinds[1:]:
        result["also_in"] = kinds[1:]
    return _with_who(result, _who(whose))
