"""The attack itself (engine.panini.cardtext.attack_self): header wordings a judge reads one way
(docs/rulings.md 165), "When you perform this attack", "also deal" and "instead of +N"
(docs/rulings.md 166)."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text

PHYSICAL, ENERGY = CardType.PHYSICAL_COMBAT, CardType.ENERGY_COMBAT


@pytest.mark.parametrize(
    ("head", "kind", "cost"),
    [
        ("Energy combat costing 2 stages.", "energy", 2),
        ("Energy Combat costing 4 stages.", "energy", 4),
        ("Energy attack costing 1.", "energy", 1),
        ("Physical combat costing one stage.", "physical", 1),
        ("Energy attack 3 stages.", "energy", 3),
        ("Physical Combat.", "physical", None),
        ("Energy combat.", "energy", None),
    ],
)
def test_attack_headers(head: str, kind: str, cost: int | None) -> None:
    card_type = PHYSICAL if kind == "physical" else ENERGY
    result = compile_text(f"{head} DAMAGE: 4 life cards.", card_type)
    assert result.status == "automated", result.unread
    attack = result.fields["attack"]
    assert attack["type"] == kind and attack.get("cost") == cost


@pytest.mark.parametrize(
    "head",
    [
        "Physical attack 3 stages.",  # damage or cost? physical damage is in stages
        "Energy attack 3 life cards.",  # damage, not a cost
        "Energy attack costing 2 life cards.",
        "Energy combat costing 2 stages and 1 life card.",
    ],
)
def test_header_near_misses_stay_unread(head: str) -> None:
    result = compile_text(f"{head} DAMAGE: 4 life cards.", ENERGY)
    assert head in result.unread


def _effects(text: str) -> list[dict[str, object]]:
    result = compile_text(f"Physical attack. DAMAGE: AT +3 stages. {text}", PHYSICAL)
    assert result.status == "automated", result.unread
    effects: list[dict[str, object]] = result.fields["attack"]["effects"]
    return effects


def test_instead_of_adds_the_difference() -> None:
    effects = _effects(
        "You may lower your anger 1 level to have this attack deal +6 stages instead of +3."
    )
    assert effects == [
        {"do": "lower_anger", "amount": 1, "may": True},
        {"do": "attack_deals", "unit": "stages", "amount": 3, "if_you_do": True},
    ]
    text = (
        "If your opponent controls no Drills, this attack deals +4 stages of damage instead of +2."
    )
    result = compile_text(f"Physical attack. DAMAGE: AT +2 stages. {text}", PHYSICAL)
    effect = result.fields["attack"]["effects"][0]
    assert effect["amount"] == 2 and "if" in effect and "instead_of" not in effect
    # "AT +3 stages and +2 life cards": the life card term
    result = compile_text(
        "Physical attack. DAMAGE: AT +3 stages and +2 life cards. This attack deals +5 life "
        "cards instead of +2.",
        PHYSICAL,
    )
    assert result.fields["attack"]["effects"][0]["amount"] == 3


@pytest.mark.parametrize(
    "damage", ["AT +3 stages.", "AT.", "4 stages.", "AT +3 life cards.", "AT +2 stages."]
)
def test_instead_of_a_term_not_printed_is_left_to_players(damage: str) -> None:
    """ "+4 stages instead of +2" replaces a printed "+2 stages": without one, what?"""
    text = f"Physical attack. DAMAGE: {damage} This attack deals +4 stages instead of +3."
    result = compile_text(text, PHYSICAL)
    assert result.status == ("automated" if damage == "AT +3 stages." else "manual")


def test_when_you_perform_this_attack_and_also() -> None:
    effects = _effects(
        "When you perform this attack you may destroy the top card of your Life Deck to have "
        "this attack also deal +3 life cards."
    )
    assert effects[0]["may"] is True and effects[0]["source"] == "life_deck"
    assert effects[1] == {"do": "attack_deals", "unit": "life", "amount": 3, "if_you_do": True}
    assert _effects("When you perform this attack, draw a card.") == [{"do": "draw", "amount": 1}]


@pytest.mark.parametrize(
    "text",
    [
        # a different unit: not the printed term grown
        "You may lower your anger 1 level to have this attack deal +6 stages instead of +3 "
        "life cards.",
        "This attack deals +2 stages instead of +3.",  # less than before: not a "+"
        "This attack deals +6 stages instead of AT.",
        "When you perform an attack, draw a card.",  # any attack: a trigger, not this one
        "When you perform this attack draw a card or else.",
    ],
)
def test_deals_near_misses_stay_unread(text: str) -> None:
    result = compile_text(f"Physical attack. DAMAGE: AT +3 stages. {text}", PHYSICAL)
    assert text in result.unread


# --- paying any amount of stages, "the amount lowered" (docs/rulings.md 167) -------------
def test_pay_any_amount_then_for_every_two_stages_paid() -> None:
    result = compile_text(
        "Energy attack. DAMAGE: 4 life cards. The personality performing this attack may pay "
        "any amount of stages. For every 2 stages paid, this deals an additional +1 life card "
        "of damage.",
        ENERGY,
    )
    assert result.status == "automated", result.unread
    assert result.fields["attack"]["effects"] == [
        {"do": "pay_any_stages", "personality": "attacking"},
        {"do": "attack_deals", "unit": "life", "amount": 1, "per": {"of": "amount", "every": 2}},
    ]
    result = compile_text(
        "Stops a physical attack. Your Main Personality may pay any number of stages. For "
        "every 2 stages paid, lower your opponent's anger 1 level.",
        PHYSICAL,
    )
    assert result.fields["defense"]["effects"] == [
        {"do": "pay_any_stages"},
        {"do": "lower_anger", "amount": 1, "who": "opponent", "per": {"of": "amount", "every": 2}},
    ]


def test_for_each_stage_paid_and_the_amount_lowered() -> None:
    effects = _effects(
        "The personality performing this attack may pay any amount of stages. This attack "
        "deals +1 stage of damage for each stage paid."
    )
    assert effects[1] == {"do": "attack_deals", "unit": "stages", "amount": 1,
                          "per": {"of": "amount"}}  # fmt: skip
    result = compile_text(
        "Physical attack. You may lower your anger by any amount. Your opponent's MP loses X "
        "stages. X= amount of anger you lowered. DAMAGE: AT +3 stages.",
        PHYSICAL,
    )
    assert result.status == "automated" and result.fields["x"] == {"of": "amount"}


@pytest.mark.parametrize(
    "text",
    [
        # paid or lowered by no sentence just before: what amount?
        "Draw a card. For every 2 stages paid, draw a card.",
        "This attack deals +1 stage of damage for each stage paid.",
        "You may lower your anger any amount. Draw a card. Gain X stages. X = the amount lowered.",
        "You may raise your anger any amount. Gain X stages. X = the amount lowered.",
        # not the personality's own payment
        "Your opponent may pay any amount of stages. For every 2 stages paid, draw a card.",
        "For every 2 stages paid, you may draw a card.",
    ],
)
def test_amount_near_misses_stay_unread(text: str) -> None:
    result = compile_text(f"Physical attack. DAMAGE: AT +3 stages. {text}", PHYSICAL)
    assert result.status != "automated", result.fields


def test_choose_to_deal_no_damage() -> None:
    effects = _effects(
        "You may choose for this attack to deal no damage to lower your MP one personality level."
    )
    assert effects == [
        {"do": "attack_gains", "no_damage": True, "may": True},
        {"do": "lower_level", "if_you_do": True},
    ]
    for near in (
        "You may choose for this attack to deal no stages of damage.",
        "You may choose for your next attack to deal no damage.",
    ):
        assert near in compile_text(f"Physical attack. DAMAGE: AT. {near}", PHYSICAL).unread
    # on no attack, "this attack" is nothing
    assert (
        compile_text(
            "POWER: You may choose for this attack to deal no damage.", CardType.EVENT
        ).status
        == "manual"
    )


def test_performed_from_the_discard_pile() -> None:
    for text in (
        "(If this attack is performed from your discard pile, lower your opponent's anger 2 "
        "levels.) Energy attack costing 1 stage. DAMAGE: 4 life cards.",
        "(When this attack is played from your discard pile, lower your opponent's anger 2 "
        "levels.) Energy attack costing 1 stage. DAMAGE: 4 life cards.",
        "Energy attack costing 1 stage. When this attack is performed from your discard pile, "
        "lower your opponent's anger 2 levels. DAMAGE: 4 life cards.",
    ):
        result = compile_text(text, ENERGY)
        assert result.status == "automated", text
        assert result.fields["attack"]["effects"] == [
            {"do": "lower_anger", "amount": 2, "who": "opponent", "if": {"from_discard": True}}
        ]


@pytest.mark.parametrize(
    "text",
    [
        # not this attack's: no reason to take it as the attack's effect
        "(Draw a card.) Energy attack costing 1 stage. DAMAGE: 4 life cards.",
        "(If this attack is performed from your Life Deck, draw a card.) Energy attack. "
        "DAMAGE: 4 life cards.",
        "(If an attack is performed from your discard pile, draw a card.) Energy attack. "
        "DAMAGE: 4 life cards.",
    ],
)
def test_from_discard_near_misses(text: str) -> None:
    result = compile_text(text, ENERGY)
    assert result.status != "automated" and "effects" not in result.fields.get("attack", {})


def test_from_discard_on_no_attack_is_not_read() -> None:
    result = compile_text("POWER: If this attack is performed from your discard pile, draw a card.",
                          CardType.EVENT)  # fmt: skip
    assert result.status == "manual"


def test_hit_if_this_attack_dealt_critical_damage() -> None:
    result = compile_text(
        "Energy attack costing 1 stage. DAMAGE: 5 life cards. HIT: If this attack did not "
        "deal critical damage, it stays in play to be used a second time this combat.",
        ENERGY,
    )
    assert result.fields["attack"]["hit"] == [
        {"do": "stay_in_play", "times": 1, "if": {"dealt_critical": False}}
    ]
    result = compile_text(
        "Energy attack. DAMAGE: 4 life cards. HIT: If this attack dealt critical damage, draw "
        "a card.",
        ENERGY,
    )
    assert result.fields["attack"]["hit"] == [{"do": "draw", "amount": 1,
                                               "if": {"dealt_critical": True}}]  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        # before its damage: not known yet
        "Energy attack. If this attack dealt critical damage, draw a card. DAMAGE: 4 life cards.",
        "Energy attack. DAMAGE: 4 life cards. HIT: If this attack dealt much damage, draw a card.",
    ],
)
def test_critical_near_misses(text: str) -> None:
    assert compile_text(text, ENERGY).status == "manual"


def test_your_mp_may_pay_stages_to() -> None:
    result = compile_text(
        "Energy attack costing 1 stage. Your MP may pay 3 stages to make this attack's damage "
        "unpreventable. DAMAGE: 4 life cards.",
        ENERGY,
    )
    assert result.fields["attack"]["effects"] == [
        {"do": "lose_stages", "amount": 3, "personality": "mp", "may": True},
        {"do": "attack_gains", "unpreventable": True, "if_you_do": True},
    ]
    for near in (
        "Your MP may pay 2 stages to make this attack stronger.",
        "Your Ally may pay 2 stages to make this attack unstoppable.",
        "Your MP may pay any stages to draw a card.",
    ):
        text = f"Energy attack. {near} DAMAGE: 4 life cards."
        assert near in compile_text(text, ENERGY).unread, near


def test_considered_critical_and_if_you_do_it_cannot_be_stopped() -> None:
    effects = _effects(
        "This attack is considered to deal critical damage. You may choose for this attack to "
        "deal no damage. If you do, it cannot be stopped."
    )
    assert effects == [
        {"do": "attack_gains", "critical": True},
        {"do": "attack_gains", "no_damage": True, "may": True},
        {"do": "attack_gains", "unstoppable": True, "if_you_do": True},
    ]
    for near in (
        "Your attack is considered to deal critical damage.",  # which attack?
        "If you do, it stays in play to be used a second time this combat.",  # "it"?
    ):
        text = f"Physical attack. DAMAGE: AT. You may draw a card. {near}"
        assert near in compile_text(text, PHYSICAL).unread, near


def test_base_damage_instead() -> None:
    result = compile_text(
        "Physical attack. DAMAGE: 5 stages. If the personality performing this attack has a "
        "higher power level than the defending personality, this attack's base damage is 7 "
        "stages instead.",
        PHYSICAL,
    )
    effect = result.fields["attack"]["effects"][0]
    assert effect["do"] == "attack_base" and effect["amount"] == 7 and "if" in effect
    for damage, near in (
        # ("2 times the AT" is read now: tests/cardtext/test_second.py, ruling 279)
        ("5 stages.", "This attack's base damage is 7 stages."),  # no "instead": a reminder?
        ("5 stages.", "HIT: This attack's base damage is 7 stages instead."),  # too late
        ("3 stages + 3 life cards.", "This attack's base damage is 7 stages instead."),
    ):
        text = f"Physical attack. DAMAGE: {damage} {near}"
        assert compile_text(text, PHYSICAL).status == "manual", near


def test_damage_and_hit_printed_with_no_full_stop() -> None:
    result = compile_text(
        "Energy attack costing 2 stages. DAMAGE : 5 stages HIT : Search your Life Deck for a "
        "non-Styled Drill and place it into play.",
        ENERGY,
    )
    assert result.status == "automated", result.unread
    assert result.fields["attack"]["damage"] == {"kind": "stages", "amount": 5}
    assert result.fields["attack"]["hit"][0]["to"] == "place"
    for near in (
        "DAMAGE : 5 stages and more HIT : Draw a card.",  # the damage is not read whole
        "Draw a card HIT: Draw a card.",  # no DAMAGE line before it
    ):
        result = compile_text(f"Energy attack costing 2 stages. {near}", ENERGY)
        assert result.status == "manual" and near in result.unread, near


def test_header_and_sentence_with_a_comma() -> None:
    result = compile_text("Physical Attack, Draw a card. DAMAGE: 3 stages.", PHYSICAL)
    assert result.status == "automated", result.unread
    assert result.fields["attack"]["effects"] == [{"do": "draw", "amount": 1}]
    for near in (
        "Physical attack, you may draw a card.",  # no capital: one sentence as printed
        "Physical attackers, Draw a card.",
        "Physical attack doing damage, Draw a card.",  # not a header read
    ):
        result = compile_text(f"{near} DAMAGE: 3 stages.", PHYSICAL)
        assert result.status == "manual" and near in result.unread, near
