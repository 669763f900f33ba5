"""Dragon Balls, Mastery, Sensei, duplicates and the Sensei Deck: Score p. 42, p. 45,
p. 46, p. 47, p. 41, p. 56; OCG p. 32 "Building a Life Deck", p. 33."""

from __future__ import annotations

from engine.score.cards import Style
from engine.score.rulesets import OCG
from tests.score.decks import (
    FRIEZA,
    FUTURE_GOHAN,
    GOHAN,
    GOKU,
    GOKU_5,
    KRILLIN,
    broken,
    deck,
    messages,
)

EARTH = {f"Sandbox Earth Dragon Ball {n}": 1 for n in range(1, 8)}
HERMIT = {"Sandbox Old Hermit": 1}  # Sensei Deck Size 5


def test_p47_one_type_of_dragon_balls() -> None:
    assert broken(deck(add=EARTH)) == set()
    mixed = {"Sandbox Earth Dragon Ball 1": 1, "Sandbox Namek Dragon Ball 2": 1}
    assert "deck.dragon-ball-set" in broken(deck(add=mixed))
    assert "deck.dragon-ball-set" in broken(deck(add=mixed), OCG)


def test_p42_no_duplicate_dragon_balls_and_alt_dende_is_dende() -> None:
    assert "deck.dragon-ball-copies" in broken(deck(add={"Sandbox Earth Dragon Ball 3": 2}))
    # p. 42: "ALT.DENDE DRAGON BALL 1 = DENDE DRAGON BALL 1"
    alt = {"Sandbox Dende Dragon Ball 1": 1, "Sandbox Alt. Dende Dragon Ball 1": 1}
    assert "deck.dragon-ball-copies" in broken(deck(add=alt))
    mixed_in = {"Sandbox Dende Dragon Ball 2": 1, "Sandbox Alt. Dende Dragon Ball 1": 1}
    assert broken(deck(add=mixed_in)) == set()


def test_p47_one_mastery() -> None:
    black = {"Black Sandbox Stomp": 3, "Black Sandbox Style Mastery": 1}
    assert broken(deck(add=black, tokui_waza=Style.BLACK)) == set()
    assert "deck.mastery" in broken(deck(add={**black, "Black Sandbox Style Mastery": 2},
                                         tokui_waza=Style.BLACK))
    assert "deck.mastery" in broken(deck(add={**black, "Black Sandbox Style Mastery": 2},
                                         tokui_waza=Style.BLACK), OCG)


def test_p46_a_mastery_needs_a_declared_tokui_waza_of_its_style() -> None:
    black = {"Black Sandbox Stomp": 3, "Black Sandbox Style Mastery": 1}
    assert "deck.mastery-tokui-waza" in broken(deck(add=black))
    assert "deck.mastery-tokui-waza" in broken(deck(add=black, tokui_waza=Style.BLUE))
    freestyle = {"Freestyle Sandbox Open Mastery": 1}
    assert broken(deck(add=freestyle, tokui_waza=Style.FREESTYLE)) == set()
    assert "deck.mastery-tokui-waza" in broken(deck(add=freestyle, tokui_waza=Style.BLACK))


def test_p46_black_tokui_waza_example() -> None:
    # p. 46: "A player can have EARTH DRAGON BALL 3, and GOHAN'S SWORDPLAY DRILL in a deck
    # and still qualify for a Black Tokui-Waza, because both of these cards are FREESTYLE
    # cards." (our stand-ins for those two cards)
    cards = {"Black Sandbox Stomp": 3, "Black Sandbox Style Mastery": 1,
             "Sandbox Earth Dragon Ball 3": 1, "Gohan's Sandbox Sword Kata Drill": 3}
    assert broken(deck(add=cards, tokui_waza=Style.BLACK)) == set()


def test_p46_tokui_waza_styled_cards_all_of_one_style() -> None:
    cards = {"Black Sandbox Stomp": 3, "Blue Sandbox Calm Block": 1}
    assert "deck.tokui-waza" in broken(deck(add=cards, tokui_waza=Style.BLACK))
    assert "deck.tokui-waza" not in broken(deck(add=cards))  # none declared: any mix


