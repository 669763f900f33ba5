"""What makes a card automated, partial or manual beyond its sentences."""

from __future__ import annotations

import pytest

from engine.cards import CardType
from engine.cardtext import compile_text


@pytest.mark.parametrize("card_type", list(CardType))
@pytest.mark.parametrize("text", ["", "   "])
def test_a_card_without_text_is_manual(text: str, card_type: CardType) -> None:
    """Nothing is known about a card whose text is empty (a transcription that lost it, as
    the OCTGN marker cards): it is not "everything understood"."""
    result = compile_text(text, card_type)
    assert result.status == "manual"
    assert result.fields == {"automation": "manual"}


@pytest.mark.parametrize("card_type", list(CardType))
@pytest.mark.parametrize(
    ("text", "keywords"),
    [
        ("ENDURANCE 2.", {"endurance": 2}),
        ("(Banish after use.)", {"banish_after_use": True}),
        ("(Limit 1 per deck.) Endurance 1.", {"limit_per_deck": 1, "endurance": 1}),
    ],
)
def test_a_card_with_only_keywords_is_manual(
    text: str, keywords: dict[str, object], card_type: CardType
) -> None:
    """A Physical Combat card reading only "ENDURANCE 2." is a transcription missing its
    attack; every card type is played for an ability (2016 CARD TYPES: attacks, defenses,
    Powers, constant effects, wishes), so keywords alone never make a card automated. The
    keywords still apply."""
    result = compile_text(text, card_type)
    assert result.status == "manual"
    assert result.fields == {**keywords, "automation": "manual"}


def test_an_entering_combat_power_without_effects_is_manual() -> None:
    result = compile_text("POWER: Use when entering combat.", CardType.MAIN_PERSONALITY)
    assert result.status == "manual"
