""" "That attack" in a trigger on an attack being performed (cardtext/attack_performed.py,
docs/rulings.md 245): the attack the card's controller is performing."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.panini.cards import CardType, load_card_file
from engine.panini.cardtext import compile_text, reproduces


def _triggers(text: str, card_type: CardType = CardType.DRILL) -> list[dict[str, object]]:
    result = compile_text(text, card_type)
    assert result.status == "automated", (text, result.unread)
    triggers: list[dict[str, object]] = result.fields["triggers"]
    return triggers


def test_mp_may_pay_to_have_that_attack_deal_more() -> None:
    for text in (
        "CONSTANT: Whenever you perform an attack, your MP may pay 2 stages to have that "
        "attack deal +2 stages of damage.",
        "CONSTANT: When you perform an attack, your MP may pay 2 stages to have that "
        "attack do +2 stages of damage.",
    ):
        assert _triggers(text) == [
            {"on": "attack_performed", "effects": [
                {"do": "lose_stages", "amount": 2, "personality": "mp", "may": True},
                {"do": "attack_deals", "unit": "stages", "amount": 2, "if_you_do": True,
                 "that": True},
            ]},
        ]  # fmt: skip


def test_that_attack_in_the_trigger_sentence_itself() -> None:
    text = (
        "CONSTANT: Whenever you perform a Styled energy attack, that attack deals +1 life "
        "card of damage."
    )
    assert _triggers(text)[0] == {
        "on": "attack_performed", "styled": True, "attack_type": "energy",
        "effects": [{"do": "attack_deals", "unit": "life", "amount": 1, "that": True}],
    }  # fmt: skip


def test_the_sentence_after_the_trigger_is_part_of_it() -> None:
    text = (
        "CONSTANT: When you perform a Styled attack, you may destroy up to 2 cards from the "
        "top of your Life Deck. That attack deals +X life cards. X = the number of cards "
        "destroyed."
    )
    effects = _triggers(text, CardType.MAIN_PERSONALITY)[0]["effects"]
    assert effects == [
        {"do": "move", "amount": 2, "up_to": True, "position": "top", "source": "life_deck",
         "to": "discard", "may": True},
        {"do": "attack_deals", "unit": "life", "x": True, "that": True},
    ]  # fmt: skip


def test_if_you_do_that_attack_after_an_attached_trigger() -> None:
    text = (
        "Physical attack. DAMAGE: AT +4 stages. Attach to your MP. While attached, when you "
        "perform an attack you may lower your anger 1 level. If you do, that attack deals +2 "
        "life cards of damage."
    )
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.status == "automated"
    assert result.fields["triggers"][0]["effects"][1] == {
        "do": "attack_deals", "unit": "life", "amount": 2, "if_you_do": True, "that": True,
    }  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        # another player's attack: "that attack" is not the controller's
        "CONSTANT: Whenever your opponent performs an attack, that attack deals +2 stages.",
        # a successful attack has dealt its damage already
        "CONSTANT: Whenever you perform a successful attack, that attack deals +2 stages.",
        # where the attack goes after use is not read from outside it
        "CONSTANT: Whenever you perform an attack, that attack stays in play.",
        # "this attack" in a trigger of a Drill names nothing
        "CONSTANT: Whenever you perform an attack, this attack deals +2 stages of damage.",
        # not about an attack performed
        "CONSTANT: Whenever you raise your anger, that attack deals +2 stages of damage.",
    ],
)
def test_near_misses_stay_unread(text: str) -> None:
    result = compile_text(text, CardType.DRILL)
    assert result.status == "manual" and "triggers" not in result.fields, text


def test_that_attack_not_right_after_the_trigger_stays_unread() -> None:
    text = (
        "CONSTANT: When you perform a Styled attack, you may draw a card. Draw a card. "
        "That attack deals +1 life cards."
    )
    result = compile_text(text, CardType.MAIN_PERSONALITY)
    assert "That attack deals +1 life cards." in result.unread


def test_the_scenario_cards_are_what_their_text_compiles_to() -> None:
    path = Path(__file__).parents[1] / "cards" / "thatatk.yaml"
    for card in load_card_file(path):
        assert reproduces(card), card.name


def test_that_attack_deals_its_life_card_damage_as_stages() -> None:
    for text in (
        "CONSTANT: Whenever you perform a Styled attack, you may choose for that attack to "
        "deal its life card damage as power stages of damage instead.",
        "CONSTANT: Whenever you perform a Styled attack, you may choose for that attack to "
        "deal its life cards damage as stages of damage instead.",
    ):
        assert _triggers(text)[0]["effects"] == [
            {"do": "attack_gains", "life_as_stages": True, "may": True, "that": True}
        ]


def test_this_attack_deals_its_life_card_damage_as_stages() -> None:
    text = (
        "Energy attack. You may choose for this attack to deal its life card damage as "
        "stages of damage instead. DAMAGE: 4 life cards."
    )
    result = compile_text(text, CardType.ENERGY_COMBAT)
    assert result.status == "automated"
    assert result.fields["attack"]["effects"] == [
        {"do": "attack_gains", "life_as_stages": True, "may": True}
    ]


@pytest.mark.parametrize(
    "text",
    [
        # the player would pick the direction: not read
        "CONSTANT: Whenever you perform a Styled attack, you may choose for that attack to "
        "deal its life card damage as stages of damage instead or vice versa.",
        # the other way round is not this sentence
        "CONSTANT: Whenever you perform a Styled attack, you may choose for that attack to "
        "deal its stage damage as life cards of damage instead.",
    ],
)
def test_other_conversions_stay_unread(text: str) -> None:
    result = compile_text(text, CardType.DRILL)
    assert result.unread == [text]


def test_a_power_used_when_you_perform_an_attack_reads_that_attack() -> None:
    text = (
        "INSTANT POWER Use when you perform a Styled attack. You may choose for that attack "
        "to deal its life card damage as stages of damage instead."
    )
    assert _triggers(text, CardType.MAIN_PERSONALITY) == [
        {"on": "attack_performed", "styled": True, "power": True, "effects": [
            {"do": "attack_gains", "life_as_stages": True, "may": True, "that": True},
        ]},
    ]  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "POWER: Use when your opponent performs an energy attack. That attack deals +2 life "
        "cards of damage.",
        "POWER: Use after performing a successful Styled attack. That attack stays in play.",
    ],
)
def test_a_power_on_another_attack_leaves_that_attack_unread(text: str) -> None:
    result = compile_text(text, CardType.DRILL)
    assert result.status == "manual" and result.unread[-1].startswith("That attack"), text


def test_x_counted_when_you_perform_that_attack() -> None:
    text = (
        "CONSTANT: Your attacks deal +X life cards of damage. X = the number of Allies you "
        "have in play when you perform that attack."
    )
    result = compile_text(text, CardType.MAIN_PERSONALITY)
    assert result.status == "automated"
    assert result.fields["x"] == {"of": "allies", "when_performed": True}
    assert result.fields["constant"] == [{"mod": "damage", "life": 1, "x": True}]


@pytest.mark.parametrize(
    "text",
    [
        # X used by something else than a "+X" constant on attacks
        "POWER: Draw X cards. X = your current anger level when you perform that attack.",
        # not the moment an attack is performed
        "CONSTANT: Your attacks deal +X life cards of damage. X = your current anger level "
        "when you perform a Styled attack.",
    ],
)
def test_x_when_performed_near_misses_stay_unread(text: str) -> None:
    result = compile_text(text, CardType.DRILL)
    assert any(s.startswith("X =") for s in result.unread), text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("CONSTANT: Whenever you perform an attack that was not played from your hand, "
         "your opponent's MP loses 1 stage.",
         {"on": "attack_performed", "from_hand": False, "effects": [
             {"do": "lose_stages", "amount": 1, "who": "opponent", "personality": "mp"}]}),
        ("CONSTANT: Whenever you perform a physical attack that was played from your hand, "
         "draw a card.",
         {"on": "attack_performed", "attack_type": "physical", "from_hand": True,
          "effects": [{"do": "draw", "amount": 1}]}),
        ("CONSTANT: Whenever your opponent performs an attack that wasn't played from his "
         "hand, draw a card.",
         {"on": "attack_performed", "who": "opponent", "from_hand": False,
          "effects": [{"do": "draw", "amount": 1}]}),
    ],
)  # fmt: skip
def test_an_attack_played_or_not_from_the_hand(text: str, expected: dict[str, object]) -> None:
    assert _triggers(text) == [expected]


@pytest.mark.parametrize(
    "text",
    [
        # another zone
        "CONSTANT: Whenever you perform an attack that was not played from your discard "
        "pile, draw a card.",
        # whose hand? "you ... his hand"
        "CONSTANT: Whenever you perform an attack that was not played from his hand, draw a card.",
        # not an attack performed
        "CONSTANT: Whenever you raise your anger that was not played from your hand, draw a card.",
    ],
)
def test_origin_near_misses_stay_unread(text: str) -> None:
    assert compile_text(text, CardType.DRILL).unread == [text]


def test_an_attack_with_words_in_the_title() -> None:
    text = (
        "CONSTANT: Whenever you perform an attack with Sword in the title your MP may pay 1 "
        "stage to make that attack deal +1 life card of damage."
    )
    assert _triggers(text) == [
        {"on": "attack_performed", "title_has": "Sword", "effects": [
            {"do": "lose_stages", "amount": 1, "personality": "mp", "may": True},
            {"do": "attack_deals", "unit": "life", "amount": 1, "if_you_do": True,
             "that": True},
        ]},
    ]  # fmt: skip
    quoted = (
        "CONSTANT: Whenever you perform an energy attack with 'Kamehameha' in the title, "
        "draw a card."
    )
    assert _triggers(quoted)[0]["title_has"] == "Kamehameha"


def test_a_lower_case_unquoted_title_stays_unread() -> None:
    text = "CONSTANT: Whenever you perform an attack with sword in the title, draw a card."
    assert compile_text(text, CardType.DRILL).unread == [text]
