"""The next attack's damage cannot be modified, or modified nor prevented (engine.panini.cardtext.
next_time, next_attack; docs/rulings.md 321)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text


def _effects(text: str, card_type: CardType = CardType.EVENT) -> list[dict[str, Any]]:
    result = compile_text(text, card_type)
    assert result.status == "automated", result.unread
    fields = result.fields
    effects: list[dict[str, Any]] = (
        fields["action"]["effects"] if "action" in fields else fields["attack"]["hit"]
    )
    return effects


def _mods(effects: list[dict[str, Any]]) -> list[str]:
    assert all(e["do"] == "until_end_of_turn" and e["lasts"] == "next_attack" for e in effects)
    return [e["modifier"]["mod"] for e in effects]


@pytest.mark.parametrize(
    ("sentence", "mods"),
    [
        ("Your next energy attack this combat cannot have its damage modified.",
         ["unmodifiable"]),
        ("Damage from the next attack you perform this combat cannot be modified.",
         ["unmodifiable"]),
        ("Your next attack this combat cannot have its damage modified or prevented.",
         ["unmodifiable", "unpreventable"]),
        ("Your next physical attack this combat cannot have its damage prevented nor modified.",
         ["unpreventable", "unmodifiable"]),
        ("Your next attack this combat cannot have its damage modified and prevented.",
         ["unmodifiable", "unpreventable"]),
    ],
)  # fmt: skip
def test_the_next_attack_is_read(sentence: str, mods: list[str]) -> None:
    assert _mods(_effects(f"POWER: {sentence}")) == mods


def test_the_next_successful_attack_after_a_hit_without_its_colon() -> None:
    effects = _effects(
        "Energy attack costing 2 stages. DAMAGE: 4 life cards. HIT Your next successful energy "
        "attack this combat cannot have its damage modified norprevented.",
        CardType.ENERGY_COMBAT,
    )
    assert _mods(effects) == ["unmodifiable", "unpreventable"]
    assert all(e["successful"] and e["modifier"]["attacks"] == "energy" for e in effects)


@pytest.mark.parametrize(
    "sentence",
    [
        "Your next attack this combat cannot have its damage modified or stopped.",  # not damage
        "Your next attack this combat cannot have its damage prevented or prevented.",
        "Your next attack cannot have its damage modified.",  # "this combat" unsaid
        "Damage from your next attack this combat cannot have its damage modified.",
        "Your opponent's next attack this combat cannot have its damage modified or prevented.",
    ],
)
def test_a_near_miss_stays_unread(sentence: str) -> None:
    assert compile_text(f"POWER: {sentence}", CardType.EVENT).status == "manual"
