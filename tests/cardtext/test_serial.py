"""A list of effects whose last is joined by "and": "Raise your anger 1 level, gain 3 stages
and draw a card." (engine.panini.cardtext.compiler._serial)."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text


@pytest.mark.parametrize("joint", [" and ", ", and "])
def test_a_list_reads_in_order(joint: str) -> None:
    result = compile_text(f"Raise your anger 1 level, gain 3 stages{joint}draw a card.",
                          CardType.EVENT)  # fmt: skip
    assert result.status == "automated", result.unread
    assert result.fields["action"]["effects"] == [
        {"do": "raise_anger", "amount": 1},
        {"do": "gain_stages", "amount": 3, "if_you_do": True},
        {"do": "draw", "amount": 1, "if_you_do": True},
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Raise your anger 1 level, gain 3 stages.",  # no "and": not a list
        "Raise your anger 1 level, gain 3 stages and shout.",  # a part not read
        "Raise your anger 1 level, shout and draw a card.",
    ],
)
def test_near_misses_stay_unread(text: str) -> None:
    assert compile_text(text, CardType.EVENT).unread
