"""Damage in the Score game (score-ccg-2003-buu-saga-rulebook.txt), with the rulebook's
worked examples verbatim."""

from __future__ import annotations

from typing import Any

import pytest

from engine.score.damage import (
    LifeDamage,
    endurance_allowed,
    only_dragon_balls_left,
    power_stage_damage,
)
from engine.score.rulesets import OCG, SCORE


def _take(
    damage: LifeDamage, life: list[tuple[str, int]], endurance_policy: bool = True
) -> dict[str, Any]:
    """Flip `life` (top first: name, Endurance; "DB" names a Dragon Ball) until done."""
    deck = list(life)
    seen: dict[str, Any] = {"discarded": [], "bottom": [], "removed": []}
    while not damage.done:
        if all(name.startswith("DB") for name, _ in deck):
            seen["lost_game"] = only_dragon_balls_left([True] * len(deck), damage)
            break
        name, endurance = deck.pop(0)
        flip = damage.flip(name.startswith("DB"), endurance)
        if flip.endurance and endurance_policy:
            damage.use_endurance(flip.endurance)
            seen["removed"].append(name)
        elif flip.to == "life_bottom":
            deck.append((name, endurance))
            seen["bottom"].append(name)
        else:
            seen["discarded"].append(name)
    return seen


def test_goku_takes_3_stages_at_1_above_0() -> None:
    # p. 39: "Goku will receive 3 power stages of damage. Since Goku's Scouter is at 1
    # power stage above 0, he will lose 1 power stage and 2 life card"
    assert power_stage_damage(1, 3) == (0, 2)
    # p. 36: Kid Trunks, in control of Combat at 1 above 0, takes 3 stages: "lose 1 power
    # stage and 2 life cards out of your Life Deck"
    assert power_stage_damage(1, 3) == (0, 2)
    assert power_stage_damage(6, 3) == (3, 0)
    with pytest.raises(ValueError):
        power_stage_damage(-1, 2)


def test_a_dragon_ball_flipped_as_damage_does_not_count() -> None:
    # p. 43, Example #1: 5 life cards of damage, the first card flipped is Earth Dragon
    # Ball 3: it goes to the bottom, "He still must discard 5 cards and he does so."
    life = [("DB Earth 3", 0)] + [(f"card {n}", 0) for n in range(1, 7)]
    damage = LifeDamage(5)
    seen = _take(damage, life)
    assert seen["bottom"] == ["DB Earth 3"]
    assert seen["discarded"] == [f"card {n}" for n in range(1, 6)]
    assert damage.captures(SCORE.capture_life_cards)  # 5 discarded: Life Card Capture


def test_a_dragon_ball_lost_to_an_effect_counts() -> None:
    # p. 43, Example #2: "discard 3 cards from your Life Deck that aren't damage", the
    # first is Earth Dragon Ball 3: to the bottom, "and you discard 2 more cards (not 3)"
    life = [("DB Earth 3", 0), ("card 1", 0), ("card 2", 0), ("card 3", 0)]
    damage = LifeDamage(3, from_attack=False)
    seen = _take(damage, life)
    assert seen["bottom"] == ["DB Earth 3"] and seen["discarded"] == ["card 1", "card 2"]
    assert not damage.captures(SCORE.capture_life_cards)  # no capture from an effect


def test_blue_slam_endurance_3_prevents_cards_4_to_6() -> None:
    # p. 49: 6 life cards of damage; the 3rd card is Blue Slam with Endurance 3: removed
    # from the game, "Cards 4, 5 and 6 are prevented by Endurance and are not discarded"
    life = [("card 1", 0), ("card 2", 0), ("Blue Slam", 3), ("card 4", 0), ("card 5", 0)]
    damage = LifeDamage(6)
    seen = _take(damage, life)
    assert seen["discarded"] == ["card 1", "card 2"] and seen["removed"] == ["Blue Slam"]
    assert damage.prevented == 3 and damage.done
    # "If the Endurance was higher than 3, any remaining Endurance would vanish"
    damage = LifeDamage(6)
    seen = _take(damage, [("card 1", 0), ("card 2", 0), ("Blue Slam", 5), ("card 4", 0)])
    assert damage.prevented == 3 and seen["removed"] == ["Blue Slam"]
    # "you don't have to use Endurance if you don't want to"
    damage = LifeDamage(3)
    seen = _take(damage, [("Blue Slam", 3), ("card 2", 0), ("card 3", 0)], False)
    assert seen["discarded"] == ["Blue Slam", "card 2", "card 3"] and damage.prevented == 0


def test_endurance_can_prevent_a_capture() -> None:
    # p. 49: "Endurance can prevent a life card capture of a Dragon Ball"
    damage = LifeDamage(5)
    _take(damage, [("Blue Slam", 2)] + [(f"card {n}", 0) for n in range(5)])
    assert damage.discarded == 3 and not damage.captures(SCORE.capture_life_cards)


def test_when_endurance_cannot_be_used() -> None:
    # p. 49: not when damage cannot be prevented, nor for cards lost to effects
    assert LifeDamage(3, preventable=False).flip(False, 3).endurance == 0
    assert LifeDamage(3, from_attack=False).flip(False, 3).endurance == 0
    # the last card of the damage has nothing left to prevent
    assert LifeDamage(1).flip(False, 3).endurance == 0
    # p. 49: only in decks that declare a Tokui-Waza; the OCG: any deck
    assert not endurance_allowed(SCORE, tokui_waza_declared=False)
    assert endurance_allowed(SCORE, tokui_waza_declared=True)
    assert endurance_allowed(OCG, tokui_waza_declared=False)
    assert LifeDamage(3, endurance_allowed=False).flip(False, 3).endurance == 0


def test_only_dragon_balls_left_loses() -> None:
    # p. 43 "IMPORTANT": damage left and only Dragon Balls in the Life Deck: a loss
    damage = LifeDamage(3)
    seen = _take(damage, [("card 1", 0), ("DB Earth 1", 0), ("DB Earth 2", 0)])
    assert seen["discarded"] == ["card 1"] and seen["lost_game"] is True
    assert not only_dragon_balls_left([True], LifeDamage(2, from_attack=False))
