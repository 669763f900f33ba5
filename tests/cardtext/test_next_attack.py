"""The next attack's cost, stops and all damage prevented for a while
(engine.panini.cardtext.next_attack; docs/rulings.md 155-158)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panini.cards import PREVENT_ALL, Card, CardType
from engine.panini.cardtext import compile_text, reproduces

Json = dict[str, Any]


def _effects(text: str, card_type: CardType = CardType.EVENT) -> list[Json]:
    result = compile_text(text, card_type)
    assert result.status == "automated", (text, result.unread)
    card = Card.model_validate({"name": "Test", "type": card_type.value, "text": text,
                                **result.fields})  # fmt: skip
    assert reproduces(card)
    effects: list[Json] = result.fields["action"]["effects"]
    return effects


def _next(modifier: Json, lasts: str | None = "next_attack") -> Json:
    effect: Json = {"do": "until_end_of_turn", "modifier": modifier}
    return effect if lasts is None else {**effect, "lasts": lasts}


@pytest.mark.parametrize(
    ("sentence", "modifier"),
    [
        ("Your next attack this combat has its power stage cost reduced to 0.",
         {"mod": "no_attack_cost"}),
        ("Your next Styled energy attack this combat has its power stage cost reduced to 0.",
         {"mod": "no_attack_cost", "attacks": "energy", "styled": True}),
        ("The next non-Styled attack you perform this combat has its cost reduced to zero.",
         {"mod": "no_attack_cost", "styled": False}),
        ("You do not have to pay power stage costs for your next Styled energy attack this "
         "combat.", {"mod": "no_attack_cost", "attacks": "energy", "styled": True}),
        ("Your opponent's next attack this combat costs +1 stage to perform.",
         {"mod": "attack_cost", "amount": 1, "who": "opponent"}),
        ("The next physical attack your opponent performs this combat costs +2 power stages.",
         {"mod": "attack_cost", "amount": 2, "who": "opponent", "attacks": "physical"}),
        ("Stop your opponent's next energy attack this combat.",
         {"mod": "stop_attacks", "who": "opponent", "attacks": "energy"}),
        ("Prevent all damage from the next non-Styled attack your opponent performs this combat.",
         {"mod": "prevent", "who": "opponent", "styled": False, "stages": PREVENT_ALL,
          "life": PREVENT_ALL}),
    ],
)  # fmt: skip
def test_next_attack_sentences(sentence: str, modifier: Json) -> None:
    assert _effects(f"POWER: {sentence}") == [_next(modifier)]


@pytest.mark.parametrize(
    ("sentence", "modifier", "lasts"),
    [
        ("Stop all energy attacks this combat.",
         {"mod": "stop_attacks", "who": "both", "attacks": "energy"}, None),
        ("Stop all of your opponent's physical attacks this combat.",
         {"mod": "stop_attacks", "who": "opponent", "attacks": "physical"}, None),
        ("Also stops a physical attack in your opponent's next action.",
         {"mod": "stop_attacks", "who": "opponent", "attacks": "physical"}, "next_action"),
        ("Prevent all damage from your opponent's attacks in his next action this combat.",
         {"mod": "prevent", "who": "opponent", "stages": PREVENT_ALL, "life": PREVENT_ALL},
         "next_action"),
    ],
)  # fmt: skip
def test_stops_and_prevention_for_a_while(sentence: str, modifier: Json, lasts: str | None) -> None:
    assert _effects(f"POWER: {sentence}") == [_next(modifier, lasts)]


def test_a_cost_paid_to_stop_all_attacks() -> None:
    effects = _effects(
        "You may lower your anger 3 levels to stop all physical attacks this combat."
    )
    assert effects == [
        {"do": "lower_anger", "amount": 3, "may": True},
        {**_next({"mod": "stop_attacks", "who": "both", "attacks": "physical"}, None),
         "if_you_do": True},
    ]  # fmt: skip


def test_one_next_attack_two_changes() -> None:
    effects = _effects(
        "POWER: The next attack you perform this combat has its power stage cost reduced to 0 "
        "and its damage cannot be prevented."
    )
    assert effects == [
        _next({"mod": "no_attack_cost"}),
        {**_next({"mod": "unpreventable"}), "if_you_do": True},
    ]
    effects = _effects(
        "POWER: Your next Styled energy attack this combat cannot have its damage prevented and "
        "you do not have to pay power stage costs for it."
    )
    which = {"attacks": "energy", "styled": True}
    assert effects == [
        _next({"mod": "unpreventable", **which}),
        {**_next({"mod": "no_attack_cost", **which}), "if_you_do": True},
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        "Your next attack has its power stage cost reduced to 0.",  # no "this combat"
        "Your next attack this combat has its power stage cost reduced to 1.",
        "Your next attack this combat costs +0 stages.",
        "Stop your next energy attack this combat.",  # your own attack
        "Prevent all damage from your next attack this combat.",
        "Stop all energy attacks.",  # how long is not said
        "Stops a physical or energy attack in your opponent's next action.",
        "Prevent all damage from your opponent's attacks in his next turn.",
        # the second part is not a change to the next attack
        "The next attack you perform this combat cannot be stopped and its damage is banished.",
        "Your opponent's next attack this combat costs +1 stage and it cannot be prevented.",
    ],
)
def test_near_misses_stay_unread(sentence: str) -> None:
    result = compile_text(f"POWER: {sentence}", CardType.EVENT)
    assert result.status == "manual", (sentence, result.fields)


def test_the_scenario_cards_are_what_their_text_compiles_to() -> None:
    from pathlib import Path

    from engine.panini.cards import load_card_file

    path = Path(__file__).parent.parent / "cards" / "next_attack.yaml"
    for card in load_card_file(path):
        if card.text != "No effect.":
            assert reproduces(card), card.name


def test_an_ability_given_after_a_dash() -> None:
    """ "gains - HIT: ..." (Red Hop's printing) is the quoted "gains 'HIT: ...'"."""
    text = "POWER: Your next attack this combat gains - HIT: Use a critical damage effect."
    result = compile_text(text, CardType.EVENT)
    assert result.status == "automated"
    assert result.fields["grants"] == [{"effects": [{"do": "critical_effect"}], "hit": True}]
    assert result.fields["action"]["effects"] == [
        _next({"mod": "grant", "grant": 0}, "next_attack")
    ]
    for near in (
        "POWER: Your next attack this combat gains - Use a critical damage effect.",
        "POWER: Your next attack this combat gains -- HIT: Use a critical damage effect.",
    ):
        assert compile_text(near, CardType.EVENT).status == "manual", near


@pytest.mark.parametrize(
    ("sentence", "effect"),
    [
        ("Your next attack this combat deals +X stages of damage.",
         _next({"mod": "damage", "stages": 1})),
        ("Prevent X stages of damage from your opponent's attacks this combat.",
         _next({"mod": "prevent", "who": "opponent", "stages": 1}, None)),
        ("Prevent X stages and X life cards of damage from your opponent's next attack this "
         "combat.", _next({"mod": "prevent", "who": "opponent", "stages": 1, "life": 1})),
    ],
)  # fmt: skip
def test_x_amounts_for_a_while(sentence: str, effect: Json) -> None:
    """Read with X as 1; `x` scales the modifier by X as it resolves (ruling 159)."""
    assert _effects(f"POWER: {sentence} X = your anger.") == [{**effect, "x": True}]


@pytest.mark.parametrize(
    "text",
    [
        "POWER: Your next attack this combat deals +X stages and +2 life cards of damage. "
        "X = your anger.",
        "POWER: Your next attack this combat deals +X stages of damage.",  # no X = ...
        "POWER: Your next attack this combat deals +2X stages of damage. X = your anger.",
    ],
)
def test_x_near_misses(text: str) -> None:
    result = compile_text(text, CardType.EVENT)
    assert result.status == "manual", (text, result.fields)


@pytest.mark.parametrize(
    ("sentence", "constant"),
    [
        ("Your non-Styled attacks cannot be stopped.", [{"mod": "unstoppable", "styled": False}]),
        ("Your physical attacks cannot have their damage prevented.",
         [{"mod": "unpreventable", "attacks": "physical"}]),
        ("Your first Styled attack each turn cannot be stopped.",
         [{"mod": "unstoppable", "styled": True, "first_each_combat": True}]),
        ("Your energy attacks cost -1 stage (to a minimum of 0) and cannot have their damage "
         "prevented.", [{"mod": "attack_cost", "amount": -1, "attacks": "energy", "minimum": 0},
                        {"mod": "unpreventable", "attacks": "energy"}]),
        ("Your non-Styled attacks cannot be stopped and deal +3 life cards of damage.",
         [{"mod": "unstoppable", "styled": False}, {"mod": "damage", "styled": False, "life": 3}]),
        ("Your Styled attacks deal +2 stages of damage and cannot have their damage prevented.",
         [{"mod": "damage", "styled": True, "stages": 2},
          {"mod": "unpreventable", "styled": True}]),
    ],
)  # fmt: skip
def test_constants(sentence: str, constant: list[Json]) -> None:
    # read by engine.panini.cardtext.attack_constants; kept here for the next-attack family's cards
    text = f"CONSTANT: {sentence}"
    result = compile_text(text, CardType.MAIN_PERSONALITY)
    assert result.status == "automated", result.unread
    assert result.fields["constant"] == constant


@pytest.mark.parametrize(
    "sentence",
    [
        "Your attacks cannot be stopped and cannot be prevented.",  # "be prevented": what?
        "Your attacks cannot be stopped this combat.",  # a duration under CONSTANT:
        "Your attacks deal +1 stage of damage and +1 life card of damage.",  # none of ours
        "Your attacks cannot be stopped, deal +1 stage and draw a card.",
    ],
)
def test_constant_near_misses(sentence: str) -> None:
    result = compile_text(f"CONSTANT: {sentence}", CardType.MAIN_PERSONALITY)
    assert result.status == "manual", (sentence, result.fields)


def test_an_unstoppable_constant_and_a_grant() -> None:
    result = compile_text("CONSTANT: Your attacks cannot be stopped and gain 'Draw a card.'",
                          CardType.DRILL)  # fmt: skip
    assert result.fields["constant"] == [{"mod": "unstoppable"}, {"mod": "grant", "grant": 0}]


@pytest.mark.parametrize(
    ("text", "defense"),
    [
        ("POWER: Stop a physical or energy attack.", {"against": "any", "stops": True}),
        ("POWER: Stop an energy attack.", {"against": "energy", "stops": True}),
        ("POWER: Lower your anger 1 level to stop an energy attack.",
         {"against": "energy", "stops": True,
          "cost": [{"do": "lower_anger", "amount": 1, "cost": True}]}),
        ("POWER: You may lower your anger 1 level to stop a physical or energy attack.",
         {"against": "any", "stops": True,
          "cost": [{"do": "lower_anger", "amount": 1, "cost": True}]}),
        ("POWER: Discard a card from your hand to prevent all damage from a physical attack.",
         {"against": "physical", "prevent_all": True,
          "cost": [{"do": "discard_from_hand", "amount": 1, "cost": True}]}),
    ],
)  # fmt: skip
def test_defenses_in_the_imperative_and_with_a_cost(text: str, defense: Json) -> None:
    result = compile_text(text, CardType.DRILL)
    assert result.status == "automated", result.unread
    assert result.fields["defense"] == defense


@pytest.mark.parametrize(
    "text",
    [
        "POWER: Stop all attacks.",  # for how long?
        "POWER: You may draw a card. If you do, lower your anger 1 level to stop an attack.",
        "POWER: Your attacks cannot be stopped this combat to stop an energy attack.",
        "POWER: Smile to stop an energy attack.",  # the cost is not read
    ],
)
def test_defense_near_misses(text: str) -> None:
    result = compile_text(text, CardType.DRILL)
    assert result.status != "automated", (text, result.fields)
    assert "defense" not in result.fields or "cost" not in result.fields["defense"]


def test_the_next_successful_attack() -> None:
    """Ruling 161: `successful`, only for what matters once the attack is not stopped."""
    effects = _effects("POWER: Your next successful attack this combat is considered to deal "
                       "critical damage.")  # fmt: skip
    assert effects == [{**_next({"mod": "critical"}), "successful": True}]
    effects = _effects("POWER: Your next successful energy attack this combat cannot have its "
                       "damage prevented and deals +1 life card of damage.")  # fmt: skip
    assert effects == [
        {**_next({"mod": "unpreventable", "attacks": "energy"}), "successful": True},
        {**_next({"mod": "damage", "attacks": "energy", "life": 1}), "successful": True,
         "if_you_do": True},
    ]  # fmt: skip
    for near in (
        "POWER: Your next successful attack this combat has its power stage cost reduced to 0.",
        "POWER: Your next successful attack this combat cannot be stopped.",
        "POWER: Your opponent's next successful attack this combat deals +1 life card of damage.",
        "POWER: Your next successful attack deals +1 life card of damage.",
    ):
        assert compile_text(near, CardType.EVENT).status == "manual", near


def test_a_comma_for_a_full_stop_after_a_defense() -> None:
    text = "Stops an energy attack, Search your discard pile for a Styled Setup and play it."
    result = compile_text(text, CardType.ENERGY_COMBAT)
    assert result.status == "automated", result.unread
    assert result.fields["defense"]["stops"] and result.fields["defense"]["effects"]
    for near in (
        # no capital: one sentence, not read
        "Stops an energy attack, search your discard pile for a Styled Setup and play it.",
        # the head is no defense
        "Draw a card, Search your discard pile for a Styled Setup and play it.",
    ):
        assert compile_text(near, CardType.ENERGY_COMBAT).status == "manual", near


def test_no_events_that_stop_attacks() -> None:
    effects = _effects("POWER: Your opponent cannot play Events that stop attacks this combat.")
    assert effects == [_next({"mod": "no_play", "who": "opponent", "card_types": ["event"],
                              "stoppers": True}, None)]  # fmt: skip
    for near in (
        "POWER: Your opponent cannot play Events that stop attacks.",  # for how long?
        "POWER: Your opponent cannot draw cards that stop attacks this combat.",
        "POWER: Your opponent cannot play Events that stop attacks nor Setups this combat.",
    ):
        assert compile_text(near, CardType.EVENT).status == "manual", near


def test_only_stopped_by_cards_played_from_the_hand() -> None:
    effects = _effects(
        "POWER: Attacks can only be stopped by cards played from the hand this combat."
    )
    types = ["physical_combat", "energy_combat", "event"]
    assert effects == [_next({"mod": "stopped_only_by", "card_types": types, "who": "both"}, None)]
    for near in (
        "POWER: Attacks can only be stopped by cards played from the hand.",  # how long?
        "POWER: Attacks can only be stopped by cards played from the discard pile this combat.",
    ):
        assert compile_text(near, CardType.EVENT).status == "manual", near
