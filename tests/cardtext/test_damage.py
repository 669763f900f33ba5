"""DAMAGE lines of two parts or signed terms, and "This attack deals +N ..." (cardtext/
damage.py; 2016 ATTACK TIMING SUMMARY step 4, GLOSSARY "AT" and "Modifiers")."""

from __future__ import annotations

import pytest

from engine.panini.cards import Card, CardType
from engine.panini.cardtext import compile_text, reproduces

PHYSICAL = CardType.PHYSICAL_COMBAT


def damage_of(line: str, before: str = "") -> object:
    text = f"Physical attack. {before}DAMAGE: {line}"
    result = compile_text(text, PHYSICAL)
    attack = result.fields.get("attack")
    return attack["damage"] if attack and result.status == "automated" else None


@pytest.mark.parametrize(
    ("line", "damage"),
    [
        ("3 stages + 3 life cards.", {"kind": "stages", "amount": 3,
                                      "also": {"kind": "life", "amount": 3}}),
        ("4 life cards and 4 stages.", {"kind": "life", "amount": 4,
                                        "also": {"kind": "stages", "amount": 4}}),
        ("3 Stages + 3 Life cards.", {"kind": "stages", "amount": 3,
                                      "also": {"kind": "life", "amount": 3}}),
        ("AT +3 stages and +2 life cards.", {"kind": "at", "amount": 3,
                                             "also": {"kind": "life", "amount": 2}}),
        # "AT stages" is AT; AT as life cards is at_life (normalise.py)
        ("4 life cards +AT stages.", {"kind": "life", "amount": 4,
                                      "also": {"kind": "at", "amount": 0}}),
        ("4 stages +AT life cards.", {"kind": "stages", "amount": 4,
                                      "also": {"kind": "at_life", "amount": 0}}),
        ("AT life cards +4 stages.", {"kind": "at_life", "amount": 0,
                                      "also": {"kind": "stages", "amount": 4}}),
        ("3 +AT life cards.", {"kind": "at_life", "amount": 3}),
        # AT in stages, then life cards: two parts, not AT +3 as life cards (ruling 83)
        ("AT stages +3 life cards.", {"kind": "at", "amount": 0,
                                      "also": {"kind": "life", "amount": 3}}),
        ("AT +3 life cards.", {"kind": "at_life", "amount": 3}),
    ],
)  # fmt: skip
def test_two_part_and_signed_damage_lines(line: str, damage: object) -> None:
    assert damage_of(line) == damage


@pytest.mark.parametrize(
    ("line", "damage"),
    [
        ("6-X stages.", {"kind": "stages", "amount": 6, "minus_x": True}),
        ("9 - X life cards.", {"kind": "life", "amount": 9, "minus_x": True}),
        ("AT+ X life cards.", {"kind": "at_life", "amount": 0, "plus_x": True}),
    ],
)  # fmt: skip
def test_damage_with_x(line: str, damage: object) -> None:
    assert damage_of(line, "X = your anger. ") == damage
    assert damage_of(line) is None  # no definition of X: left to players


@pytest.mark.parametrize(
    "line",
    [
        "4 life cards or 4 stages.",  # the attacker's choice
        # a count in two parts would be counted again after the stages are dealt
        "X stages and X life cards.",
        "3 stages and X life cards.",
        "X stages/life cards +2 life cards.",
        "AT + AT + AT stages.",  # three AT values ("AT +AT" is twice: ruling 318)
        "AT 2+stages.",  # a term without its sign
        "3 stages + 3.",  # a number without its unit
        "3 stages - 4 stages.",  # less than nothing
        "AT +4 stages +2 stages of damage.",  # words after the unit
        "4 stages +4 stages for each copy of Saiyan Headbutt in his discard pile.",
    ],
)
def test_damage_lines_not_read_leave_the_attack_to_players(line: str) -> None:
    result = compile_text(f"Physical attack. DAMAGE: {line}", PHYSICAL)
    assert result.status == "manual", result.fields


