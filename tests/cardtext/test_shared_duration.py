"""Two rule changes sharing the duration printed at the end of the sentence
(engine/panini/cardtext/shared_duration.py; docs/rulings.md 147)."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text


def _effects(text: str) -> object:
    result = compile_text(f"POWER: {text}", CardType.EVENT)
    return result.fields["action"]["effects"] if result.status == "automated" else None


def test_the_duration_at_the_end_is_both_changes() -> None:
    assert _effects(
        "Your attacks deal +1 life card of damage and your opponent cannot use Endurance this "
        "combat."
    ) == [
        {"do": "until_end_of_turn", "modifier": {"mod": "damage", "life": 1}},
        {"do": "until_end_of_turn", "modifier": {"mod": "no_endurance", "who": "opponent"},
         "if_you_do": True},
    ]  # fmt: skip


def test_a_longer_duration_is_kept_for_both() -> None:
    effects = _effects(
        "Your attacks deal +1 stage of damage and your opponent cannot play Events until the end "
        "of your next turn."
    )
    assert isinstance(effects, list)
    assert [effect.get("lasts") for effect in effects] == ["next_turn", "next_turn"]


@pytest.mark.parametrize(
    "text",
    [
        # the first part is no rule change, even with the duration
        "Your attacks deal +1 life card of damage and draw a card this combat.",
        "Gain 2 stages and your opponent cannot play Events.",  # no duration at all
        # "your next attack" is used up by one attack: not a duration shared
        "Your next attack deals +2 stages of damage and your opponent cannot raise his anger.",
    ],
)
def test_near_misses_stay_unread(text: str) -> None:
    assert _effects(text) is None, text
