"""Sentences that change the amount of other effects (engine.panini.amounts carries them out):

- cards from the top of the opponent's Life Deck or discard pile: "Whenever one of your
  effects destroys cards from the top of your opponent's Life Deck, increase that amount by
  1.", "Your effects that banish cards from the top of your opponent's Life Deck or discard
  pile have that amount increased by 1.", "... are increased by 1.";
- anger: "Whenever your anger would be lowered by any amount, it's lowered by 1 instead.",
  "Whenever an effect would lower your anger by more than 1 level, it is lowered by 1
  instead.", "Whenever a player raises his anger, change that amount to 1.", "Whenever
  you raise your anger, that amount is doubled.", "Your effects
  that require you to lower your anger are reduced by 1 (to a minimum of 0).", "Your card
  effects that raise or lower your opponent's anger have that amount increased by 1.".

With no duration they are constants (`parse_constant`); with one ("this combat", "Until
the end of your next turn, ...", "Until the start of your next turn, ...") a floating
effect (`parse_floating`), holding one modifier. Whole sentences only.
"""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]

_N = r"(?P<n>\d+|one|two|three|four|five)"
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_YOUR_EFFECTS = r"(?:one of )?your (?:card )?effects"
_THEIR = r"(?:his|her|their|his or her)"


def _re(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def _number(word: str) -> int:
    return _WORDS.get(word.lower()) or int(word)


# --- cards from the top of the opponent's piles ----------------------------------------------
_VERB = r"(?P<verb>destroys?|banish(?:es)?|destroys? or banish(?:es)?|banish(?:es)? or destroys?)"
_PILES = r"the top of your opponent's (?P<piles>life deck|discard pile|life deck or discard pile)"
_MILL = [
    # "Whenever one of your effects destroys cards from the top of ..., increase that amount by 1"
    _re(rf"whenever {_YOUR_EFFECTS} {_VERB} cards from {_PILES}, increase that "
        rf"amount by {_N}"),
    # "Your effects that destroy cards from the top of ... have that amount increased by 1"
    _re(rf"{_YOUR_EFFECTS} that {_VERB} cards from {_PILES} "
        rf"(?:have that amount increased|are increased) by {_N}"),
]  # fmt: skip


def _mill(found: re.Match[str]) -> list[Json] | None:
    verb = found.group("verb").lower()
    removes = {word for word in ("destroy", "banish") if word in verb}
    piles = found.group("piles").lower()
    mods: list[str] = []
    if "life deck" in piles:
        mods.append("more_removed" if len(removes) == 2 else f"more_{removes.pop()}ed")
    if "discard pile" in piles:
        if "destroy" in verb:  # cards are not destroyed from a discard pile
            return None
        mods.append("more_banished_discard")
    amount = _number(found.group("n"))
    # `who`: the opponent's piles; `by`: effects of the opponent's opponent (the card's player)
    return [{"mod": mod, "amount": amount, "who": "opponent", "by": "opponent"} for mod in mods]


# --- anger -------------------------------------------------------------------------------------
_WHOSE = r"(?P<whose>your|your opponent's)"
_LOWERED_BY = _re(
    rf"whenever {_WHOSE} anger would be lowered(?: by (?:any amount|more than (?P<m>\d+|one)"
    rf" levels?))?, it(?:'s| is|s) lowered by {_N}(?: levels?)? instead"
)
_LOWER_BY = _re(
    rf"whenever (?:an effect|a card effect) would lower {_WHOSE} anger(?: by (?:any amount|more"
    rf" than (?P<m>\d+|one) levels?))?, it(?:'s| is|s) lowered by {_N}(?: levels?)? instead"
)
_RAISES = _re(
    rf"whenever (?P<who>you|your opponent|a player|each player) raises? "
    rf"(?:your|{_THEIR}) anger, change that amount to {_N}"
)
_DOUBLED = _re(
    rf"whenever (?P<who>you|your opponent|a player|each player) raises? "
    rf"(?:your|{_THEIR}) anger(?P<combat> during combat)?, (?:that amount is doubled|double "
    r"that amount)"
)
_REQUIRE_LOWER = _re(
    rf"{_YOUR_EFFECTS} that require you to lower your anger are reduced by {_N}"
    r" \(to a minimum of (?:0|zero)\)"
)
_RAISE_OR_LOWER = _re(
    rf"{_YOUR_EFFECTS} that (?P<ways>raise|lower|raise or lower) your opponent's anger "
    rf"(?:have that amount increased|are increased) by {_N}"
)
_WHO = {"you": "self", "your": "self", "your opponent": "opponent",
        "your opponent's": "opponent", "a player": "both", "each player": "both"}  # fmt: skip


def _anger(body: str) -> list[Json] | None:
    for pattern in (_LOWERED_BY, _LOWER_BY):
        found = pattern.fullmatch(body)
        if found:
            amount = _number(found.group("n"))
            # "by more than 1 level, it is lowered by 1": the same number, a cap
            if found.group("m") and _number(found.group("m")) != amount:
                return None
            return [{"mod": "anger_lower_at_most", "amount": amount,
                     "who": _WHO[found.group("whose").lower()]}]  # fmt: skip
    found = _RAISES.fullmatch(body)
    if found:
        who = _WHO[found.group("who").lower()]
        return [{"mod": "anger_raise_set", "amount": _number(found.group("n")), "who": who}]
    found = _DOUBLED.fullmatch(body)
    if found:
        double: Json = {"mod": "anger_raise_double", "who": _WHO[found.group("who").lower()]}
        if found.group("combat"):
            double["in_combat"] = True
        return [double]
    found = _REQUIRE_LOWER.fullmatch(body)
    if found:
        amount = -_number(found.group("n"))
        return [{"mod": "anger_lower_plus", "amount": amount, "who": "self", "by": "owner"}]
    found = _RAISE_OR_LOWER.fullmatch(body)
    if found:
        ways = found.group("ways").lower()
        amount = _number(found.group("n"))
        return [
            {"mod": f"anger_{way}_plus", "amount": amount, "who": "opponent", "by": "opponent"}
            for way in ("raise", "lower")
            if way in ways
        ]
    return None


def _modifiers(body: str) -> list[Json] | None:
    for pattern in _MILL:
        found = pattern.fullmatch(body)
        if found:
            return _mill(found)
    return _anger(body)


def _one(mods: list[Json] | None) -> Json | None:
    if not mods:
        return None
    return mods[0] if len(mods) == 1 else {"each": mods}


def parse_constant(body: str) -> Json | None:
    """A constant amount change ("CONSTANT: Whenever ..., increase that amount by 1.")."""
    return _one(_modifiers(body.strip()))


# durations: at the start ("Until the end of your next turn, ...") or at the end of the
# sentence, or before the comma of a "Whenever ... this combat, ..." sentence
_LASTS = {"this combat": "turn", "this turn": "turn", "until the end of your next turn":
          "next_turn", "until the start of your next turn": "next_turn_start"}  # fmt: skip
_DUR = "|".join(_LASTS)
_FIRST = _re(rf"(?P<dur>{_DUR}), (?P<body>.+)")
_LAST = _re(r"(?P<body>.+) (?P<dur>this combat|this turn)")
_INSIDE = _re(r"(?P<head>whenever .+) (?P<dur>this combat|this turn)(?P<tail>, .+)")


def parse_floating(body: str) -> Json | None:
    """ "Until the end of your next turn, your effects that destroy ... are increased by 1."
    -> a floating effect; None with no duration or more than one modifier."""
    body = body.strip()
    for pattern in (_FIRST, _LAST, _INSIDE):
        found = pattern.fullmatch(body)
        if found is None:
            continue
        groups = found.groupdict()
        rest = groups.get("body") or f"{groups['head']}{groups['tail']}"
        mods = _modifiers(rest)
        if mods is None or len(mods) != 1:
            return None
        effect: Json = {"do": "until_end_of_turn", "modifier": mods[0]}
        lasts = _LASTS[found.group("dur").lower()]
        if lasts != "turn":
            effect["lasts"] = lasts
        return effect
    return None
