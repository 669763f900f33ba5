""" "X = ..." sentences: the card's X, counted as the sentences using it resolve
(docs/rulings.md 44)."""

from __future__ import annotations

import pytest

from engine.panini.cards import Card, CardType
from engine.panini.cardtext import compile_text, reproduces


def test_x_is_defined_once_and_used_by_effects_and_damage() -> None:
    text = "Physical attack. DAMAGE: 3 +X stages. HIT: Rejuvenate X. X = your MP's level."
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.status == "automated", result
    assert result.fields["x"] == {"of": "level"}
    assert result.fields["attack"]["damage"] == {"kind": "stages", "amount": 3, "plus_x": True}
    assert result.fields["attack"]["hit"] == [{"do": "rejuvenate", "x": True}]
    card = Card.model_validate({"name": "Xy", "type": "physical_combat", "text": text,
                                **result.fields})  # fmt: skip
    assert reproduces(card)


@pytest.mark.parametrize(
    ("definition", "quantity"),
    [
        ("X = your current anger level.", {"of": "anger"}),
        ("X = 2 times your anger level.", {"of": "anger", "times": 2}),
        ("X = the number of Dragon Balls in play.", {"of": "dragon_balls", "who": "both"}),
        ("X = the number of Allies your opponent controls.", {"of": "allies", "who": "opponent"}),
        (
            "X = the number of cards in your Banished Zone, to a maximum of 5.",
            {"of": "banished", "maximum": 5},
        ),
        (
            "X = the number of Energy Combat cards in your opponent's Banished Zone.",
            {"of": "banished", "card_type": "energy_combat", "who": "opponent"},
        ),
    ],
)
def test_quantities(definition: str, quantity: dict[str, object]) -> None:
    result = compile_text(f"Draw X cards. {definition}", CardType.EVENT)
    assert result.status == "automated", result
    assert result.fields["x"] == quantity


def test_x_without_a_definition_read_is_left_to_players_with_it() -> None:
    for text in (
        "Draw X cards.",
        "Draw X cards. X = the number of Saiyans in play.",
        "Draw X cards. X = your MP's level. X = your anger level.",
    ):
        result = compile_text(text, CardType.EVENT)
        assert "Draw X cards." in result.manual, text
        assert "action" not in result.fields, text


def test_a_card_using_x_must_say_what_x_is() -> None:
    with pytest.raises(ValueError, match="X"):
        Card.model_validate({"name": "Bad", "type": "event", "text": "Draw X cards.",
                             "action": {"effects": [{"do": "draw", "x": True}]}})  # fmt: skip
    with pytest.raises(ValueError, match="amount"):
        effects = [{"do": "advance_level", "x": True}]
        Card.model_validate({"name": "Bad", "type": "event", "text": "", "x": {"of": "anger"},
                             "action": {"effects": effects}})  # fmt: skip
