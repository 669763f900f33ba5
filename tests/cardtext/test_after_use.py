"""What happens to a card after use, and flags on an attack's damage (engine/panini/cardtext/
after_use.py): after-use destinations are card keywords, "cannot be prevented / modified"
and "can only be stopped by" are attack fields, "stays in play to be used a second time"
and conditional flags are effects on the attack in progress."""

from __future__ import annotations

import pytest

from engine.panini.cards import Card, CardType
from engine.panini.cardtext import compile_text

PHYSICAL, ENERGY, EVENT = CardType.PHYSICAL_COMBAT, CardType.ENERGY_COMBAT, CardType.EVENT


def _card(text: str, card_type: CardType) -> Card:
    result = compile_text(text, card_type)
    assert result.status == "automated", result
    return Card.model_validate(
        {"name": "Test Card", "type": card_type.value, "text": text, **result.fields}
    )


# --- after use ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("sentence", "to"),
    [
        ("Shuffle this card into your Life Deck after use.", "shuffle_into_life_deck"),
        ("(Shuffle into your Life Deck after use.)", "shuffle_into_life_deck"),
        ("Place this card on top of your Life Deck after use.", "top_of_life_deck"),
        ("Place this card at the bottom of your Life Deck after use.", "bottom_of_life_deck"),
        ("Place at the bottom of your Life Deck after use.", "bottom_of_life_deck"),
        ("Return this card to your hand after use.", "hand"),
        ("Rejuvenate this card after use.", "rejuvenate"),
    ],
)
def test_after_use_destinations_are_card_keywords(sentence: str, to: str) -> None:
    card = _card(f"Stops a physical attack. {sentence}", PHYSICAL)
    assert card.after_use is not None and card.after_use.to == to
    assert card.after_use.when is None and not card.banish_after_use


def test_a_condition_on_the_destination_is_kept() -> None:
    """Blue Crouch (Awakening)."""
    text = (
        "Stops a physical attack. If your MP's power level is lower than your opponent's "
        "MP's power level, place this card on top of your Life Deck after use."
    )
    card = _card(text, PHYSICAL)
    assert card.after_use is not None and card.after_use.to == "top_of_life_deck"
    assert card.after_use.when is not None
    assert card.after_use.when.power_level_vs_opponent == "lower"


@pytest.mark.parametrize(
    ("text", "card_type"),
    [
        # an Ally's Power does not leave play after use (Jimmy Firecracker - Inquisitive)
        ("POWER: Draw a card. Shuffle this card into your Life Deck after use.", CardType.ALLY),
        # two destinations, or one beside "(Banish after use.)": which wins is not said
        (
            "POWER: Draw a card. Shuffle this card into your Life Deck after use. (Banish after "
            "use.)",
            EVENT,
        ),
        # a level against a power level: not comparable (a level against a level is read,
        # tests/cardtext/test_conditions.py)
        (
            "Stops a physical attack. If your MP's level is lower than your opponent's MP's "
            "power level, place this card on top of your Life Deck after use.",
            PHYSICAL,
        ),
        ("Stops a physical attack. Shuffle this card into your discard pile after use.", PHYSICAL),
        ("HIT: Shuffle this card into your Life Deck after use.", PHYSICAL),
    ],
)
def test_near_misses_of_after_use_stay_unread(text: str, card_type: CardType) -> None:
    result = compile_text(text, card_type)
    assert result.status != "automated"
    assert "after_use" not in result.fields


