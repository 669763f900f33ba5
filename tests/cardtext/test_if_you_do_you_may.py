""" "If you do, you may <effect(s)>.": the sentence happens only if the one before it did
(GLOSSARY "Effects": one sentence at a time), and then only if the player chooses to."""

from __future__ import annotations

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text


def test_if_you_do_you_may_is_both_flags() -> None:
    text = ("Energy attack costing 2 stages. You may shuffle a Dragon Ball you control back into "
            "its owner's Life Deck. If you do, you may use a critical damage effect. DAMAGE: 5 "
            "life cards.")  # fmt: skip
    result = compile_text(text, CardType.ENERGY_COMBAT)
    assert result.status == "automated", result.unread
    assert result.fields["attack"]["effects"][1] == {
        "do": "critical_effect",
        "may": True,
        "if_you_do": True,
    }


def test_if_you_do_you_may_pay_a_cost() -> None:
    text = "POWER: Draw a card. If you do, you may discard a card from your hand to draw 2 cards."
    effects = compile_text(text, CardType.EVENT).fields["action"]["effects"]
    assert effects[1:] == [
        {"do": "discard_from_hand", "amount": 1, "may": True, "if_you_do": True},
        {"do": "draw", "amount": 2, "if_you_do": True},
    ]


def test_near_misses_stay_unread() -> None:
    for text, unread in (
        # nothing before it to have been done
        ("POWER: If you do, you may draw a card.", None),
        # "you may not" is a restriction, and an unknown effect is not guessed at
        ("POWER: Draw a card. If you do, you may not draw a card.", 1),
        ("POWER: Draw a card. If you do, you may swap hands.", 1),
    ):
        result = compile_text(text, CardType.EVENT)
        assert result.status != "automated", text
        if unread:
            assert result.unread[-1].startswith("If you do"), text
