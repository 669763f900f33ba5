"""Endurance given, raised and locked (cardtext.endurance, engine.panini.endurance; 2016
WHEN TAKING DAMAGE; docs/rulings.md 266): one phrase grammar for whose cards, which cards,
"without Endurance", the amount and how long."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.panini.cards import CardType, load_card_file
from engine.panini.cardtext import compile_text, reproduces
from engine.panini.cardtext.sentences import split_sentences

EV, DRILL = CardType.EVENT, CardType.DRILL


def _gain(amount: int, **fields: Any) -> dict[str, Any]:
    return {"mod": "endurance_gain", **fields, "amount": amount}


FLOATING = {
    'Drills in your Life Deck without Endurance gain "Endurance 2" until the end of combat.':
        _gain(2, card_types=["drill"], without_endurance=True),
    'For the remainder of combat, cards in your Life Deck without Endurance gain "Endurance 1."':
        _gain(1, without_endurance=True),
    "Styled cards in your Life Deck without Endurance gain Endurance 1 this combat.":
        _gain(1, styled=True, without_endurance=True),
    "Cards in all Life Decks without Endurance gain 'Endurance 1' this turn.":
        _gain(1, who="both", without_endurance=True),
    "Non-Styled Allies in your opponent's Life Deck gain 'Endurance 2' this combat.":
        _gain(2, who="opponent", card_types=["ally"], styled=False),
    "Each card in your Life Deck without Endurance gains 'Endurance 1' this combat.":
        _gain(1, without_endurance=True),
    "Every Styled Drill in your opponent's Life Deck gains Endurance 2 this combat.":
        _gain(2, who="opponent", card_types=["drill"], styled=True),
    "The Endurance on non-Styled cards cannot be used this combat.":
        {"mod": "endurance_locked", "who": "both", "styled": False},
    "Your cards with Endurance have their Endurance increased by 2 this combat.":
        {"mod": "endurance_plus", "amount": 2},
}  # fmt: skip


@pytest.mark.parametrize("text", FLOATING)
def test_endurance_for_a_while_is_a_floating_modifier(text: str) -> None:
    found = compile_text(text, EV)
    assert found.status == "automated", found
    assert found.fields["action"]["effects"] == [
        {"do": "until_end_of_turn", "modifier": FLOATING[text]}
    ]


CONSTANT = {
    'CONSTANT: Allies gain "Endurance 1."': [_gain(1, who="both", card_types=["ally"])],
    "CONSTANT: Drills in your Life Deck without Endurance gain 'Endurance 3'.":
        [_gain(3, card_types=["drill"], without_endurance=True)],
    "CONSTANT: The Endurance on non-styled cards cannot be used.":
        [{"mod": "endurance_locked", "who": "both", "styled": False}],
    "CONSTANT: Your Styled cards with Endurance have their Endurance increased by X. "
    "X = your anger.": [{"mod": "endurance_plus", "styled": True, "amount": 1, "x": True}],
}  # fmt: skip


@pytest.mark.parametrize("text", CONSTANT)
def test_endurance_under_constant_holds_while_in_play(text: str) -> None:
    found = compile_text(text, DRILL)
    assert found.status == "automated", found
    assert found.fields["constant"] == CONSTANT[text]


def test_a_gain_on_a_hit_after_a_condition() -> None:
    text = (
        "Energy attack costing 2 stages. DAMAGE: 5 life cards. HIT: If your MP is a higher "
        "personality level than your opponent's MP, Styled cards in your Life Deck without "
        'Endurance gain "Endurance 1" this combat.'
    )
    found = compile_text(text, CardType.ENERGY_COMBAT)
    assert found.status == "automated", found
    (hit,) = found.fields["attack"]["hit"]
    assert hit["modifier"] == _gain(1, styled=True, without_endurance=True) and "if" in hit


NEAR_MISSES = [
    # no duration outside CONSTANT:, or a duration not read
    ("Drills in your Life Deck without Endurance gain 'Endurance 2'.", EV),
    ("Drills in your Life Deck gain 'Endurance 2' until your opponent's next turn.", EV),
    # whose cards said twice, differently; cards not in a Life Deck
    ("Your Drills in all Life Decks gain 'Endurance 1' this combat.", EV),
    ("Cards in your hand gain 'Endurance 1' this combat.", EV),
    ("Each cards in your Life Deck gain 'Endurance 1' this combat.", EV),
    # X counted for a card in play only; a lock with a condition not read
    (
        "Your Styled cards with Endurance have their Endurance increased by X this combat. "
        "X = your anger.",
        EV,
    ),
    ("CONSTANT: The Endurance on non-Styled cards cannot be used while you have 2 Drills.", DRILL),
    ("CONSTANT: Drills gain 'Endurance 2' and 'Endurance 3'.", DRILL),
]


@pytest.mark.parametrize(("text", "kind"), NEAR_MISSES)
def test_near_misses_stay_for_players(text: str, kind: CardType) -> None:
    found = compile_text(text, kind)
    assert found.status != "automated", found
    assert not any("endurance" in str(m) for m in found.fields.get("constant", []))


def test_the_scenario_cards_are_what_their_text_compiles_to() -> None:
    for card in load_card_file(Path(__file__).parents[1] / "cards" / "endurance.yaml"):
        if card.text != "No effect.":  # life cards for the scenarios, no ability
            assert reproduces(card), card.name


def test_a_label_after_a_quotation_opens_the_next_sentence() -> None:
    """ "... gain 'Endurance 3' POWER: ..." lost its full stop: the label still opens an
    ability of its own; a label word inside a sentence, or after no quotation, does not."""
    text = (
        "[CONSTANT] Drills in your Life Deck without Endurance gain 'Endurance 3' POWER: "
        "Draw a card."
    )
    assert split_sentences(text) == [
        "[CONSTANT] Drills in your Life Deck without Endurance gain 'Endurance 3'",
        "POWER: Draw a card.",
    ]
    found = compile_text(text, DRILL)
    assert found.status == "automated", found
    assert found.fields["action"]["effects"] == [{"do": "draw", "amount": 1}]
    for whole in (
        'Name "Goku" POWER Cards.',
        'Your attacks gain "HIT: Draw a card" POWER: cards.',
        "Your opponent cannot lower your anger with POWER: Cards this combat.",
    ):
        assert split_sentences(whole) == [whole]


def test_after_banishing_a_card_for_endurance_that_card_is_the_card_banished() -> None:
    text = (
        "CONSTANT: Once per combat after banishing a card for Endurance, you may Rejuvenate "
        "that card."
    )
    found = compile_text(text, DRILL)
    assert found.status == "automated", found
    assert found.fields["triggers"] == [
        {
            "on": "endurance_used",
            "once_per": "combat",
            "effects": [{"do": "move", "source": "that", "to": "rejuvenate", "may": True}],
        }
    ]
    opponent = compile_text("CONSTANT: Whenever your opponent uses Endurance, draw a card.", DRILL)
    assert opponent.fields["triggers"][0]["who"] == "opponent"


@pytest.mark.parametrize(
    "text",
    [
        # "that card" of another event names no card; a floating trigger does not carry it
        "CONSTANT: Whenever you Rejuvenate, banish that card.",
        "For the remainder of combat, whenever you banish a card for Endurance, you may "
        "Rejuvenate that card.",
        "CONSTANT: Whenever you banish two cards for Endurance, draw a card.",
    ],
)
def test_that_card_of_other_triggers_stays_for_players(text: str) -> None:
    assert compile_text(text, DRILL).status != "automated"


def test_endurance_cannot_be_used_on_this_attack() -> None:
    """The attack's own flag; behind a condition an `attack_gains` effect (ruling 267)."""
    plain = compile_text(
        "Energy attack. Endurance cannot be used on this attack. DAMAGE: 6 life cards.",
        CardType.ENERGY_COMBAT,
    )
    assert plain.status == "automated", plain
    assert plain.fields["attack"]["no_endurance"] is True
    gated = compile_text(
        "Physical attack. DAMAGE: AT. If your anger is 3 or more, your opponent cannot use "
        "Endurance against this attack.",
        CardType.PHYSICAL_COMBAT,
    )
    assert gated.status == "automated", gated
    assert gated.fields["attack"]["effects"] == [
        {"do": "attack_gains", "no_endurance": True, "if": {"anger_at_least": 3}}
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Energy attack. Endurance cannot be used on this card. DAMAGE: 6 life cards.",
        "Energy attack. You cannot use Endurance against this attack. DAMAGE: 6 life cards.",
        "Energy attack. Endurance cannot be used on this attack or the next. DAMAGE: 6 life cards.",
    ],
)
def test_other_endurance_locks_on_attacks_stay_for_players(text: str) -> None:
    found = compile_text(text, CardType.ENERGY_COMBAT)
    assert found.status != "automated", found
    assert "no_endurance" not in str(found.fields)
