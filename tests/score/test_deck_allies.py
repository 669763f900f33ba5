"""Allies in a deck: Score p. 47 "Allies", p. 37 "Rogue Personality Rule" and
"Saibaimen/Cell Jr. Rule", p. 56; OCG p. 32 "Building a Life Deck", p. 33."""

from __future__ import annotations

from engine.score.rulesets import OCG
from tests.score.decks import (
    CELL_4,
    FRIEZA,
    GOHAN,
    GOKU,
    GOKU_5,
    KRILLIN,
    MAJIN_BUU,
    PICCOLO,
    broken,
    deck,
    messages,
)


def test_p47_allies_at_least_2_levels_below_the_highest_mp_level() -> None:
    assert "deck.ally-level" not in broken(deck(GOKU, {"Krillin - Sandbox Monk": 1}))
    assert "deck.ally-level" in broken(deck(GOKU, {"Krillin - Sandbox Disc": 1}))
    # "If your deck has a Main Personality with 4 levels, your deck can only contain level
    # 1 and level 2 Allies."
    four = GOKU_5[:4]
    assert "deck.ally-level" not in broken(deck(four, {"Krillin - Sandbox Disc": 1}))
    assert "deck.ally-level" in broken(deck(four, {"Krillin - Sandbox Veteran": 1}))
    assert "deck.ally-level" not in broken(deck(GOKU_5, {"Krillin - Sandbox Veteran": 1}))


def test_ocg_p32_level_1_allies_with_3_levels_1_and_2_with_4_or_5_never_3() -> None:
    assert "deck.ally-level" not in broken(deck(GOKU, {"Krillin - Sandbox Monk": 1}), OCG)
    assert "deck.ally-level" in broken(deck(GOKU, {"Krillin - Sandbox Disc": 1}), OCG)
    assert "deck.ally-level" not in broken(deck(GOKU_5, {"Krillin - Sandbox Disc": 1}), OCG)
    assert "deck.ally-level" in broken(deck(GOKU_5, {"Krillin - Sandbox Veteran": 1}), OCG)
    found = " ".join(messages(deck(GOKU_5, {"Krillin - Sandbox Veteran": 1}), OCG))
    assert "at most level 2" in found


def test_p47_gohan_versions_example() -> None:
    # p. 47: "In your Life Deck you can have a copy of Gohan Level 1 from the Saiyan Saga,
    # Trunks Saga, Cell Saga and World Games Saga. But you cannot have 2 copies of Kid
    # Trunks Level 1 in your deck from the World Games Saga."
    versions = {f"Gohan - Sandbox {v}": 1 for v in ("Pupil", "Scholar", "Hatchling", "Caped")}
    assert broken(deck(KRILLIN, versions)) == set()
    assert "deck.ally-copies" in broken(deck(KRILLIN, {"Kid Trunks - Sandbox Scamp": 2}))


def test_p47_no_ally_of_the_main_personalitys_character() -> None:
    assert "deck.ally-is-mp" in broken(deck(GOHAN, {"Gohan - Sandbox Scholar": 1}))
    # p. 56: "If you are playing Gohan, then either you or your opponent may play Future
    # Gohan as an Ally"
    assert broken(deck(GOHAN, {"Future Gohan - Sandbox Ruin": 1})) == set()


def test_p47_allies_share_the_main_personalitys_alignment() -> None:
    assert "deck.ally-alignment" in broken(deck(GOKU, {"Nappa - Sandbox Brawler": 1}))
    assert "deck.ally-alignment" in broken(deck(FRIEZA, {"Krillin - Sandbox Monk": 1}))
    assert broken(deck(FRIEZA, {"Nappa - Sandbox Brawler": 1})) == set()
    assert "deck.ally-alignment" in broken(deck(GOKU, {"Nappa - Sandbox Brawler": 1}), OCG)


