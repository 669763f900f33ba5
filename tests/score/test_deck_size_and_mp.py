"""Deck size and the Main Personality: Score p. 47 "Deck Size" and "Main Personalities",
p. 56 "New Alternate Personality Rule"; OCG p. 32 "Building a Life Deck", p. 33."""

from __future__ import annotations

from engine.score.cards import Style
from engine.score.deckcheck import check_deck
from engine.score.rulesets import OCG, SCORE
from tests.score.decks import (
    FUTURE_GOHAN,
    GOHAN,
    GOKU,
    GOKU_5,
    PICCOLO,
    POOL,
    broken,
    deck,
    messages,
)


def test_p47_deck_size_is_50_to_85_main_personality_included() -> None:
    assert "deck.size" not in broken(deck(size=50))
    assert "deck.size" not in broken(deck(size=85))
    assert "deck.size" in broken(deck(size=49))
    assert "deck.size" in broken(deck(size=86))
    assert "it must have 50 to 85" in " ".join(messages(deck(size=86)))


def test_p47_a_namekian_tokui_waza_allows_90_cards() -> None:
    namekian = {"Namekian Sandbox Regrowth": 3}
    assert broken(deck(PICCOLO, namekian, size=90, tokui_waza=Style.NAMEKIAN,
                       alignment="hero")) == set()
    assert "deck.size" in broken(deck(PICCOLO, namekian, size=91, tokui_waza=Style.NAMEKIAN,
                                      alignment="hero"))
    assert "deck.size" in broken(deck(PICCOLO, namekian, size=90, alignment="hero"))


def test_ocg_p33_deck_size_is_50_to_75_even_with_a_namekian_tokui_waza() -> None:
    namekian = {"Namekian Sandbox Regrowth": 3}
    assert "deck.size" not in broken(deck(size=75), OCG)
    assert "deck.size" in broken(deck(size=76), OCG)
    assert "deck.size" in broken(deck(PICCOLO, namekian, size=80, tokui_waza=Style.NAMEKIAN,
                                      alignment="hero"), OCG)


def test_the_sensei_deck_does_not_count_toward_the_deck_size() -> None:
    # p. 47 "Sensei Cards": "Your Sensei Deck itself, however, does NOT count"
    sensei = {"Sandbox Old Hermit": 1}
    scroll = {"Red Sandbox Sensei Scroll": 2}
    assert "deck.size" not in broken(deck(add=sensei, size=85, sensei=scroll))


def test_p47_at_least_3_consecutive_levels_from_level_1() -> None:
    assert broken(deck(GOKU_5)) == set()
    assert "deck.mp-levels" in broken(deck(GOKU[:2]))  # 2 levels
    skipped = (GOKU[0], GOKU[1], GOKU_5[3])  # levels 1, 2, 4
    assert "deck.mp-levels" in broken(deck(skipped))
    assert "deck.mp-levels" in broken(deck(GOKU_5[1:]))  # no level 1
    assert "deck.mp-levels" in broken(deck(()))


def test_one_card_per_main_personality_level() -> None:
    # docs/rulings.md 323; OCG p. 32: "Main Personality levels ... are all Limit 1"
    two_threes = (*GOKU, "Goku - Sandbox Tempest")
    assert "deck.mp-levels" in broken(deck(two_threes))
    assert "deck.mp-levels" in broken(deck(two_threes), OCG)
    assert "deck.mp-levels" in broken(deck((*GOKU, GOKU[2])))  # one card listed twice


def test_p56_gohan_and_future_gohan_cannot_make_one_main_personality() -> None:
    # p. 56: "A Level 1 Gohan and a Level 2 Future Gohan and a Level 3 Gohan cannot be a
    # Main Personality."
    mixed = (GOHAN[0], FUTURE_GOHAN[1], GOHAN[2])
    assert "deck.mp-personality" in broken(deck(mixed))
    assert "deck.mp-personality" not in broken(deck(GOHAN))
    assert "deck.mp-personality" not in broken(deck(FUTURE_GOHAN))


def test_p47_p45_main_personality_levels_are_personality_cards_not_fusions() -> None:
    fused = ("Gotenks - Sandbox Fused", *GOKU[1:])
    assert "deck.mp-cards" in broken(deck(fused))
    assert "deck.mp-cards" in broken(deck(("Sandbox Move 30", *GOKU[1:])))
    # a High-Tech card may be a Main Personality level (p. 21 set-up)
    high_tech = ("Krillin - Sandbox Chrome", "Krillin - Sandbox Disc", "Krillin - Sandbox Veteran")
    assert broken(deck(high_tech)) == set()


def test_unknown_cards_are_named() -> None:
    assert "'No Such Card' is not a known card" in " ".join(
        messages(deck(add={"No Such Card": 1})))


def test_every_violation_names_its_page_in_the_rulesets_own_rulebook() -> None:
    # a deck breaking many rules at once: each violation cites a page; under `ocg` the
    # OCG's own page where it writes the rule again, Score's where it keeps Score's rule
    bad = deck(GOKU[:2], {"Sandbox Move 30": 4, "Krillin - Sandbox Disc": 1,
                          "Sandbox Quiet Vault": 1}, size=40)
    for ruleset in (SCORE, OCG):
        found = check_deck(bad, POOL, ruleset)
        assert len(found) >= 5
        assert all(" p. " in violation.source for violation in found)
    sources = {v.rule: v.source for v in check_deck(bad, POOL, OCG)}
    assert sources["deck.size"].startswith("DBZ OCG 2016 rules p. 33")
    assert sources["deck.ally-level"].startswith("DBZ OCG 2016 rules p. 32")
    assert sources["deck.sensei-only"].startswith("Score 2003 rulebook p. 45")
