"""Notes on how often a card's own Power may be used (engine/panini/limits.py runs them), and the
gates on using a card:

- "(This card's non-[INSTANT] power may only be used once per game.)", "(You may only use
  this card's non-constant power once per game.)", "(This Power can be used only once per
  game.)": `power_limit: game`;
- "(You may use this Drill / Defense Power / card's Power more than once per turn(,) but
  only once per attack.)": `power_limit: attack`.
- "(You may begin the game on Level 2.)", "(You may begin the game with <title>
  attached.)" on an MP level or a Mastery: `begin_game` (engine.panini.opening).
- "(Your Life Deck cannot include cards that perform energy attacks.)" on an MP level:
  `deck_note: {no_attacks: energy}` (engine.panini.deck_limits).
- "(You may only have one <title> attached.)" (engine/panini/cardtext/itself.py) on a Combat card
  is kept only when the card attaches (engine.panini.combat.finish_card, docs/rulings.md 230).

- "Use only if <condition>." before the attack it gates, also opening a parenthesised
  group of sentences ("(Use only if ... . This attack cannot ...)"): the group is read
  sentence by sentence; "you have performed (at least) 2 other ... attacks this combat"
  counts the attacks performed before this one (`gate_attacks`, docs/rulings.md 227).

Each reads a whole sentence body; `check` then leaves the note unread unless the card has
the one Power it can be about (engine.panini.cardtext.compiler's clauses)."""

from __future__ import annotations

import re
from typing import Any

from engine.panini.cardtext.normalise import normalise

Json = dict[str, Any]

_THIS = r"(?:this card's|this|the|its)"
# "non-[INSTANT]": not the Powers with the instant icon, whose timing the card gives
_WHICH = r"(?P<which>non-(?:\[instant\]|instant|constant|\[constant\]) )?"
_ONCE = r"once (?:per|a|each) game"
_GAME = [
    re.compile(rf"{_THIS} {_WHICH}power (?:may|can) (?:only be used|be used only) {_ONCE}", re.I),
    re.compile(rf"you (?:may|can) only use {_THIS} {_WHICH}power {_ONCE}", re.I),
    re.compile(rf"you (?:may|can) use {_THIS} {_WHICH}power only {_ONCE}", re.I),
]
_ATTACK = re.compile(
    r"you may use this (?P<what>drill|card|power|card's power|defense power|card's defense power)"
    r" more than once (?:per|a|each) turn,? (?:but|and) only once (?:per|an|each) attack",
    re.I,
)
_LABEL = re.compile(r"\s*(?:shield )?power:", re.I)
# set-up choices (engine.panini.opening): "begin the game on Level 2", "... with <title> attached"
_BEGIN = r"you may (?:begin|start) the game"
_BEGIN_LEVEL = re.compile(rf"{_BEGIN} on (?:personality )?level (?P<n>[2-4]|two|three|four)", re.I)
_BEGIN_ATTACHED = re.compile(
    rf"{_BEGIN} with [\"']?(?P<title>[^\"(),.]+?)[\"']? attached"
    r"(?: to your (?:MP|main personality))?",
    re.I,
)
# a kind of card, not a title: "a Drill", "any Setup", "one card"
_NOT_TITLE = re.compile(r"(?:an?|any|one|each|every|all|your|\d+)\b|.*\bwith\b", re.I)
_LEVELS = {"two": 2, "three": 3, "four": 4}
_COMBAT = frozenset({"physical_combat", "energy_combat"})
# card types named in place of a title: "(You may only have one Drill attached.)"
_KINDS = frozenset(
    {"drill", "setup", "ally", "event", "card", "dragon ball", "physical combat card",
     "energy combat card", "combat card"}
)  # fmt: skip
# an MP level's deck note (engine.panini.deck_limits)
_NO_ATTACKS = re.compile(
    r"your life deck (?:cannot|can't|may not) (?:include|contain|have) (?:any )?cards that "
    r"(?:perform|do) (?P<kind>physical|energy) attacks",
    re.I,
)
# the cards in play as the game begins (2016 GAMEPLAY: the Mastery and the MP)
BEGIN_TYPES = frozenset({"main_personality", "mastery"})


