"""Conditions on what a personality is (engine.panini.cardtext.identity), more ways to say a power
level, "While <condition>, <constant>" and "If <condition> <effect>" with no comma: each
read whole, or the sentence is left to players."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text


def condition_of(text: str, card_type: CardType = CardType.EVENT) -> Any:
    result = compile_text(text, card_type)
    assert result.status == "automated", (text, result.unread)
    return result.fields["action"]["effects"][0]["if"]


def is_(kind: str, negated: bool = False, **extra: Any) -> dict[str, Any]:
    test: dict[str, Any] = {"kind": kind, **extra}
    if negated:
        test["negated"] = True
    return {"personality_is": test}


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        ("If your MP is a Saiyan", is_("saiyan")),
        ("If your MP is a Hero", is_("hero")),
        ("If your MP is not a Villain", is_("villain", True)),
        ("If your MP is an Android", is_("android")),
        ("If your MP is a Namekian or a Saiyan", {"any_of": [is_("namekian"), is_("saiyan")]}),
        ("If your MP is a Namekian Personality", is_("namekian")),
        ("If your opponent's MP is a Saiyan", {"who": "opponent", **is_("saiyan")}),
        ("If your MP has NAMEKIAN", is_("namekian")),
        ("If your MP has the EARTHLING trait", is_("earthling")),
        ("If your MP does not have SAIYAN trait", is_("saiyan", True)),
        ("If your MP has NAMEKIAN or EARTHLING",
         {"any_of": [is_("namekian"), is_("earthling")]}),
        ("If your MP has 'Android' in the title", {"personality_is": {"title": "Android"}}),
        ('If your MP has "Cell Jr." in its name', {"personality_is": {"title": "Cell Jr."}}),
        ("If your MP does not have 'Android' in the title",
         {"personality_is": {"title": "Android", "negated": True}}),
        ("If you control a Saiyan Personality", is_("saiyan", which="any")),
        ("If you do not control a Saiyan personality", is_("saiyan", True, which="any")),
        ('If your MP is "Captain Ginyu"', {"personality": "Captain Ginyu"}),
        ("If Nappa is your MP", {"personality": "Nappa"}),
        ("If your MP's power level is over 20,000",
         {"compare": [{"left": {"of": "power_level"}, "op": "gt", "value": 20000}]}),
        ("If your opponent's MP's power level is below 500",
         {"compare": [{"left": {"of": "power_level", "who": "opponent"}, "op": "lt",
                       "value": 500}]}),
        ("If the power level of your opponent's MP is 0",
         {"compare": [{"left": {"of": "power_level", "who": "opponent"}, "op": "eq",
                       "value": 0}]}),
        ("If your Main Personality's level is 3 or higher",
         {"compare": [{"left": {"of": "level"}, "op": "ge", "value": 3}]}),
        ("If your MP is a higher personality level than your opponent's MP",
         {"compare": [{"left": {"of": "level"}, "op": "gt",
                       "right": {"of": "level", "who": "opponent"}}]}),
    ],
)  # fmt: skip
def test_personality_conditions(head: str, expected: dict[str, Any]) -> None:
    assert condition_of(f"POWER: {head}, draw a card.") == expected


@pytest.mark.parametrize(
    "text",
    [
        "POWER: If your MP is a Saiyan warrior, draw a card.",  # more words
        "POWER: If your MP is a Saiyan or so, draw a card.",
        "POWER: If your MP has SAIYAN blood, draw a card.",
        "POWER: If your MP is a Kaioshin, draw a card.",  # no such kind
        "POWER: If your MP is not a Namekian or a Saiyan, draw a card.",  # neither? either?
        "POWER: If your MP's power level is over 20,00, draw a card.",  # not a number
        "POWER: If your MP has Android in the deck, draw a card.",
        "POWER: If This is your MP, draw a card.",
        "POWER: If you control a Saiyan Personality card game, draw a card.",
    ],
)
def test_near_misses_stay_unread(text: str) -> None:
    result = compile_text(text, CardType.EVENT)
    assert result.status == "manual" and result.unread, text


def test_if_with_no_comma_reads_the_one_cut_that_reads() -> None:
    result = compile_text("POWER: If your MP's power level is 0 draw a card.", CardType.EVENT)
    assert result.status == "automated"
    assert result.fields["action"]["effects"] == [
        {"do": "draw", "amount": 1,
         "if": {"compare": [{"left": {"of": "power_level"}, "op": "eq", "value": 0}]}},
    ]  # fmt: skip


def test_if_with_no_comma_not_read_when_nothing_cuts() -> None:
    for text in (
        "POWER: If your MP's power level is 0 draw a card now.",
        "POWER: If your anger is 3 or more and gain 2 stages.",
    ):
        assert compile_text(text, CardType.EVENT).status == "manual", text


def test_while_on_a_constant_is_its_condition() -> None:
    text = (
        "CONSTANT: While you control 2 or more Dragon Balls, your physical attacks do +1 stage"
        " of damage."
    )
    result = compile_text(text, CardType.DRILL)
    assert result.status == "automated", result.unread
    assert result.fields["constant"] == [
        {"mod": "physical_damage", "amount": 1,
         "requires": {"controls_dragon_balls_at_least": 2}},
    ]  # fmt: skip
    unread = "CONSTANT: While you hum, your physical attacks do +1 stage of damage."
    assert compile_text(unread, CardType.DRILL).status == "manual"


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        ("If Gohan or Namek Dragon Ball 5 are in play",
         {"named_in_play": {"names": ["Gohan", "Namek Dragon Ball 5"]}}),
        ("If Android 17's Van is in play", {"named_in_play": {"names": ["Android 17's Van"]}}),
        ("If Goku, Gohan, or Goten are in play",
         {"named_in_play": {"names": ["Goku", "Gohan", "Goten"]}}),
        ("If you have Piccolo in play", {"named_in_play": {"names": ["Piccolo"], "whose": "self"}}),
        ("If your opponent has Android 17 in play",
         {"who": "opponent", "named_in_play": {"names": ["Android 17"], "whose": "self"}}),
    ],
)  # fmt: skip
def test_named_in_play(head: str, expected: dict[str, Any]) -> None:
    assert condition_of(f"POWER: {head}, draw a card.") == expected


@pytest.mark.parametrize(
    "head",
    [
        "If Dragon Balls are in play",  # a kind of card, not a title
        "If Earth Dragon Balls are in play",
        "If Styled Setups are in play",
        "If This card is in play",
        "If Gohan are in play",
        "If Krillin and Goku are in play",  # both? either? left to players
        "If you have Piccolo in your hand",
    ],
)
def test_named_in_play_near_misses(head: str) -> None:
    text = f"POWER: {head}, draw a card."
    assert compile_text(text, CardType.EVENT).status == "manual", text


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        ("If the top card of your discard pile is a Styled attack",
         {"end": "top", "styled": True, "card_types": ["physical_combat", "energy_combat"]}),
        ("If the top card of your discard pile is Styled", {"end": "top", "styled": True}),
        ("If the bottom card of your discard pile is a non-Styled card",
         {"end": "bottom", "styled": False}),
        ("If the top card of your discard pile is a Red Drill",
         {"end": "top", "style": "red", "card_types": ["drill"]}),
    ],
)  # fmt: skip
def test_discard_pile_end(head: str, expected: dict[str, Any]) -> None:
    assert condition_of(f"POWER: {head}, draw a card.") == {"discard_pile_end": expected}


@pytest.mark.parametrize(
    "head",
    [
        "If the top card of your Life Deck is Styled",  # hidden: not tested silently
        "If the top card of your discard pile is a Styled Red card",
        "If the top card of your discard pile is a Styled hat",
        "If the top two cards of your discard pile are Styled",
    ],
)
def test_discard_pile_end_near_misses(head: str) -> None:
    text = f"POWER: {head}, draw a card."
    assert compile_text(text, CardType.EVENT).status == "manual", text


def test_no_comma_with_a_thousands_comma_in_the_condition() -> None:
    text = "POWER: If your opponent's MP's power level is over 9,000 draw a card."
    effects = compile_text(text, CardType.EVENT).fields["action"]["effects"]
    assert effects[0]["if"] == {
        "compare": [{"left": {"of": "power_level", "who": "opponent"}, "op": "gt", "value": 9000}]
    }
    near = "POWER: If your opponent's MP's power level is over 9,00 draw a card."
    assert compile_text(near, CardType.EVENT).status == "manual"


def test_opponent_advanced_a_level_with_this_attack() -> None:
    text = (
        "Energy attack. Raise your opponent's anger 2 levels. If your opponent advanced a"
        " personality level with this card, draw a card. DAMAGE: 5 life cards."
    )
    result = compile_text(text, CardType.ENERGY_COMBAT)
    assert result.status == "automated", result.unread
    assert result.fields["attack"]["effects"][1] == {
        "do": "draw", "amount": 1, "if": {"who": "opponent", "advanced_this_attack": True},
    }  # fmt: skip
    # only an attack's own sentences know "this card"'s attack; a near miss stays unread
    event = "POWER: If your opponent advanced a personality level with this card, draw a card."
    assert compile_text(event, CardType.EVENT).status == "manual"
    near = text.replace("advanced a personality level", "advanced two personality levels")
    unread = compile_text(near, CardType.ENERGY_COMBAT).unread
    assert unread == [near.split(". ")[2] + "."]
