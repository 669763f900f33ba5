"""Misspelt game words are read as the word they misspell, and only those
(engine.panini.cardtext.spelling; docs/rulings.md "Misspelt words")."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext.spelling import Respelling, respell
from tests.cardtext.spelt_right import assert_read_as_spelt_right

PC, EC, EV = CardType.PHYSICAL_COMBAT, CardType.ENERGY_COMBAT, CardType.EVENT


@pytest.mark.parametrize(
    ("written", "meant", "card_type"),
    [
        ("Rejuvinate 2.", "Rejuvenate 2.", EV),
        ("Draw a card. (Banis after use.)", "Draw a card. (Banish after use.)", EV),
        ("Seach your Life Deck for a Drill and place it into play.",
         "Search your Life Deck for a Drill and place it into play.", EV),
        ("Destroy the top card of your opponenet's Life Deck.",
         "Destroy the top card of your opponent's Life Deck.", EV),
        ("(VILLIANS ONLY) Draw a card.", "(VILLAINS ONLY) Draw a card.", EV),
        ("Energy attack. Damage 4stages.", "Energy attack. DAMAGE: 4 stages.", EC),
        ("Search your discard pile for a card and Rejuventate it.",
         "Search your discard pile for a card and Rejuvenate it.", EV),
        ("Physical attack. DAMAGE: AT. HIT: Raise your anger 1 leavel.",
         "Physical attack. DAMAGE: AT. HIT: Raise your anger 1 level.", PC),
    ],
)  # fmt: skip
def test_a_misspelt_card_compiles_as_the_card_spelt_right(
    written: str, meant: str, card_type: CardType
) -> None:
    # "4stages" is read by normalising alone, with no correction listed
    assert_read_as_spelt_right(written, meant, card_type, respelled="4stages" not in written)


@pytest.mark.parametrize(
    "sentence",
    [
        "Search the Lookout on Namek for a Drill.",  # a name inside a sentence: "Named"?
        "Namek Dragon Balls cannot be captured.",  # a name of the game's world
        "Search for a Vegetta card.",  # capitalised inside a sentence: a name
        'Search your Life Deck for "Banis" and play it.',  # quoted: as the card prints it
        "Your Allies form a team.",  # "form" is a verb there (read "from" only after a thing moved)
        "He stooped to search.",  # "stooped" is a word (read as "stopped" only after "be")
        "Lose a stge.",  # fewer than 5 letters
        "This card was plaed.",  # "plaed": placed or played? (one edit from each)
        "Search your hand and draw.",  # right already
    ],
)
def test_words_that_are_not_misspellings_of_one_game_word_are_kept(sentence: str) -> None:
    assert respell(sentence) == (sentence, [])


def test_each_misspelling_is_reported_with_its_reading() -> None:
    text, made = respell("Rejuvinate 2. Whenver you perfom an atttack, seach.")
    assert text == "Rejuvenate 2. Whenever you perform an attack, search."
    assert made == [Respelling("Rejuvinate", "Rejuvenate"), Respelling("Whenver", "Whenever"),
                    Respelling("perfom", "perform"), Respelling("atttack", "attack"),
                    Respelling("seach", "search")]  # fmt: skip