def test_a_stop_instead_of_an_attack_is_a_second_use_of_the_card() -> None:
    """Blue Arm Blast (Awakening): the printed option gives the attack card a defense."""
    text = (
        "(You may play this card to stop a physical attack instead of as an attack.) Energy "
        "attack costing 2 stages. DAMAGE: 5 life cards."
    )
    card = _card(text, ENERGY)
    assert card.attack is not None and card.defense is not None
    assert card.defense.stops and card.defense.against == "physical"
    assert card.defense.instead_of_attack
    both = "(You may play this card to stop a physical or energy attack instead of as an attack.)"
    assert _card(f"{both} Physical attack. DAMAGE: AT.", PHYSICAL).defense.against == "any"  # type: ignore[union-attr]
    # an Event's own option ("Mercenary Tao's Puzzles") is read too (engine.panini.cardtext.itself:
    # played so, its Power is not used); a near miss stays unread
    event = compile_text(f"{both} POWER: Draw a card.", EVENT)
    assert event.fields["defense"]["instead_of_attack"]
    near = compile_text("(You may play this card to stop an attack performed by an Ally.) "
                        "Physical attack. DAMAGE: AT.", PHYSICAL)  # fmt: skip
    assert "defense" not in near.fields and near.status != "automated"


# --- attack flags ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("sentence", "flags"),
    [
        ("Damage from this attack cannot be prevented.", {"unpreventable"}),
        ("Damage from this attack cannot be modified.", {"unmodifiable"}),
        ("Damage from this attack cannot be prevented or modified.",
         {"unpreventable", "unmodifiable"}),
        ("This attack cannot have its damage modified.", {"unmodifiable"}),
        ("(This attack cannot have its damage modified.)", {"unmodifiable"}),
        ("This attack's damage cannot be prevented.", {"unpreventable"}),
        ("This attack cannot be stopped or have its damage prevented.",
         {"unstoppable", "unpreventable"}),
        ("This attack cannot be stopped or prevented.", {"unstoppable", "unpreventable"}),
    ],
)  # fmt: skip
def test_damage_flags_are_attack_fields(sentence: str, flags: set[str]) -> None:
    for text in (
        f"Energy attack costing 1 stage. {sentence} DAMAGE: 5 life cards.",
        f"Energy attack costing 1 stage. DAMAGE: 5 life cards. {sentence}",
    ):
        attack = _card(text, ENERGY).attack
        assert attack is not None
        for flag in ("unstoppable", "unpreventable", "unmodifiable"):
            assert getattr(attack, flag) == (flag in flags), (text, flag)


@pytest.mark.parametrize(
    ("sentence", "types"),
    [
        ("This attack can only be stopped by a Physical Combat card.", [PHYSICAL]),
        ("This attack can only be stopped by an Energy Combat card.", [ENERGY]),
        ("This attack can only be stopped by Energy Combat cards.", [ENERGY]),
        ("This attack can only be stopped by a Physical Combat, Energy Combat, or Event card.",
         [EVENT, PHYSICAL, ENERGY]),
    ],
)  # fmt: skip
def test_only_stopped_by_card_types(sentence: str, types: list[CardType]) -> None:
    attack = _card(f"Physical attack. {sentence} DAMAGE: AT +5 stages.", PHYSICAL).attack
    assert attack is not None and sorted(attack.stopped_only_by) == sorted(types)


@pytest.mark.parametrize(
    "sentence",
    [
        "Damage from this attack cannot be redirected or stopped.",
        "Damage from your Styled attacks cannot be prevented this game.",
        "This attack cannot be stopped or have its damage prevented by Allies.",
        "This attack can only be stopped by a Setup card.",
        "This attack can only be stopped by a Physical Combat, Energy Combat card.",
        # "This attack cannot has its damage modified." is read as "cannot have"
        # (docs/rulings.md 265, tests/cardtext/test_slips.py)
    ],
)
def test_near_misses_of_damage_flags_stay_unread_and_gate_the_attack(sentence: str) -> None:
    result = compile_text(f"Physical attack. {sentence} DAMAGE: AT +5 stages.", PHYSICAL)
    assert result.status == "manual" and "attack" not in result.fields


def test_flags_outside_an_attack_are_not_an_action() -> None:
    result = compile_text("POWER: Draw a card. Damage from this attack cannot be prevented.", EVENT)
    assert "action" not in result.fields and result.status == "manual"


