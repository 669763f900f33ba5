"""A Power opening "<cost> to <effect>" compiles the cost as the Power's (`cost`), paid in
full or the Power is not offered (docs/rulings.md 121); anywhere else the same `cost` is
paid if it can be, then the effect follows (ruling 235)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.panini.cards import CardType, load_card_file
from engine.panini.cardtext import compile_text, reproduces

MP, EV, PC = CardType.MAIN_PERSONALITY, CardType.EVENT, CardType.PHYSICAL_COMBAT


@pytest.mark.parametrize(
    ("text", "card_type", "effects"),
    [
        ("POWER: Destroy the top card of your Life Deck to draw a card.", MP,
         [{"do": "move", "position": "top", "amount": 1, "source": "life_deck",
           "to": "discard", "cost": True}, {"do": "draw", "amount": 1, "if_you_do": True}]),
        ("Lower your anger 2 levels to draw a card.", EV,
         [{"do": "lower_anger", "amount": 2, "cost": True},
          {"do": "draw", "amount": 1, "if_you_do": True}]),
        ("POWER: Discard a card from your hand to draw a card and raise your anger 1 level.", MP,
         [{"do": "discard_from_hand", "amount": 1, "cost": True},
          {"do": "draw", "amount": 1, "if_you_do": True},
          {"do": "raise_anger", "amount": 1, "if_you_do": True}]),
    ],
)  # fmt: skip
def test_a_cost_opening_a_power_is_the_powers(
    text: str, card_type: CardType, effects: list[dict[str, object]]
) -> None:
    found = compile_text(text, card_type)
    assert found.status == "automated", found
    assert found.fields["action"]["effects"] == effects


DEF = CardType.ENERGY_COMBAT


@pytest.mark.parametrize(
    ("text", "card_type", "path", "effects"),
    [
        # on a HIT: the attacker pays if they can
        ("Physical attack. DAMAGE: AT. HIT: Discard a card from your hand to draw a card.", PC,
         ("attack", "hit"),
         [{"do": "discard_from_hand", "amount": 1, "cost": True},
          {"do": "draw", "amount": 1, "if_you_do": True}]),
        # an attack's immediate effect
        ("Physical attack. DAMAGE: AT. Lower your anger 1 level to draw a card.", PC,
         ("attack", "effects"),
         [{"do": "lower_anger", "amount": 1, "cost": True},
          {"do": "draw", "amount": 1, "if_you_do": True}]),
        # after a defense's stop
        ("Stops an energy attack. Rejuvenate a Drill from your discard pile to gain 4 stages.",
         DEF, ("defense", "effects"),
         [{"do": "move", "amount": 1, "card_types": ["drill"], "source": "discard_pile",
           "to": "rejuvenate", "cost": True},
          {"do": "gain_stages", "amount": 4, "if_you_do": True}]),
        # under a condition, tested first
        ("Physical attack. DAMAGE: AT. If your anger is 2 or more, lower your anger 2 levels "
         "to draw 2 cards.", PC, ("attack", "effects"),
         [{"do": "lower_anger", "amount": 2, "cost": True, "if": {"anger_at_least": 2}},
          {"do": "draw", "amount": 2, "if_you_do": True}]),
        # after the Power has begun: the Power was offered without it
        ("Draw a card. Lower your anger 1 level to draw a card.", EV, ("action", "effects"),
         [{"do": "draw", "amount": 1}, {"do": "lower_anger", "amount": 1, "cost": True},
          {"do": "draw", "amount": 1, "if_you_do": True}]),
    ],
)  # fmt: skip
def test_a_cost_elsewhere_is_paid_if_it_can_be(
    text: str, card_type: CardType, path: tuple[str, str], effects: list[dict[str, object]]
) -> None:
    found = compile_text(text, card_type)
    assert found.status == "automated", found
    assert found.fields[path[0]][path[1]] == effects


@pytest.mark.parametrize(
    ("text", "card_type", "left"),
    [
        ("Lower your anger 1 level to to draw a card.", EV,
         "Lower your anger 1 level to to draw a card."),
        # what the cost pays for is not read: neither is the cost
        ("Physical attack. DAMAGE: AT. Lower your anger 1 level to draw a card of your choice.",
         PC, "Lower your anger 1 level to draw a card of your choice."),
        ("Physical attack. DAMAGE: AT. If your anger is 2 or more, lower your anger 2 levels "
         "to draw 2 cards twice.", PC,
         "If your anger is 2 or more, lower your anger 2 levels to draw 2 cards twice."),
        # a second Power of its own, not a sentence of the first one's defense
        ("POWER: Stops an energy attack. POWER: Discard a card from your hand to draw a card.",
         MP, "POWER: Discard a card from your hand to draw a card."),
        ("Stops an energy attack. Rejuvenate a Drill from your discard pile to to gain 4 stages.",
         DEF, "Rejuvenate a Drill from your discard pile to to gain 4 stages."),
    ],
)  # fmt: skip
def test_a_cost_not_read_whole_stays_for_players(text: str, card_type: CardType, left: str) -> None:
    found = compile_text(text, card_type)
    assert found.status != "automated"
    assert left in found.manual


def test_the_scenario_cards_are_what_their_text_compiles_to() -> None:
    for card in load_card_file(Path(__file__).parents[1] / "cards" / "costs.yaml"):
        assert reproduces(card), card.name


DRILL = CardType.DRILL
RETURN = "(If this card is in your discard pile, {} to place this card into play.)"


@pytest.mark.parametrize(
    ("words", "cost"),
    [
        ("as an action you may banish three Physical Combat cards from your discard pile",
         {"do": "move", "amount": 3, "card_types": ["physical_combat"],
          "source": "discard_pile", "to": "banish"}),
        ("you may lower your anger 2 levels as an action",
         {"do": "lower_anger", "amount": 2}),
    ],
)  # fmt: skip
def test_a_cost_brings_a_card_back_from_the_discard_pile(words: str, cost: object) -> None:
    found = compile_text(RETURN.format(words), DRILL)
    assert found.fields["card_actions"] == [
        {"zone": "discard_pile", "effects": [cost, {"do": "move", "source": "moved_card",
                                                  "amount": 1, "to": "place",
                                                  "if_you_do": True}]}
    ]  # fmt: skip


@pytest.mark.parametrize(
    "words",
    [
        # no Action: when it may be used is not said
        "you may banish three Physical Combat cards from your discard pile",
        # any 3 cards of the pile could be this card itself
        "as an action you may banish three cards from your discard pile",
        # a kind of card from the hidden hand
        "as an action you may discard a Drill from your hand",
    ],
)
def test_other_returns_stay_for_players(words: str) -> None:
    found = compile_text(RETURN.format(words), DRILL)
    assert "card_actions" not in found.fields


ALLIES = {"do": "move", "source": "in_play", "card_types": ["ally"], "every": True,
          "to": "discard", "who": "opponent"}  # fmt: skip
DRILLS = {**ALLIES, "card_types": ["drill"]}


@pytest.mark.parametrize(
    ("text", "card_type", "path", "effects"),
    [
        ("Physical attack. DAMAGE: AT. HIT: You may lower your anger 2 levels to destroy all of "
         "your opponent's Allies or all of his Drills.", PC, ("attack", "hit"),
         [{"do": "lower_anger", "amount": 2, "may": True},
          {"do": "either", "options": [[ALLIES], [DRILLS]], "if_you_do": True}]),
        ("Lower your anger 2 levels to gain 3 stages or draw a card.", EV, ("action", "effects"),
         [{"do": "lower_anger", "amount": 2, "cost": True},
          {"do": "either", "options": [[{"do": "gain_stages", "amount": 3}],
                                       [{"do": "draw", "amount": 1}]], "if_you_do": True}]),
        ("Destroy all of your opponent's Allies or all of her Drills.", EV, ("action", "effects"),
         [{"do": "either", "options": [[ALLIES], [DRILLS]]}]),
    ],
)  # fmt: skip
def test_a_cost_pays_for_a_choice(
    text: str, card_type: CardType, path: tuple[str, str], effects: list[dict[str, object]]
) -> None:
    found = compile_text(text, card_type)
    assert found.status == "automated", found
    assert found.fields[path[0]][path[1]] == effects


@pytest.mark.parametrize(
    "text",
    [
        # "his" with no opponent named before it
        "Destroy all of your Allies or all of his Drills.",
        # the second option is not a bare noun phrase
        "Destroy all of your opponent's Allies or quickly all of his Drills.",
    ],
)
def test_an_option_without_its_verb_read_only_whole(text: str) -> None:
    assert compile_text(text, EV).status != "automated"
