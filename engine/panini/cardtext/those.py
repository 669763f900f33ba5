"""Several chosen cards and "those cards" (engine.panini.those). Choosing: "Choose N cards in / from
your (opponent's) discard pile / Banished Zone." -> `{do: choose, what: cards, amount: N,
source}`; "Reveal / Look at the top N cards of your Life Deck." -> `{do: choose, what:
top_cards, amount: N, reveal}`. Acting on them (`do: move, source: those`): "(Your
opponent) <verb>(s) those cards / N of those cards / the remaining (cards) [<where>]" with
the verbs banish, Rejuvenate, shuffle ... into <whose> Life Deck, place ... on top of / at
the bottom of <whose> Life Deck / into <whose> hand. "those cards" and "the remaining" are
every chosen card still where it was chosen (docs/rulings.md 124).
"""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]

_OPP = r"your opponent'?s"
_THEIR = r"(?:his|her|their|his or her)"
_NUMBER = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "a": 1,
           "an": 1, "one": 1}  # fmt: skip
_COUNT = r"(\d+|two|three|four|five|six|seven)"


def _full(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBER[word.lower()]


_CHOOSE = _full(rf"choose {_COUNT} cards (?:in|from) (your|{_OPP}) (discard pile|banished zone)")
_OPP_CHOOSES = _full(
    rf"your opponent chooses {_COUNT} cards (?:in|from) (your|{_THEIR}) "
    r"(discard pile|banished zone)"
)
_TOP = _full(
    rf"(reveal|look at) the top {_COUNT} cards of your life deck"
    r"(?: to (?:all players|both players|your opponent))?"
)
# the object: every chosen card left, or N of them
_OBJECT = (
    r"(?:those cards|the remaining(?: cards)?|the revealed cards|the others?"
    r"|(\d+|a|an|one|two|three|four) (?:of those cards|of them|revealed cards?))"
)
_WHOSE = rf"(your|{_THEIR})"
_WHERE = (
    rf"(?: (into) {_WHOSE} life deck| (on top of|at the bottom of) {_WHOSE} life deck"
    rf"| (into) {_WHOSE} hand| (into) (play))?"
)
_ANY_ORDER = re.compile(r"(.*(?:on top of|at the bottom of) \S+ life deck) in any order", re.I)
_ACT = _full(
    r"(your opponent )?(banish|banishes|rejuvenate|rejuvenates|shuffle|shuffles|place|places"
    r"|put|puts)"
    rf" {_OBJECT}{_WHERE}"
)
_TO = {("banish", ""): "banish", ("rejuvenate", ""): "rejuvenate",
       ("shuffle", "into life deck"): "life_shuffle",
       ("place", "on top of life deck"): "life_top",
       ("place", "at the bottom of life deck"): "life_bottom",
       ("place", "into hand"): "hand", ("place", "into play"): "place"}  # fmt: skip


def parse_choose_cards(body: str) -> Json | None:
    """ "Choose 3 cards in your opponent's discard pile." (a public pile), "Reveal the top
    3 cards of your Life Deck."."""
    effect: Json
    if top := _TOP.fullmatch(body):
        amount = _count(top.group(2))
        effect = {"do": "choose", "what": "top_cards", "amount": amount}
        return {**effect, "reveal": True} if top.group(1).lower() == "reveal" else effect
    if (theirs := _OPP_CHOOSES.fullmatch(body)) is not None:
        chosen = _cards(theirs.group(1), theirs.group(3), theirs.group(2).lower() != "your")
        return {**chosen, "chooser": "opponent"} if chosen else None
    if (found := _SEARCH_PILE.fullmatch(body)) is not None:
        return _search_pile(found.group(1))
    m = _CHOOSE.fullmatch(body)
    if m is None:
        return None
    return _cards(m.group(1), m.group(3), m.group(2).lower() != "your")


# "Search your discard pile for 2 Drills." (a public pile: finding is choosing)
_SEARCH_PILE = _full(rf"(search (?:your|{_OPP}) (?:discard pile|banished zone) for .+)")


def _search_pile(search: str) -> Json | None:
    """ "Search your discard pile for 2 Drills.": several cards of a kind chosen, nothing
    done to them yet (the sentences after say what), read by the moves grammar."""
    from engine.panini.cardtext.moves import parse_move  # it builds on this module's callers

    move = parse_move(f"{search} and banish them")
    if move is None or move.get("amount", 1) < 2:
        return None
    kept = {"do", "source", "amount", "card_types", "to", "who"}
    if set(move) - kept:
        return None  # other filters ("Styled") or counts ("up to"): not read here
    effect: Json = {"do": "choose", "what": "cards", "amount": move["amount"],
                    "source": move["source"]}  # fmt: skip
    if move.get("card_types"):
        effect["card_types"] = move["card_types"]
    return {**effect, "who": "opponent"} if move.get("who") == "opponent" else effect


def _cards(count: str, pile: str, opponents: bool) -> Json | None:
    """Several cards of a public pile; one card is "that card" (cardtext.referents)."""
    if _count(count) < 2:
        return None
    source = "banished" if pile.lower() == "banished zone" else "discard_pile"
    effect: Json = {"do": "choose", "what": "cards", "amount": _count(count), "source": source}
    return {**effect, "who": "opponent"} if opponents else effect


# "Look at the top 3 cards of your discard pile and banish any amount of them."
_LOOK_AND = _full(
    rf"look at the top {_COUNT} cards of (your|{_OPP}) (life deck|discard pile|banished zone)"
    r" and (\w+) (any (?:amount|number)|up to (?:\d+|one|two|three|four)|\d+|one|two|three|four)"
    r" of them(.*)"
)


def _look_and(body: str) -> Json | None:
    """ "Look at the top N cards of <pile> and <verb> <count> of them <where>": the
    controller sees those N cards and moves some of them; the others stay where they are,
    in the same order. It is a search of those N cards ("Search the top N cards of <pile>
    for <count> cards and <verb> them", engine.panini.moves: never shuffled), read by that
    grammar."""
    from engine.panini.cardtext.moves import parse_move  # it builds on this module's callers

    m = _LOOK_AND.fullmatch(body)
    if m is None:
        return None
    count = m.group(5).lower()
    count = "any number of" if count.startswith("any") else count
    one = count in ("1", "one")
    search = (
        f"search the top {m.group(1)} cards of {m.group(2)} {m.group(3)} for {count} "
        f"{'card' if one else 'cards'} and {m.group(4)} {'it' if one else 'them'}{m.group(6)}"
    )
    effect = parse_move(search)
    return effect if effect is not None and effect.get("depth") else None


# "Place 1 into your hand": after cards revealed, a bare count is that many of them
# (docs/rulings.md 222); only with place / put and a destination
_BARE_COUNT = _full(
    r"(place|put) (\d+|one|two|three|four) ((?:into|on top of|at the bottom of) .+)"
)


def parse_those(body: str) -> Json | None:
    """A sentence moving "those cards" (all, or N of them; "the remaining")."""
    if bare := _BARE_COUNT.fullmatch(body):
        body = f"{bare.group(1)} {bare.group(2)} of them {bare.group(3)}"
    if (looked := _look_and(body)) is not None:
        return looked
    # "... at the bottom of your Life Deck in any order": the controller orders them
    ordered = _ANY_ORDER.fullmatch(body)
    m = _ACT.fullmatch(ordered.group(1) if ordered else body)
    if m is None:
        return None
    subject, verb, some = m.group(1), m.group(2).lower(), m.group(3)
    if bool(subject) != verb.endswith("s"):
        return None  # "Your opponent banish ...", "Banishes ..."
    verb = verb.removesuffix("es") if verb.endswith("shes") else verb.rstrip("s")
    verb = "place" if verb == "put" else verb
    groups = list(m.groups()[3:])
    where, whose = next(((groups[i], groups[i + 1]) for i in range(0, 8, 2) if groups[i]), ("", ""))
    pile = "hand" if groups[4] else "play" if groups[6] else "life deck" if where else ""
    whose = "" if groups[6] else whose  # "into play": under the controller's control
    to = _TO.get((verb, f"{where.lower()} {pile}".strip()))
    if to is None:
        return None
    if subject and whose.lower() == "your":
        return None  # "Your opponent shuffles those cards into your Life Deck": whose?
    if not subject and whose and whose.lower() != "your":
        return None
    effect: Json = {"do": "move", "source": "those", "to": to}
    if subject or whose:
        # whose zone the sentence says: the chosen cards must be that player's
        effect["who"] = "opponent" if subject else "self"
    if some:
        effect = {**effect, "amount": _count(some)}
        return {**effect, "any_order": True} if ordered and effect["amount"] > 1 else effect
    return {**effect, "every": True, **({"any_order": True} if ordered else {})}
