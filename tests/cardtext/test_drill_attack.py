"""A Drill's labelled POWER may be an attack, used from play once per turn as the MP's
(2016 "Use a Power"; docs/rulings.md 80; engine.panini.combat.power_sources)."""

from __future__ import annotations

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text


def test_a_drill_power_attack_is_read() -> None:
    result = compile_text(
        "POWER: Physical attack. This attack cannot have its damage modified. DAMAGE: 0 stages.",
        CardType.DRILL,
    )
    assert result.status == "automated", result.unread
    assert result.fields["attack"] == {
        "type": "physical",
        "unmodifiable": True,
        "damage": {"kind": "stages", "amount": 0},
    }


def test_a_drill_attack_without_its_label_stays_for_players() -> None:
    """A Drill's text outside a Power is no Action (compiler._ability)."""
    result = compile_text("Physical attack. DAMAGE: 3 stages.", CardType.DRILL)
    assert result.status == "manual"
    assert "attack" not in result.fields


def test_a_mastery_attack_is_still_not_read() -> None:
    result = compile_text("POWER: Physical attack. DAMAGE: 3 stages.", CardType.MASTERY)
    assert "attack" not in result.fields
