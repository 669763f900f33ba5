"""engine.panini.cardtext: every supported sentence pattern, and the conservative cases."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panini.cards import Card, CardType, load_pool
from engine.panini.cardtext import compile_text, reproduces, sentence_shape, split_sentences

PC, EC, EV = CardType.PHYSICAL_COMBAT, CardType.ENERGY_COMBAT, CardType.EVENT


def fields(text: str, card_type: CardType = EV) -> dict[str, Any]:
    result = compile_text(text, card_type)
    assert result.status == "automated", result.manual
    found = dict(result.fields)
    assert found.pop("automation") == "automated"
    return found


def action(*effects: dict[str, Any]) -> dict[str, Any]:
    return {"action": {"effects": list(effects)}}


def physical(damage: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"attack": {"type": "physical", "damage": damage, **extra}}


AT2 = "DAMAGE: AT +2 stages."
CASES: list[tuple[str, CardType, dict[str, Any]]] = [
    # attacks and damage kinds
    (f"Physical attack. {AT2}", PC, physical({"kind": "at", "amount": 2})),
    ("Physical attack. DAMAGE: AT.", PC, physical({"kind": "at", "amount": 0})),
    ("Physical attack. DAMAGE: 4 stages.", PC, physical({"kind": "stages", "amount": 4})),
    (
        "Physical attack costing 1 stage. DAMAGE: AT +1 life cards.",
        PC,
        physical({"kind": "at_life", "amount": 1}, cost=1),
    ),
    (
        "Energy attack costing 2 stages. DAMAGE: 5 life cards.",
        EC,
        {"attack": {"type": "energy", "cost": 2, "damage": {"kind": "life", "amount": 5}}},
    ),
    (
        "Energy attack. DAMAGE: 3 life cards.",
        EC,
        {"attack": {"type": "energy", "damage": {"kind": "life", "amount": 3}}},
    ),
    ("Physical attack doing +2 power stages of damage.", PC, physical({"kind": "at", "amount": 2})),
    (
        "Energy attack doing 5 life cards of damage.",
        EC,
        {"attack": {"type": "energy", "cost": 2, "damage": {"kind": "life", "amount": 5}}},
    ),
    (
        f"Physical attack. This attack is unstoppable. {AT2}",
        PC,
        physical({"kind": "at", "amount": 2}, unstoppable=True),
    ),
    (
        f"Physical attack. Use only if your anger is 2 or more. {AT2}",
        PC,
        physical({"kind": "at", "amount": 2}, requires={"anger_at_least": 2}),
    ),
    (
        f"Physical attack. Lose 2 stages. {AT2} HIT: Draw 1 card.",
        PC,
        physical(
            {"kind": "at", "amount": 2},
            effects=[{"do": "lose_stages", "amount": 2}],
            hit=[{"do": "draw", "amount": 1}],
        ),
    ),
    (
        f"Physical attack. {AT2} HIT: SAIYAN: Raise your anger 1 level.",
        PC,
        physical(
            {"kind": "at", "amount": 2},
            hit=[{"do": "raise_anger", "amount": 1, "if": {"trait": "saiyan"}}],
        ),
    ),
    # defenses
    ("Stops a physical attack.", PC, {"defense": {"against": "physical", "stops": True}}),
    (
        "SHIELD POWER: Stops an energy attack.",
        EC,
        {"defense": {"against": "energy", "stops": True}},
    ),
    ("Stops an attack.", EV, {"defense": {"against": "any", "stops": True}}),
    (
        "Prevents 3 stages of physical damage.",
        PC,
        {"defense": {"against": "physical", "prevent": 3}},
    ),
    (
        "Prevents 2 life cards of energy damage.",
        EC,
        {"defense": {"against": "energy", "prevent": 2}},
    ),
    (
        "Prevents 3 stages or life cards of damage from an attack.",
        EV,
        {"defense": {"against": "any", "prevent": 3}},
    ),
    # effects (one sentence each)
    ("Raise your anger 2 levels.", EV, action({"do": "raise_anger", "amount": 2})),
    (
        "Lower your opponent's anger 1 level.",
        EV,
        action({"do": "lower_anger", "amount": 1, "who": "opponent"}),
    ),
    ("Lower your anger 1 level.", EV, action({"do": "lower_anger", "amount": 1})),
    ("Gain 3 stages.", EV, action({"do": "gain_stages", "amount": 3})),
    ("Gain 2 power stages.", EV, action({"do": "gain_stages", "amount": 2})),
    ("Lose 1 stage.", EV, action({"do": "lose_stages", "amount": 1})),
    (
        "Your opponent loses 2 stages.",
        EV,
        action({"do": "lose_stages", "amount": 2, "who": "opponent"}),
    ),
    ("Draw 2 cards.", EV, action({"do": "draw", "amount": 2})),
    ("Draw a card.", EV, action({"do": "draw", "amount": 1})),
    ("Rejuvenate 1 card.", EV, action({"do": "rejuvenate", "amount": 1})),
    (
        "Your opponent discards 1 card from their hand.",
        EV,
        action({"do": "discard_from_hand", "amount": 1, "who": "opponent"}),
    ),
    ("Discard 1 card from your hand.", EV, action({"do": "discard_from_hand", "amount": 1})),
    (
        "Your opponent discards the top card of their Life Deck.",
        EV,
        action({"do": "discard_top", "amount": 1, "who": "opponent"}),
    ),
    (
        "Your opponent discards the top 2 cards of their Life Deck.",
        EV,
        action({"do": "discard_top", "amount": 2, "who": "opponent"}),
    ),
    (
        "Your opponent takes 2 life cards of damage.",
        EV,
        action({"do": "life_damage", "amount": 2, "who": "opponent"}),
    ),
    ("Advance your MP 1 level.", EV, action({"do": "advance_level"})),
    ("Lower your opponent's MP 1 level.", EV, action({"do": "lower_level", "who": "opponent"})),
    ("Power up to full.", EV, action({"do": "set_stage_max"})),
    (
        "Destroy a Drill your opponent has in play.",
        EV,
        action({"do": "destroy", "target": "drill", "who": "opponent"}),
    ),
    ("Search your Life Deck for a card and place it in your hand.", EV, action({"do": "search"})),
    (
        "Search your Life Deck for a Saiyan Physical Combat card and place it in your hand.",
        EV,
        action({"do": "search", "card_type": "physical_combat", "style": "saiyan"}),
    ),
    (
        "Banish the top 2 cards of your opponent's discard pile.",
        EV,
        action({"do": "banish_from_discard", "amount": 2, "who": "opponent"}),
    ),
    (
        "Place a Setup from your discard pile into play.",
        EV,
        action(
            {"do": "put_into_play", "source": "discard_pile", "card_type": "setup", "mode": "place"}
        ),
    ),
    (
        "Play an Ally from your hand.",
        EV,
        action({"do": "put_into_play", "source": "hand", "card_type": "ally", "mode": "play"}),
    ),
    (
        "Your physical attacks do +2 stages of damage this turn.",
        EV,
        action({"do": "until_end_of_turn", "modifier": {"mod": "physical_damage", "amount": 2}}),
    ),
    # conditions
    (
        "If your MP is at level 3 or higher, gain 2 stages.",
        EV,
        action({"do": "gain_stages", "amount": 2, "if": {"level_at_least": 3}}),
    ),
    (
        "If your opponent's anger is 3 or more, lower your opponent's anger 1 level.",
        EV,
        action(
            {
                "do": "lower_anger",
                "amount": 1,
                "who": "opponent",
                "if": {"who": "opponent", "anger_at_least": 3},
            }
        ),
    ),
    (
        "If you have no cards in your hand, draw 1 card.",
        EV,
        action({"do": "draw", "amount": 1, "if": {"hand_at_most": 0}}),
    ),
    (
        "If your MP is Gohan, draw 1 card.",
        EV,
        action({"do": "draw", "amount": 1, "if": {"personality": "Gohan"}}),
    ),
    (
        "Use only if you control an Ally. Draw 1 card.",
        EV,
        {"action": {"effects": [{"do": "draw", "amount": 1}], "requires": {"has_allies": True}}},
    ),
    # keywords
    (
        "Endurance 2. Stops an energy attack.",
        EC,
        {"endurance": 2, "defense": {"against": "energy", "stops": True}},
    ),
    (
        "Gain 2 stages. (Banish after use.)",
        EV,
        {**action({"do": "gain_stages", "amount": 2}), "banish_after_use": True},
    ),
    (
        "Gain 2 stages. Remove from the game after use.",
        EV,
        {**action({"do": "gain_stages", "amount": 2}), "banish_after_use": True},
    ),
    (
        "(Limit 1 per deck.) Draw 1 card.",
        EV,
        {**action({"do": "draw", "amount": 1}), "limit_per_deck": 1},
    ),
    ("Heroes only. Draw 1 card.", EV, {**action({"do": "draw", "amount": 1}), "alignment": "hero"}),
    # sections: constant modifiers, triggers, entering combat, wishes
    (
        "CONSTANT: If your MP is at level 2 or higher, "
        "your physical attacks do +1 stage of damage.",
        CardType.DRILL,
        {"constant": [{"mod": "physical_damage", "amount": 1, "requires": {"level_at_least": 2}}]},
    ),
    (
        "CONSTANT: Your energy attacks cost 1 stage less.",
        CardType.DRILL,
        {"constant": [{"mod": "energy_cost", "amount": -1}]},
    ),
    (
        "Whenever your physical attack hits, draw 1 card.",
        CardType.DRILL,
        {
            "triggers": [
                {
                    "on": "attack_hit",
                    "attack_type": "physical",
                    "effects": [{"do": "draw", "amount": 1}],
                }
            ]
        },
    ),
    (
        "WHEN ENTERING COMBAT: Gain 1 stage.",
        CardType.DRILL,
        {"entering_combat": [{"do": "gain_stages", "amount": 1}]},
    ),
    (
        "WISH: Capture a Dragon Ball.",
        CardType.DRAGON_BALL,
        {"on_play": [{"do": "capture_dragon_ball"}]},
    ),
]


@pytest.mark.parametrize(("text", "card_type", "expected"), CASES, ids=[c[0] for c in CASES])
def test_pattern(text: str, card_type: CardType, expected: dict[str, Any]) -> None:
    assert fields(text, card_type) == expected


def test_compiled_fields_make_a_valid_card() -> None:
    for text, card_type, _ in CASES:
        if card_type in (CardType.DRAGON_BALL,):
            continue
        Card.model_validate(
            {"name": "X", "type": card_type, "text": text, **fields(text, card_type)}
        )


# --- conservative cases ----------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "If your opponent is angry, gain 2 stages.",
        "Use only if your opponent controls 2 Dragon Balls. Draw 3 cards.",
        "Physical attack. DAMAGE: AT +2 stages or 3 life cards.",
        "Physical attack. HIT: Draw 1 card.",
        "DAMAGE: 4 life cards.",
        "Whenever you deal Critical Damage: Draw 1 card. Gain 2 stages.",
    ],
)
def test_not_understood_stays_manual(text: str) -> None:
    result = compile_text(text, EV)
    assert result.status == "manual"
    assert result.manual == split_sentences(text)
    assert set(result.fields) <= {"automation", "manual_text"}


def test_unknown_sentence_makes_partial_and_is_kept() -> None:
    result = compile_text("Gain 2 stages. Swap hands with your opponent.", EV)
    assert result.status == "partial"
    assert result.manual == ["Swap hands with your opponent."]
    assert result.fields["manual_text"] == ["Swap hands with your opponent."]
    assert result.fields["action"] == {"effects": [{"do": "gain_stages", "amount": 2}]}


def test_manual_card_keeps_only_its_keywords() -> None:
    result = compile_text("Limit 1 per deck. Use only if the moon is full. Gain 5 stages.", EV)
    assert result.status == "manual"
    assert result.fields == {
        "limit_per_deck": 1,
        "automation": "manual",
        "manual_text": ["Use only if the moon is full.", "Gain 5 stages."],
    }


def test_trait_gate_on_a_conditional_is_not_doubled() -> None:
    assert compile_text("HIT: SAIYAN: Draw 1 card.", PC).status == "manual"
    text = "SAIYAN: If your MP is at level 2 or higher, draw 1 card."
    assert fields(text) == action(
        {"do": "draw", "amount": 1, "if": {"level_at_least": 2, "trait": "saiyan"}}
    )


def test_wrong_card_type_for_the_ability_is_manual() -> None:
    assert compile_text("Gain 1 stage.", PC).status == "manual"  # no attack or defense
    assert compile_text("Stops an attack.", CardType.DRAGON_BALL).status == "manual"


def test_empty_text_is_manual() -> None:
    result = compile_text("", CardType.MAIN_PERSONALITY)
    assert result.status == "manual" and result.fields == {"automation": "manual"}


# --- sentences and shapes ------------------------------------------------------------------
def test_split_sentences() -> None:
    text = "Limit 1 per deck. Gain 5 stages. (Banish after use.)"
    assert split_sentences(text) == ["Limit 1 per deck.", "Gain 5 stages.", "(Banish after use.)"]


def test_sentence_shape() -> None:
    shape = sentence_shape(
        "If your MP is Zorn, Zorn's Wand does +2 stages.", ["Zorn's Wand", "Zorn"]
    )
    assert shape == "If your MP is <card>, <card> does +N stages."


def test_sandbox_cards_reproduced_from_text() -> None:
    """No compiled card may differ from the hand-written one; at least 200 of 205 match."""
    cards = list(load_pool().by_name.values())
    automated = [c for c in cards if compile_text(c.text, c.type).status == "automated"]
    assert all(reproduces(card) for card in automated)
    assert len(automated) >= 200
