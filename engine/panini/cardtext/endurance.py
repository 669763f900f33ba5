"""Endurance given, raised and locked (engine.panini.endurance; 2016 WHEN TAKING DAMAGE, GLOSSARY
"Endurance"), one phrase grammar for each:

- gain: "[For the remainder of combat,] <cards> gain 'Endurance N'[ <duration>]" where
  <cards> is "[all] [your] [Styled | non-Styled] cards / Drills / Allies / ... [in your /
  your opponent's / all Life Decks] [without Endurance]" -> `endurance_gain`;
- increase: "Your [Styled] cards with Endurance have their Endurance increased by N / X"
  -> `endurance_plus` (X: the card's own "X = ...", a constant only);
- lock: "The Endurance on / of <cards> cannot be used" -> `endurance_locked`.

With no duration the sentence is a constant (read under CONSTANT: only); with "this
combat", "until the end of combat", "for the remainder of combat" ... a floating effect.
Whose cards: "your" / "in your Life Deck" the controller's, "your opponent's" the
opponent's, "all Life Decks" or nobody named every player's (docs/rulings.md 266).
"""

from __future__ import annotations

import re
from typing import Any

from engine.panini.cardtext.durations import THIS_COMBAT

Json = dict[str, Any]
_IC = re.IGNORECASE

_NUM = r"\d+|one|two|three|four|five"
_KINDS = {
    "cards": [], "drills": ["drill"], "allies": ["ally"], "setups": ["setup"],
    "events": ["event"], "physical combat cards": ["physical_combat"],
    "energy combat cards": ["energy_combat"],
    "combat cards": ["physical_combat", "energy_combat"],
}  # fmt: skip
_KIND = "|".join(sorted(_KINDS, key=len, reverse=True))
# "each card in your Life Deck ... gains": one card at a time, the same cards
_ONE = {"card": "cards", "drill": "drills", "ally": "allies", "setup": "setups",
        "event": "events", "physical combat card": "physical combat cards",
        "energy combat card": "energy combat cards", "combat card": "combat cards"}  # fmt: skip
_EACH = "|".join(sorted(_ONE, key=len, reverse=True))
_OWNER = r"(?P<owner>your |your opponent'?s |all )?"
_STYLED = r"(?P<styled>styled |non-styled )?"
_DECK = (
    r"(?: in (?P<deck>your|your opponent'?s|all|both players'|each player's|all players') "
    r"life decks?)?"
)
_CARDS = (
    rf"(?:(?:all )?{_OWNER}{_STYLED}(?P<kind>{_KIND})"
    rf"|(?:each|every) {_STYLED.replace('styled>', 'one_styled>')}(?P<one>{_EACH})){_DECK}"
)
_QUOTE = r"[\"']?"
_GAIN = re.compile(
    rf"{_CARDS}(?P<without> without endurance)? gains? {_QUOTE}endurance (?P<n>{_NUM})\.?"
    rf"{_QUOTE}(?: (?P<dur>.+))?",
    _IC,
)
_PLUS = re.compile(
    rf"{_CARDS} with endurance have (?:their|its) endurance increased by (?:(?P<n>{_NUM})|"
    rf"(?P<x>X))(?: (?P<dur>.+))?",
    _IC,
)
_LOCKED = re.compile(
    rf"(?:the )?endurance (?:on|of) {_CARDS} (?:cannot|can't|may not) be used(?: (?P<dur>.+))?",
    _IC,
)
_LEADING = re.compile(r"(?P<dur>for the remainder of combat|this combat), (?P<rest>.+)", _IC)
# one combat per turn (2016 TURN SEQUENCE): these last the turn
_TURN = re.compile(THIS_COMBAT, _IC)


def _who(found: re.Match[str]) -> str | None:
    """Whose Life Deck: "self", "opponent", "both"; None when owner and deck disagree."""
    names = {(found.group("owner") or "").strip().lower(), (found.group("deck") or "").lower()}
    names.discard("")
    if len(names) > 1:
        return None  # "your Drills in all Life Decks": not read
    name = names.pop() if names else "all"
    if name == "your":
        return "self"
    return "opponent" if name.startswith("your opponent") else "both"


def _modifier(found: re.Match[str], mod: str) -> Json | None:
    who = _who(found)
    if who is None:
        return None
    modifier: Json = {"mod": mod}
    if who != "self":
        modifier["who"] = who
    kind = found.group("kind") or _ONE[found.group("one").lower()]
    types = _KINDS[kind.lower()]
    if types:
        modifier["card_types"] = list(types)
    styled = found.group("styled") or found.group("one_styled")
    if styled:
        modifier["styled"] = styled.strip().lower() == "styled"
    return modifier


def _read(body: str) -> tuple[Json, str | None] | None:
    """The modifier of the sentence and its duration phrase (None: none)."""
    from engine.panini.cardtext.patterns import number  # patterns builds on this module

    for pattern, mod in ((_GAIN, "endurance_gain"), (_PLUS, "endurance_plus"),
                         (_LOCKED, "endurance_locked")):  # fmt: skip
        found = pattern.fullmatch(body)
        if found is None:
            continue
        modifier = _modifier(found, mod)
        if modifier is None:
            return None
        groups = found.groupdict()
        if groups.get("x"):  # "+X": 1 per X of the card (engine.panini.endurance)
            modifier.update(amount=1, x=True)
        elif groups.get("n"):
            modifier["amount"] = number(groups["n"])
        if groups.get("without"):
            modifier["without_endurance"] = True
        return modifier, found.group("dur")
    return None


def parse_constant(body: str) -> Json | None:
    """The sentence as a constant Modifier (no duration), or None."""
    read = _read(body.strip().rstrip("."))
    if read is None or read[1] is not None:
        return None
    return read[0]


def parse_floating(body: str) -> Json | None:
    """The sentence with a duration, as an `until_end_of_turn` floating effect, or None."""
    body = body.strip().rstrip(".")
    leading = _LEADING.fullmatch(body)
    if leading is not None:
        inner = _read(leading.group("rest"))
        if inner is None or inner[1] is not None:
            return None
        read: tuple[Json, str | None] = (inner[0], leading.group("dur"))
    else:
        found = _read(body)
        if found is None:
            return None
        read = found
    modifier, duration = read
    if duration is None or not _TURN.fullmatch(duration) or modifier.get("x"):
        return None  # X is counted for a card in play: constants only
    return {"do": "until_end_of_turn", "modifier": modifier}