def test_a_two_part_card_reproduces() -> None:
    text = "Physical attack. DAMAGE: AT +3 stages and +2 life cards."
    fields = compile_text(text, PHYSICAL).fields
    card = Card.model_validate({"name": "Split", "type": "physical_combat", "text": text,
                                **fields})  # fmt: skip
    assert card.attack is not None and card.attack.damage.also is not None
    assert reproduces(card)


# --- "This attack deals +N ..." ------------------------------------------------------------
@pytest.mark.parametrize(
    ("sentence", "effect"),
    [
        ("This attack deals +3 life cards of damage.",
         {"do": "attack_deals", "unit": "life", "amount": 3}),
        ("If you have more than 4 cards in your hand, this attack deals +6 life cards of damage.",
         {"do": "attack_deals", "unit": "life", "amount": 6,
          "if": {"compare": [{"left": {"of": "hand"}, "op": "gt", "value": 4}]}}),
        ("If you do, this attack deals +3 life cards.",
         {"do": "attack_deals", "unit": "life", "amount": 3, "if_you_do": True}),
        ("If you have at least 5 Drills in play, this attack deals an additional +7 life cards "
         "of damage.", None),
        ("This attack deals +1 power stage of damage.",
         {"do": "attack_deals", "unit": "stages", "amount": 1}),
    ],
)  # fmt: skip
def test_this_attack_deals_more(sentence: str, effect: object) -> None:
    before = "Discard a card from your hand. " if sentence.startswith("If you do") else ""
    result = compile_text(f"Physical attack. {before}{sentence} DAMAGE: AT.", PHYSICAL)
    assert result.status == "automated", result.unread
    if effect is not None:
        assert result.fields["attack"]["effects"][-1] == effect


def test_this_attack_deals_more_as_the_price_of_a_cost() -> None:
    text = ("Physical attack. You may lower your anger 2 levels to have this attack deal "
            "+2 stages. DAMAGE: AT.")  # fmt: skip
    effects = compile_text(text, PHYSICAL).fields["attack"]["effects"]
    assert effects[1] == {"do": "attack_deals", "unit": "stages", "amount": 2, "if_you_do": True}


@pytest.mark.parametrize(
    "text",
    [
        # after the damage, "+N" would change nothing
        "Physical attack. DAMAGE: AT. HIT: This attack deals +3 life cards of damage.",
        # not an attack: "this attack" names none
        "POWER: This attack deals +3 life cards of damage.",
        # "for each", "instead" are not read
        "Physical attack. This attack deals +1 stage of damage for each stage paid. DAMAGE: AT.",
        "Physical attack. This attack deals +4 stages of damage instead of +2. DAMAGE: AT.",
    ],
)
def test_this_attack_deals_more_where_it_means_nothing_is_left(text: str) -> None:
    card_type = CardType.EVENT if text.startswith("POWER") else PHYSICAL
    assert compile_text(text, card_type).status == "manual"


# --- "Damage from this attack cannot be redirected." ------------------------------------------
@pytest.mark.parametrize(
    ("sentence", "flags"),
    [
        ("Damage from this attack cannot be redirected.", {"no_redirect": True}),
        ("Damage for this attack cannot be redirected or prevented.",
         {"no_redirect": True, "unpreventable": True}),
        ("This attack cannot have its damage redirected.", {"no_redirect": True}),
    ],
)  # fmt: skip
def test_damage_cannot_be_redirected(sentence: str, flags: dict[str, bool]) -> None:
    result = compile_text(f"Physical attack. {sentence} DAMAGE: AT.", PHYSICAL)
    assert result.status == "automated"
    attack = result.fields["attack"]
    assert {k: attack[k] for k in flags} == flags


@pytest.mark.parametrize(
    "sentence",
    [
        "Damage from this attack cannot be redirected to an Ally.",  # not read: "to an Ally"
        "Damage from your attacks cannot be redirected this combat.",  # not this attack
        "Damage from this cannot be redirected.",
    ],
)
def test_redirect_sentences_not_read(sentence: str) -> None:
    result = compile_text(f"Physical attack. {sentence} DAMAGE: AT.", PHYSICAL)
    assert result.status == "manual"


