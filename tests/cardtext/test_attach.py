""" "Attach to your (opponent's) MP." (2016 GLOSSARY "Attached Cards") and "Lower your MP 1
level." (2016 ANGER: lowered a level, the MP is set at five stages above zero)."""

from __future__ import annotations

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text


def test_attach_to_either_players_mp() -> None:
    mine = compile_text("Draw a card. Attach this card to your MP.", CardType.EVENT)
    assert mine.fields["attach_to"] == {"target": "mp"}
    theirs = compile_text("POWER: Draw a card. Attach to your opponent's MP.", CardType.EVENT)
    assert theirs.status == "automated"
    assert theirs.fields["attach_to"] == {"target": "mp", "who": "opponent"}
    ally = "Attach to your opponent's Ally."
    assert compile_text(ally, CardType.EVENT).unread == [ally]


def test_lower_your_mp_a_level() -> None:
    text = "Physical attack. DAMAGE: AT. HIT: You may lower your MP 1 level."
    attack = compile_text(text, CardType.PHYSICAL_COMBAT).fields["attack"]
    assert attack["hit"] == [{"do": "lower_level", "may": True}]
    # several levels: engine.panini.cardtext.plain (docs/rulings.md 138); level 5 does not exist
    assert compile_text("Lower your MP to level 5.", CardType.EVENT).status == "manual"
