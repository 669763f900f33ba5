"""What attacks cost (engine/panini/cardtext/attack_costs.py; docs/rulings.md 87)."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text


@pytest.mark.parametrize(
    ("sentence", "modifier"),
    [
        ("Your attacks cost -1 stage (to a minimum of 0).",
         {"mod": "attack_cost", "amount": -1, "minimum": 0}),
        ("Your opponent's physical attacks cost +2 stages to perform.",
         {"mod": "attack_cost", "amount": 2, "who": "opponent", "attacks": "physical"}),
        ("Your opponent's non-Styled attacks cost +1 stage to perform.",
         {"mod": "attack_cost", "amount": 1, "who": "opponent", "styled": False}),
        ("Styled energy attacks cost -2 stages to perform, to a minimum of 1.",
         {"mod": "attack_cost", "amount": -2, "who": "both", "attacks": "energy",
          "styled": True, "minimum": 1}),
    ],
)  # fmt: skip
def test_constant_costs(sentence: str, modifier: object) -> None:
    result = compile_text(f"CONSTANT: {sentence}", CardType.MASTERY)
    assert result.fields["constant"] == [modifier]


def test_a_cost_this_combat_is_a_floating_effect() -> None:
    text = ("POWER: All Styled energy attacks cost -1 stage to perform this combat, to a "
            "minimum of 1.")  # fmt: skip
    effects = compile_text(text, CardType.EVENT).fields["action"]["effects"]
    assert effects == [{"do": "until_end_of_turn", "modifier": {
        "mod": "attack_cost", "amount": -1, "who": "both", "attacks": "energy", "styled": True,
        "minimum": 1}}]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "card_type"),
    [
        ("CONSTANT: Attacks cost +1 stage.", CardType.MASTERY),  # whose attacks?
        ("CONSTANT: Your attacks cost +1 stage, to a minimum of 1.", CardType.MASTERY),
        ("CONSTANT: Your attacks cost -1 stage this combat.", CardType.MASTERY),  # a duration
        ("POWER: Your attacks cost -1 stage.", CardType.EVENT),  # for how long?
        # (the next attack's cost: tests/cardtext/test_next_attack.py)
        ("CONSTANT: Your attacks cost -1 stage (to a maximum of 3).", CardType.MASTERY),
    ],
)
def test_costs_not_read(text: str, card_type: CardType) -> None:
    assert compile_text(text, card_type).status == "manual"
