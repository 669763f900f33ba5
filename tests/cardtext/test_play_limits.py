"""Sentences forbidding to play cards, or their entering play (engine.panini.cardtext.play_limits;
docs/rulings.md 132)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text

EV, DRILL = CardType.EVENT, CardType.DRILL


def _floating(modifier: dict[str, Any], lasts: str | None = None) -> dict[str, Any]:
    effect: dict[str, Any] = {"do": "until_end_of_turn", "modifier": modifier}
    if lasts:
        effect["lasts"] = lasts
    return {"action": {"effects": [effect]}}


FLOATING = {
    "Your opponent cannot play non-Styled cards this combat.":
        _floating({"mod": "no_play", "who": "opponent", "styled": False}),
    "HIT: Your opponent cannot play non-Styled cards this combat.": None,  # on an attack
    "You cannot play Drills or Setups this turn.":
        _floating({"mod": "no_play", "card_types": ["drill", "setup"]}),
    "Dragon Balls cannot be played until the start of your next turn.":
        _floating({"mod": "no_play", "who": "both", "card_types": ["dragon_ball"]},
                  "next_turn_start"),
    "Allies cannot be played nor placed into play this combat.":
        _floating({"mod": "no_enter_play", "who": "both", "card_types": ["ally"]}),
    "Allies, Drills, and Setups cannot enter play this turn.":
        _floating({"mod": "no_enter_play", "who": "both",
                   "card_types": ["ally", "drill", "setup"]}),
    "Players cannot play Styled Physical Combat cards for the remainder of combat.":
        _floating({"mod": "no_play", "who": "both", "styled": True,
                   "card_types": ["physical_combat"]}),
}  # fmt: skip

CONSTANT = {
    "CONSTANT: Your opponent cannot play Drills.":
        [{"mod": "no_play", "who": "opponent", "card_types": ["drill"]}],
    "[CONSTANT]: Non-Styled cards cannot be played.": [{"mod": "no_play", "who": "both",
                                                        "styled": False}],
}  # fmt: skip

UNREAD = [
    # a card described further, or a restriction with no duration outside CONSTANT:
    # (Events "that stop attacks": tests/cardtext/test_next_attack.py, ruling 162)
    "Your opponent cannot play Events that draw cards this combat.",
    "Your opponent cannot play cards.",
    "Non-Styled cards cannot be played.",
    # "use" is more than playing (Setups, Powers): not read here
    "Your opponent cannot play nor use non-Styled cards this turn.",
    "Cards with that title cannot be played.",
    "Allies, Drills, and Setups cannot enter play during combat this turn.",
    "Your opponent cannot play Allies and cards this combat.",
]


@pytest.mark.parametrize("text", [t for t, v in FLOATING.items() if v is not None])
def test_floating(text: str) -> None:
    found = compile_text(text, EV)
    assert found.status == "automated", found
    assert {k: v for k, v in found.fields.items() if k != "automation"} == FLOATING[text]


def test_on_an_attack_hit() -> None:
    found = compile_text(
        "Physical attack. DAMAGE: AT +1 stage. HIT: Your opponent cannot play non-Styled cards "
        "this combat.",
        CardType.PHYSICAL_COMBAT,
    )
    assert found.status == "automated", found


@pytest.mark.parametrize("text", list(CONSTANT))
def test_constant(text: str) -> None:
    found = compile_text(text, DRILL)
    assert found.status == "automated", found
    assert found.fields["constant"] == CONSTANT[text]


@pytest.mark.parametrize("text", UNREAD)
def test_near_misses_stay_unread(text: str) -> None:
    assert compile_text(text, EV).status != "automated"
