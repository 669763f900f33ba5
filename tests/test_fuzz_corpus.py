"""Real decks built from the imported corpus (tests/corpus.py) play 1,000 randomised
AI-vs-AI games with the engine invariants checked after every decision: the cards players
own, their partly automated text resolved by hand as the AIs do, never break a game."""

from __future__ import annotations

import functools

import pytest

from bench.fuzz import DeckSet, matchup
from bot.simulation import Checks, SimulationError, make_players, new_game, play_game
from engine.panini.cards import Style
from engine.panini.deckcheck import check_deck
from engine.panini.invariants import violations
from engine.panini.rulesets import get_ruleset
from tests.corpus import corpus_deck, corpus_pool, need_corpus

FUZZ_GAMES = 1_000
CHUNK = 100  # games per test, so xdist can spread the chunks over cores
SPARSE_JSON = 20  # the JSON round trip every 20th decision (all of them in one game in 25)
# Awakening's starter personalities, each with cards of one style
DECKS = (("Goku", Style.SAIYAN), ("Cell", Style.RED), ("Vegeta", Style.BLUE),
         ("Gohan", Style.ORANGE))  # fmt: skip


@functools.cache
def corpus_decks() -> DeckSet:
    pool = corpus_pool()
    decks = tuple(corpus_deck(pool, "Awakening", name, style) for name, style in DECKS)
    return DeckSet("corpus", pool, decks)


def test_the_corpus_decks_are_legal() -> None:
    need_corpus()
    deck_set = corpus_decks()
    for ruleset in ("panini-2016", "panini-2014"):
        for deck in deck_set.decks:
            assert check_deck(deck, deck_set.pool, get_ruleset(ruleset)) == [], deck.name
    automation = {deck_set.pool[name].automation for deck in deck_set.decks
                  for name in deck.life_deck}  # fmt: skip
    assert automation == {"automated", "partial", "manual"}  # hand resolution is exercised


@pytest.mark.parametrize("first", range(0, FUZZ_GAMES, CHUNK))
def test_real_decks_keep_the_invariants(first: int) -> None:
    need_corpus()
    sets = [corpus_decks()]
    for index in range(first, first + CHUNK):
        m = matchup(index, 0, sets, None)
        game = new_game(m.decks, m.seed, m.ruleset, m.deck_set.pool)
        json_every = 1 if index % 25 == 0 else SPARSE_JSON
        try:
            play_game(game, make_players(m.ais, m.seed), seed=m.seed,
                      checks=Checks(1, json_every))
        except SimulationError as exc:
            pytest.fail(f"decision {exc.decision}: {exc}\nreproduce: {m.reproduction()}")
        assert not violations(game, check_json=True), m.reproduction()
