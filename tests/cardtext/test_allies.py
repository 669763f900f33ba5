"""Allies making Actions whatever the MP's power stage (engine.panini.cardtext.allies; 2016 ALLIES
DURING COMBAT): a floating sentence needs one duration, "that Ally" only there, and the
constant form only under CONSTANT:."""

from __future__ import annotations

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text, critical
from engine.panini.cardtext.allies import parse_constant, parse_floating

_ACT = "may make actions regardless of your MP's power stage"


def test_that_ally_with_a_duration_before_or_after_is_floating() -> None:
    for body in (
        f"Until the end of combat, that Ally {_ACT}",
        "That Ally can make actions regardless of your MP's power stage this combat",
        f"For the remainder of combat your Allies {_ACT}",
    ):
        found = parse_floating(body)
        assert found is not None and found["do"] == "until_end_of_turn", body
    assert parse_floating(f"Until the end of combat, that Ally {_ACT}") == {
        "do": "until_end_of_turn", "modifier": {"mod": "allies_any_stage", "that": True},
    }  # fmt: skip


def test_constant_reads_whose_allies_and_a_title() -> None:
    assert parse_constant(f"Your Allies {_ACT}") == {"mod": "allies_any_stage"}
    assert parse_constant(f'Your "Ginyu Force" Allies {_ACT}') == {
        "mod": "allies_any_stage", "performer_has": "Ginyu Force",
    }  # fmt: skip


def test_near_misses_stay_unread() -> None:
    assert parse_floating(f"Your Allies {_ACT}") is None  # no duration: not floating
    assert parse_floating(f"This combat, that Ally {_ACT} this combat") is None  # two
    assert parse_constant(f"That Ally {_ACT}") is None  # names no Ally in a constant
    assert parse_constant(f"Your opponent's Allies {_ACT}") is None
    assert parse_floating(f"That Ally {_ACT} until the end of your next turn") is None
    result = compile_text(
        f"POWER: Your Allies {_ACT} and they gain 2 stages this combat.", CardType.EVENT
    )
    assert result.status == "manual"


def test_if_condition_then_effects_reads_the_condition() -> None:
    text = (
        "HIT: If your MP is not a Saiyan, then for the remainder of combat your Allies can "
        "make actions regardless of your MP's power stage."
    )
    result = compile_text(f"Energy attack costing 1 stage. DAMAGE: 3 life cards. {text}",
                          CardType.ENERGY_COMBAT)  # fmt: skip
    assert result.status == "automated"
    effect = result.fields["attack"]["hit"][0]
    assert effect["modifier"] == {"mod": "allies_any_stage"}
    assert effect["if"] == {"personality_is": {"kind": "saiyan", "negated": True}}
    # "then" with no effect after it stays unread
    assert compile_text("POWER: If your MP is a Saiyan, then.", CardType.EVENT).status == "manual"


def test_no_mppv_for_a_while_is_read_before_what_may_win() -> None:
    """The restriction printed before the effect that advances the MP is in force when it
    resolves (engine.panini.mechanics checks MPPV at once)."""
    text = "(You cannot win by MPPV the turn you play this card.) POWER: Raise your anger 2 levels."
    result = compile_text(text, CardType.EVENT)
    assert result.status == "automated"
    assert result.fields["action"]["effects"][0] == {
        "do": "until_end_of_turn", "modifier": {"mod": "no_mppv"},
    }  # fmt: skip
    hit = compile_text(
        "Physical attack. DAMAGE: AT. HIT: You cannot win by MPPV until the start of your next "
        "turn. Advance your MP 1 level.",
        CardType.PHYSICAL_COMBAT,
    )
    assert hit.status == "automated"
    assert hit.fields["attack"]["hit"][0]["lasts"] == "next_turn_start"
    assert parse_floating("Until the end of your next turn, you cannot win by MPPV") == {
        "do": "until_end_of_turn", "modifier": {"mod": "no_mppv"}, "lasts": "next_turn",
    }  # fmt: skip


