"""A card's own Action from the hand in the Planning Step (engine.cardtext.itself;
docs/rulings.md 297)."""

from __future__ import annotations

import pytest

from engine.cards import CardType
from engine.cardtext import compile_text

ATTACK = "Physical attack. DAMAGE: 3 life cards."


def test_discarded_in_the_planning_step() -> None:
    text = (
        "(You may discard this card from your hand during the Planning Step.  If you do, choose "
        f"a Setup in play and place it at the bottom of its owner's Life Deck.) {ATTACK}"
    )
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.status == "automated", result.unread
    (action,) = result.fields["card_actions"]
    assert action["step"] == "planning" and action["zone"] == "hand"
    cost, effect = action["effects"]
    assert cost == {"do": "move", "source": "moved_card", "amount": 1, "to": "discard"}
    assert effect["to"] == "life_bottom" and effect["if_you_do"]


def test_a_combat_action_has_no_step() -> None:
    text = f"(You may discard this card from your hand as an action to draw a card.) {ATTACK}"
    (action,) = compile_text(text, CardType.PHYSICAL_COMBAT).fields["card_actions"]
    assert "step" not in action


@pytest.mark.parametrize(
    "note",
    [
        # from where? (the hand is the only zone read for the Planning Step)
        "(You may discard this card during the Planning Step. If you do, draw a card.)",
        "(You may banish this card from your discard pile during the Planning Step. If you do, "
        "draw a card.)",
        # an Action and the Planning Step: not one timing
        "(As an action, you may discard this card from your hand during the Planning Step. If "
        "you do, draw a card.)",
        "(You may discard this card from your hand during the Draw Step. If you do, draw a card.)",
    ],
)
def test_near_misses_stay_unread(note: str) -> None:
    assert compile_text(f"{note} {ATTACK}", CardType.PHYSICAL_COMBAT).unread