@pytest.mark.parametrize(
    ("sentence", "per"),
    [
        ("This attack deals +1 stage of damage for each Drill in play.",
         {"of": "drills", "who": "both"}),
        ("This attack deals +1 stage of damage for each card with 'Android' in the title in "
         "your discard pile.", {"of": "discard_pile", "title_has": "Android"}),
        ("This attack deals +2 life cards of damage for each Ally you control.", {"of": "allies"}),
        ("This attack deals +3 life cards of damage for each Named card revealed.", None),
        ("This attack deals +3 stages of damage for each Drill destroyed.", None),
        ("This attack deals +1 stage of damage for each stage paid.", None),
        ("This attack deals +X stages of damage for each Ally you control.", None),
    ],
)  # fmt: skip
def test_this_attack_deals_more_for_each(sentence: str, per: object) -> None:
    text = f"Physical attack. X = your anger. {sentence} DAMAGE: AT."
    result = compile_text(text, PHYSICAL)
    if per is None:
        assert result.status == "manual", result.fields
    else:
        assert result.fields["attack"]["effects"][-1]["per"] == per


@pytest.mark.parametrize(
    ("line", "damage"),
    [
        ("4 stages +4 stages for each copy of Saiyan Headbutt in your discard pile and "
         "Banished Zone.",
         {"kind": "stages", "amount": 4, "each": 4,
          "per": {"of": "discard_pile", "title_is": "Saiyan Headbutt", "also_in": ["banished"]}}),
        ("AT +1 stage for each Drill you control.",
         {"kind": "at", "amount": 0, "each": 1, "per": {"of": "drills"}}),
        ("3 life cards +1 stage for each Ally in play.", None),  # no part of that unit
        ("4 stages +4 stages for each Drill destroyed.", None),
        ("4 stages +4 stages for each copy of Saiyan Headbutt in play.", None),
    ],
)  # fmt: skip
def test_damage_for_each(line: str, damage: object) -> None:
    assert damage_of(line) == damage


# --- "... are considered to deal critical damage" --------------------------------------------
@pytest.mark.parametrize(
    ("sentence", "effect"),
    [
        ("For the remainder of combat all of your successful attacks are considered to deal "
         "critical damage.",
         {"do": "until_end_of_turn", "modifier": {"mod": "critical", "amount": 0}}),
        ("Your successful attacks that deal 3 or more life cards of damage are considered to "
         "deal critical damage this combat.",
         {"do": "until_end_of_turn", "modifier": {"mod": "critical", "amount": 3}}),
        ("Your next Styled attack this combat is considered to deal critical damage.",
         {"do": "until_end_of_turn", "modifier": {"mod": "critical", "styled": True},
          "lasts": "next_attack"}),
    ],
)  # fmt: skip
def test_considered_to_deal_critical_damage(sentence: str, effect: object) -> None:
    result = compile_text(f"POWER: {sentence}", CardType.EVENT)
    assert result.fields["action"]["effects"] == [effect]


@pytest.mark.parametrize(
    "sentence",
    [
        "Your successful attacks are considered to deal critical damage.",  # for how long?
        # ("Your next successful attack ...": tests/cardtext/test_next_attack.py, ruling 161)
        # stages are no measure of Critical Damage (life cards are); "successful" may go
        # unsaid, a stopped attack dealing no damage (docs/rulings.md 281)
        "Your attacks that deal at least 4 stages of damage are considered to deal critical "
        "damage this combat.",
        "For the remainder of combat, your successful attacks are considered to deal critical "
        "damage this combat.",
    ],
)
def test_critical_sentences_not_read(sentence: str) -> None:
    assert compile_text(f"POWER: {sentence}", CardType.EVENT).status == "manual"


