"""Power levels considered other than they are (engine.panini.cardtext.considered; 2016 GLOSSARY
"Power Level"), and a defense's sentences reading the attacking / defending personality."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.panini.cards import CardType, load_card_file
from engine.panini.cardtext import compile_text, reproduces

CARDS = Path(__file__).parent.parent / "cards" / "considered.yaml"
HIGHER = {"mod": "higher_power_level"}
MILLION = {"mod": "power_level_is", "amount": 1000000}


def effects(text: str, card_type: CardType = CardType.PHYSICAL_COMBAT) -> Any:
    result = compile_text(text, card_type)
    assert result.status == "automated", (text, result.unread)
    section: dict[str, Any] = result.fields.get("attack") or result.fields["action"]
    return section["effects"]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Your MP is considered to have a higher power level than the defending personality"
         " for your card effects this combat.",
         {"do": "until_end_of_turn", "modifier": HIGHER}),
        ("Your MP is considered to have a higher power level than the defending personality"
         " for your effects for the remainder of combat.",
         {"do": "until_end_of_turn", "modifier": HIGHER}),
        ("Your power level is considered to be 1,000,000 this combat.",
         {"do": "until_end_of_turn", "modifier": MILLION}),
        ("Your MP's power level is considered to be 50000 this combat.",
         {"do": "until_end_of_turn", "modifier": {"mod": "power_level_is", "amount": 50000}}),
        ("Until the end of your next turn, your power level is considered to be 1,000,000.",
         {"do": "until_end_of_turn", "modifier": MILLION, "lasts": "next_turn"}),
    ],
)  # fmt: skip
def test_floating(sentence: str, expected: Any) -> None:
    assert effects(f"Physical attack. {sentence} DAMAGE: 3 stages.") == [expected]


def test_while_attached_is_a_constant() -> None:
    text = ("POWER: Attach to your MP. Draw a card. [CONSTANT]: While attached, your MP is"
            " considered to have a higher power level than the defending personality for your"
            " card effects.")  # fmt: skip
    result = compile_text(text, CardType.EVENT)
    assert result.status == "automated"
    assert result.fields["constant"] == [HIGHER]


@pytest.mark.parametrize(
    "sentence",
    [
        # whose effects, and against whom, must be said
        "Your MP is considered to have a higher power level than the defending personality.",
        "Your MP is considered to have a higher power level than your opponent's MP for your"
        " card effects this combat.",
        # a condition inside it is not read
        "Until the end of your next turn, while your power level is above 0 your power level"
        " is considered to be 1,000,000.",
        "Your power level is considered to be 1,000,000 until you lose stages.",
        "Your anger is considered to be 5 this combat.",
    ],
)
def test_near_misses_stay_unread(sentence: str) -> None:
    result = compile_text(
        f"Physical attack. {sentence} DAMAGE: 3 stages.", CardType.PHYSICAL_COMBAT
    )
    assert result.unread == [sentence]


def test_a_defense_reads_the_attacking_and_blocking_personalities() -> None:
    text = (
        "Stops a physical attack. If your MP has a lower power level than the attacking"
        " personality, your power level is considered to be 1,000,000 this combat."
    )
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.status == "automated"
    assert result.fields["defense"]["effects"] == [{
        **{"do": "until_end_of_turn", "modifier": MILLION},
        "if": {"compare": [{"left": {"of": "power_level"}, "op": "lt",
                            "right": {"of": "power_level", "actor": "attacking"}}]},
    }]  # fmt: skip
    block = (
        "Stops an energy attack. If the personality performing this block has a higher"
        " power level than the attacking personality, shuffle this card into your Life"
        " Deck after use."
    )
    condition = compile_text(block, CardType.ENERGY_COMBAT).fields["after_use"]["if"]
    assert condition["compare"][0]["left"] == {"of": "power_level", "actor": "defending"}


def test_outside_an_attack_or_defense_the_personalities_stay_unread() -> None:
    text = (
        "POWER: If the personality performing this attack has a higher power level than"
        " the defending personality, draw a card."
    )
    assert compile_text(text, CardType.EVENT).status != "automated"


def test_the_scenario_cards_reproduce() -> None:
    cards = [card for card in load_card_file(CARDS) if card.text != "No effect."]
    assert cards and all(reproduces(card) for card in cards)


@pytest.mark.parametrize(
    ("text", "floor"),
    [
        ("POWER: Your opponent's MP loses 3 stages, to a minimum of 0.", True),
        ("POWER: Your opponent's MP loses 3 stages (to a minimum of 0).", True),
        ("POWER: Your opponent's MP loses 3 stages.", False),
    ],
)
def test_stage_loss_to_a_minimum_of_zero(text: str, floor: bool) -> None:
    effect = compile_text(text, CardType.EVENT).fields["action"]["effects"][0]
    assert effect["do"] == "lose_stages" and effect.get("floor", False) is floor


@pytest.mark.parametrize(
    "text",
    [
        "POWER: Your opponent's MP loses 3 stages, to a minimum of 1.",
        "POWER: Draw a card, to a minimum of 0.",
        "POWER: Your MP gains 3 stages, to a minimum of 0.",
        "POWER: Choose a personality in play. That personality loses 4 stages, to a minimum of 0.",
    ],
)
def test_minimum_near_misses(text: str) -> None:
    assert compile_text(text, CardType.EVENT).status != "automated"
