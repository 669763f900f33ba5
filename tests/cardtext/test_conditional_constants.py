"""Constants under a condition (engine.panini.cardtext.constants): "If / While <condition>,
<modifier>." and "..., <modifier> instead." after the modifier it replaces
(docs/rulings.md 95)."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text

BALLS = {"controls_dragon_balls_at_least": 3}


def test_instead_replaces_the_modifier_before_while_the_condition_holds() -> None:
    text = (
        "CONSTANT: Your attacks deal +1 stage of damage. While you control 3 or more Dragon"
        " Balls, your attacks deal +2 stages of damage instead."
    )
    result = compile_text(text, CardType.DRILL)
    assert result.status == "automated", result.unread
    assert result.fields["constant"] == [
        {"mod": "damage", "stages": 1, "requires": {"none_of": [BALLS]}},
        {"mod": "damage", "stages": 2, "requires": BALLS},
    ]


def test_instead_keeps_a_condition_of_the_modifier_before() -> None:
    text = (
        "CONSTANT: If your MP is a Villain, your attacks deal +1 stage of damage. While you"
        " control 3 or more Dragon Balls, your attacks deal +2 stages of damage instead."
    )
    constant = compile_text(text, CardType.DRILL).fields["constant"]
    villain = {"personality_is": {"kind": "villain"}}
    assert constant[0]["requires"] == {"all_of": [villain, {"none_of": [BALLS]}]}


@pytest.mark.parametrize(
    "text",
    [
        # nothing before it to replace
        "CONSTANT: While you control 3 or more Dragon Balls, your attacks deal +2 stages of"
        " damage instead.",
        # a different modifier before it
        "CONSTANT: Your attacks deal +1 stage of damage. While you control 3 or more Dragon"
        " Balls, your physical attacks do +2 stages of damage instead.",
        # not the sentence just before
        "CONSTANT: Your attacks deal +1 stage of damage. Hum a tune. While you control 3 or"
        " more Dragon Balls, your attacks deal +2 stages of damage instead.",
    ],
)
def test_instead_without_its_modifier_is_left_to_players(text: str) -> None:
    result = compile_text(text, CardType.DRILL)
    assert any(sentence.endswith("instead.") for sentence in result.unread), text


def test_while_with_no_comma() -> None:
    text = (
        "CONSTANT: While your MP's power level is over 20,000 your attacks deal +1 stage of damage."
    )
    result = compile_text(text, CardType.DRILL)
    assert result.status == "automated", result.unread
    assert result.fields["constant"][0]["requires"] == {
        "compare": [{"left": {"of": "power_level"}, "op": "gt", "value": 20000}]
    }