# --- "Damage from your Styled energy attacks cannot be prevented this combat." ----------------
def test_styled_attacks_unpreventable() -> None:
    text = "POWER: Damage from your Styled energy attacks cannot be prevented this combat."
    effects = compile_text(text, CardType.EVENT).fields["action"]["effects"]
    assert effects == [{"do": "until_end_of_turn", "modifier": {
        "mod": "unpreventable", "styled": True, "attacks": "energy"}}]  # fmt: skip


@pytest.mark.parametrize(
    "sentence",
    [
        "Damage from your Styled energy attacks cannot be prevented.",  # for how long?
        "Damage from your Styled energy attacks cannot be prevented this game.",
        "Damage from Styled energy attacks cannot be prevented this combat.",  # whose?
    ],
)
def test_styled_unpreventable_not_read(sentence: str) -> None:
    assert compile_text(f"POWER: {sentence}", CardType.EVENT).status == "manual"


def test_the_board_names_both_parts() -> None:
    from engine.panini.cards import Damage
    from engine.panini.view import damage_text

    damage = Damage(kind="at", amount=3, also=Damage(kind="life", amount=2))
    assert damage_text(damage) == "AT +3 stages + 2 life cards"


# --- "Your AT damage is considered to be 4 ..." ----------------------------------------------
def test_at_considered_to_be() -> None:
    text = "POWER: Your AT damage is considered to be 4 for your Styled attacks this combat."
    effects = compile_text(text, CardType.EVENT).fields["action"]["effects"]
    assert effects == [{"do": "until_end_of_turn", "modifier": {
        "mod": "at_value", "amount": 4, "styled": True}}]  # fmt: skip
    constant = "CONSTANT: Your AT damage is considered to be 4 for your Styled attacks."
    assert compile_text(constant, CardType.DRILL).fields["constant"] == [
        {"mod": "at_value", "amount": 4, "styled": True}
    ]


@pytest.mark.parametrize(
    ("text", "card_type"),
    [
        ("POWER: Your AT damage is considered to be 4 for your attacks.", CardType.EVENT),
        ("CONSTANT: Your AT damage is considered to be 4 for your attacks this combat.",
         CardType.DRILL),
        # whose attacks is not said ("... for all physical attacks" is every player's)
        ("POWER: AT damage is considered to be 4 for physical attacks this combat.",
         CardType.EVENT),
    ],
)  # fmt: skip
def test_at_considered_not_read(text: str, card_type: CardType) -> None:
    assert compile_text(text, card_type).status == "manual"


# --- "Prevent 3 life cards and 3 stages of damage from an attack." ----------------------------
def test_prevent_as_much_of_each_part() -> None:
    text = "POWER: Prevent 3 life cards and 3 stages of damage from an attack. Draw a card."
    defense = compile_text(text, CardType.EVENT).fields["defense"]
    assert defense == {"against": "any", "prevent": 3, "each_part": True,
                       "effects": [{"do": "draw", "amount": 1}]}  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "POWER: Prevent 3 life cards and 2 stages of damage from an attack.",  # two amounts
        "POWER: Prevent 3 life cards and 3 stages of damage from a Styled attack.",
        "POWER: Prevent 3 life cards or 3 stages of damage from an attack.",
    ],
)
def test_prevent_each_part_not_read(text: str) -> None:
    assert compile_text(text, CardType.EVENT).status == "manual"


def test_a_count_in_a_two_part_damage_is_left_to_players() -> None:
    """The stages are dealt first and may change what X counts (Turles - Conquering: "X =
    the number of power stages your opponent's MP is above 0"), so X would be counted
    again, wrongly, for the life cards: such a damage stays for players (docs/rulings.md
    83), even with X defined."""
    for line in ("X stages and X life cards.", "3 stages and X life cards."):
        result = compile_text(f"Physical attack. DAMAGE: {line} X = your anger.", PHYSICAL)
        assert result.status == "manual", line
        assert f"DAMAGE: {line}" in result.unread, line
    single = compile_text("Physical attack. DAMAGE: X stages. X = your anger.", PHYSICAL)
    assert single.status == "automated"
