"""Damage in the Score game, card by card (score-ccg-2003-buu-saga-rulebook.txt):

- power stages of damage lower the Scouter; at 0, each stage left is a life card of
  damage ("Taking Power Stages of Damage", p. 25 and p. 39);
- life cards of damage are flipped from the top of the Life Deck one at a time; a Dragon
  Ball flipped does not count and goes to the bottom of the Life Deck; with damage left
  and only Dragon Balls in the Life Deck, the player loses ("Discarding Dragon Balls when
  taking life cards of damage", p. 43);
- life cards lost to an effect, not to an attack's damage, count Dragon Balls too, which
  still go to the bottom ("... for other effects", p. 43);
- Endurance N on a card flipped as damage may prevent the next N life cards of that
  damage; the card is removed from the game instead of discarded; never against damage
  that cannot be prevented, nor for cards lost to effects; in `score` only for decks that
  declared a Tokui-Waza (p. 49; the `ocg` ruleset lets every deck);
- 5 or more life cards discarded by a successful attack let the attacker capture a
  Dragon Ball ("Life Card Capture", p. 44): cards Endurance prevented are not discarded.

A game handler keeps a `LifeDamage` in its task between the player's Endurance choices:
`flip` says what the top card does, `use_endurance` applies a choice to use it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.score.rulesets import ScoreRuleset


def power_stage_damage(stage: int, damage: int) -> tuple[int, int]:
    """The Scouter after `damage` power stages, and the life cards of damage left over
    once it is at 0 (p. 39: at 1 stage above 0, 3 stages cost 1 stage and 2 life cards)."""
    if stage < 0 or damage < 0:
        raise ValueError(f"stages and damage are never negative: {stage}, {damage}")
    lost = min(stage, damage)
    return stage - lost, damage - lost


FlipKind = Literal["damage", "dragon_ball", "lost"]


@dataclass(frozen=True, slots=True)
class Flip:
    kind: FlipKind  # a life card of damage, a Dragon Ball passed over, a card lost
    to: Literal["discard", "life_bottom", "removed"]  # where the flipped card goes
    endurance: int = 0  # Endurance its player may use now (0: none to use)


@dataclass(slots=True)
class LifeDamage:
    """Life cards being taken, one flip at a time."""

    remaining: int
    from_attack: bool = True  # damage from an attack (not cards lost to an effect)
    preventable: bool = True  # "cannot be prevented": no Endurance (p. 49)
    endurance_allowed: bool = True  # see `endurance_allowed`
    discarded: int = 0  # life cards discarded as this damage (Life Card Capture, p. 44)
    prevented: int = 0  # life cards Endurance prevented

    @property
    def done(self) -> bool:
        return self.remaining <= 0

    def flip(self, is_dragon_ball: bool, endurance: int = 0) -> Flip:
        """What the top card of the Life Deck does as it is flipped."""
        if self.done:
            raise ValueError("no damage left to take")
        if is_dragon_ball and self.from_attack:
            return Flip("dragon_ball", "life_bottom")  # not damage (p. 43, Example #1)
        self.remaining -= 1
        if is_dragon_ball:  # lost to an effect: it counts, and goes to the bottom
            return Flip("lost", "life_bottom")
        if not self.from_attack:
            return Flip("lost", "discard")
        self.discarded += 1
        usable = endurance if self.preventable and self.endurance_allowed else 0
        return Flip("damage", "discard", min(usable, self.remaining) if self.remaining else 0)

    def use_endurance(self, endurance: int) -> int:
        """The player uses the Endurance of the card just flipped: it is removed from the
        game and prevents up to `endurance` of the life cards left; what is not needed
        vanishes (p. 49, steps 1-3). Returns the life cards prevented."""
        prevented = min(endurance, self.remaining)
        self.remaining -= prevented
        self.prevented += prevented
        return prevented

    def captures(self, capture_life_cards: int) -> bool:
        """May the attacker capture a Dragon Ball after this damage (p. 44)?"""
        return self.from_attack and self.discarded >= capture_life_cards


def endurance_allowed(rules: ScoreRuleset, tokui_waza_declared: bool) -> bool:
    """p. 49: "the Endurance effect only works in decks that declare a Tokui-Waza";
    the OCG: "Decks without a Tokui-Waza can use endurance"."""
    return tokui_waza_declared or not rules.endurance_needs_tokui_waza


def only_dragon_balls_left(life_is_dragon_ball: list[bool], damage: LifeDamage) -> bool:
    """p. 43 "IMPORTANT": with damage left to deal and nothing but Dragon Balls in the
    Life Deck, its player loses (the "Dragon Ball Loop", OCG glossary)."""
    return damage.from_attack and not damage.done and all(life_is_dragon_ball)
