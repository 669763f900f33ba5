"""Printed keywords (Endurance, Banish after use, Limit N per deck, Heroes / Villains only)
are applied wherever they stand: after a HIT: line, in a parenthesis with other text, at
the end of a sentence that has no full stop of its own."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text

PC, EC, EV, SETUP = (
    CardType.PHYSICAL_COMBAT,
    CardType.ENERGY_COMBAT,
    CardType.EVENT,
    CardType.SETUP,
)
ATTACK = {"type": "physical", "damage": {"kind": "at", "amount": 2}}


def compiled(text: str, card_type: CardType) -> dict[str, Any]:
    result = compile_text(text, card_type)
    assert result.status == "automated", result
    return {k: v for k, v in result.fields.items() if k != "automation"}


def test_banish_after_use_after_a_hit_line() -> None:
    """Blue Strike / Orange Left Burst (Awakening): "(Banish after use.)" after "HIT: ..."
    was read as a HIT effect, not understood, and the card lost its keyword (2016 ATTACK
    TIMING SUMMARY 7: "The attack is then discarded/banished (if applicable)")."""
    text = "Physical attack. DAMAGE: AT +2 stages. HIT: Draw a card. (Banish after use.)"
    assert compiled(text, PC) == {
        "attack": {**ATTACK, "hit": [{"do": "draw", "amount": 1}]},
        "banish_after_use": True,
    }


def test_a_keyword_parenthesis_ending_a_sentence_without_full_stop() -> None:
    """Saiyan Overhead Flare (Perfection): "DAMAGE : 5 life cards (Banish after use.)"."""
    text = "Physical attack. DAMAGE: AT +2 stages (Banish after use)."
    assert compiled(text, PC) == {"attack": ATTACK, "banish_after_use": True}


def test_red_bribe_keeps_its_keyword() -> None:
    """Red Bribe (Perfection): the Power is not understood, the keyword still applies."""
    text = "POWER: Use the immediate effects of a Zorn Orb in play (Banish after use.)"
    result = compile_text(text, SETUP)
    assert result.status == "manual"
    assert result.fields == {
        "banish_after_use": True,
        "automation": "manual",
        "manual_text": ["POWER: Use the immediate effects of a Zorn Orb in play"],
    }


@pytest.mark.parametrize(
    ("prefix", "keywords"),
    [
        # Visiting The Past (Set 1)
        ("(Limit 2 per deck.  Banish after use.)", {"limit_per_deck": 2, "banish_after_use": True}),
        ("(Heroes Only)", {"alignment": "hero"}),
        ("(Villains only.)", {"alignment": "villain"}),
        ("ENDURANCE 1.", {"endurance": 1}),
        ("Endurance 3.", {"endurance": 3}),
    ],
)
def test_keywords_in_parentheses(prefix: str, keywords: dict[str, Any]) -> None:
    assert compiled(f"{prefix} Physical attack. DAMAGE: AT +2 stages.", PC) == {
        "attack": ATTACK,
        **keywords,
    }


def test_a_keyword_beside_other_text_in_a_parenthesis() -> None:
    """Namekian Hunt (Heroes and Villains): "(Villains only. If the highest power level
    ...)": the keyword applies, the other sentence is left for players."""
    text = "(Villains only. You may reveal this card to draw a card.) POWER: Draw a card."
    result = compile_text(text, EV)
    assert result.status == "partial"
    assert result.fields["alignment"] == "villain"
    assert result.fields["action"] == {"effects": [{"do": "draw", "amount": 1}]}
    assert result.manual == ["You may reveal this card to draw a card."]


def test_a_manual_card_keeps_its_keywords_wherever_they_are() -> None:
    text = (
        "(Limit 1 per deck.) POWER: Swap hands with your opponent. HIT: Draw. (Banish after use.)"
    )
    result = compile_text(text, EV)
    assert result.status == "manual"
    assert result.fields["limit_per_deck"] == 1
    assert result.fields["banish_after_use"] is True


def test_a_parenthesis_that_is_not_a_keyword_stays_in_its_sentence() -> None:
    text = "Physical attack. DAMAGE: AT +2 stages (if you have 3 cards in hand)."
    assert compile_text(text, PC).status == "manual"
