"""What a record's Type label says, as card files write it: the card type, often the
personality's alignment with it ("Hero MP", "Villain Ally", "Hero/Villain Ally", plain
"Hero"), sometimes a typo ("Phyiscal Combat") or the attack instead of the card type
("Physical attack."), and sometimes a record that is no card at all ("Button")."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from engine.panini.cards import Alignment, CardType, Style, fold_name

TYPES = {
    "mainpersonality": CardType.MAIN_PERSONALITY, "personality": CardType.MAIN_PERSONALITY,
    "mp": CardType.MAIN_PERSONALITY, "mastery": CardType.MASTERY,
    "physicalcombat": CardType.PHYSICAL_COMBAT, "energycombat": CardType.ENERGY_COMBAT,
    "event": CardType.EVENT, "setup": CardType.SETUP, "drill": CardType.DRILL,
    "ally": CardType.ALLY, "dragonball": CardType.DRAGON_BALL,
    # the attack a combat card performs, written where its type belongs
    "physicalattack": CardType.PHYSICAL_COMBAT, "energyattack": CardType.ENERGY_COMBAT,
}  # fmt: skip
# Records of table furniture in card files: OCTGN buttons, tokens, markers, counters.
NOT_CARDS = frozenset({"button", "token", "marker", "counter", "tracker"})
_ALIGNMENTS = {
    "hero": Alignment.HERO, "heroes": Alignment.HERO,
    "villain": Alignment.VILLAIN, "villains": Alignment.VILLAIN,
}  # fmt: skip
_STYLES = frozenset(fold_name(style.value) for style in Style) | {"styled", "freestyled"}
# A typo must be this close to a card type to be read as it (Phyiscal Combat: 0.93).
_TYPO_CUTOFF = 0.85
# A combat card's text opens with its attack (an Event's or Setup's opens with POWER:).
_OPENING_ATTACK = re.compile(r"^(?:\([^)]*\)\s*)*(?:ENDURANCE \d+\.?\s*)*(physical|energy) attack",
                             re.IGNORECASE)  # fmt: skip


class LabelError(ValueError):
    """The label names no card type; the message says why."""


@dataclass(frozen=True)
class TypeLabel:
    type: CardType | None  # None: the record is not a card (`furniture` says what it is)
    alignment: Alignment | None = None
    either_alignment: bool = False  # "Hero/Villain Ally": usable under both
    furniture: str = ""
    guessed: str = ""  # how the type was read when the label did not say it plainly


def read_type_label(label: str, text: str = "", personal: bool = False) -> TypeLabel:
    """`label` as a card type (and alignment); `text` and `personal` (the record has a PUR
    or power rating) settle labels that give an alignment or a style but no type."""
    words = [w for w in re.split(r"[\s/,&+]+", label.strip().rstrip(".").lower()) if w]
    alignments = {_ALIGNMENTS[w] for w in words if w in _ALIGNMENTS}
    key = fold_name("".join(w for w in words if w not in _ALIGNMENTS))
    if key.removesuffix("s") in NOT_CARDS:
        return TypeLabel(None, furniture=key.removesuffix("s"))
    alignment = next(iter(alignments)) if len(alignments) == 1 else None
    either = len(alignments) > 1
    found, guessed = _card_type(key, label, text, personal or bool(alignments))
    if (alignment or either) and found not in (CardType.MAIN_PERSONALITY, CardType.ALLY):
        raise LabelError(f"{label!r} gives an alignment, but only personalities have one")
    return TypeLabel(found, alignment, either, guessed=guessed)


def _card_type(key: str, label: str, text: str, personal: bool) -> tuple[CardType, str]:
    if not key and personal:  # "Hero", "Villain": a Main Personality level
        return CardType.MAIN_PERSONALITY, ""
    found = TYPES.get(key) or TYPES.get(key.removesuffix("s"))
    if found is not None:
        return found, ""
    close = difflib.get_close_matches(key, list(TYPES), n=1, cutoff=_TYPO_CUTOFF)
    if close:
        return TYPES[close[0]], f"read the type {label!r} as {TYPES[close[0]].value}"
    if key in _STYLES:
        attack = _OPENING_ATTACK.match(text)
        if attack:
            kind = TYPES[attack.group(1).lower() + "combat"]
            return kind, f"the type says {label!r}, a style: read as {kind.value} (its text " \
                         "opens with the attack)"
        raise LabelError(f"{label!r} is a style, not a card type, and the text does not say "
                         "which type the card is (write the type in the file)")
    known = ", ".join(t.value for t in CardType)
    raise LabelError(f"unknown card type {label!r} (known: {known})")