def test_no_mppv_after_what_may_win_or_without_duration_stays_unread() -> None:
    for text in (
        "POWER: Raise your anger 2 levels. You cannot win by MPPV this turn.",
        "POWER: You may advance your MP 1 level. You cannot win by MPPV this turn.",
        "POWER: Raise or lower your anger 1 level. (You cannot win by MPPV this turn.)",
        "POWER: You cannot win by MPPV.",  # how long?
        "POWER: You cannot win by MPPV until the end of your opponent's next turn.",
        "POWER: You cannot win by MPPV this turn this combat.",
    ):
        assert compile_text(text, CardType.EVENT).status == "manual", text


def test_if_next_attack_is_performed_by_an_ally_binds_any_next_attack() -> None:
    found = parse_floating(
        "If your next attack this combat is performed by an Ally, it cannot be stopped"
    )
    assert found == {
        "do": "until_end_of_turn", "lasts": "next_attack",
        "modifier": {"mod": "unstoppable", "performer": "ally", "performer_if": True},
    }  # fmt: skip
    mp = parse_floating(
        "If your next physical attack this combat is performed by your MP, it deals +2 "
        "stages of damage"
    )
    assert mp is not None and mp["modifier"]["performer"] == "mp"
    assert mp["modifier"]["attacks"] == "physical"


def test_if_next_attack_near_misses_stay_unread() -> None:
    for body in (
        "If your next attack is performed by an Ally, it cannot be stopped",  # how long?
        "If your next attack this combat is performed by an Ally, draw a card",
        "If your next attack this combat is performed by an Ally, it stops",
        "If your last attack this combat was performed by an Ally, it cannot be stopped",
    ):
        assert parse_floating(body) is None, body


def test_allies_that_cannot_be_discarded() -> None:
    assert parse_constant(f'Your "Ginyu Force" Allies {_ACT} and they cannot be discarded') == {
        "each": [
            {"mod": "allies_any_stage", "performer_has": "Ginyu Force"},
            {"mod": "undiscardable", "performer_has": "Ginyu Force"},
        ]
    }
    # "... by critical damage effects" is engine.panini.cardtext.critical's (ruling 283)
    critical_only = "Your Allies cannot be discarded by critical damage effects this combat"
    assert parse_floating(critical_only) is None
    assert critical.parse_floating(critical_only) == {
        "do": "until_end_of_turn",
        "modifier": {"mod": "critical_immune", "card_types": ["ally"]},
    }
    assert parse_constant("Your Allies cannot be discarded") == {"mod": "undiscardable"}


def test_allies_that_cannot_be_discarded_near_misses() -> None:
    assert parse_floating("Your Allies cannot be discarded") is None  # a constant only
    assert parse_constant("Your Allies cannot be discarded or banished") is None
    assert parse_constant("Your opponent's Allies cannot be discarded") is None
    assert parse_constant(f"Your Allies {_ACT} and cannot be discarded") is None
    assert parse_floating("Your Allies cannot be discarded by your opponent this combat") is None


def test_an_ally_may_perform_this_attack_is_a_keyword() -> None:
    note = "(An Ally you control may perform this attack regardless of your MP's power stage.)"
    result = compile_text(
        f"{note} Energy attack costing 3 stages. DAMAGE: 8 life cards.", CardType.ENERGY_COMBAT
    )
    assert result.status == "automated" and result.fields["ally_may_perform"] is True
    for near in (
        "(An Ally you control may perform this attack.)",  # when? (always may, MP low)
        "(Your MP may perform this attack regardless of your MP's power stage.)",
        "(An Ally you control may perform this attack regardless of your anger.)",
    ):
        text = f"{near} Energy attack costing 3 stages. DAMAGE: 8 life cards."
        assert "ally_may_perform" not in compile_text(text, CardType.ENERGY_COMBAT).fields


