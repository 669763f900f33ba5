"""Allies making Actions whatever the MP's power stage (engine.cardtext.allies; 2016 ALLIES
DURING COMBAT): a floating sentence needs one duration, "that Ally" only there, and the
constant form only under CONSTANT:."""

from __future__ import annotations

from engine.cards import CardType
from engine.cardtext import compile_text
from engine.cardtext.allies import parse_constant, parse_floating

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