def parse_keyword(body: str) -> Json | None:
    """The card field a note sets, or None."""
    body = body.strip()
    if body.startswith("(") and ")" not in body:
        # a note whose closing parenthesis the transcription lost: "(Your Life Deck may
        # contain ... Heroes only." (an MP's deck note, engine.panini.cardtext.itself)
        from engine.panini.cardtext.itself import parse_keyword as itself

        inner = body[1:].strip()
        return parse_keyword(inner) or (itself(inner) if "life deck" in inner.lower() else None)
    if any(pattern.fullmatch(body) for pattern in _GAME):
        return {"power_limit": "game"}
    if _ATTACK.fullmatch(body):
        return {"power_limit": "attack"}
    banned = _NO_ATTACKS.fullmatch(body)
    if banned is not None:  # itself.check_keywords keeps it to MP levels
        return {"deck_note": {"no_attacks": banned.group("kind").lower()}}
    level = _BEGIN_LEVEL.fullmatch(body)
    if level is not None:
        n = level.group("n").lower()
        return {"begin_game": {"level": _LEVELS.get(n) or int(n)}}
    attached = _BEGIN_ATTACHED.fullmatch(body)
    if attached is not None and not _NOT_TITLE.match(attached.group("title")):
        return {"begin_game": {"attached": attached.group("title").strip()}}
    return None


def _body(sentence: str) -> str:
    return normalise(sentence).strip().strip("().").strip()


def check(clauses: list[Any], card_type: str, refuse: Any) -> None:
    """A note is read only when it can be about one Power: the card's Actions and defenses
    (section "ability") open with one "POWER:" label; the others (Powers that say when, in
    sections "entering" and "timed") only when "non-[INSTANT]" sets them apart. "Once per
    attack" is about a defense: one must be read. Else `refuse(clause)` leaves it unread."""
    for clause in clauses:  # "(You may only have one <title> attached.)" on a Combat card
        if clause.kind == "keyword" and "only_one" in clause.data and card_type in _COMBAT:
            name = clause.data["only_one"].strip().lower()
            if name in _KINDS or not any(c.kind == "attach" for c in clauses):
                refuse(clause)  # a kind of card, or a card that never attaches
    begins = [c for c in clauses if c.kind == "keyword" and "begin_game" in c.data]
    for clause in begins:  # one note per card, on a card in play as the game begins
        if len(begins) > 1 or card_type not in BEGIN_TYPES:
            refuse(clause)
    notes = [c for c in clauses if c.kind == "keyword" and "power_limit" in c.data]
    if not notes:
        return
    powers = [c for c in clauses if c.section == "ability" and _LABEL.match(normalise(c.sentence))]
    timed = any(c.section in ("entering", "timed") for c in clauses)
    for clause in notes:
        body = _body(clause.sentence)
        which = next((m for p in _GAME if (m := p.fullmatch(body))), None)
        instant = which is not None and "instant" in (which.group("which") or "").lower()
        fits = card_type in ("main_personality", "mastery", "drill", "ally") and len(powers) == 1
        if clause.data["power_limit"] == "game":
            fits = fits and (instant or not timed)
        else:
            defends = any(c.section == "ability" and c.kind == "defense" for c in clauses)
            fits = fits and defends and not (card_type != "drill" and "drill" in body.lower())
        if len(notes) > 1 or not fits:
            refuse(clause)


# a gate opening a parenthesised group: its sentences are read one by one
GATE = re.compile(r"\s*use only if\b", re.I)


def gate_attacks(clauses: list[Any]) -> None:
    """In an attack's gate, "2 other attacks this combat" are the ones performed before it:
    the gate is checked as the attack is offered, none in progress (2016 ATTACK TIMING
    SUMMARY: an attack is performed once played), so "other" drops out."""
    if not any(c.kind == "attack" for c in clauses):
        return
    for clause in clauses:
        if clause.kind != "requires":
            continue
        for check in clause.data.get("happened", []):
            if check.get("another") and check.get("event") == "attack":
                del check["another"]