# --- effects on the attack in progress -----------------------------------------------------------
@pytest.mark.parametrize(
    ("sentence", "times"),
    [
        ("This attack stays in play to be used a second time this combat.", 1),
        ("This attack stays in play to be used a second and third time this combat.", 2),
        ("This attack stays in play to be used a second, third, and fourth time this combat.", 3),
    ],
)
def test_stays_in_play_is_an_effect_on_the_attack(sentence: str, times: int) -> None:
    text = f"Physical attack costing 1 stage. DAMAGE: AT +3 stages. {sentence}"
    attack = _card(text, PHYSICAL).attack
    assert attack is not None
    assert [e.model_dump(exclude_defaults=True) for e in attack.effects] == [
        {"do": "stay_in_play", "times": times} if times > 1 else {"do": "stay_in_play"}
    ]
    hit = _card(f"Physical attack. DAMAGE: AT +4 stages. HIT: {sentence}", PHYSICAL).attack
    assert hit is not None and hit.hit[0].do == "stay_in_play" and not hit.effects


def test_conditional_flags_and_stays_in_play() -> None:
    """Namekian Onslaught-style conditions, Red Jab's "If you do"."""
    text = (
        "Energy attack costing 1 stage. If you control 2 or more Dragon Balls, this attack "
        "stays in play to be used a second time this combat. You may raise your anger 1 "
        "level. If you do, damage from this attack cannot be prevented. DAMAGE: 4 life cards."
    )
    attack = _card(text, ENERGY).attack
    assert attack is not None
    dumped = [e.model_dump(exclude_defaults=True, by_alias=True) for e in attack.effects]
    assert dumped == [
        {"do": "stay_in_play", "if": {"controls_dragon_balls_at_least": 2}},
        {"do": "raise_anger", "may": True},
        {"do": "attack_gains", "unpreventable": True, "if_you_do": True},
    ]
    unstoppable = _card("Physical attack. If your anger is 3 or more, this attack cannot be "
                        "stopped. DAMAGE: AT.", PHYSICAL).attack  # fmt: skip
    assert unstoppable is not None and unstoppable.effects[0].do == "attack_gains"


@pytest.mark.parametrize(
    ("text", "card_type"),
    [
        # a Power is used once per turn: its attack cannot stay to be used again
        ("POWER: Physical attack. DAMAGE: AT. HIT: This attack stays in play to be used a "
         "second time this combat.", CardType.MAIN_PERSONALITY),
        # "this attack" in an Action, a trigger, a constant
        ("POWER: Draw a card. This attack stays in play to be used a second time this "
         "combat.", EVENT),
        ("CONSTANT: Whenever your attack hits, this attack cannot be stopped.", CardType.DRILL),
        # out of order, a gap, a "third" without "second"
        ("Physical attack. DAMAGE: AT. This attack stays in play to be used a third time this "
         "combat.", PHYSICAL),
        ("Physical attack. DAMAGE: AT. This attack stays in play to be used a second and "
         "fourth time this combat.", PHYSICAL),
        ("Physical attack. DAMAGE: AT. This attack stays in play to be used again this "
         "combat.", PHYSICAL),
    ],
)  # fmt: skip
def test_near_misses_of_attack_effects_stay_unread(text: str, card_type: CardType) -> None:
    result = compile_text(text, card_type)
    assert result.status != "automated"
    found = str(result.fields)
    assert "stay_in_play" not in found and "attack_gains" not in found


