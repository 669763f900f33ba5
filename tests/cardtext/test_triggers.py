"""Trigger sentences (engine.panini.cardtext.triggers): "Whenever/When/After/At <event>, ...",
"Once per combat/turn when ...", "Banish this card when <event>." and "[INSTANT] POWER: Use
when <event>." (2016 GLOSSARY "Effects": contextual timing)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.panini.cards import CardType, load_card_file
from engine.panini.cardtext import compile_text, reproduces

DESTROY_TOP = {"do": "move", "position": "top", "amount": 1, "source": "life_deck",
               "to": "discard", "who": "opponent"}  # fmt: skip
DRAW = {"do": "draw", "amount": 1}


def _trigger(text: str, card_type: CardType = CardType.DRILL) -> dict[str, object]:
    result = compile_text(text, card_type)
    assert result.status == "automated", (text, result.manual)
    triggers = result.fields["triggers"]
    assert len(triggers) == 1
    trigger: dict[str, object] = triggers[0]
    return trigger


@pytest.mark.parametrize(
    ("text", "event"),
    [
        ("CONSTANT: Whenever your anger is lowered, draw a card.", {"on": "anger_lowered"}),
        ("CONSTANT: Whenever your opponent's anger is lowered, draw a card.",
         {"on": "anger_lowered", "who": "opponent"}),
        ("CONSTANT: Whenever you Rejuvenate, draw a card.", {"on": "rejuvenated"}),
        ("CONSTANT: Whenever your opponent rejuvenates, draw a card.",
         {"on": "rejuvenated", "who": "opponent"}),
        ("CONSTANT: Whenever a player Rejuvenates, draw a card.",
         {"on": "rejuvenated", "who": "any"}),
        ("CONSTANT: Whenever you Rejuvenate during combat, draw a card.",
         {"on": "rejuvenated", "during_combat": True}),
        ("CONSTANT: Whenever your MP changes level, draw a card.", {"on": "level_changed"}),
        ("CONSTANT: Whenever you change levels, draw a card.", {"on": "level_changed"}),
        ("CONSTANT: After your opponent's MP advances a level, draw a card.",
         {"on": "level_advanced", "who": "opponent"}),
        ("CONSTANT: Whenever you perform an attack, draw a card.", {"on": "attack_performed"}),
        ("CONSTANT: Whenever your opponent performs an energy attack, draw a card.",
         {"on": "attack_performed", "who": "opponent", "attack_type": "energy"}),
        ("CONSTANT: Whenever you perform a successful physical attack, draw a card.",
         {"on": "attack_hit", "attack_type": "physical"}),
        ("CONSTANT: Whenever one of your attacks is stopped, draw a card.",
         {"on": "attack_stopped"}),
        ("CONSTANT: When you stop an attack, draw a card.", {"on": "defended"}),
        ("CONSTANT: When you deal critical damage, draw a card.", {"on": "critical_damage"}),
        ("CONSTANT: At the end of combat, draw a card.", {"on": "combat_ended", "who": "any"}),
        ("CONSTANT: At the end of each combat, draw a card.",
         {"on": "combat_ended", "who": "any"}),
        ("CONSTANT: At the start of your Planning Step, draw a card.",
         {"on": "planning_started"}),
        ("CONSTANT: Once per combat when you deal critical damage, draw a card.",
         {"on": "critical_damage", "once_per": "combat"}),
        ("CONSTANT: Once per turn after you perform a successful energy attack, draw a card.",
         {"on": "attack_hit", "attack_type": "energy", "once_per": "turn"}),
        ("CONSTANT: Whenever you use a critical damage effect, draw a card.",
         {"on": "critical_effect_used"}),
        ("CONSTANT: Once per combat after using a critical damage effect, draw a card.",
         {"on": "critical_effect_used", "once_per": "combat"}),
        ("CONSTANT: Whenever you perform a successful Styled attack, draw a card.",
         {"on": "attack_hit", "styled": True}),
        ("CONSTANT: Whenever you perform a Styled physical attack, draw a card.",
         {"on": "attack_performed", "styled": True, "attack_type": "physical"}),
        ("CONSTANT: At the beginning of your turn, draw a card.", {"on": "turn_started"}),
        ("CONSTANT: At the start of each turn, draw a card.",
         {"on": "turn_started", "who": "any"}),
        ("CONSTANT: At the end of your opponent's turn, draw a card.",
         {"on": "turn_ended", "who": "opponent"}),
        ("CONSTANT: At the start of your Rejuvenation Step, draw a card.",
         {"on": "rejuvenation_started"}),
    ],
)  # fmt: skip
def test_trigger_events(text: str, event: dict[str, object]) -> None:
    assert _trigger(text) == {**event, "effects": [DRAW]}


@pytest.mark.parametrize(
    ("text", "event"),
    [
        ("CONSTANT: Whenever a Dragon Ball enters play, draw a card.",
         {"who": "any", "card_types": ["dragon_ball"]}),
        ("CONSTANT: Whenever one of your Setup or Drills enters play, draw a card.",
         {"card_types": ["drill", "setup"]}),
        ("CONSTANT: Whenever one of your Allies, Setups, or Drills enters play during combat, "
         "draw a card.", {"card_types": ["ally", "drill", "setup"], "during_combat": True}),
        ("CONSTANT: Whenever a card enters play under your opponent's control, draw a card.",
         {"who": "opponent"}),
        ("CONSTANT: Whenever an Ally enters play under your control, draw a card.",
         {"card_types": ["ally"]}),
    ],
)  # fmt: skip
def test_entering_play(text: str, event: dict[str, object]) -> None:
    assert _trigger(text) == {"on": "entered_play", **event, "effects": [DRAW]}
    for near in (
        # (an Earth Dragon Ball you own: tests/cardtext/test_leaving.py, ruling 260)
        "CONSTANT: Whenever an Earth Setup you own enters play, draw a card.",
        "CONSTANT: Whenever a card or Drill enters play, draw a card.",
        "CONSTANT: Whenever a card enters play under your opponent's control this combat, "
        "draw a card.",
        "CONSTANT: When this Drill enters play, draw a card.",
    ):
        assert "triggers" not in compile_text(near, CardType.DRILL).fields, near


def test_pronouns_after_a_head_naming_your_opponent_are_the_opponent() -> None:
    banish = {"do": "move", "position": "bottom", "amount": 1, "source": "discard_pile",
              "to": "banish", "who": "opponent"}  # fmt: skip
    for pronoun in ("his", "her", "their", "his or her"):
        text = (
            f"Whenever your opponent Rejuvenates, banish the bottom card of {pronoun} discard pile."
        )
        assert _trigger(text) == {"on": "rejuvenated", "who": "opponent", "effects": [banish]}
    stopped = _trigger("CONSTANT: Whenever your opponent stops one of your attacks, he destroys "
                       "the top 2 cards of his Life Deck.")  # fmt: skip
    assert stopped == {"on": "attack_stopped", "effects": [{**DESTROY_TOP, "amount": 2}]}
    # no opponent named: "his" is nobody's
    near = "CONSTANT: Whenever you Rejuvenate, banish the bottom card of his discard pile."
    assert compile_text(near, CardType.DRILL).unread


def test_a_drill_without_label_reads_its_trigger() -> None:
    text = "Whenever your anger is lowered, destroy the top card of your opponent's Life Deck."
    assert _trigger(text) == {"on": "anger_lowered", "effects": [DESTROY_TOP]}


@pytest.mark.parametrize(
    "text",
    [
        "CONSTANT: Whenever your anger would be lowered, draw a card.",
        "CONSTANT: At you Rejuvenate, draw a card.",  # "At" names a moment
        "CONSTANT: Whenever the end of combat, draw a card.",  # and the others an event
        "CONSTANT: Whenever you Rejuvenate this combat, draw a card.",
        "CONSTANT: Once per game when you deal critical damage, draw a card.",
        "CONSTANT: At the end of combat during combat, draw a card.",
        "CONSTANT: Whenever your ally rejuvenates, draw a card.",
        "CONSTANT: At the end of your turn during combat, draw a card.",
        "CONSTANT: Whenever you perform a successful Styled Drill attack, draw a card.",
        "CONSTANT: Whenever you perform an attack if you did not declare combat, draw a card.",
    ],
)
def test_near_misses_stay_unread(text: str) -> None:
    result = compile_text(text, CardType.DRILL)
    assert result.unread and "triggers" not in result.fields, text


def test_a_timing_in_a_power_or_on_a_card_that_leaves_play_is_not_a_trigger() -> None:
    """ "POWER: ... At the end of combat, draw a card." happens once, after the Power: the
    Power arms it (engine.panini.cardtext.armed); an Event's "At the end of combat, ..." is not
    active after it is discarded, it was armed as the Event was played."""
    at_end = {"do": "arm_trigger", "once": True,
              "trigger": {"on": "combat_ended", "who": "any", "effects": [DRAW]}}  # fmt: skip
    power = compile_text("POWER: Draw a card. At the end of combat, draw a card.", CardType.DRILL)
    assert "triggers" not in power.fields
    assert power.fields["action"]["effects"] == [DRAW, at_end]
    event = compile_text("Draw a card. At the end of combat, draw a card.", CardType.EVENT)
    assert "triggers" not in event.fields
    assert event.fields["action"]["effects"] == [DRAW, at_end]


def test_banish_this_card_when() -> None:
    banish = {"do": "move", "source": "this_card", "amount": 1, "to": "banish"}
    text = ("POWER: Draw a card. Attach to your MP. Banish this card when your opponent "
            "deals critical damage.")  # fmt: skip
    assert _trigger(text, CardType.EVENT) == {
        "on": "critical_damage", "who": "opponent", "effects": [banish]}  # fmt: skip
    assert _trigger("Banish this card when any personality changes levels.") == {
        "on": "level_changed", "who": "any", "effects": [banish]}  # fmt: skip
    # states ("when you control a Styled Drill"): tests/cardtext/test_leaving.py
    for near in (
        "Banish this card when more than 1 card is stuck to your MP.",
        # ("Banish this card at the end of combat." on a Drill: ruling 263)
        "Banish this card at the end of a long combat.",
    ):
        assert compile_text(near, CardType.DRILL).unread == [near]
    # an Event that does not attach is discarded after use: nothing to banish later
    loose = "POWER: Draw a card. Banish this card when your opponent deals critical damage."
    assert compile_text(loose, CardType.EVENT).status == "partial"


@pytest.mark.parametrize(
    ("text", "event"),
    [
        ("[INSTANT] POWER: Use at the end of combat. Rejuvenate 2.",
         {"on": "combat_ended", "who": "any"}),
        ("[INSTANT] POWER: Use at the start of your Planning Step. Rejuvenate 2.",
         {"on": "planning_started"}),
        ("[INSTANT] POWER: Use after taking damage from an attack. Rejuvenate 2.",
         {"on": "damage_taken"}),
        ("[INSTANT] POWER: Use after you stop an attack. Rejuvenate 2.", {"on": "defended"}),
        ("INSTANT POWER: Use after your opponent performs an attack. Rejuvenate 2.",
         {"on": "attack_performed", "who": "opponent"}),
        ("[INSTANT] POWER: Use at the beginning of your Rejuvenation Step if you did not "
         "declare combat. Rejuvenate 2.", {"on": "rejuvenation_started", "no_combat": True}),
        ("[INSTANT]: Use after performing a successful Styled physical attack. Rejuvenate 2.",
         {"on": "attack_hit", "styled": True, "attack_type": "physical"}),
        ("[INSTANT] POWER: Use at the end of the turn. Rejuvenate 2.",
         {"on": "turn_ended", "who": "any"}),
    ],
)  # fmt: skip
def test_timed_powers(text: str, event: dict[str, object]) -> None:
    kept = (CardType.DRILL, CardType.MASTERY, CardType.MAIN_PERSONALITY)
    for card_type in (*kept, CardType.SETUP, CardType.EVENT):
        assert _trigger(text, card_type) == {
            **event, "effects": [{"do": "rejuvenate", "amount": 2}], "power": True}  # fmt: skip


def test_timed_powers_left_to_players() -> None:
    cases = [
        # an Ally's Power waits for the MP to be near zero: not yet
        ("[INSTANT] POWER: Use at the end of combat. Rejuvenate 2.", CardType.ALLY),
        ("[INSTANT] POWER: Use at the end of combat. Rejuvenate 2.", CardType.DRAGON_BALL),
        # a response before the card resolves: not a trigger
        ("[INSTANT] POWER: Use when an Event is played. Rejuvenate 2.", CardType.DRILL),
        ("[INSTANT] POWER: Use before taking damage from an attack. Rejuvenate 2.", CardType.DRILL),
        ("[INSTANT] POWER: Use at the end of combat. Swap hands.", CardType.DRILL),
        (
            "[INSTANT] POWER: Use at the beginning of your opponent's Rejuvenation Step if you "
            "did not declare combat. Rejuvenate 2.",
            CardType.DRILL,
        ),
        ("[INSTANT] POWER: Use at the end of combat.", CardType.DRILL),
    ]
    for text, card_type in cases:
        result = compile_text(text, card_type)
        assert result.status == "manual" and "triggers" not in result.fields, text


def test_the_scenario_cards_are_what_their_text_compiles_to() -> None:
    path = Path(__file__).parents[1] / "cards" / "triggers.yaml"
    for card in load_card_file(path):
        assert reproduces(card), card.name
