"""Deck notes of an MP level that forbid cards (engine/panini/cardtext/limits.py reads them;
docs/rulings.md 229): "(Your Life Deck cannot include cards that perform energy attacks.)"
(`DeckNote.no_attacks`). 2014 MAKING A DECK lets the card itself note otherwise; a
card performs an attack of that kind when its attack is one, or, for a card whose text
the engine did not read in full, when its text opens an attack of that kind ("Energy
attack costing 2 stages.")."""

from __future__ import annotations

import re

from engine.panini.cards import Card, DeckNote
from engine.panini.decklist import quote

# an attack's head as printed: "Energy attack.", "Energy attack costing 2 stages."
_HEAD = r"(?:^|[.:)]\s*)(?:POWER:\s*)?{kind} attack(?:\.|\s+(?:costing|doing))"


def performs(card: Card, kind: str) -> bool:
    """Does `card` perform a `kind` ("physical" / "energy") attack?"""
    if card.attack is not None:
        return card.attack.type == kind
    if card.automation == "automated":
        return False
    return re.search(_HEAD.format(kind=kind), card.text, re.IGNORECASE) is not None


def noted_attacks(cards: list[Card], notes: list[DeckNote]) -> list[str]:
    """One message per Life Deck card a note forbids."""
    kinds = sorted({note.no_attacks for note in notes if note.no_attacks is not None})
    return [
        f"{quote(card.title)} performs {kind} attacks; the Main Personality's note forbids them"
        for kind in kinds
        for card in cards
        if performs(card, kind)
    ]
