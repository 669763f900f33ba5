"""More of what a card does when it itself moves (engine.panini.cardtext.self_moves): banished by
an effect from anywhere, banished from the top of the discard pile, "this" alone for the
card (docs/rulings.md 294)."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text
from tests.cardtext.spelt_right import assert_read_as_spelt_right
from tests.cardtext.test_self_moves import _moved


def test_banished_from_the_top_of_the_discard_pile() -> None:
    (ability,) = _moved(
        "(When this card is banished from the top of your discard pile by one of your effects,"
        " you may raise your anger 2 levels.)"
    )
    assert ability == {
        "event": "banished_from_discard",
        "by": "your_effect",
        "from_top": True,
        "effects": [{"do": "raise_anger", "amount": 2, "may": True}],
    }


def test_banished_from_the_discard_pile_is_not_from_its_top() -> None:
    (ability,) = _moved(
        "(If this card is banished from your discard pile by one of your effects, raise your "
        "anger 1 level.)"
    )
    assert "from_top" not in ability


@pytest.mark.parametrize(
    ("cause", "by"),
    [("by one of your effects", "your_effect"), ("by a card effect", "effect"),
     ("by an opponent's effect", "opponent_effect")],
)  # fmt: skip
def test_banished_by_an_effect_from_anywhere(cause: str, by: str) -> None:
    (ability,) = _moved(f"(If this card is banished {cause}, raise your anger 1 level.)")
    assert ability["event"] == "banished" and ability["by"] == by


def test_this_alone_is_the_card() -> None:
    (ability,) = _moved(
        "(If this is revealed from your hand during combat, you may raise your anger 1 level.)",
        CardType.ENERGY_COMBAT,
    )
    assert ability["event"] == "revealed_from_hand" and ability["during_combat"]


@pytest.mark.parametrize(
    "sentence",
    [
        # banished with no cause: for Endurance and after use are the rules, not reported
        "(If this card is banished, raise your anger 1 level.)",
        # another player's pile, the bottom: not read
        "(If this card is banished from the top of his discard pile, raise your anger 1 level.)",
        "(If this card is banished from the bottom of your discard pile, raise your anger 1 "
        "level.)",
        "(If this is banished by a Mastery effect, raise your anger 1 level.)",
    ],
)
def test_near_misses_stay_unread(sentence: str) -> None:
    result = compile_text(sentence, CardType.PHYSICAL_COMBAT)
    assert result.unread


def test_the_verb_carries_from_it_to_the_other_card() -> None:
    (ability,) = _moved(
        "(If this card is destroyed from your Life Deck by one of your effects, you may "
        "Rejuvenate it and the bottom card of your discard pile.)"
    )
    first, second = ability["effects"]
    assert first == {"do": "move", "source": "moved_card", "amount": 1, "to": "rejuvenate",
                     "may": True}  # fmt: skip
    assert second["source"] == "discard_pile" and second["position"] == "bottom"
    assert second["to"] == "rejuvenate" and second["if_you_do"]


def test_placed_into_play_at_a_stage() -> None:
    (ability,) = _moved(
        "(If this card is discarded from your hand during combat, you may place it into play "
        "at 3 power stages above 0.)",
        CardType.ALLY,
    )
    assert ability["effects"][0]["ally_stage"] == 3 and ability["effects"][0]["to"] == "place"


def test_an_x_defined_inside_the_group_is_the_cards() -> None:
    result = compile_text(
        "(If this card is Rejuvenated during combat, destroy the top X cards of your "
        'opponent\'s Life Deck. X = the number of Allies you control with "Cell Jr." in the '
        "title.)",
        CardType.EVENT,
    )
    assert result.status == "automated", result.unread
    assert result.fields["x"] == {"of": "allies", "title_has": "Cell Jr."}
    assert result.fields["when_moved"][0]["effects"][0]["x"] is True


@pytest.mark.parametrize(
    "sentence",
    [
        # a stage in the hand means nothing
        "(If this card is discarded from your hand, you may place it into your hand at 3 power "
        "stages above 0.)",
        # above another stage than 0
        "(If this card is discarded from your hand, you may place it into play at 3 power "
        "stages above 2.)",
        # "and" with no card after it
        "(If this card is discarded from your hand, Rejuvenate it and draw.)",
        # the group's second sentence is no X
        "(If this card is Rejuvenated, destroy the top X cards of your opponent's Life Deck. "
        "Y = 2.)",
    ],
)
def test_more_near_misses_stay_unread(sentence: str) -> None:
    assert compile_text(sentence, CardType.ALLY).unread


@pytest.mark.parametrize(
    "head",
    [
        "If this card is discarded, destroyed, and/or banished from your Life Deck",
        "If this card is discarded or banished from your Life Deck",
    ],
)
def test_leaving_the_life_deck_however(head: str) -> None:
    (ability,) = _moved(f"({head}, place it at the bottom of your Life Deck.)")
    assert ability == {
        "event": "left_life_deck",
        "effects": [{"do": "move", "source": "moved_card", "amount": 1, "to": "life_bottom"}],
    }


@pytest.mark.parametrize(
    "head",
    [
        # "destroyed" is by an effect only: with "banished" it is no "however"
        "If this card is destroyed or banished from your Life Deck",
        "If this card is banished from your Life Deck",
        "If this card is discarded and banished from your Life Deck",
    ],
)
def test_leaving_the_life_deck_near_misses(head: str) -> None:
    sentence = f"({head}, place it at the bottom of your Life Deck.)"
    assert compile_text(sentence, CardType.PHYSICAL_COMBAT).unread


def test_a_capitalised_banished_zone_misspelt_is_read_as_spelt_right() -> None:
    action = (
        "(As an action, you may banish this card from your hand to search your discard pile or "
        "{} Zone for an Ally and play it.) POWER: Draw a card."
    )
    assert_read_as_spelt_right(action.format("Banised"), action.format("Banished"), CardType.SETUP)


def test_a_capitalised_word_two_edits_from_banished_stays_unread() -> None:
    # only a word one edit from "banished" is read as it
    result = compile_text("POWER: Search your discard pile or Bonsaid Zone for an Ally and "
                          "play it.", CardType.SETUP)  # fmt: skip
    assert result.unread


def test_a_condition_before_the_event_is_tested_as_it_happens() -> None:
    (ability,) = _moved(
        "(If your opponent has more than 1 card in his or her hand when this card is discarded "
        "from your hand, your opponent chooses a card from his or her hand and places it on "
        "top of his or her Life Deck.)",
        CardType.SETUP,
    )
    assert ability["event"] == "discarded_from_hand"
    (effect,) = ability["effects"]
    assert effect["if"] == {"compare": [{"left": {"of": "hand", "who": "opponent"}, "op": "gt",
                                         "value": 1}]}  # fmt: skip
    assert effect["chooser"] == "opponent" and effect["to"] == "life_top"


@pytest.mark.parametrize(
    "sentence",
    [
        "(If you feel lucky when this card is discarded from your hand, draw a card.)",
        "(If your anger is 2 when this card is shouted at, draw a card.)",
        # a second condition after the event: not one reading
        "(If your anger is 2 when this card is discarded from your hand, if your anger is 3, "
        "draw a card.)",
    ],
)
def test_conditions_before_the_event_near_misses(sentence: str) -> None:
    assert compile_text(sentence, CardType.SETUP).unread
