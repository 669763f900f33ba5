"""Looking at and revealing hands (2016: a hand is kept secret from the opponent)."""

from __future__ import annotations

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text


def test_look_and_reveal() -> None:
    cases = {
        "Look at your opponent's hand.": {"do": "look_at_hand", "who": "opponent"},
        "Reveal your hand.": {"do": "reveal_hand"},
        "Your opponent reveals his or her hand.": {"do": "reveal_hand", "who": "opponent"},
    }
    for text, effect in cases.items():
        assert compile_text(text, CardType.EVENT).fields["action"]["effects"] == [effect]


def test_a_look_that_goes_on_stays_unread() -> None:
    for text in (
        # choosing one card is read (engine.panini.cardtext.referents), two are not
        "Look at your opponent's hand and choose 2 cards.",
        # the top cards of your own Life Deck are a choice (engine.panini.cardtext.those)
        "Look at the top 3 cards of your opponent's Life Deck.",
        "Reveal your hand and draw a card for each Dragon Ball in it.",
    ):
        assert compile_text(text, CardType.EVENT).unread == [text], text
