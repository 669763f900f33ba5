""""The first time <event> each combat / each turn / during combat, ...": a trigger of a card
in play that fires once per combat / turn (engine.panini.cardtext.triggers; 2016 GLOSSARY
"Effects")."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text

DRAW = {"do": "draw", "amount": 1}


@pytest.mark.parametrize(
    ("head", "event"),
    [
        ("The first time each combat you use a critical damage effect",
         {"on": "critical_effect_used", "once_per": "combat"}),
        ("The first time you use a critical damage effect each combat",
         {"on": "critical_effect_used", "once_per": "combat"}),
        ("The first time your opponent Rejuvenates each turn",
         {"on": "rejuvenated", "who": "opponent", "once_per": "turn"}),
        ("The first time your anger is lowered during combat",
         {"on": "anger_lowered", "during_combat": True, "once_per": "combat"}),
        ("The first time during combat one of your attacks is stopped",
         {"on": "attack_stopped", "during_combat": True, "once_per": "combat"}),
    ],
)
def test_first_time_heads(head: str, event: dict[str, object]) -> None:
    result = compile_text(f"CONSTANT: {head}, draw a card.", CardType.DRILL)
    assert result.status == "automated", result.manual
    assert result.fields["triggers"] == [{**event, "effects": [DRAW]}]


@pytest.mark.parametrize(
    "head",
    [
        "The first time you Rejuvenate",  # once per game? once ever? unclear
        "The first time each combat you Rejuvenate each turn",  # two scopes
        "The first time during combat your anger is lowered during combat",
        "The first time each combat the end of combat",  # a moment
        "The first time each combat you sing",
    ],
)
def test_near_misses_stay_unread(head: str) -> None:
    text = f"CONSTANT: {head}, draw a card."
    assert compile_text(text, CardType.DRILL).unread == [text]
