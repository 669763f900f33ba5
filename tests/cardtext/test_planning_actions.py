"""A card's own ability where it lies at other times than combat's Actions: the Planning
Step, played as an Action, entering combat (engine.panini.cardtext.itself; docs/rulings.md
297-300)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text

ATTACK = "Physical attack. DAMAGE: 3 life cards."


def _action(text: str, card_type: CardType) -> dict[str, Any]:
    """The card's one `card_actions` entry, the card read whole."""
    result = compile_text(text, card_type)
    assert result.status == "automated", result.unread
    (action,) = result.fields["card_actions"]
    assert isinstance(action, dict)
    return action


def test_discarded_in_the_planning_step() -> None:
    text = (
        "(You may discard this card from your hand during the Planning Step.  If you do, choose "
        f"a Setup in play and place it at the bottom of its owner's Life Deck.) {ATTACK}"
    )
    action = _action(text, CardType.PHYSICAL_COMBAT)
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


def test_a_setup_played_from_the_hand_as_an_action() -> None:
    text = (
        "(If your MP's power level is 0, you may play this card from your hand as an action.) "
        "POWER: Draw a card."
    )
    action = _action(text, CardType.SETUP)
    assert action["effects"] == [{"do": "move", "source": "moved_card", "amount": 1, "to": "play"}]
    assert action["requires"] == {"compare": [{"left": {"of": "power_level"}, "op": "eq",
                                               "value": 0}]}  # fmt: skip


@pytest.mark.parametrize(
    ("note", "card_type"),
    [
        # an Event or Combat card "played" is used: not put into play
        ("(You may play this card from your hand as an action.)", CardType.EVENT),
        ("(You may play this card from your hand as an action.)", CardType.PHYSICAL_COMBAT),
        # no Action: when?
        ("(You may play this card from your hand.)", CardType.SETUP),
    ],
)
def test_play_as_an_action_near_misses(note: str, card_type: CardType) -> None:
    assert compile_text(f"{note} POWER: Draw a card.", card_type).unread


def test_rejuvenated_from_the_discard_pile_when_entering_combat() -> None:
    text = (
        "(If this card is in your discard pile, you may Rejuvenate it when entering combat to "
        f"destroy a Setup or Drill.) {ATTACK}"
    )
    action = _action(text, CardType.ENERGY_COMBAT)
    assert action["step"] == "entering_combat" and action["zone"] == "discard_pile"
    cost, effect = action["effects"]
    assert cost == {"do": "move", "source": "moved_card", "amount": 1, "to": "rejuvenate"}
    assert effect["card_types"] == ["drill", "setup"] and effect["if_you_do"]


@pytest.mark.parametrize(
    "note",
    [
        # another moment, another verb, no effect
        "(If this card is in your discard pile, you may Rejuvenate it when leaving combat to "
        "draw a card.)",
        "(If this card is in your discard pile, you may shuffle it when entering combat to draw "
        "a card.)",
        "(If this card is in your discard pile, you may Rejuvenate it when entering combat to "
        "shout.)",
    ],
)
def test_entering_combat_near_misses(note: str) -> None:
    assert compile_text(f"{note} {ATTACK}", CardType.ENERGY_COMBAT).unread


@pytest.mark.parametrize(
    "note",
    [
        "(As an action, you may banish this card from your hand to perform a non-Styled physical "
        "attack dealing AT stages of damage)",
        "(You may discard this card from your hand to perform a non-Styled physical attack "
        "dealing 3 stages of damage.)",
    ],
)
def test_a_drills_attack_from_the_hand(note: str) -> None:
    text = f"{note} CONSTANT: Your physical attacks deal +1 stage of damage."
    result = compile_text(text, CardType.DRILL)
    assert result.status == "automated", result.unread
    (action,) = result.fields["card_actions"]
    assert action["zone"] == "hand" and action["effects"][1] == {"do": "perform_attack",
                                                                  "if_you_do": True}  # fmt: skip
    attack = result.fields["attack"]
    assert attack["from_hand_action"] is True and attack["styled"] is False


@pytest.mark.parametrize(
    ("note", "card_type"),
    [
        # an Event is played for its Power; a Combat card has its own attack
        ("(As an action, you may discard this card from your hand to perform a Styled physical "
         "attack dealing 5 stages of damage.)", CardType.EVENT),
        ("(As an action, you may play this card to perform a Styled physical attack dealing AT "
         "+2 stages of damage.)", CardType.ENERGY_COMBAT),
        # a Drill with a Power of its own
        ("(You may discard this card from your hand to perform a physical attack dealing 3 "
         "stages of damage.) POWER: Draw a card.", CardType.DRILL),
        # no damage read
        ("(You may discard this card from your hand to perform a physical attack dealing lots of "
         "damage.) CONSTANT: Your physical attacks deal +1 stage of damage.", CardType.DRILL),
    ],
)  # fmt: skip
def test_attack_from_the_hand_near_misses(note: str, card_type: CardType) -> None:
    assert compile_text(note, card_type).unread