@pytest.mark.parametrize(
    ("sentence", "mod"),
    [
        ("Damage from your attacks cannot be prevented this combat.", "unpreventable"),
        ("Your physical attacks cannot have their damage prevented this combat.",
         "unpreventable_physical"),
        ("Damage from your energy attacks cannot be prevented for the remainder of combat.",
         "unpreventable_energy"),
    ],
)  # fmt: skip
def test_your_attacks_unpreventable_this_combat_is_a_floating_effect(
    sentence: str, mod: str
) -> None:
    effects = _card(f"POWER: {sentence}", EVENT).action.effects  # type: ignore[union-attr]
    assert effects[0].model_dump(exclude_defaults=True) == {
        "do": "until_end_of_turn",
        "modifier": {"mod": mod},
    }
    # no duration, a duration not read: left to players ("Styled" is read now:
    # tests/cardtext/test_damage.py)
    for near in ("Damage from your attacks cannot be prevented this game.",
                 "Damage from your attacks cannot be prevented."):  # fmt: skip
        assert compile_text(f"POWER: {near}", EVENT).status == "manual"


@pytest.mark.parametrize(
    "sentence",
    [
        "(You cannot win by MPPV if you use this card.)",
        "You cannot win by MPPV if you use this card.",
        "(You cannot win by MPPV if you advance a personality level with this card.)",
        "(You cannot win by MPPV if you advance a level with this card's effect.)",
        "(You cannot win by MPPV if you raise your anger with this card's immediate effect.)",
    ],
)
def test_no_mppv_if_you_use_this_card_is_a_keyword(sentence: str) -> None:
    card = _card(f"{sentence} POWER: Raise your anger 6 levels.", EVENT)
    assert card.no_mppv_while_used


@pytest.mark.parametrize(
    ("text", "card_type"),
    [
        # (a personality's Power is read since: engine.panini.itself, while its effects resolve;
        # "the turn you play this card" is read before what may win: test_allies.py)
        ("(You cannot win by MPPV if you use this Drill's effect.) POWER: Raise your anger 6 "
         "levels.", EVENT),
        ("(You cannot win my MPPV if you use this card.) POWER: Raise your anger 6 levels.",
         EVENT),
    ],
)  # fmt: skip
def test_near_misses_of_no_mppv_leave_the_ability_manual(text: str, card_type: CardType) -> None:
    result = compile_text(text, card_type)
    assert result.status == "manual" and "no_mppv_while_used" not in result.fields


def test_power_level_conditions_on_effects() -> None:
    """Captain Ginyu's Body Switch (Awakening)."""
    text = (
        "(You cannot win by MPPV if you use this card. Banish after use.) POWER: If the power "
        "level of your opponent's MP is higher than your MP's power level, raise your anger "
        "6 levels."
    )
    card = _card(text, EVENT)
    assert card.action is not None and card.banish_after_use and card.no_mppv_while_used
    when = card.action.effects[0].when
    assert when is not None and when.power_level_vs_opponent == "lower"


def test_cannot_be_stopped_or_prevented_by_a_kind_of_card() -> None:
    """Red Power Rush, Red Furious Lunge (Awakening)."""
    text = (
        "Physical attack. If you have 3 or more anger, this attack cannot be stopped or have "
        "its damage prevented by Physical Combat cards. DAMAGE: AT +3 stages."
    )
    effect = _card(text, PHYSICAL).attack.effects[0]  # type: ignore[union-attr]
    assert effect.model_dump(exclude_defaults=True, by_alias=True) == {
        "do": "attack_gains",
        "not_stopped_by": ["physical_combat"],
        "not_prevented_by": ["physical_combat"],
        "if": {"anger_at_least": 3},
    }
    lunge = "Physical attack. This attack cannot be stopped by a non-Styled card. DAMAGE: AT."
    attack = _card(lunge, PHYSICAL).attack
    assert attack is not None and attack.not_stopped_by == ["non_styled"]
    assert not attack.not_prevented_by
    for near in ("This attack cannot be stopped by a Styled card.",
                 "This attack cannot be prevented by Event cards.",
                 "This attack cannot be stopped by Physical Combat cards or Allies."):  # fmt: skip
        result = compile_text(f"Physical attack. {near} DAMAGE: AT.", PHYSICAL)
        assert result.status == "manual", near