def test_p46_tokui_waza_needs_a_styled_card_besides_the_mastery() -> None:
    only_mastery = {"Black Sandbox Style Mastery": 1}
    assert "deck.tokui-waza" in broken(deck(add=only_mastery, tokui_waza=Style.BLACK))
    assert "besides the Mastery" in " ".join(
        messages(deck(add=only_mastery, tokui_waza=Style.BLACK)))


def test_p46_saiyan_and_namekian_tokui_waza_by_main_personality() -> None:
    saiyan = {"Saiyan Sandbox Rage Strike": 3}
    assert broken(deck(GOKU, saiyan, tokui_waza=Style.SAIYAN)) == set()
    assert "deck.tokui-waza" in broken(deck(KRILLIN, saiyan, tokui_waza=Style.SAIYAN))
    namekian = {"Namekian Sandbox Regrowth": 3}
    assert "deck.tokui-waza" in broken(deck(GOKU, namekian, tokui_waza=Style.NAMEKIAN))


def test_p46_freestyle_tokui_waza_allows_no_styled_card() -> None:
    assert broken(deck(add=EARTH, tokui_waza=Style.FREESTYLE)) == set()
    styled = {"Orange Sandbox Lookout Drill": 1}
    assert "deck.tokui-waza" in broken(deck(add=styled, tokui_waza=Style.FREESTYLE))


def test_p47_one_sensei() -> None:
    assert broken(deck(add=HERMIT)) == set()
    two = {"Sandbox Old Hermit": 1, "Sandbox Cloud Master": 1}
    assert "deck.sensei" in broken(deck(add=two))


def test_p47_at_most_3_copies() -> None:
    assert "deck.copies" in broken(deck(add={"Sandbox Move 30": 4}))
    assert "deck.copies" in broken(deck(add={"Sandbox Ruined Arena": 4}))
    assert "at most 3" in " ".join(messages(deck(add={"Sandbox Move 30": 4})))


def test_p47_printed_limits() -> None:
    assert broken(deck(add={"Sandbox One-Of Wish": 1})) == set()
    assert "deck.copies" in broken(deck(add={"Sandbox One-Of Wish": 2}))


def test_p41_named_drill_example() -> None:
    # p. 41: "You can, however, have 4 copies of GOHAN'S SWORDPLAY DRILL next to an ORANGE
    # SPY DRILL because GOHAN'S SWORDPLAY DRILL is a Named Freestyle Drill card" (for a
    # Gohan MP: "If your MP's name matches the Named Drill, you can have 4 copies")
    cards = {"Gohan's Sandbox Sword Kata Drill": 4, "Orange Sandbox Lookout Drill": 1}
    assert broken(deck(GOHAN, cards)) == set()
    assert "deck.copies" in broken(deck(KRILLIN, cards))
    assert "deck.copies" in broken(deck(GOHAN, {"Gohan's Sandbox Sword Kata Drill": 5}))


def test_p56_named_cards_of_the_other_version_are_limited_to_3() -> None:
    # p. 56: "the limit is 3 cards per deck unless the Named card matches the Main
    # Personality"
    cards = {"Gohan's Sandbox Sword Kata Drill": 4}
    assert "deck.copies" in broken(deck(FUTURE_GOHAN, cards))
    assert "deck.copies" not in broken(deck(FUTURE_GOHAN, {"Gohan's Sandbox Sword Kata Drill": 3}))


def test_copies_count_the_life_deck_and_the_sensei_deck_together() -> None:
    # docs/rulings.md 324
    scroll = "Red Sandbox Sensei Scroll"
    assert "deck.copies" in broken(deck(add={**HERMIT, scroll: 2}, sensei={scroll: 2}))
    assert "deck.copies" not in broken(deck(add={**HERMIT, scroll: 1}, sensei={scroll: 2}))


