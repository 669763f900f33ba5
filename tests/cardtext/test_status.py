"""What makes a card automated, partial or manual beyond its sentences."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text


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


@pytest.mark.parametrize(
    "card_type",
    [
        CardType.SETUP,
        CardType.EVENT,
        CardType.PHYSICAL_COMBAT,
        CardType.ENERGY_COMBAT,
    ],
)
@pytest.mark.parametrize(
    "text",
    [
        "CONSTANT: Your personalities get +1 PUR.",
        "Whenever you raise your anger, gain 1 stage.",
    ],
)
def test_constants_only_where_the_engine_keeps_them_active(text: str, card_type: CardType) -> None:
    """The engine keeps constant effects and triggers active on the Mastery, the MP's
    level, Drills, Allies, Dragon Balls and attached cards (engine.panini.game.
    cards_with_constants): on a Setup
    in play, an Event or a Combat card a compiled constant would never apply (Saiyan
    Strength Test, Heroes and Villains, is an Event whose [CONSTANT] works once attached)."""
    result = compile_text(text, card_type)
    assert result.status == "manual", result


def test_an_attached_events_constants_apply() -> None:
    text = "POWER: Attach to your MP. CONSTANT: Your personalities get +1 PUR."
    result = compile_text(text, CardType.EVENT)
    assert result.status == "automated", result
    assert result.fields["constant"] == [{"mod": "pur", "amount": 1}]


def test_a_dragon_balls_text_is_what_it_does_as_it_is_played() -> None:
    """2016 GLOSSARY "Dragon Balls": its effects are used at once when it is played; real
    cards print them without the sandbox's "WISH:" label."""
    text = "Gain 5 stages. Raise your anger 1 level. CONSTANT: Your personalities get +1 PUR."
    result = compile_text(text, CardType.DRAGON_BALL)
    assert result.status == "automated", result
    assert [e["do"] for e in result.fields["on_play"]] == ["gain_stages", "raise_anger"]
    assert result.fields["constant"] == [{"mod": "pur", "amount": 1}]
    assert "action" not in result.fields


def test_a_setups_power_may_be_an_attack() -> None:
    """2016 "Use a Power": a Setup is activated, used, then discarded; its Power may be an
    attack (engine.panini.combat.action_options offers it as one)."""
    text = "POWER: Physical attack. DAMAGE: AT +5 stages. Raise your anger 1 level."
    result = compile_text(text, CardType.SETUP)
    assert result.status == "automated", result
    assert result.fields["attack"]["damage"] == {"kind": "at", "amount": 5}