def test_p37_rogue_allies_take_the_main_personalitys_alignment() -> None:
    rogue = {"Piccolo - Sandbox Exile": 1, "Vegeta - Sandbox Prince": 1}
    assert broken(deck(GOKU, rogue)) == set()
    assert broken(deck(FRIEZA, rogue)) == set()
    assert broken(deck(FRIEZA, rogue), OCG) == set()  # OCG: "in any deck"


def test_p37_a_rogue_main_personality_is_the_side_declared() -> None:
    villain = {"Nappa - Sandbox Brawler": 1}
    assert "deck.ally-alignment" in broken(deck(PICCOLO, villain, alignment="hero"))
    assert broken(deck(PICCOLO, villain, alignment="villain")) == set()


def test_p37_only_a_rogue_main_personality_is_declared() -> None:
    assert "deck.mp-declaration" in broken(deck(GOKU, alignment="villain"))
    assert broken(deck(GOKU, alignment="hero")) == set()
    assert broken(deck(PICCOLO, alignment="villain")) == set()


def test_an_undeclared_rogue_main_personality_has_allies_of_one_side() -> None:
    # docs/rulings.md 325
    both = {"Nappa - Sandbox Brawler": 1, "Krillin - Sandbox Monk": 1}
    assert "deck.ally-alignment" in broken(deck(PICCOLO, both))
    assert broken(deck(PICCOLO, {"Krillin - Sandbox Monk": 1})) == set()


def test_p47_majins_only_with_a_majin_main_personality() -> None:
    assert broken(deck(MAJIN_BUU, {"Spopovich - Sandbox Brute": 1})) == set()
    assert "deck.ally-majin" in broken(deck(MAJIN_BUU, {"Nappa - Sandbox Brawler": 1}))
    assert "deck.ally-majin" in broken(deck(GOKU, {"Majin Vegeta - Sandbox Mark": 1}))
    assert "deck.ally-majin" in broken(deck(FRIEZA, {"Spopovich - Sandbox Brute": 1}))


def test_ocg_has_no_majin_rule() -> None:
    # docs/rulings.md 326: OCG p. 32 lists the Ally rules without it
    assert broken(deck(GOKU, {"Majin Vegeta - Sandbox Mark": 1}), OCG) == set()
    assert broken(deck(MAJIN_BUU, {"Nappa - Sandbox Brawler": 1}), OCG) == set()


def test_p47_no_high_tech_allies() -> None:
    assert "deck.ally-high-tech" in broken(deck(GOKU, {"Krillin - Sandbox Chrome": 1}))
    assert "deck.ally-high-tech" not in broken(deck(GOKU, {"Krillin - Sandbox Monk": 1}))


def test_p37_up_to_3_of_each_saibaimen() -> None:
    assert broken(deck(FRIEZA, {"Saibaimen - Sandbox Sprout": 3})) == set()
    assert "deck.ally-copies" in broken(deck(FRIEZA, {"Saibaimen - Sandbox Sprout": 4}))


def test_p37_cell_jrs_are_allies_only_for_cell() -> None:
    assert broken(deck(CELL_4, {"Cell Jr. 1 - Sandbox Hatchling": 1})) == set()
    assert "deck.cell-jr" in broken(deck(FRIEZA, {"Cell Jr. 1 - Sandbox Hatchling": 1}))


def test_p56_cell_may_only_have_3_cell_jrs() -> None:
    # docs/rulings.md 330: 3 in all, duplicates allowed
    three = {"Cell Jr. 1 - Sandbox Hatchling": 2, "Cell Jr. 1 - Sandbox Skipper": 1}
    assert broken(deck(CELL_4, three)) == set()
    four = {"Cell Jr. 1 - Sandbox Hatchling": 3, "Cell Jr. 1 - Sandbox Skipper": 1}
    assert "deck.ally-copies" in broken(deck(CELL_4, four))
    assert "3 Cell Jrs." in " ".join(messages(deck(CELL_4, four)))
