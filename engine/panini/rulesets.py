"""Rulesets are objects: numbers, tables and options. Where the 2014 and 2016 Panini
rulebooks differ, the difference is a field here, with the rulebook text named beside it
(docs/rulings.md lists them all)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

# 2016 "ATTACK TABLE (AT)": lower bounds of brackets A-F.
PANINI_BRACKETS: tuple[int, ...] = (0, 1_000, 10_000, 100_000, 500_000, 1_500_000)

# 2016 "Saiyan:" / "Namekian:" paragraphs list the personalities allowed each style.
SAIYAN_PERSONALITIES_2016 = frozenset(
    {
        "Goku",
        "Vegeta",
        "Gohan",
        "Nappa",
        "Raditz",
        "Trunks",
        "Turles",
        "Cell",
        "Cell Jr.",
        "King Vegeta",
        "Bardock",
        "Broly",
        "Paragus",
        "Goten",
        "Pan",
        "Gotenks",
        "Gogeta",
        "Vegito",
    }
)
NAMEKIAN_PERSONALITIES_2016 = frozenset(
    ["Piccolo", "Nail", "Lord Slug", "Gohan", "Cell", "Cell Jr.", "Dende", "Kami"]
)


@dataclass(frozen=True, slots=True)
class Ruleset:
    name: str
    title: str
    # --- numbers (same in both Panini texts: "GAMEPLAY", "THE COMBAT STEP", "ANGER")
    life_deck_size: int = 60
    max_copies: int = 3
    draw_per_turn: int = 3
    combat_draw: int = 3
    hand_limit: int = 1
    mp_start_stage: int = 5
    ally_start_stage: int = 3
    anger_to_level: int = 5
    level_up_stage: int = 10
    level_down_stage: int = 5
    critical_damage_cards: int = 5
    brackets: tuple[int, ...] = PANINI_BRACKETS
    # --- options where the rulebooks differ
    # 2016 "Discard Step": you, then your opponent, one at a time.
    # 2014 "Discard Step": "You and your opponent discard ... until you each have one".
    discard_order: Literal["active_then_opponent", "simultaneous"] = "active_then_opponent"
    # 2016 "Banished Zone": "may be in any order"; 2014: "must stay in order".
    banished_in_order: bool = False
    # 2016 "Drills": no Styled Drill matching the name of a Drill *you control*;
    # 2014 "Drills": "Only one of each Styled Drill may be in play at a time".
    styled_drill_unique: Literal["controller", "in_play"] = "controller"
    # 2016 "ANGER" note: the Level-4 rule when MPPV cannot be won. Absent in 2014.
    level4_reset_rule: bool = True
    # 2016 "Playing vs. Placing into play": placing a Dragon Ball uses no effects.
    # 2014 "Dragon Balls": "When you place a Dragon Ball into play, you must
    # immediately use its effects".
    placed_dragon_ball_uses_effects: bool = False
    # 2014 "Playing an attack card": defend "with a card that matches the attack type
    # (physical/energy)". 2016 asks only for "an appropriate defense card".
    combat_card_defense_matches_attack_type: bool = False
    # 2016 "MAKING A DECK": Dragon Balls from one set; no Ally named like the MP; MP
    # levels share name *and Alignment*. 2014 says none of these.
    dragon_balls_one_set: bool = True
    no_ally_named_like_mp: bool = True
    mp_same_alignment: bool = True
    # Who may use the Saiyan and Namekian styles. 2016 gives closed lists; 2014 names
    # examples ("Nameks or those trained by Nameks (Piccolo, Gohan, Nail, Dende, etc)"),
    # so 2014 also admits any personality with the matching trait.
    saiyan_personalities: frozenset[str] = SAIYAN_PERSONALITIES_2016
    namekian_personalities: frozenset[str] = NAMEKIAN_PERSONALITIES_2016
    style_by_trait: bool = False
    sources: dict[str, str] = field(default_factory=dict)

    def bracket(self, power_level: int) -> int:
        """Index of the Attack Table bracket (A=0 ... F=5) for a power level."""
        index = 0
        for position, lower in enumerate(self.brackets):
            if power_level >= lower:
                index = position
        return index

    def attack_table(self, attacker_power: int, defender_power: int) -> int:
        """The AT value. Row X, column Y is max(0, 1 + X - Y): the 2014 table printed in
        full; the 2016 extraction drops column F, whose values the 2014 table gives."""
        return max(0, 1 + self.bracket(attacker_power) - self.bracket(defender_power))


PANINI_2016 = Ruleset(
    name="panini-2016",
    title="Panini DBZ TCG (2016 Awakening rulebook)",
    sources={"rulebook": "panini-tcg-2016-awakening-rulebook.txt"},
)

PANINI_2014 = replace(
    PANINI_2016,
    name="panini-2014",
    title="Panini DBZ TCG (2014 rulebook)",
    discard_order="simultaneous",
    banished_in_order=True,
    styled_drill_unique="in_play",
    level4_reset_rule=False,
    placed_dragon_ball_uses_effects=True,
    combat_card_defense_matches_attack_type=True,
    dragon_balls_one_set=False,
    no_ally_named_like_mp=False,
    mp_same_alignment=False,
    style_by_trait=True,
    sources={"rulebook": "panini-tcg-2014-rulebook.txt"},
)

RULESETS: dict[str, Ruleset] = {r.name: r for r in (PANINI_2016, PANINI_2014)}
DEFAULT_RULESET = PANINI_2016.name


class UnknownRuleset(ValueError):
    pass


def get_ruleset(name: str) -> Ruleset:
    try:
        return RULESETS[name]
    except KeyError:
        known = ", ".join(sorted(RULESETS))
        raise UnknownRuleset(f"unknown ruleset {name!r}; known rulesets: {known}") from None