def test_attacks_performed_by_your_allies_or_that_ally() -> None:
    assert parse_floating(
        "Attacks performed by your Allies deal +2 life cards of damage this combat"
    ) == {"do": "until_end_of_turn", "modifier": {"mod": "damage", "life": 2, "performer": "ally"}}
    that = parse_floating("Attacks performed by that Ally deal +4 life cards of damage this combat")
    assert that is not None and that["modifier"]["that"] is True
    text = (
        "POWER: If you do not control a Dragon Ball, attacks performed by your Allies deal +2 "
        "life cards of Damage this combat."
    )
    assert compile_text(text, CardType.SETUP).status == "automated"


def test_attacks_performed_by_near_misses() -> None:
    for body in (
        "Attacks performed by your Allies deal +2 life cards of damage",  # how long?
        "Attacks performed by your opponent's Allies deal +2 life cards of damage this combat",
        "Attacks performed by your Allies draw a card this combat",
        "Your next attack performed by your Allies deals +2 life cards of damage this combat",
    ):
        assert parse_floating(body) is None, body


def test_choose_one_of_your_allies_then_that_ally_for_the_remainder_of_combat() -> None:
    text = (
        "POWER: Choose one of your Allies in play. For the remainder of combat , that Ally may "
        "make actions regardless of your MP's power stage and attacks performed by that Ally "
        "deal +4 life cards of damage."
    )
    result = compile_text(text, CardType.EVENT)
    assert result.status == "automated"
    first, second, third = result.fields["action"]["effects"]
    assert first == {"do": "choose", "what": "personality", "card_types": ["ally"]}
    assert second["modifier"] == {"mod": "allies_any_stage", "that": True}
    assert third["modifier"]["that"] is True and third["if_you_do"] is True


def test_leading_duration_near_misses() -> None:
    for text in (
        "POWER: Choose one of your opponent's Allies in play.",
        # the second part has no reading with the duration: the sentence stays whole
        "POWER: For the remainder of combat, your Allies may make actions regardless of your "
        "MP's power stage and they gain 2 stages.",
        "POWER: Next turn, your Allies may make actions regardless of your MP's power stage "
        "and your attacks deal +1 life card of damage.",
    ):
        assert compile_text(text, CardType.EVENT).status == "manual", text


def test_while_you_control_one_ally_it_cannot_be_discarded() -> None:
    one_ally = {"compare": [{"left": {"of": "allies"}, "op": "eq", "value": 1}]}
    found = parse_constant("While you control 1 Ally, it cannot be discarded")
    assert found == {"mod": "undiscardable", "requires": one_ally}
    critical_only = "While you control 1 Ally, it cannot be discarded by critical damage effects"
    assert parse_constant(critical_only) is None  # engine.panini.cardtext.critical's (ruling 283)
    assert critical.parse_constant(critical_only) == {
        "mod": "critical_immune",
        "card_types": ["ally"],
        "requires": one_ally,
    }
    # "it" after two or more Allies names none of them
    assert parse_constant("While you control 2 Allies, it cannot be discarded") is None
    assert parse_constant("While you control 1 Ally, it cannot be banished") is None


def test_your_opponent_cannot_win_by_mppv_for_a_while() -> None:
    text = "POWER: Raise your anger 2 levels. Your opponent cannot win by MPPV this turn."
    result = compile_text(text, CardType.EVENT)  # your anger cannot win it for them
    assert result.status == "automated"
    assert result.fields["action"]["effects"][1]["modifier"] == {
        "mod": "no_mppv",
        "who": "opponent",
    }
    assert parse_floating("Your opponent cannot win by MPPV") is None  # how long?


def test_the_usual_variants_of_whose_allies_and_acting() -> None:
    for body in (
        "Allies you control may act regardless of your Main Personality's power stage",
        "Each of your Allies can perform actions regardless of your MP's power stages",
        "Your Allies in play may take actions regardless of your MP's power stage",
    ):
        assert parse_constant(body) == {"mod": "allies_any_stage"}, body
    assert parse_constant("Allies may act regardless of your MP's power stage") is None  # whose?
