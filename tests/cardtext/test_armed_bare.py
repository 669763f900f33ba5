""" "The next time <event> this combat <effects>.": an armed trigger printed without its comma,
cut after the duration that closes the event (engine.panini.cardtext.armed_bare; ruling 286)."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text


def test_next_time_without_comma() -> None:
    text = ("Physical attack. The next time you stop an attack this combat use a critical damage "
            "effect. DAMAGE: AT +2 stages.")  # fmt: skip
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.status == "automated", result.unread
    assert result.fields["attack"]["effects"] == [
        {
            "do": "arm_trigger",
            "trigger": {"on": "defended", "effects": [{"do": "critical_effect"}]},
            "once": True,
        }
    ]


def test_whenever_this_turn_without_comma() -> None:
    text = "POWER: Whenever you stop an attack this turn draw a card."
    result = compile_text(text, CardType.EVENT)
    assert result.fields["action"]["effects"] == [
        {
            "do": "arm_trigger",
            "trigger": {"on": "defended", "effects": [{"do": "draw", "amount": 1}]},
            "lasts": "turn",
        }
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        # the duration first: no word closes the event
        "The next time this combat you stop an attack draw a card.",
        # two durations: which one closes the event?
        "Whenever you stop an attack this combat draw a card this combat.",
        # no duration at all
        "The next time you stop an attack draw a card.",
    ],
)
def test_near_misses_stay_unread(sentence: str) -> None:
    assert compile_text(f"POWER: {sentence}", CardType.EVENT).status == "manual", sentence
