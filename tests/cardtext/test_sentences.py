"""split_sentences accounts for every character of a card's text (nothing is dropped)."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text, split_sentences
from tests.cardtext.corpus import corpus_texts


def words(text: str) -> str:
    """The text without its white space: what must survive splitting, in order (a
    sentence may end inside a word, as in "ENDURANCE 1.(You cannot ...)")."""
    return "".join(text.split())


def assert_accounts_for_everything(text: str) -> None:
    sentences = split_sentences(text)
    assert words("".join(sentences)) == words(text), (text, sentences)
    assert all(s and s == s.strip() for s in sentences), sentences


TRICKY = [
    # Red Bribe (Perfection): the text before "(" has no full stop of its own
    "POWER: Use the immediate effects of a Zorn Orb in play (Banish after use.)",
    # Red Counter-style: a parenthesis inside a sentence
    "Physical attack. Your MP gains 2 stages (if you have 3 or more cards in hand) "
    "DAMAGE: 3 stages.",
    "Physical attack. Damage AT +1 stage (Banish after Use.)",
    "(Banish after use.  POWER:  Return a Zorn Orb in play to its owner's hand.",  # unclosed
    "[CONSTANT]:  Your attacks deal +1 stage.  If Zorn is your MP, +2 instead.)",  # stray ")"
    " ENDURANCE 1.(You cannot win by MPPV with this card.) Physical attack, gain 1 stage.",
    'Allies gain "Endurance 1." Draw a card.',
    "Your attacks gain 'HIT: Draw a card.' DAMAGE : 4 Stages.",
    "Your attacks gain \u201cHIT: Draw a card.\u201d Raise your anger 1 level.",
    'Discard an Ally with "Zorn Jr." in the title. Draw a card.',
    "Banish Dr. Zorn. Gain 1.5 stages..",
    "Use when entering combat .Search your Life Deck for a card.",
    "((Nested (parentheses).)) Gain 2 stages",
    "Stops a physical attack.)",
    ".",
    "",
    "   ",
]


@pytest.mark.parametrize("text", TRICKY)
def test_no_character_is_dropped(text: str) -> None:
    assert_accounts_for_everything(text)


def test_no_character_is_dropped_from_real_card_texts() -> None:
    texts = corpus_texts()
    assert len(texts) > 1000
    for text in texts:
        assert_accounts_for_everything(text)


def test_text_before_a_parenthesis_is_a_sentence() -> None:
    """Red Bribe (Perfection) lost "POWER: Use the immediate effects of a Dragon Ball in
    play": a sentence with no full stop before "(Banish after use.)" was dropped."""
    text = "POWER: Use the immediate effects of a Zorn Orb in play (Banish after use.)"
    assert split_sentences(text) == [text]


def test_a_parenthesis_inside_a_sentence_stays_in_it() -> None:
    """A parenthesis in the middle of a sentence may be its condition: it is never cut off
    (then "Your MP gains 2 stages" would run unconditionally)."""
    text = (
        "Physical attack. Your MP gains 2 stages (if you have 3 or more cards in hand) "
        "DAMAGE: 3 stages."
    )
    assert split_sentences(text) == [
        "Physical attack.",
        "Your MP gains 2 stages (if you have 3 or more cards in hand) DAMAGE: 3 stages.",
    ]


def test_a_parenthesis_opening_a_sentence_is_one() -> None:
    text = "(Limit 2 per deck.  Banish after use.)  Energy attack costing 3 stages."
    assert split_sentences(text) == [
        "(Limit 2 per deck.  Banish after use.)",
        "Energy attack costing 3 stages.",
    ]


def test_quotations_and_abbreviations_do_not_end_sentences() -> None:
    text = 'Discard an Ally with "Zorn Jr." in the title. Allies gain "Endurance 1." Draw a card.'
    assert split_sentences(text) == [
        'Discard an Ally with "Zorn Jr." in the title.',
        'Allies gain "Endurance 1."',
        "Draw a card.",
    ]
    assert split_sentences("Banish Dr. Zorn. Draw a card.") == ["Banish Dr. Zorn.", "Draw a card."]


def test_unclosed_parenthesis_and_stray_closer() -> None:
    assert split_sentences("(Banish after use.  POWER: Draw a card.") == [
        "(Banish after use.",
        "POWER: Draw a card.",
    ]
    assert split_sentences("Gain 1 stage. Draw a card.)") == ["Gain 1 stage.", "Draw a card.)"]
    assert split_sentences("Gain 1 stage..") == ["Gain 1 stage.."]


def test_a_condition_in_parentheses_is_not_run_unconditionally() -> None:
    """Before, the sentence before the "(" vanished and the attack compiled with its damage
    alone, as if "Your MP gains 2 stages (if ...)" were not on the card."""
    text = (
        "Physical attack. Your MP gains 2 stages (if you have 3 or more cards in hand) "
        "DAMAGE: 3 stages."
    )
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.status == "manual"
    assert result.manual == split_sentences(text)