@pytest.mark.parametrize(
    ("condition", "fields"),
    [
        ("you control less than 3 Drills", {"drills_at_most": 2}),
        ("you control fewer than 1 Drill", {"drills_at_most": 0}),
        ("you control no Drills", {"drills_at_most": 0}),
        ("you control 2 or fewer Drills", {"drills_at_most": 2}),
        ("you have 3 or more anger", {"anger_at_least": 3}),
        ("your MP's power level is higher than your opponent's MP's power level",
         {"power_level_vs_opponent": "higher"}),
    ],
)  # fmt: skip
def test_conditions_these_cards_use(condition: str, fields: dict[str, object]) -> None:
    result = compile_text(f"POWER: If {condition}, draw a card.", EVENT)
    assert result.status == "automated"
    assert result.fields["action"]["effects"][0]["if"] == fields
    near_misses = (
        "you control less than 0 Drills",
        "you control many Drills",
        "your MP is a Saiyan fighter",
        "your MP's level is higher than your opponent's",
    )
    for near in near_misses:
        assert compile_text(f"POWER: If {near}, draw a card.", EVENT).status == "manual"


@pytest.mark.parametrize(
    ("sentence", "to"),
    [
        ("HIT: Shuffle this card into your Life Deck after use.", "shuffle_into_life_deck"),
        ("HIT: Place this card at the bottom of your Life Deck after use.", "bottom_of_life_deck"),
        ("You may draw a card. If you do, banish this card after use.", "banish"),
    ],
)
def test_where_this_use_sends_the_attack_card(sentence: str, to: str) -> None:
    """Saiyan Light Jab, Energized Strike, Namekian Targeted Strike-style (Awakening).
    Without "after use" ("HIT: Shuffle this card back into your Life Deck.") the sentence is
    a `move` of this card (engine.panini.cardtext.moves), with the same result."""
    hit = sentence.startswith("HIT")
    text = (
        f"Physical attack. DAMAGE: AT +4 stages. {sentence}"
        if hit
        else f"Physical attack. {sentence} DAMAGE: AT +4 stages."
    )
    attack = _card(text, PHYSICAL).attack
    assert attack is not None
    effects = [*attack.effects, *attack.hit]
    assert effects[-1].model_dump(include={"do", "to"}) == {"do": "after_use_to", "to": to}
    assert bool(attack.hit) == hit


def test_where_an_action_card_goes_by_choice_is_left_to_players() -> None:
    """Heroic Assistance-style: the engine reads "this use" only for an attack in
    progress; the rest of the Power still runs."""
    text = "POWER: Gain 2 stages. You may shuffle this card into your Life Deck after use."
    result = compile_text(text, CardType.SETUP)
    assert result.status == "partial"
    assert result.manual == ["You may shuffle this card into your Life Deck after use."]
    assert result.fields["action"]["effects"] == [{"do": "gain_stages", "amount": 2}]


def test_advancing_a_level_with_this_card_is_read_in_attacks_only() -> None:
    """Red Surrounded Beams / Gohan's Power Punch (Awakening), with the anger before DAMAGE."""
    text = (
        "Energy attack costing 2 stages. Raise your anger 1 level. If you advance a "
        "personality level with this card, this attack cannot be stopped. DAMAGE: 5 life cards."
    )
    effects = _card(text, ENERGY).attack.effects  # type: ignore[union-attr]
    assert effects[1].when is not None and effects[1].when.advanced_this_attack
    # an Event's Power has no attack in progress to read it by
    event = compile_text("POWER: Raise your anger 5 levels. If you advance a personality level "
                         "with this card, draw a card.", EVENT)  # fmt: skip
    assert event.status == "manual" and "action" not in event.fields


def test_stays_on_the_table() -> None:
    text = (
        "Physical attack. You may draw a card. If you do, this attack stays on the table to be "
        "used a second time this combat. DAMAGE: AT."
    )
    attack = _card(text, PHYSICAL).attack
    assert attack is not None and attack.effects[1].do == "stay_in_play"
    assert attack.effects[1].if_done
