"""The `ocg` ruleset is `score` with the differences its rules list ("The New Rules for the
DBZ OCG", dbz-ocg-2016-rules.txt p. 33), and nothing else."""

from __future__ import annotations

from dataclasses import fields

from engine.score.rulesets import OCG, RULESETS, SCORE

# each difference, with the OCG page's words
OCG_DIFFERENCES = {
    "title": "",
    "name": "",
    "steps": "A turn is made up of 5 steps: Draw, Non-Combat, Power-Up, Combat, and Rejuvenation",
    "deck_max": "The maximum deck size is 75 cards",
    "namekian_deck_max": "this includes decks which declare a Namekian Tokui-Waza",
    "look_before_draw": "first look at the top 6 cards of your life deck and rearrange them",
    "first_player": "When starting a game, the Hero does not start first anymore.",
    "ally_power_up": "Allies power up by their own PUR.",
    "rejuvenation": "If you choose to rejuvenate then your opponent also does it.",
    "endurance_needs_tokui_waza": "Decks without a Tokui-Waza can use endurance.",
    "ally_levels": "There are no level 3 allies, even if your Main Personality has 5 levels.",
    "majin_allies": "Hero MPs must have hero Allies, and Villain MPs must have villain Allies.",
    "remain": "Remain X = this card stays in play to be used X more times this combat.",
    "battlegrounds": "There are no battleground cards. All cards are locations.",
    "sensei_any_card": "Any cards can go into the sensei deck.",
    "mastery_codeword": '"Mastery: " is a codeword that means "if you declared a Tokui-Waza."',
    "self_search_forbidden": "cannot search for another copy of itself",
    "card_advance_blocks_mppv": "you cannot win by the Most Powerful Personality Victory",
}


def test_the_ocg_differs_from_score_exactly_where_its_page_says() -> None:
    differing = {
        f.name for f in fields(SCORE) if getattr(SCORE, f.name) != getattr(OCG, f.name)
    }
    assert differing == set(OCG_DIFFERENCES)


def test_score_numbers_as_printed() -> None:
    # p. 23: 7 steps; p. 47 "Deck Size": 50 to 85, 90 with a Namekian Tokui-Waza
    assert len(SCORE.steps) == 7 and SCORE.steps[3] == "declare"
    assert (SCORE.deck_min, SCORE.deck_max, SCORE.namekian_deck_max) == (50, 85, 90)
    # p. 38: an energy attack costs 2 power stages and deals 4 life cards
    assert (SCORE.energy_cost, SCORE.energy_damage) == (2, 4)
    assert (OCG.deck_min, OCG.deck_max, OCG.namekian_deck_max) == (50, 75, None)
    assert set(RULESETS) == {"score", "ocg"}
