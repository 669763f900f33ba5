""" "Your other attacks ... this combat": a floating rule about the player's attacks but the
card's own (engine.panini.cardtext.other_attacks; docs/rulings.md 281)."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text

ATTACK = "Physical attack. DAMAGE: AT +3 stages. "


@pytest.mark.parametrize(
    ("sentence", "modifier"),
    [
        ("Your other attacks deal +1 stage of damage this combat.",
         {"mod": "damage", "stages": 1, "other": True}),
        ("Your other attacks this combat deal +2 life cards of damage.",
         {"mod": "damage", "life": 2, "other": True}),
        ("For the remainder of combat, all of your other attacks are considered to deal critical "
         "damage.", {"mod": "critical", "amount": 0, "other": True}),
    ],
)  # fmt: skip
def test_other_attacks(sentence: str, modifier: dict[str, object]) -> None:
    result = compile_text(ATTACK + sentence, CardType.PHYSICAL_COMBAT)
    assert result.status == "automated", result.unread
    assert result.fields["attack"]["effects"] == [
        {"do": "until_end_of_turn", "modifier": modifier}
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        # the opponent's attacks: "other" than which?
        "Your opponent's other attacks deal -2 stages of damage this combat.",
        # no duration: a constant "other" is no card's effect
        "Your other attacks deal +1 stage of damage.",
        # "next": one attack, not others
        "Your other next attack this combat cannot be stopped.",
        # a rule the attack in progress does not decide: "other" would be lost
        "Your other attacks are considered Styled this combat.",
    ],
)
def test_near_misses_stay_unread(sentence: str) -> None:
    assert compile_text(ATTACK + sentence, CardType.PHYSICAL_COMBAT).unread == [sentence]
