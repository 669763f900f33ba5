"""Anger, personality levels and the Most Powerful Personality Victory in the Score
family (score-ccg-2003-buu-saga-rulebook.txt "Advancing Your Main Personality", p. 30,
"How to Win", p. 20; the OCG's "Advancing Your Main Personality" and "New Rules").

- Anger reaching 5 or more advances the MP one level: the Scouter goes to the new level's
  highest power stage, the Warrior Sword back to 0 (anger is not carried over), and the
  player's Drills are discarded (p. 30).
- At the MP's highest level, 5 anger raises the MP to its highest power stage and resets
  the sword instead; no Drill is discarded (p. 30 "Running Out of Levels").
- A level is lost only by card effects: the Scouter goes to 5 above 0 on the lower level,
  anger stays, Drills are discarded (p. 30 "Taking Them Down a Notch").
- An effect that advances a level directly sets the highest stage and discards Drills but
  leaves anger as it is (OCG: "in some other way than reaching 5 or more anger, your anger
  level is not changed"; docs/rulings.md 331 reads Score the same).
- Most Powerful Personality Victory: the instant an MP advances to the highest level any
  MP of this game can reach (p. 20: with 4 levels against 3, only the first can win). In
  the OCG only by anger, and never after the player's MP advanced by a card effect."""

from __future__ import annotations

from dataclasses import dataclass

from engine.score.rulesets import ScoreRuleset


@dataclass(slots=True)
class Climb:
    """A Main Personality's level, Scouter and Warrior Sword."""

    level: int  # the current level, 1 first
    levels: int  # how many levels the MP has (3-5)
    stage: int  # power stages above 0 on the current level
    top_stages: tuple[int, ...]  # each level's highest power stage, level 1 first
    anger: int = 0
    mppv_barred: bool = False  # OCG: advanced by a card effect once

    @property
    def top_stage(self) -> int:
        return self.top_stages[self.level - 1]


@dataclass(frozen=True, slots=True)
class LevelChange:
    advanced: int = 0  # levels gained (negative: lost)
    drills_discarded: bool = False
    wins_mppv: bool = False


def mppv_level(levels: tuple[int, ...]) -> int:
    """The level that wins: the highest any Main Personality of the game can reach (the
    players announce theirs at set-up, p. 21 step 3)."""
    return max(levels)


def raise_anger(climb: Climb, amount: int, rules: ScoreRuleset, win_level: int) -> LevelChange:
    """Raise the Warrior Sword `amount` levels and apply what 5 anger does (p. 30)."""
    if amount < 0:
        raise ValueError(f"a raise is never negative: {amount}")
    climb.anger += amount
    if climb.anger < rules.anger_to_level:
        return LevelChange()
    climb.anger = 0  # anger is not carried over (p. 30)
    if climb.level >= climb.levels:  # "Running Out of Levels"
        climb.stage = climb.top_stage
        return LevelChange()
    climb.level += 1
    climb.stage = climb.top_stage
    wins = climb.level >= win_level and not climb.mppv_barred
    return LevelChange(advanced=1, drills_discarded=True, wins_mppv=wins)


def lower_anger(climb: Climb, amount: int) -> None:
    """Anger never goes below 0 (p. 30 "Tracking Anger")."""
    climb.anger = max(0, climb.anger - amount)


def advance_by_effect(climb: Climb, rules: ScoreRuleset, win_level: int) -> LevelChange:
    """A card effect advances the MP one level without anger (docs/rulings.md 331)."""
    if climb.level >= climb.levels:
        return LevelChange()
    climb.level += 1
    climb.stage = climb.top_stage
    if rules.card_advance_blocks_mppv:  # OCG "New Rules": not by a card effect, ever after
        climb.mppv_barred = True
    wins = climb.level >= win_level and not climb.mppv_barred
    return LevelChange(advanced=1, drills_discarded=True, wins_mppv=wins)


def lose_level(climb: Climb, rules: ScoreRuleset) -> LevelChange:
    """A card effect lowers the MP one level (p. 30 "Taking Them Down a Notch")."""
    if climb.level <= 1:
        return LevelChange()
    climb.level -= 1
    climb.stage = min(rules.level_down_stage, climb.top_stage)
    return LevelChange(advanced=-1, drills_discarded=True)
