"""Rule changes that last a while (cardtext.floating -> engine.panini.modifiers): damage
modifiers on attacks, restrictions and skipped Actions, constant rule changes. A floating
effect outlives its card (2016 GLOSSARY "Effects"); "this combat" is this turn's one combat
(2016 TURN SEQUENCE); a constant is active while its card is in play (2016 ICONS)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.panini.cards import CardType, load_card_file
from engine.panini.cardtext import compile_text, reproduces

EV, DRILL = CardType.EVENT, CardType.DRILL


def _effect(text: str) -> dict[str, object]:
    result = compile_text(f"POWER: {text}", EV)
    assert result.status == "automated", text
    [effect] = result.fields["action"]["effects"]
    return dict(effect)


def _constant(text: str) -> dict[str, object]:
    result = compile_text(f"CONSTANT: {text}", DRILL)
    assert result.status == "automated", text
    [modifier] = result.fields["constant"]
    return dict(modifier)


def _floating(modifier: dict[str, object], lasts: str | None = None) -> dict[str, object]:
    effect: dict[str, object] = {"do": "until_end_of_turn", "modifier": modifier}
    if lasts:
        effect["lasts"] = lasts
    return effect


@pytest.mark.parametrize(
    ("text", "modifier", "lasts"),
    [
        ("Your attacks deal +2 life cards of damage this combat.", {"life": 2}, None),
        ("Your attacks deal +1 stage of damage this combat.", {"stages": 1}, None),
        (
            "For the remainder of combat, your opponent's attacks deal -2 stages and -1 life "
            "cards of damage.",
            {"who": "opponent", "stages": -2, "life": -1},
            None,
        ),
        (
            "Your Styled attacks do +1 stage and +1 life card of damage until the end of your "
            "next turn.",
            {"styled": True, "stages": 1, "life": 1},
            "next_turn",
        ),
        (
            "Styled attacks deal +3 stages of damage this combat.",
            {"who": "both", "styled": True, "stages": 3},
            None,
        ),
        (
            "Your physical attacks deal +2 life cards of damage this combat.",
            {"attacks": "physical", "life": 2},
            None,
        ),
        (
            "Your next Styled attack this combat deals +2 life cards of damage.",
            {"styled": True, "life": 2},
            "next_attack",
        ),
        (
            "The next attack you perform this combat deals +3 life cards of damage.",
            {"life": 3},
            "next_attack",
        ),
        (
            "Your next attack this combat deals +3 life cards of damage this combat.",
            {"life": 3},
            "next_attack",
        ),
    ],
)
def test_floating_damage_modifiers(text: str, modifier: dict[str, object], lasts: str) -> None:
    assert _effect(text) == _floating({"mod": "damage", **modifier}, lasts)


def test_restrictions_and_skips() -> None:
    assert _effect("Your opponent cannot perform physical attacks for the remainder of "
                   "combat.") == _floating(
        {"mod": "no_attacks", "who": "opponent", "attacks": "physical"}
    )  # fmt: skip
    assert _effect("You may not perform energy attacks this combat.") == _floating(
        {"mod": "no_attacks", "attacks": "energy"}
    )
    for text in ("Your opponent cannot play Events this combat.",
                 "Your opponent may not play Events for the remainder of combat."):  # fmt: skip
        assert _effect(text) == _floating({"mod": "no_events", "who": "opponent"})
    skip = _floating({"mod": "skip_action", "who": "opponent"}, "next_action")
    for text in ("Your opponent skips his next action this combat.",
                 "Your opponent skips his or her next action this combat.",
                 "Your opponent must pass for his or her next action this combat."):  # fmt: skip
        assert _effect(text) == skip
    assert _effect(
        "All physical attacks you perform for the remainder of combat deal +2 power stages of "
        "damage."
    ) == _floating({"mod": "damage", "attacks": "physical", "stages": 2})
    assert _effect("The next non-Styled attack you perform this combat cannot be stopped.") == (
        _floating({"mod": "unstoppable", "styled": False}, "next_attack")
    )
    assert _effect("Your opponent cannot perform an energy attack in his next action.") == (
        _floating({"mod": "no_attacks", "who": "opponent", "attacks": "energy"}, "next_action")
    )
    assert _effect("Your Dragon Balls cannot be captured this combat.") == _floating(
        {"mod": "no_capture"}
    )
    assert _effect(
        "Allies cannot make actions nor have damage redirected to them this combat."
    ) == _floating({"mod": "allies_idle", "who": "both"})
    assert _constant("Allies cannot make actions.") == {"mod": "no_ally_actions", "who": "both"}
    stays = compile_text(
        "Physical attack. If you control 2 or more Dragon Balls, this attack stays in play to "
        "be used a second time this combat. DAMAGE: AT.",
        CardType.PHYSICAL_COMBAT,
    )
    assert stays.fields["attack"]["effects"] == [
        {"do": "stay_in_play", "times": 1, "if": {"controls_dragon_balls_at_least": 2}}
    ]  # engine.panini.cardtext.after_use
    for text in (
        "Your opponent cannot raise his anger this combat.",
        "Your opponent cannot gain anger for the remainder of combat.",
    ):
        assert _effect(text) == _floating({"mod": "no_anger", "who": "opponent"})
    assert _effect(
        "Your opponent plays with his hand revealed until the start of your next turn."
    ) == _floating({"mod": "hand_revealed", "who": "opponent"}, "next_turn_start")
    assert _effect("All of your attacks are considered Styled this combat.") == _floating(
        {"mod": "styled_attacks"}
    )
    attack = (
        "Physical attack. DAMAGE: AT. HIT: Your opponent cannot perform energy attacks for "
        "the remainder of combat."
    )
    hit = compile_text(attack, CardType.PHYSICAL_COMBAT)
    assert hit.fields["attack"]["hit"][0]["modifier"]["mod"] == "no_attacks"


@pytest.mark.parametrize(
    ("text", "modifier"),
    [
        ("Your attacks deal +2 stages of damage.", {"mod": "damage", "stages": 2}),
        (
            "All of your attacks deal +1 power stage and +1 life card of damage.",
            {"mod": "damage", "stages": 1, "life": 1},
        ),
        (
            "Your opponent's attacks deal -1 life cards of damage.",
            {"mod": "damage", "who": "opponent", "life": -1},
        ),
        ("All attacks deal +1 life card of damage.", {"mod": "damage", "who": "both", "life": 1}),
        (
            "Your non-Styled attacks deal +2 life cards of damage.",
            {"mod": "damage", "styled": False, "life": 2},
        ),
        ("Your MP's PUR is +1.", {"mod": "mp_pur", "amount": 1}),
        (
            "Your maximum hand size is +2 during the Discard Step.",
            {"mod": "hand_size", "amount": 2},
        ),
        (
            "Your opponent's energy attacks cost +1 stage to perform.",
            {"mod": "energy_cost", "amount": 1, "who": "opponent"},
        ),
        ("Your attacks are considered Styled.", {"mod": "styled_attacks"}),
        (
            "Your opponent plays with his hand revealed.",
            {"mod": "hand_revealed", "who": "opponent"},
        ),
        (
            "Your opponent needs 6 anger to advance a personality level.",
            {"mod": "anger_to_level", "amount": 6, "who": "opponent"},
        ),
        (
            "You need 1 less anger to advance a personality level.",
            {"mod": "anger_discount", "amount": 1},
        ),
    ],
)
def test_constant_rule_changes(text: str, modifier: dict[str, object]) -> None:
    assert _constant(text) == modifier


@pytest.mark.parametrize(
    "text",
    [
        "POWER: Your attacks deal +1 life card of damage.",  # an effect with no duration
        "POWER: Your opponent's attacks deal -2 stages of damage.",
        "CONSTANT: Attacks deal +1 life card of damage.",  # whose attacks is not said
        "CONSTANT: Your attacks deal +1 life card of damage this combat.",  # not a constant
        "POWER: Your attacks deal +1 life card of damage until your next turn.",
        "POWER: Your next attack you perform this combat deals +3 life cards of damage.",
        "POWER: Your next attack cannot be stopped.",  # not said to be this combat's
        "POWER: That attack stays in play to be used a second time this combat.",
        "POWER: This attack stays in play to be used a second time.",
        "POWER: Your next attack deals +3 life cards of damage.",
        "POWER: All physical attacks you perform deal +2 power stages of damage.",
        "POWER: Allies cannot make actions.",
        "POWER: Your opponent cannot perform an energy attack.",
        "POWER: Your opponent skips his first action.",  # which combat? (ruling 136)
        "POWER: Gain 2 stages and your opponent cannot play Events.",  # for how long?
        "CONSTANT: Your attacks deal +X stages of damage.",
        "POWER: Your opponent cannot gain anger.",  # for how long is not said
        "POWER: Your opponent plays with his hand revealed.",
        # a minimum bounds a reduction only ("1 less ... (to a minimum of 3)" is read)
        "CONSTANT: Your opponent needs 6 anger to advance a personality level (to a minimum of 4).",
        # two constants in one sentence are read (engine.panini.cardtext.attack_constants) only
        # when both are: "draws a card" is not a constant
        "CONSTANT: Your attacks deal +1 life card of damage and your opponent draws a card.",
    ],
)
def test_near_misses_stay_unread(text: str) -> None:
    card_type = DRILL if text.startswith("CONSTANT") else EV
    assert compile_text(text, card_type).unread == [text]


def test_two_damage_modifiers_in_one_sentence() -> None:
    text = (
        "CONSTANT: If your MP is at level 2 or higher, your energy attacks deal +2 stages of "
        "damage and your physical attacks deal +1 life card of damage."
    )
    condition = {"level_at_least": 2}
    assert compile_text(text, DRILL).fields["constant"] == [
        {"mod": "damage", "attacks": "energy", "stages": 2, "requires": condition},
        {"mod": "damage", "attacks": "physical", "life": 1, "requires": condition},
    ]
    assert _effect(
        "For the remainder of combat, all your attacks deal +2 stages of damage."
    ) == _floating({"mod": "damage", "stages": 2})


def test_prevention_from_the_opponents_attacks() -> None:
    assert _effect(
        "Prevent 4 stages and 4 life cards of damage from your opponent's next attack this combat."
    ) == _floating({"mod": "prevent", "who": "opponent", "stages": 4, "life": 4}, "next_attack")
    assert _effect(
        "Prevent 1 stage of damage from all of your opponent's attacks this combat."
    ) == _floating({"mod": "prevent", "who": "opponent", "stages": 1})
    for text in (
        "POWER: Prevent 2 life cards of damage from an attack.",  # a defense, not read here
        "POWER: Prevent all damage from your opponent's attacks this combat.",
        "POWER: Prevent 2 stages of damage from your opponent's next attack.",
    ):
        assert compile_text(text, EV).unread == [text]


def test_stops_by_effect() -> None:
    assert _effect("Stops the next physical attack performed against you this combat.") == (
        _floating({"mod": "stop_attacks", "who": "opponent", "attacks": "physical"}, "next_attack")
    )
    defense = compile_text(
        "POWER: Stops a physical or energy attack. Stops all of your opponent's attacks this "
        "combat.",
        EV,
    )
    assert defense.fields["defense"]["effects"] == [
        _floating({"mod": "stop_attacks", "who": "opponent"})
    ]
    text = "POWER: Stops the next attack performed against you."
    assert compile_text(text, EV).unread == [text]


def test_stays_in_play_only_in_an_attack() -> None:
    text = "POWER: This attack stays in play to be used a second time this combat."
    assert compile_text(text, EV).status == "manual"


def test_constants_only_from_cards_the_engine_keeps_active() -> None:
    """A Setup's CONSTANT text is not kept active by the engine (compiler.CONSTANT_TYPES)."""
    text = "CONSTANT: Your attacks deal +2 stages of damage."
    assert compile_text(text, CardType.SETUP).status == "manual"


def test_scenario_cards_are_what_their_text_compiles_to() -> None:
    path = Path(__file__).resolve().parent.parent / "cards" / "float.yaml"
    for card in load_card_file(path):
        if card.text != "No effect.":
            assert reproduces(card), card.name


def test_an_effect_and_a_rule_change_joined_by_and() -> None:
    """The chain of engine.panini.cardtext.compiler: the rule change follows the effect."""
    text = "POWER: Gain 2 stages and your opponent cannot play Events for the remainder of combat."
    effects = compile_text(text, EV).fields["action"]["effects"]
    assert [e["do"] for e in effects] == ["gain_stages", "until_end_of_turn"]
    assert effects[1]["modifier"] == {"mod": "no_events", "who": "opponent"}
