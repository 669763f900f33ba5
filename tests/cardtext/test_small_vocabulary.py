"""Small sentences: anger lowered to a level, prevent all damage, paying stages, the
opponent drawing, raising the MP to its highest stage."""

from __future__ import annotations

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text


def fields(text: str) -> dict[str, object]:
    result = compile_text(text, CardType.EVENT)
    assert result.status == "automated", result
    return dict(result.fields)


def test_small_sentences() -> None:
    assert fields("Lower your opponent's anger to 0.")["action"] == {
        "effects": [{"do": "lower_anger_to", "who": "opponent", "level": 0}]
    }
    assert fields("POWER: Prevent all damage from an attack.")["defense"] == {
        "against": "any", "prevent_all": True
    }  # fmt: skip
    assert fields("Your opponent draws 2 cards.")["action"] == {
        "effects": [{"do": "draw", "amount": 2, "who": "opponent"}]
    }
    assert fields("You may pay 2 stages to draw a card.")["action"]["effects"][0] == {  # type: ignore[index]
        "do": "lose_stages", "amount": 2, "may": True
    }  # fmt: skip
    assert fields("Raise your MP to its highest power stage.")["action"] == {
        "effects": [{"do": "set_stage_max"}]
    }
    # "his", "her", "their" and "his or her" alike
    for whose in ("his", "her", "their", "his or her"):
        assert fields(f"Your opponent discards a card from {whose} hand.")["action"] == {
            "effects": [{"do": "discard_from_hand", "amount": 1, "who": "opponent"}]
        }


def test_near_misses() -> None:
    for text in (
        "Lower your opponent's anger to your anger.",
        "Prevent all damage from the next attack.",
        "Raise your opponent's personality to its highest power stage.",  # rulings 139
        "Your opponent discards a card from its hand.",
    ):
        assert compile_text(text, CardType.EVENT).unread == [text], text


def test_a_drills_power_is_printed_power() -> None:
    """docs/rulings.md 80: "POWER:" on a Drill is an Action used from play; a Drill's text
    without the label is not one (it is constant text, left to players when not read)."""
    result = compile_text("POWER: Draw a card. Discard a card from your hand.", CardType.DRILL)
    assert result.status == "automated"
    assert [e["do"] for e in result.fields["action"]["effects"]] == ["draw", "discard_from_hand"]
    assert compile_text("Draw a card.", CardType.DRILL).status == "manual"
    stop = compile_text("POWER: Stops an energy attack.", CardType.DRILL)
    assert stop.fields["defense"] == {"against": "energy", "stops": True}


def test_damage_from_this_attack_is_banished() -> None:
    for flag in ("Damage from this attack is banished.",
                 "Life card damage from this attack is banished."):  # fmt: skip
        text = f"Energy attack costing 2 stages. DAMAGE: 4 life cards. {flag}"
        result = compile_text(text, CardType.ENERGY_COMBAT)
        assert result.status == "automated", result
        assert result.fields["attack"]["damage_banished"] is True
    text = "Energy attack. DAMAGE: 4 life cards. Damage from this attack is banished instead."
    assert compile_text(text, CardType.ENERGY_COMBAT).status == "manual"
