"""Rules about Critical Damage (2016 CRITICAL DAMAGE) a card changes, constant or for a time
(engine.panini.cardtext.critical; docs/rulings.md 282-284)."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text

ONE_ALLY = {"compare": [{"left": {"of": "allies"}, "op": "eq", "value": 1}]}
ONE_BALL = {"compare": [{"left": {"of": "dragon_balls"}, "op": "eq", "value": 1}]}


@pytest.mark.parametrize(
    ("sentence", "modifier"),
    [
        ("Your opponent's attacks need to deal +2 life cards to use a critical damage effect "
         "this combat.", {"mod": "critical_more", "who": "opponent", "amount": 2}),
        ("For the remainder of combat, your opponent's attacks need to deal +1 more life card of "
         "damage to deal critical damage.",
         {"mod": "critical_more", "who": "opponent", "amount": 1}),
        ("For the remainder of combat, your anger can only be lowered by critical damage effects.",
         {"mod": "anger_lower_only_critical"}),
        ("Your opponent's anger can only be lowered by critical damage effects this turn.",
         {"mod": "anger_lower_only_critical", "who": "opponent"}),
        ("Your Allies cannot be discarded by critical damage effects this combat.",
         {"mod": "critical_immune", "card_types": ["ally"]}),
        ("Your Dragon Balls cannot be captured by a critical damage effect this combat.",
         {"mod": "critical_immune", "card_types": ["dragon_ball"]}),
    ],
)  # fmt: skip
def test_for_a_time(sentence: str, modifier: dict[str, object]) -> None:
    result = compile_text(f"POWER: {sentence}", CardType.EVENT)
    assert result.status == "automated", result.unread
    assert result.fields["action"]["effects"] == [
        {"do": "until_end_of_turn", "modifier": modifier}
    ]


@pytest.mark.parametrize(
    ("sentence", "modifier"),
    [
        ("While you control 1 Ally, it cannot be discarded by critical damage effects.",
         {"mod": "critical_immune", "card_types": ["ally"], "requires": ONE_ALLY}),
        ("While you control one Dragon Ball, it cannot be captured by a critical damage effect.",
         {"mod": "critical_immune", "card_types": ["dragon_ball"], "requires": ONE_BALL}),
        ("Your anger can only be lowered by critical damage effects.",
         {"mod": "anger_lower_only_critical"}),
    ],
)  # fmt: skip
def test_constant(sentence: str, modifier: dict[str, object]) -> None:
    result = compile_text(f"[CONSTANT]: {sentence}", CardType.MASTERY)
    assert result.status == "automated", result.unread
    assert result.fields["constant"] == [modifier]


@pytest.mark.parametrize(
    "sentence",
    [
        # an Ally is discarded, a Dragon Ball captured: nothing else is said
        "Your Allies cannot be captured by critical damage effects this combat.",
        "Your Dragon Balls cannot be discarded by critical damage effects this combat.",
        # how long, twice; a "While" condition for a time; "need" with no "+"
        "For the remainder of combat, your anger can only be lowered by critical damage effects "
        "this combat.",
        "While you control 1 Ally, it cannot be discarded by critical damage effects this combat.",
        "Your opponent's attacks need to deal 2 life cards to use a critical damage effect this "
        "combat.",
        # more than one: "it" is which?
        "While you control 2 Allies, it cannot be discarded by critical damage effects.",
        "Your anger can only be lowered by your opponent's effects this combat.",
    ],
)
def test_near_misses_stay_unread(sentence: str) -> None:
    result = compile_text(f"POWER: {sentence}", CardType.EVENT)
    assert result.status == "manual", sentence
    constant = compile_text(f"[CONSTANT]: {sentence}", CardType.MASTERY)
    assert constant.status == "manual", sentence
