"""What a card does when it itself moves (engine.panini.cardtext.self_moves): "(If this card is
discarded from your hand by a card effect, ...)", "(If this card is Rejuvenated, ...)",
"When this Drill enters play, ...". Such a sentence is the card's own ability
(Card.when_moved), never part of its attack or Power; resolving right after the move
(2016 GLOSSARY "Effects")."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panini.cards import Card, CardType
from engine.panini.cardtext import compile_text, reproduces

ATTACK = "Physical attack. DAMAGE: 3 life cards."
DISCARDED = "(If this card is discarded from your hand"


def _moved(text: str, card_type: CardType = CardType.EVENT) -> list[dict[str, Any]]:
    result = compile_text(text, card_type)
    assert result.status == "automated", result.unread
    moved: list[dict[str, Any]] = result.fields["when_moved"]
    return moved


def test_discarded_by_a_card_effect_is_the_cards_own_ability_not_its_attacks() -> None:
    text = f"{ATTACK} {DISCARDED} by a card effect, raise your anger 2 levels.)"
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.status == "automated"
    assert result.fields["attack"] == {"type": "physical", "damage": {"kind": "life", "amount": 3}}
    assert result.fields["when_moved"] == [
        {
            "event": "discarded_from_hand",
            "by": "effect",
            "effects": [{"do": "raise_anger", "amount": 2}],
        }
    ]
    card = Card.model_validate({"name": "Angry Jab", "type": "physical_combat", "text": text,
                                **result.fields})  # fmt: skip
    assert card.when_moved[0].by == "effect" and reproduces(card)


@pytest.mark.parametrize(
    ("sentence", "by", "combat"),
    [
        (f"{DISCARDED} during combat, gain 2 stages.)", "any", True),
        (f"{DISCARDED[1:]} by one of your effects, gain 2 stages.", "your_effect", False),
        (f"{DISCARDED} during combat by one of your effects, gain 2 stages.)", "your_effect", True),
        (f"{DISCARDED} by one of your card effects during combat, gain 2 stages.)", "your_effect",
         True),
        (f"{DISCARDED} by an opponent's effect, gain 2 stages.)", "opponent_effect", False),
        (f"{DISCARDED}, gain 2 stages.)", "any", False),
    ],
)  # fmt: skip
def test_who_moved_it_and_when(sentence: str, by: str, combat: bool) -> None:
    (ability,) = _moved(sentence)
    assert ability["event"] == "discarded_from_hand"
    assert ability.get("by", "any") == by
    assert ability.get("during_combat", False) == combat


def test_each_event() -> None:
    cases = {
        "(If this card is Rejuvenated, you may draw a card.)": "rejuvenated",
        "(If this card is destroyed from your Life Deck by one of your effects, you may draw a "
        "card.)": "destroyed_from_life_deck",
        "(If this card is banished for Endurance, gain 2 stages.)": "banished_for_endurance",
        "(When this Drill enters play, look at your opponent's hand.)": "enters_play",
        "When this card is leaving play during combat, your opponent destroys the top card of "
        "his Life Deck.": "leaves_play",
        "(When this card is discarded or destroyed from your Life Deck, banish an Ally.)":
            "discarded_from_life_deck",
        "(When this card is banished from your discard pile, gain 2 stages.)":
            "banished_from_discard",
        "(If this card is discarded when changing levels, draw a card.)":
            "discarded_on_level_change",
        "(If this card is revealed from your hand, draw a card.)": "revealed_from_hand",
        "CONSTANT POWER: When this card is entering play during combat, draw a card.":
            "enters_play",
        # printed without the comma before "you may"
        "(If this card is destroyed from your Life Deck by one of your effects you may draw a "
        "card.)": "destroyed_from_life_deck",
    }  # fmt: skip
    for text, event in cases.items():
        assert _moved(text, CardType.DRILL)[0]["event"] == event, text


def test_it_is_the_card_that_moved() -> None:
    """ "place it into play", "Rejuvenate it", "you may banish it to ...": the card where its
    move put it (`moved_card`); entering play, the card in play (`this_card`)."""
    (into_play,) = _moved(f"{DISCARDED} during combat, place it into play.)")
    place = {"do": "move", "source": "moved_card", "amount": 1, "to": "place"}
    assert into_play["effects"] == [place]
    (rejuvenate,) = _moved(f"{DISCARDED}, Rejuvenate it.)")
    assert rejuvenate["effects"][0]["source"] == "moved_card"
    assert rejuvenate["effects"][0]["to"] == "rejuvenate"
    (cost,) = _moved(f"{DISCARDED}, you may banish it to raise your anger 2 levels.)")
    assert cost["effects"] == [
        {"do": "move", "source": "moved_card", "amount": 1, "to": "banish", "may": True},
        {"do": "raise_anger", "amount": 2, "if_you_do": True},
    ]
    leaves = "CONSTANT: When this card is leaving play, you may banish it to draw a card."
    (leaving,) = _moved(leaves, CardType.DRILL)
    assert leaving["effects"][0]["source"] == "moved_card"
    enters = "When this Drill enters play, you may banish it to draw a card."
    (entering,) = _moved(enters, CardType.DRILL)
    assert entering["effects"][0]["source"] == "this_card"
    # "it" of another noun is left to the move grammar
    (search,) = _moved(
        "(If this card is banished for Endurance, you may search your discard pile for a Drill "
        "and play it.)"
    )
    assert search["effects"][0]["source"] == "discard_pile"
    assert search["effects"][0]["to"] == "play"
    (hand,) = _moved("(If this card is banished for Endurance, you may place it into your hand.)")
    assert hand["effects"] == [
        {"do": "move", "source": "moved_card", "amount": 1, "to": "hand", "may": True}
    ]


def test_drills_kept_on_a_level_change() -> None:
    for text, kept in {
        "(This Drill is not discarded when changing levels.)": "changing",
        "This card is not discarded when advancing a level.": "advancing",
        "(This Drill is not discarded when you advance a level.)": "advancing",
    }.items():
        result = compile_text(f"When this Drill enters play, draw a card. {text}", CardType.DRILL)
        assert result.fields["kept_on_level"] == kept and result.status == "automated", text


def test_near_misses_stay_unread() -> None:
    """A replacement ("would be ... instead"; "banish it instead" as the card is discarded
    from the hand is read by engine.panini.cardtext.itself), an unknown cause or event, a head with
    more after it, or effects not read whole: left to players."""
    for text in [
        "(If this card would be discarded from your hand by a card effect, you may shuffle it "
        "into your Life Deck instead.)",
        "(If this card is Rejuvenated during combat, you may banish it instead to use a critical "
        "damage effect.)",
        "(If this card is discarded from your hand by a Styled effect, draw a card.)",
        "(If this card is discarded from your hand during the Planning Step, draw a card.)",
        "(If this card is discarded from a hand, draw a card.)",
        "(When this card is banished from the top of your discard pile, gain 2 stages.)",
        "(If this card is Rejuvenated, you may place it into play instead.)",
        "(If this card is discarded from a hand you may draw a card.)",
        "(If this card is Rejuvenated, shout loudly.)",
        "(If a card is Rejuvenated, draw a card.)",
        "(If this card is destroyed from your Life Deck, place it into play instead.)",
        "(This Drill is not discarded when changing levels this combat.)",
    ]:  # fmt: skip
        result = compile_text(text, CardType.DRILL)
        assert result.unread == [text], text
        assert "when_moved" not in result.fields and "kept_on_level" not in result.fields


def test_a_manual_card_keeps_no_self_move_ability() -> None:
    """On a card whose core is played by hand, the players apply its whole text."""
    text = "Physical attack. DAMAGE: a lot. (If this card is Rejuvenated, draw a card.)"
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.status == "manual" and "when_moved" not in result.fields
    # beside a sentence left to players that is not the card's core, it runs
    text = "POWER: Shout loudly. (If this card is Rejuvenated, draw a card.)"
    partial = compile_text(text, CardType.EVENT)
    assert partial.status == "partial" and partial.fields["when_moved"][0]["event"] == "rejuvenated"


def test_x_in_a_self_move_needs_its_definition() -> None:
    text = "(If this card is Rejuvenated, draw X cards.)"
    assert compile_text(text, CardType.EVENT).unread == [text]
