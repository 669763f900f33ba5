"""The Score family's rulesets: the Score DBZ CCG as its 2003 Buu Saga rulebook writes it
(`score`, score-ccg-2003-buu-saga-rulebook.txt) and the fan DBZ OCG (`ocg`,
dbz-ocg-2016-rules.txt), whose page "The New Rules for the DBZ OCG" lists every difference
from Score's game: each difference is a field here, with its source beside it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# p. 23 "Sequence of Play for One Complete Turn": 7 steps
SCORE_STEPS = ("draw", "non_combat", "power_up", "declare", "combat", "discard", "rejuvenation")
# OCG "What's In a Turn?": Draw, Non-Combat, Power-Up (which ends by declaring Combat),
# Combat, Rejuvenation (which begins by discarding down to 1 card)
OCG_STEPS = ("draw", "non_combat", "power_up", "combat", "rejuvenation")


@dataclass(frozen=True, slots=True)
class ScoreRuleset:
    name: str
    title: str
    steps: tuple[str, ...]
    # --- numbers the two texts share
    draw_per_turn: int = 3  # p. 23 "1 Draw Step"
    defender_draw: int = 3  # p. 24 "Phase (c) Opposing Player Draws 3 Cards"
    hand_limit: int = 1  # p. 23 "6 Discard Step"
    mp_start_stage: int = 5  # p. 21 set-up 7
    ally_start_stage: int = 3  # p. 35 "Placing Allies into Play"
    double_power_stage: int = 2  # p. 21 set-up 8, the Double Power Rule
    anger_to_level: int = 5  # p. 30 "Going to the Next Level"
    level_down_stage: int = 5  # p. 30 "Taking Them Down a Notch"
    energy_cost: int = 2  # p. 38 "Energy Combat Cards"
    energy_damage: int = 4
    capture_life_cards: int = 5  # p. 44 "Life Card Capture"
    deck_min: int = 50  # p. 47 "Deck Size"
    deck_max: int = 85
    max_copies: int = 3  # p. 47 "Duplicate Card Limits"
    named_copies: int = 4  # ... "up to 4 duplicates of any of his Named cards"
    # --- where the OCG differs ("The New Rules for the DBZ OCG", p. 33)
    namekian_deck_max: int | None = 90  # p. 47; OCG: "this includes ... Namekian"
    look_before_draw: int = 0  # OCG: look at and reorder the top 6 before drawing
    first_player: Literal["hero", "random"] = "hero"  # p. 22 set-up 12; OCG: dice
    ally_power_up: Literal["one", "pur"] = "one"  # p. 35; OCG: "by their own PUR"
    # p. 23 "7 Rejuvenation Step": the active player may; OCG: both, if he chooses to
    rejuvenation: Literal["active", "shared"] = "active"
    tokui_waza_pur_bonus: int = 1  # p. 46 "Tokui-Waza"
    endurance_needs_tokui_waza: bool = True  # p. 49; OCG: "Decks without ... can use"
    # p. 47 "at least 2 levels lower than the highest level"; OCG: level 1 only with 3
    # levels, levels 1-2 with 4 or 5, never level 3
    ally_levels: Literal["two_below", "ocg"] = "two_below"
    # p. 47 "Majins can only be in a deck with a Majin MP and only Majin Allies can be in a
    # deck with a Majin MP"; OCG p. 32 "Building a Life Deck" has only "Hero MPs must have
    # hero Allies, and Villain MPs must have villain Allies" (docs/rulings.md 326)
    majin_allies: bool = True
    remain: bool = False  # OCG "Remain X"
    battlegrounds: bool = True  # OCG: "There are no battleground cards."
    sensei_any_card: bool = False  # OCG: "Any cards can go into the sensei deck."
    mastery_codeword: bool = False  # OCG: "Mastery: " means "if you declared a Tokui-Waza"
    self_search_forbidden: bool = False  # OCG: a search cannot find a copy of itself
    card_advance_blocks_mppv: bool = False  # OCG: advancing by card effect, no MPPV


SCORE = ScoreRuleset(
    name="score",
    title="Score DBZ CCG (2003 Buu Saga rulebook)",
    steps=SCORE_STEPS,
)
OCG = ScoreRuleset(
    name="ocg",
    title="DBZ OCG (2016 fan rules)",
    steps=OCG_STEPS,
    deck_max=75,
    namekian_deck_max=None,
    look_before_draw=6,
    first_player="random",
    ally_power_up="pur",
    rejuvenation="shared",
    endurance_needs_tokui_waza=False,
    ally_levels="ocg",
    majin_allies=False,
    remain=True,
    battlegrounds=False,
    sensei_any_card=True,
    mastery_codeword=True,
    self_search_forbidden=True,
    card_advance_blocks_mppv=True,
)
RULESETS: dict[str, ScoreRuleset] = {r.name: r for r in (SCORE, OCG)}
