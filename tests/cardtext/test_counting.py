""" "X = the number of <things> <where>" read phrase by phrase (engine/panini/cardtext/counting.py;
docs/rulings.md 44 and 84)."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType, Quantity
from engine.panini.cardtext import compile_text
from engine.panini.cardtext.quantities import parse_definition


@pytest.mark.parametrize(
    ("sentence", "quantity"),
    [
        ("X = the number of different card types in your opponent's Banished Zone",
         {"of": "banished", "who": "opponent", "distinct_types": True}),
        ("X = the number of Earth Dragon Balls you control",
         {"of": "dragon_balls", "dragon_ball_set": "Earth"}),
        ("X = the number of Namek Dragon Balls in play",
         {"of": "dragon_balls", "dragon_ball_set": "Namek", "who": "both"}),
        ("X = your PUR +1", {"of": "pur", "plus": 1}),
        ("X = your opponent's PUR", {"of": "pur", "who": "opponent"}),
        ("X = 3 times number of Frieza Named cards in your discard pile",
         {"of": "discard_pile", "named": "Frieza", "times": 3}),
        ('X= the number of Allies in play with "Cell Jr." in the title',
         {"of": "allies", "title_has": "Cell Jr.", "who": "both"}),
        ('X = the number of your "Ginyu Force" Allies in play',
         {"of": "allies", "title_has": "Ginyu Force"}),
        ("X= the number of non-Styled Drills in play",
         {"of": "drills", "styled": False, "who": "both"}),
        ("X = the number of Styled Drills your opponent controls",
         {"of": "drills", "styled": True, "who": "opponent"}),
        ("X = the number of Allies in your discard pile and Banished Zone",
         {"of": "discard_pile", "card_type": "ally", "also_in": ["banished"]}),
        ("X = the number of cards with Endurance in your opponent's discard pile, to a max of 10",
         {"of": "discard_pile", "who": "opponent", "endurance": True, "maximum": 10}),
        ("X = the number of power stages your opponent's MP is above 0",
         {"of": "stage", "who": "opponent"}),
        ("X= the number of cards attached to your MP", {"of": "attached"}),
        ("X = the number of life cards that attack dealt", {"of": "attack_life_cards"}),
        ('X = the number of personalities with "Cell Jr." in the title in your discard pile',
         {"of": "discard_pile", "personalities": True, "title_has": "Cell Jr."}),
        ("X = the number of copies of Saiyan Headbutt in your Banished Zone",
         {"of": "banished", "title_is": "Saiyan Headbutt"}),
        ("X = twice the amount of life card damage this attack dealt",
         {"of": "attack_life_cards", "times": 2}),
    ],
)  # fmt: skip
def test_counts(sentence: str, quantity: dict[str, object]) -> None:
    assert parse_definition(sentence) == quantity
    Quantity.model_validate(quantity)  # the engine can count it


@pytest.mark.parametrize(
    "sentence",
    [
        "X = the number of Saiyans in play",  # a race: seldom in the card files
        "X = the number of Saiyan personalities in play",
        "X = the number of cards with Endurance in a Banished Zone",  # whose?
        "X = the number of Drills your control",  # a typo
        "X = the number of Earth Allies in play",  # a Dragon Ball set on an Ally
        "X = the number of frieza Named cards in your discard pile",  # not a name
        "X = the number of Frieza Named cards in play",  # Named cards: in a zone only
        "X = the number of your Allies in your discard pile",  # whose, twice
        "X = the number of different card types in play",
        "X = the number of Allies in your discard pile and discard pile",
        "X = the number of power stages of damage dealt by this attack",  # not kept
        "X = twice twice your PUR",
        "X = the number of copies of Saiyan Headbutt in play",  # in zones only
        "X = the number of copies of that card in your discard pile",  # not a title
        'X = the number of "Cell" Allies with "Jr." in the title in play',  # two titles
    ],
)
def test_counts_not_read(sentence: str) -> None:
    assert parse_definition(sentence) is None


# --- what the sentence before did ("this way") ---------------------------------------------------
@pytest.mark.parametrize(
    ("text", "card_type", "x"),
    [
        ("Energy attack. You may destroy any amount of Allies you control. Raise your anger X "
         "levels. X = the number of Allies you destroyed. DAMAGE: 3 life cards.",
         CardType.ENERGY_COMBAT, {"of": "moved", "card_type": "ally"}),
        ("POWER: Reveal your hand. Lower your opponent's anger X levels. X = the number of "
         "Dragon Balls revealed.", CardType.DRILL, {"of": "moved", "card_type": "dragon_ball"}),
        ("Physical attack. Reveal your hand. DAMAGE: 4+ X stages. X = the number of Dragon "
         "Balls you revealed.", CardType.PHYSICAL_COMBAT,
         {"of": "moved", "card_type": "dragon_ball"}),
        ("POWER: Destroy the top 3 cards of your Life Deck. Draw X cards. X = the number of "
         "Drills destroyed this way.", CardType.EVENT, {"of": "moved", "card_type": "drill"}),
    ],
)  # fmt: skip
def test_results_of_the_sentence_before(text: str, card_type: CardType, x: object) -> None:
    result = compile_text(text, card_type)
    assert result.status == "automated", result.unread
    assert result.fields["x"] == x


@pytest.mark.parametrize(
    ("text", "card_type"),
    [
        # nothing destroyed just before
        ("POWER: Draw a card. Raise your anger X levels. X = the number of Allies you "
         "destroyed.", CardType.EVENT),
        # banished, not destroyed
        ("POWER: Destroy the top 3 cards of your Life Deck. Draw X cards. X = the number of "
         "Drills banished.", CardType.EVENT),
        # the sentence before is not the move
        ("POWER: Destroy the top 3 cards of your Life Deck. Gain 2 stages. Draw X cards. X = "
         "the number of Drills destroyed.", CardType.EVENT),
        # a reveal of the opponent's hand
        ("POWER: Your opponent reveals his hand. Draw X cards. X = the number of Dragon Balls "
         "revealed.", CardType.EVENT),
        # "for each" what was done is not read
        ("Physical attack. Destroy the top card of your Life Deck. This attack deals +3 stages "
         "of damage for each Drill destroyed. DAMAGE: AT.", CardType.PHYSICAL_COMBAT),
    ],
)  # fmt: skip
def test_results_without_their_sentence_are_not_read(text: str, card_type: CardType) -> None:
    result = compile_text(text, card_type)
    assert result.status != "automated"
    assert "x" not in result.fields


# --- "For each <thing>, <effect>." -----------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "card_type", "effect"),
    [
        ("Energy attack. You may destroy up to 2 cards from the top of your Life Deck. For each "
         "card destroyed, lower your opponent's anger 2 levels. DAMAGE: 6 life cards.",
         CardType.ENERGY_COMBAT,
         {"do": "lower_anger", "amount": 2, "who": "opponent", "per": {"of": "moved"}}),
        ("POWER: Destroy any amount of Setups or Drills you control. For each Drill destroyed "
         "this way, banish a Setup or Drill.", CardType.EVENT,
         {"do": "move", "source": "in_play", "amount": 1, "card_types": ["drill", "setup"],
          "to": "banish", "either_player": True, "per": {"of": "moved", "card_type": "drill"}}),
        ("POWER: For each Drill you control, draw a card.", CardType.EVENT,
         {"do": "draw", "amount": 1, "per": {"of": "drills"}}),
    ],
)  # fmt: skip
def test_for_each(text: str, card_type: CardType, effect: object) -> None:
    result = compile_text(text, card_type)
    assert result.status == "automated", result.unread
    fields = result.fields.get("attack") or result.fields["action"]
    assert fields["effects"][-1] == effect


@pytest.mark.parametrize(
    ("text", "card_type"),
    [
        ("POWER: Draw a card. For each card destroyed, gain 1 stage.", CardType.EVENT),
        ("CONSTANT: Whenever you raise your anger, for each card destroyed, gain 1 stage.",
         CardType.MASTERY),
        ("POWER: For each Drill you control, you may draw a card.", CardType.EVENT),
        ("POWER: For each Drill you control, draw X cards. X = your anger.", CardType.EVENT),
        ("POWER: For every 2 stages paid, lower your opponent's anger 1 level.", CardType.EVENT),
        ("POWER: For each Saiyan in play, gain 1 stage.", CardType.EVENT),
    ],
)  # fmt: skip
def test_for_each_not_read(text: str, card_type: CardType) -> None:
    result = compile_text(text, card_type)
    assert result.status != "automated"
    assert "per" not in str(result.fields)


# --- "his" and "N - ..." ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "card_type", "x"),
    [
        ("Physical attack. DAMAGE: 1 life card. HIT: Destroy the top X cards of your "
         "opponent's Life Deck. X = 6 - his current anger.", CardType.PHYSICAL_COMBAT,
         {"of": "anger", "who": "opponent", "subtract_from": 6}),
        ("POWER: Your opponent destroys the top X cards of his Life Deck. X = his current "
         "anger level + 1.", CardType.EVENT, {"of": "anger", "who": "opponent", "plus": 1}),
        ("Energy attack. DAMAGE: 2 life cards. HIT: Your opponent destroys the top X cards of "
         "his Life Deck. X = the number of cards with Endurance in his Banished Zone, to a max "
         "of 10.", CardType.ENERGY_COMBAT,
         {"of": "banished", "endurance": True, "who": "opponent", "maximum": 10}),
        ("POWER: Gain X stages. X = 6 - your anger.", CardType.EVENT,
         {"of": "anger", "subtract_from": 6}),
    ],
)  # fmt: skip
def test_his_and_subtraction(text: str, card_type: CardType, x: object) -> None:
    result = compile_text(text, card_type)
    assert result.status == "automated", result.unread
    assert result.fields["x"] == x


@pytest.mark.parametrize(
    ("text", "card_type"),
    [
        ("POWER: Draw X cards. X = his current anger.", CardType.EVENT),  # whose is "his"?
        ("Physical attack. DAMAGE: X stages. X = his current anger.", CardType.PHYSICAL_COMBAT),
        ("POWER: Gain X stages. X = 6 - 7 - your anger.", CardType.EVENT),
    ],
)
def test_his_not_read(text: str, card_type: CardType) -> None:
    result = compile_text(text, card_type)
    assert result.status != "automated" and "x" not in result.fields
