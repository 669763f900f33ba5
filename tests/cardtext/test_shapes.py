"""Common real shapes that map exactly onto the existing effect vocabulary, each checked
against the 2016 rulebook and against what the engine does with it."""

from __future__ import annotations

from typing import Any

from engine.panini.cards import Card, CardType
from engine.panini.cardtext import compile_text

PC, EC, EV, SETUP = (
    CardType.PHYSICAL_COMBAT,
    CardType.ENERGY_COMBAT,
    CardType.EVENT,
    CardType.SETUP,
)


def compiled(text: str, card_type: CardType) -> dict[str, Any]:
    result = compile_text(text, card_type)
    assert result.status == "automated", result
    fields = {k: v for k, v in result.fields.items() if k != "automation"}
    Card.model_validate({"name": "Zorn Test", "type": card_type, "text": text, **fields})
    return fields


def test_rejuvenate_n_glossary_rejuvenate() -> None:
    """Namekian Buffer (Awakening) "Rejuvenate 3.", Red Hurl (Awakening) "HIT: Rejuvenate
    2.": 2016 GLOSSARY "Rejuvenate" (one card at a time, from the top of the discard pile),
    which is `rejuvenate` with that amount."""
    assert compiled("Stops an energy attack. Rejuvenate 3.", EC) == {
        "defense": {
            "against": "energy",
            "stops": True,
            "effects": [{"do": "rejuvenate", "amount": 3}],
        }
    }
    assert compiled("Energy attack. DAMAGE: 4 life cards. HIT: Rejuvenate 2.", EC) == {
        "attack": {
            "type": "energy",
            "damage": {"kind": "life", "amount": 4},
            "hit": [{"do": "rejuvenate", "amount": 2}],
        }
    }


def test_stops_a_physical_or_energy_attack_how_cards_work() -> None:
    """Saiyan Outrage (Promos) "Stops a physical or energy attack.": 2016 HOW CARDS WORK,
    "There are two types of attacks - Energy Attacks and Physical Attacks", so it stops
    any attack."""
    assert compiled("POWER: Stops a physical or energy attack. Draw a card.", EV) == {
        "defense": {"against": "any", "stops": True, "effects": [{"do": "draw", "amount": 1}]}
    }
    assert compiled("Stops a physical attack or energy attack.", PC) == {
        "defense": {"against": "any", "stops": True}
    }


def test_raise_your_anger_levels_anger() -> None:
    """Raise your anger N level(s) (2016 ANGER)."""
    assert compiled("POWER: Raise your anger 2 level(s).", EV) == {
        "action": {"effects": [{"do": "raise_anger", "amount": 2}]}
    }


def test_attach_to_your_mp_on_an_event_glossary_attached_cards() -> None:
    """Goku's Spirit Bomb-style Events (Heroes and Villains): "POWER: Gain 5 stages. Attach
    to your MP." 2016 GLOSSARY "Attached Cards": the card stays in play attached. The engine
    attaches an Event once its Power has resolved (engine.panini.combat.finish_card), so the
    attach must be the Power's last sentence it runs."""
    assert compiled("POWER: Gain 5 stages. Attach to your MP.", EV) == {
        "action": {"effects": [{"do": "gain_stages", "amount": 5}]},
        "attach_to": {"target": "mp"},
    }
    assert compiled("POWER: Attach to your MP.", EV) == {"attach_to": {"target": "mp"}}


def test_attach_to_your_mp_is_not_compiled_where_the_engine_differs() -> None:
    """In the middle of a Power the engine would attach too early or too late (printed
    first or last, tests/cardtext/test_attached.py); a Combat card attaches only after its
    attack or defense."""
    result = compile_text("POWER: Gain 2 stages. Attach to your MP. Draw a card.", EV)
    assert "attach_to" not in result.fields
    assert result.manual == ["Attach to your MP."]
    result = compile_text("POWER: Attach to your MP.", PC)
    assert result.status == "manual", result


def test_your_mp_gains_stages_names_the_mp() -> None:
    """Red Relaxation (The Movie Collection) "Your MP gains 2 stages.": the MP only, while
    plain `gain_stages` lets its player give the stages to any personality they control
    (2016 GLOSSARY "Gaining/losing stages"; docs/rulings.md 42)."""
    result = compile_text("POWER: Your MP gains 2 stages. Draw a card.", EV)
    assert result.status == "automated"
    assert result.fields["action"]["effects"][0]["personality"] == "mp"


def test_printing_notes_are_not_card_text() -> None:
    """Orange Luxury / Black Scout Maneuver (Promos) end with "(Most Recent Printing)" or
    "(Created by ..., OP1 South Kai Champion)": transcription notes with no rules text."""
    text = "POWER: Draw 2 cards. (Banish after use.) (Most Recent Printing)"
    assert compiled(text, EV) == {
        "action": {"effects": [{"do": "draw", "amount": 2}]},
        "banish_after_use": True,
    }
    text = "POWER: Draw 2 cards. (Created by Oscar L., OP1 West Kai Champion)"
    assert compiled(text, EV) == {"action": {"effects": [{"do": "draw", "amount": 2}]}}
    assert compile_text("(Most Recent Printing)", EV).status == "manual"


def test_attacks_deal_is_attacks_do() -> None:
    """Saiyan Enjoyment (Evolution) "POWER: Your physical attacks deal +2 stages of damage
    this combat.": "deal" is the later cards' word for "do"; attacks are only performed in
    combat, so "this combat" lasts as long as "this turn" for them (2016 THE COMBAT STEP;
    GLOSSARY "Effects", floating effects). A Drill's "[CONSTANT]: Your physical attacks deal
    +2 stages of damage." is the constant modifier (2016 GLOSSARY "Modifiers")."""
    floating = {"mod": "physical_damage", "amount": 2}
    assert compiled("POWER: Your physical attacks deal +2 stages of damage this combat.", EV) == {
        "action": {"effects": [{"do": "until_end_of_turn", "modifier": floating}]}
    }
    drill = CardType.DRILL
    assert compiled("[CONSTANT]: Your energy attacks deal +1 life card of damage.", drill) == {
        "constant": [{"mod": "energy_damage", "amount": 1}]
    }
    # both kinds of attack at once: the general damage modifier (engine.panini.modifiers)
    assert compiled("[CONSTANT]: Your attacks deal +1 stage of damage.", drill) == {
        "constant": [{"mod": "damage", "stages": 1}]
    }
