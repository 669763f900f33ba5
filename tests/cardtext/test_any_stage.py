"""An Ally's note "(If your MP is X,) you may use this Power regardless of your MP's power
stage." (2016 ALLIES DURING COMBAT; engine.panini.cardtext.any_stage)."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text

POWER = "POWER: Draw a card. "
STAGE = " regardless of your MP's power stage."


@pytest.mark.parametrize(
    ("note", "requires"),
    [
        ("(If your MP is Gohan, you may use this Power regardless of your MP's power stage.)",
         {"personality": "Gohan"}),
        ("If your MP is Bulma, Trunks, or Vegeta, you may use these powers regardless of "
         "your MP's Power stage.",
         {"any_of": [{"personality": n} for n in ("Bulma", "Trunks", "Vegeta")]}),
        ("You may use this card's Power regardless of your MP's power stage.", None),
    ],
)  # fmt: skip
def test_the_note_compiles_to_a_constant_on_the_ally(note: str, requires: object) -> None:
    result = compile_text(POWER + note, CardType.ALLY)
    assert result.status == "automated"
    expected = {"mod": "power_any_stage"} | ({"requires": requires} if requires else {})
    assert result.fields["constant"] == [expected]


@pytest.mark.parametrize(
    ("note", "card_type"),
    [
        # an unread condition, a second effect in the sentence, a non-Ally card
        ("If your opponent is sad, you may use this Power regardless of your MP's power stage.",
         CardType.ALLY),
        ("(If your MP is Dende, you may use this Power regardless of your MP's power stage "
         "and once per combat when this Ally enters play, draw a card.)", CardType.ALLY),
        ("You may use this Power regardless of your MP's power stage.", CardType.SETUP),
        ("You may use this Power regardless of your MP's anger.", CardType.ALLY),
    ],
)  # fmt: skip
def test_near_misses_stay_unread(note: str, card_type: CardType) -> None:
    result = compile_text(POWER + note, card_type)
    assert result.status == "partial" and len(result.unread) == 1


def test_names_with_numbers_and_dashes_are_read() -> None:
    note = "If your MP is Android 20, you may use these powers regardless of your MP's power stage."
    assert compile_text(POWER + note, CardType.ALLY).fields["constant"] == [
        {"mod": "power_any_stage", "requires": {"personality": "Android 20"}}
    ]
    note = "If your MP is Goku - Gohan - or Goten, you may use this power" + STAGE
    expected = {"any_of": [{"personality": n} for n in ("Goku", "Gohan", "Goten")]}
    assert compile_text(POWER + note, CardType.ALLY).fields["constant"] == [
        {"mod": "power_any_stage", "requires": expected}
    ]
    # a lower-case word is no name: left to players
    note = "If your MP is Goku - or anyone, you may use this power" + STAGE
    assert compile_text(POWER + note, CardType.ALLY).status == "partial"
