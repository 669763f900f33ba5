"""Events read part by part (engine.panini.cardtext.alternatives; docs/rulings.md 319-320): "one
of your effects <does>", "X or Y" events, banishing from a Life Deck, revealing from a
hand, as armed "The next time ..." triggers and "Whenever ..." ones."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text
from engine.panini.cardtext.triggers import parse_event


def _armed(sentence: str) -> dict[str, Any]:
    result = compile_text(
        f"Energy attack. {sentence} DAMAGE: 2 life cards.", CardType.ENERGY_COMBAT
    )
    assert result.status == "automated", result.unread
    (effect,) = result.fields["attack"]["effects"]
    assert effect["do"] == "arm_trigger" and effect["once"] is True
    trigger: dict[str, Any] = effect["trigger"]
    return trigger


@pytest.mark.parametrize(
    ("sentence", "event"),
    [
        ("The next time one of your effects prevents damage this combat, gain 4 stages.",
         {"on": "damage_prevented"}),
        ("The next time one of your opponent's effects prevents damage this combat, draw a card.",
         {"on": "damage_prevented", "who": "opponent"}),
        ("The next time one of your effects banishes a card from your Life Deck or discard pile "
         "this combat, draw a card.",
         {"on": "life_deck_banished", "by": "self", "or_on": ["discard_banished"]}),
        ("The next time one of your card effects banishes cards from your Life Deck this "
         "combat, draw a card.", {"on": "life_deck_banished", "by": "self"}),
        ("The next time this combat one of your Drills is destroyed or banished, draw a card.",
         {"on": "destroyed", "card_types": ["drill"], "or_on": ["banished_from_play"]}),
        ("The next time one of your Setups or Drills is banished or destroyed this combat, "
         "draw a card.",
         {"on": "banished_from_play", "card_types": ["drill", "setup"], "or_on": ["destroyed"]}),
        ("The next time you reveal a card from your hand this combat, you may raise your anger "
         "2 levels.", {"on": "card_revealed"}),
        ("The next time your opponent reveals cards from his hand this combat, draw a card.",
         {"on": "card_revealed", "who": "opponent"}),
    ],
)  # fmt: skip
def test_the_event_is_read(sentence: str, event: dict[str, Any]) -> None:
    trigger = _armed(sentence)
    assert {k: v for k, v in trigger.items() if k != "effects"} == event


@pytest.mark.parametrize(
    "event",
    [
        "you raise or lower your anger",  # not alike but for the event: who lowers?
        "you draw or discard a card",  # "discard a card" alone is no event
        "one of your Drills is destroyed or your opponent draws a card",  # two subjects
        "one of your Drills is destroyed or banished or discarded",  # three: no pair alike
        "one of our effects prevents damage",  # whose effects?
        "one of your attacks prevents damage",  # an attack is not "one of your effects"
        "you reveal a card from your Life Deck",  # not from the hand
        "damage is prevented",  # whose?
    ],
)
def test_a_near_miss_is_no_event(event: str) -> None:
    assert parse_event(event) is None


def test_a_next_time_without_this_combat_stays_unread() -> None:
    result = compile_text(
        "Energy attack. The next time one of your effects prevents damage, draw a card. "
        "DAMAGE: 2 life cards.",
        CardType.ENERGY_COMBAT,
    )
    assert result.unread == ["The next time one of your effects prevents damage, draw a card."]


def test_a_whenever_on_a_card_in_play_reads_the_alternatives() -> None:
    result = compile_text(
        "CONSTANT: Whenever one of your Drills is destroyed or banished, draw a card.",
        CardType.MASTERY,
    )
    assert result.status == "automated", result.unread
    (trigger,) = result.fields["triggers"]
    assert trigger["on"] == "destroyed" and trigger["or_on"] == ["banished_from_play"]


def test_set_his_power_level_to_0_after_an_opponent_event() -> None:
    """ "his" is the opponent after his event; a player's power level is his MP's (2016
    GLOSSARY "Power Level"): his MP to its 0 stage."""
    result = compile_text(
        "Energy attack. Whenever your opponent's MP changes levels this combat, set his power "
        "level to 0. DAMAGE: 2 life cards.",
        CardType.ENERGY_COMBAT,
    )
    assert result.status == "automated", result.unread
    (armed,) = result.fields["attack"]["effects"]
    assert armed["trigger"]["effects"] == [{"do": "set_stage", "stage": 0, "who": "opponent"}]


@pytest.mark.parametrize(
    "sentence",
    ["Set your opponent's power level to 2.", "Set his power level to 0."],  # 2: which stage?
)
def test_other_power_levels_stay_unread(sentence: str) -> None:
    assert compile_text(f"POWER: {sentence}", CardType.EVENT).status == "manual"
