"""Real cards for the tests: the OCTGN set files of ../shared/corpus (development only, never
copied into the project) imported as a server imports them, and decks players could build
from them. Tests using these skip with a clear message when the corpus is absent."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from engine.panini.cards import Card, CardPool, CardType, Style, fold_name
from engine.panini.decklist import Deck
from engine.panini.importers import parse_octgn, renamed_clear_of

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "octgn"
LIFE_DECK = 60


def corpus_present() -> bool:
    return CORPUS.is_dir() and any(CORPUS.glob("*.xml"))


def need_corpus() -> None:
    if not corpus_present():
        pytest.skip(f"the card corpus is not here ({CORPUS}); see shared/corpus/README.md")


@functools.cache
def corpus_pool() -> CardPool:
    """Every corpus set in one pool, named apart by set as a server names them."""
    taken: set[str] = set()
    cards: list[Card] = []
    for path in sorted(CORPUS.glob("*.xml")):
        result = parse_octgn(path.read_bytes())
        for card in result.cards:
            named = renamed_clear_of(card, taken, result.set_name)
            assert named is not None, card.name
            taken.add(fold_name(named.name))
            cards.append(named)
    return CardPool(cards)


def corpus_deck(pool: CardPool, set_name: str, personality: str, style: Style) -> Deck:
    """A deck of one set: the personality's four levels, the set's Mastery of `style`, and
    60 Life Deck cards of that style or Freestyle (three of each, one of an Ally or Dragon
    Ball; Named cards only of this personality), the set's cards in card-number order."""
    of_set = sorted((card for card in pool.by_name.values() if card.set_name == set_name),
                    key=lambda card: (card.number or "", card.name))  # fmt: skip
    levels = {card.level or 0: card.name for card in of_set
              if card.type == CardType.MAIN_PERSONALITY and card.personality == personality}
    mastery = next(card.name for card in of_set
                   if card.type == CardType.MASTERY and card.style == style)  # fmt: skip
    life: list[str] = []
    for card in of_set:
        if card.is_personality and card.personality == personality:
            continue
        if card.type in (CardType.MAIN_PERSONALITY, CardType.MASTERY):
            continue
        if card.style not in (style, Style.FREESTYLE):
            continue
        if card.personality not in (None, personality) and not card.is_personality:
            continue
        if card.alignment is not None:
            continue  # alignment-tied: the file does not say the personality's alignment
        single = card.type in (CardType.ALLY, CardType.DRAGON_BALL)
        copies = 1 if single else min(3, card.limit_per_deck or 3)
        life += [card.name] * min(copies, LIFE_DECK - len(life))
        if len(life) == LIFE_DECK:
            break
    assert sorted(levels) == [1, 2, 3, 4], f"{personality} has levels {sorted(levels)}"
    assert len(life) == LIFE_DECK, f"only {len(life)} cards for {personality}"
    return Deck(f"{personality} ({set_name})", tuple(levels[n] for n in range(1, 5)), mastery,
                tuple(life))