def test_p45_a_sensei_deck_needs_a_sensei_and_fits_its_deck_size() -> None:
    scroll = {"Red Sandbox Sensei Scroll": 1}
    assert "deck.sensei-deck" in broken(deck(sensei=scroll))
    assert broken(deck(add=HERMIT, sensei=scroll)) == set()
    six = {"Red Sandbox Sensei Scroll": 3, "Sandbox Quiet Vault": 3}  # Deck Size 5
    assert "deck.sensei-deck" in broken(deck(add=HERMIT, sensei=six))
    assert "deck.sensei-deck" in broken(deck(add=HERMIT, sensei=six), OCG)


def test_p45_sensei_deck_holds_fusions_and_sensei_deck_cards() -> None:
    kept = {"Gotenks - Sandbox Fused": 1, "Red Sandbox Sensei Scroll": 1,
            "Sandbox Quiet Vault": 1}
    assert broken(deck(add=HERMIT, sensei=kept)) == set()
    assert "deck.sensei-deck" in broken(deck(add=HERMIT, sensei={"Sandbox Move 30": 1}))


def test_ocg_p33_any_card_in_the_sensei_deck() -> None:
    assert broken(deck(add=HERMIT, sensei={"Sandbox Move 30": 1}), OCG) == set()


def test_p47_sensei_deck_with_a_tokui_waza_holds_freestyle_or_matching_cards() -> None:
    black = {"Black Sandbox Stomp": 3, **HERMIT}
    red = {"Red Sandbox Sensei Scroll": 1}
    assert "deck.sensei-deck-style" in broken(deck(add=black, sensei=red,
                                                   tokui_waza=Style.BLACK))
    freestyle = {"Sandbox Quiet Vault": 1}
    assert broken(deck(add=black, sensei=freestyle, tokui_waza=Style.BLACK)) == set()
    # docs/rulings.md 327: the OCG keeps this rule
    assert "deck.sensei-deck-style" in broken(deck(add=black, sensei=red,
                                                   tokui_waza=Style.BLACK), OCG)


def test_p45_sensei_deck_only_cards_and_fusions_start_outside_the_life_deck() -> None:
    assert "deck.sensei-only" in broken(deck(add={"Sandbox Quiet Vault": 1}))
    assert "deck.sensei-only" in broken(deck(add={"Gotenks - Sandbox Fused": 1}))
    # "Cards that say 'Sensei Deck' ... can be kept in either your Life Deck or Sensei Deck"
    assert broken(deck(add={"Red Sandbox Sensei Scroll": 1})) == set()


def test_only_cards_are_legal_in_any_deck() -> None:
    # docs/rulings.md 329: p. 52 "may only be used by" limits their use, not the deck
    assert broken(deck(FRIEZA, {"Sandbox Heroic Stand": 3, "Goku's Sandbox Focus": 3})) == set()
    assert broken(deck(KRILLIN, {"Saiyan Sandbox Rage Strike": 3})) == set()


def test_a_full_tournament_deck_is_legal_and_the_ocg_differs_only_on_its_level_3_ally() -> None:
    cards = {"Black Sandbox Style Mastery": 1, "Black Sandbox Stomp": 3,
             "Black Sandbox Guard": 3, "Black Sandbox Sparring Drill": 1, **EARTH,
             "Goku's Sandbox Focus": 4, "Sandbox One-Of Wish": 1, **HERMIT,
             "Krillin - Sandbox Veteran": 1, "Piccolo - Sandbox Exile": 1,
             "Red Sandbox Sensei Scroll": 0,  # left out: a Red card would break Black
             "Sandbox Straining Shout": 3}
    sensei = {"Sandbox Quiet Vault": 2, "Gotenks - Sandbox Fused": 1}
    full = deck(GOKU_5, cards, size=70, sensei=sensei, tokui_waza=Style.BLACK)
    assert messages(full) == []
    # OCG p. 33: "There are no level 3 allies, even if your Main Personality has 5 levels."
    assert broken(full, OCG) == {"deck.ally-level"}
