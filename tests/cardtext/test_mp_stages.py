""" "Your MP gains 3 stages" names the personality: the stages cannot go to an Ally
(2016 GLOSSARY "Gaining/losing stages" lets the player choose only when the effect does
not say; docs/rulings.md 42)."""

from __future__ import annotations

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text


def effects(text: str) -> list[dict[str, object]]:
    result = compile_text(text, CardType.EVENT)
    assert result.status == "automated", result
    return list(result.fields["action"]["effects"])


def test_the_mp_named_gains_or_loses_the_stages() -> None:
    assert effects("POWER: Your MP gains 3 stages.") == [
        {"do": "gain_stages", "amount": 3, "personality": "mp"}
    ]
    assert effects("Your opponent's MP loses 2 power stages.") == [
        {"do": "lose_stages", "amount": 2, "who": "opponent", "personality": "mp"}
    ]
    assert effects("Your MP loses 1 stage.") == [
        {"do": "lose_stages", "amount": 1, "personality": "mp"}
    ]


def test_gain_without_a_personality_lets_the_player_choose() -> None:
    assert effects("Gain 2 stages.") == [{"do": "gain_stages", "amount": 2}]


def test_an_ally_or_a_variable_amount_stays_unread() -> None:
    for text in ("Your Ally gains 3 stages.", "Your MP gains X stages.",
                 "Your MP gains 3 stages for each Ally you control."):  # fmt: skip
        result = compile_text(text, CardType.EVENT)
        assert result.unread == [text], text
