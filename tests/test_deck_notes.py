"""An MP level's notes on building its deck (Card.deck_note, engine.panini.cardtext.itself;
docs/rulings.md 103): 2014 MAKING A DECK allows what is "noted otherwise on the card
itself"."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panini.cards import Alignment, Card, CardPool, CardType, DeckNote
from engine.panini.deckcheck import Violation, check_deck
from engine.panini.decklist import parse_deck_list
from engine.panini.rulesets import PANINI_2016
from tests.test_decklist import STAGES, deck_text, tiny_pool


def _level(level: int, personality: str, note: DeckNote | None, **extra: Any) -> Card:
    return Card(name=f"{personality} Level {level}", type=CardType.MAIN_PERSONALITY,
                personality=personality, level=level, power_stages=STAGES,
                deck_note=note if level == 1 else None, **extra)  # fmt: skip


@pytest.fixture(scope="module")
def pool() -> CardPool:
    cards = list(tiny_pool().by_name.values())
    heroes = DeckNote(alignment=Alignment.HERO)
    cards += [_level(n, "Sixteen", heroes, alignment=Alignment.VILLAIN) for n in range(1, 5)]
    juniors = DeckNote(ally_copies=3, ally_title_has="Cell Jr.")
    cards += [_level(n, "Cell", juniors, alignment=Alignment.VILLAIN) for n in range(1, 5)]
    cards += [
        Card(name="Cell Jr., Ally", type=CardType.ALLY, personality="Cell Jr.",
             alignment=Alignment.VILLAIN, power_stages=STAGES),
        Card(name="Hero Ally", type=CardType.ALLY, personality="Hero Ally",
             alignment=Alignment.HERO, power_stages=STAGES),
    ]  # fmt: skip
    return CardPool(cards)


def _check(text: str, pool: CardPool) -> list[Violation]:
    return check_deck(parse_deck_list(text, pool, name="test"), pool, PANINI_2016)


def test_heroes_only_cards_allowed_by_a_villain_mps_note(pool: CardPool) -> None:
    text = deck_text(mp="Sixteen", mastery="Red Mastery", extra=[(1, "Heroic Stand")])
    assert _check(text, pool) == []
    # an Ally is a personality: still held to the Alignment rule
    text = deck_text(mp="Sixteen", mastery="Red Mastery", extra=[(1, "Hero Ally")])
    assert [v.rule for v in _check(text, pool)] == ["deck.alignment"]
    # without the note (Vegeta, a Villain), the Hero card is refused
    text = deck_text(mp="Vegeta", mastery="Red Mastery", extra=[(1, "Heroic Stand")])
    assert [v.rule for v in _check(text, pool)] == ["deck.alignment"]


def test_copies_of_allies_allowed_by_an_mps_note(pool: CardPool) -> None:
    text = deck_text(mp="Cell", mastery="Red Mastery", extra=[(3, "Cell Jr., Ally")])
    assert _check(text, pool) == []
    text = deck_text(mp="Cell", mastery="Red Mastery", extra=[(4, "Cell Jr., Ally")])
    assert "deck.one-copy" in [v.rule for v in _check(text, pool)]
    text = deck_text(mp="Sixteen", mastery="Red Mastery", extra=[(2, "Cell Jr., Ally")])
    assert "deck.one-copy" in [v.rule for v in _check(text, pool)]
