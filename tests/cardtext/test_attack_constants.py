"""Constants about attacks read as <subject> <predicate> [and <predicate>]
(engine/panini/cardtext/attack_constants.py; docs/rulings.md 145-146)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.panini.cards import CardType, load_card_file
from engine.panini.cardtext import compile_text, reproduces


def _constant(sentence: str, card_type: CardType = CardType.DRILL) -> Any:
    result = compile_text(f"CONSTANT: {sentence}", card_type)
    return result.fields.get("constant") if result.status == "automated" else None


@pytest.mark.parametrize(
    ("sentence", "constant"),
    [
        # one subject, two predicates
        ("Your attacks cost -3 stages (to a minimum of 0) and deal +3 life cards of damage.",
         [{"mod": "attack_cost", "amount": -3, "minimum": 0}, {"mod": "damage", "life": 3}]),
        ("Your non-Styled attacks cannot be stopped and deal +3 life cards of damage.",
         [{"mod": "unstoppable", "styled": False}, {"mod": "damage", "styled": False, "life": 3}]),
        ("Your attacks are considered Styled and deal +2 stages of damage.",
         [{"mod": "styled_attacks"}, {"mod": "damage", "stages": 2}]),
        # two whole constants
        ("Styled attacks deal +1 life card of damage and non-Styled attacks cost +1 stage to "
         "perform.",
         [{"mod": "damage", "who": "both", "styled": True, "life": 1},
          {"mod": "attack_cost", "amount": 1, "who": "both", "styled": False}]),
        # the first attack each combat
        ("Your opponent's first attack each combat costs +1 stage to perform.",
         [{"mod": "attack_cost", "amount": 1, "who": "opponent", "first_each_combat": True}]),
        ("Your first non-Styled attack each combat cannot have its damage modified.",
         [{"mod": "unmodifiable", "styled": False, "first_each_combat": True}]),
        ("The first attack each player performs during combat cannot have its damage modified.",
         [{"mod": "unmodifiable", "who": "both", "first_each_combat": True}]),
        ("The first Styled attack you perform each combat deals +2 stages of damage.",
         [{"mod": "damage", "styled": True, "stages": 2, "first_each_combat": True}]),
        # one combat each turn: the first attack each turn is the first each combat
        ("Your first Styled attack each turn cannot be stopped.",
         [{"mod": "unstoppable", "styled": True, "first_each_combat": True}]),
        # attacks whose damage cannot be prevented
        ("Your Styled attacks deal +2 stages of damage and cannot have their damage prevented.",
         [{"mod": "damage", "styled": True, "stages": 2},
          {"mod": "unpreventable", "styled": True}]),
        ("Your energy attacks cost -1 stage (to a minimum of 0) and cannot have their damage "
         "prevented.",
         [{"mod": "attack_cost", "amount": -1, "attacks": "energy", "minimum": 0},
          {"mod": "unpreventable", "attacks": "energy"}]),
        # attacks whose damage cannot be modified
        ("Your opponent's physical attacks cannot have their damage modified.",
         [{"mod": "unmodifiable", "who": "opponent", "attacks": "physical"}]),
        ("Damage from your energy attacks cannot be modified.",
         [{"mod": "unmodifiable", "attacks": "energy"}]),
        # anger to advance a level, with a minimum; no article
        ("You need 1 less anger to advance a personality level (to a minimum of 4).",
         [{"mod": "anger_discount", "amount": 1, "minimum": 4}]),
        ("You need 1 less anger to advance personality level.",
         [{"mod": "anger_discount", "amount": 1}]),
        # AT for every player's attacks
        ("AT damage is considered to be 4 for all physical attacks.",
         [{"mod": "at_value", "amount": 4, "attacks": "physical", "who": "both"}]),
        # critical damage as a constant (docs/rulings.md 86)
        ("Your attacks that deal at least 4 life cards of damage are considered to deal "
         "critical damage.",
         [{"mod": "critical", "amount": 4}]),
        ("Your successful energy attacks are considered to deal critical damage.",
         [{"mod": "critical", "amount": 0, "attacks": "energy"}]),
        ("Your opponent needs to deal 7 or more life cards to activate critical damage.",
         [{"mod": "critical_needs", "amount": 7, "who": "opponent"}]),
        ("If you can declare combat, you must do so.", [{"mod": "must_declare"}]),
        ("You must declare combat if able.", [{"mod": "must_declare"}]),
        # attacks performed by a personality
        ("Attacks performed by personalities with Android in the title deal +1 life card "
         "damage.",
         [{"mod": "damage", "who": "both", "life": 1, "performer_has": "Android"}]),
        ("Damage from attacks performed by personalities with Android in the title cannot be "
         "prevented.",
         [{"mod": "unpreventable", "who": "both", "performer_has": "Android"}]),
        ("Physical attacks performed by your MP deal +2 stages of damage.",
         [{"mod": "damage", "attacks": "physical", "stages": 2, "performer": "mp"}]),
        ("Damage from your physical attacks cannot be prevented.",
         [{"mod": "unpreventable", "attacks": "physical"}]),
        # the attacks of Physical / Energy Combat cards
        ("Your Physical Combat attacks deal +1 stage of damage.",
         [{"mod": "damage", "attacks": "physical", "stages": 1,
           "from_cards": ["physical_combat"]}]),
        # life cards before stages
        ("Your opponent's attacks deal -2 life cards and -2 stages of damage.",
         [{"mod": "damage", "who": "opponent", "life": -2, "stages": -2}]),
    ],
)  # fmt: skip
def test_constants(sentence: str, constant: Any) -> None:
    assert _constant(sentence) == constant


def test_an_ability_after_a_dash_is_read_as_a_quoted_one() -> None:
    hit = compile_text(
        "CONSTANT: Your Styled attacks gain - HIT: You may raise your anger 1 level.",
        CardType.MASTERY,
    )
    assert hit.status == "automated"
    assert hit.fields["constant"] == [{"mod": "grant", "styled": True, "grant": 0}]
    assert hit.fields["grants"] == [
        {"effects": [{"do": "raise_anger", "amount": 1, "may": True}], "hit": True}
    ]
    both = compile_text(
        "CONSTANT: Your Styled physical attacks deal +2 stages of damage and gain - Raise your "
        "anger 1 level.",
        CardType.DRILL,
    )
    assert both.fields["constant"] == [
        {"mod": "damage", "attacks": "physical", "styled": True, "stages": 2},
        {"mod": "grant", "attacks": "physical", "styled": True, "grant": 0},
    ]
    assert both.fields["grants"] == [{"effects": [{"do": "raise_anger", "amount": 1}],
                                      "hit": False}]  # fmt: skip


def test_an_ability_after_a_comma() -> None:
    result = compile_text(
        "CONSTANT: Your Energy Combat attacks gain, HIT: Raise your anger 1 level and your MP "
        "gains 3 stages.",
        CardType.DRILL,
    )
    assert result.fields["constant"] == [
        {"mod": "grant", "attacks": "energy", "from_cards": ["energy_combat"], "grant": 0}
    ]
    assert result.fields["grants"][0]["hit"] is True
    assert [e["do"] for e in result.fields["grants"][0]["effects"]] == [
        "raise_anger", "gain_stages"]  # fmt: skip


def test_a_first_attack_gains_an_ability() -> None:
    result = compile_text(
        'CONSTANT: The first Styled energy attack you perform each combat gains "HIT: Draw a '
        'card."',
        CardType.MAIN_PERSONALITY,
    )
    assert result.fields["constant"] == [
        {"mod": "grant", "attacks": "energy", "styled": True, "grant": 0,
         "first_each_combat": True}
    ]  # fmt: skip


@pytest.mark.parametrize(
    "sentence",
    [
        # an attack that is stopped deals no critical damage: "successful" or an amount
        "Your attacks are considered to deal critical damage.",
        # exactly 7 (not "or more") is not the threshold
        "Your opponent needs to deal 7 life cards to activate critical damage.",
        # ("Your opponent must declare combat." is read: engine.panini.cardtext.restrictions)
        "Your opponent must declare combat twice.",
        "If you can declare combat, you may do so.",
        # which personality "this personality" is depends on the card: not read here
        "Physical attacks performed by this personality deal +2 stages of damage.",
        # a cost is paid before the attack has a performer
        "Attacks performed by your MP cost +1 stage to perform.",
        # two card types at once are not read
        "Your Physical Combat attacks and Energy Combat attacks deal +1 stage of damage.",
        # whose AT is not said
        "AT damage is considered to be 4 for your physical attacks.",
        "Your opponent needs 6 anger to advance a level (to a minimum of 4).",
        # whose effects may not modify it is not tracked
        "Your attacks cannot have their damage modified by your effects.",
        # whose attacks is not said
        "Attacks cannot have their damage modified.",
        # one half is not a constant: the sentence is not guessed
        "Your attacks cost -3 stages (to a minimum of 0) and draw a card.",
        "Your attacks deal +3 life cards of damage and your opponent draws a card.",
        # the "and" belongs to the ability after a dash: it is not two constants
        "Your attacks gain - HIT: Raise your anger 1 level and deal +1 stage of damage.",
        # "each game" is not "each combat"
        "Your first attack each game cannot have its damage modified.",
        "Your first attack cannot have its damage modified.",
        # a first attack's modifier the engine does not count per attack
        "Your opponent's first energy attack each combat costs +1 stage to perform.",
        "The first physical attack you perform each combat deals +2 stages of damage.",
        # "that raise your anger" is not a filter read here
        "Your attacks that raise your anger deal +3 power stages and +3 life cards of damage.",
    ],
)
def test_near_misses_stay_unread(sentence: str) -> None:
    assert _constant(sentence) is None, sentence


def test_a_condition_applies_to_both_constants() -> None:
    result = compile_text(
        "CONSTANT: If your anger is 3 or more, your attacks cost -1 stage (to a minimum of 0) "
        "and deal +1 life card of damage.",
        CardType.DRILL,
    )
    constant = result.fields["constant"]
    assert [m["mod"] for m in constant] == ["attack_cost", "damage"]
    assert constant[0]["requires"] == constant[1]["requires"] is not None


def test_scenario_cards_are_what_the_compiler_makes() -> None:
    for card in load_card_file(Path(__file__).parents[1] / "cards" / "const.yaml"):
        if card.type != CardType.MAIN_PERSONALITY:  # the MP levels print no effect
            assert reproduces(card), card.name


def test_plus_x_in_a_constant_is_per_x_of_the_card() -> None:
    result = compile_text(
        "CONSTANT: Your energy attacks deal +X life cards of damage. X = your MP's level.",
        CardType.DRILL,
    )
    assert result.status == "automated"
    assert result.fields["constant"] == [
        {"mod": "damage", "attacks": "energy", "life": 1, "x": True}
    ]
    assert result.fields["x"] == {"of": "level"}
    result = compile_text(
        "CONSTANT: Your physical attacks deal +X stages of damage and can only be stopped by "
        "Physical Combat cards. X = your anger.",
        CardType.MAIN_PERSONALITY,
    )
    assert result.fields["constant"][0] == {
        "mod": "damage", "attacks": "physical", "stages": 1, "x": True}  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        # no "X = ..." read: the constant is left with the card's X
        "CONSTANT: Your attacks deal +X life cards of damage.",
        "CONSTANT: Your attacks deal +X life cards of damage. X = the phase of the moon.",
        # +X next to a +1: which amount is X is not guessed
        "CONSTANT: Your attacks deal +X stages and +1 life card of damage. X = your anger.",
        "CONSTANT: Your attacks deal +X stages and +X life cards of damage. X = your anger.",
    ],
)
def test_plus_x_near_misses_stay_unread(text: str) -> None:
    result = compile_text(text, CardType.DRILL)
    assert "constant" not in result.fields, text
