"""AI-vs-AI games with decks holding the 2016 GLOSSARY vocabulary (attached cards, naming
a card, unstoppable attacks, floating effects), which no starter deck plays yet: the
engine invariants and the JSON round trip hold after every decision."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bench.fuzz import starter_decks
from bot.simulation import Checks, make_players, new_game, play_game
from engine.panini.cards import CardType
from engine.panini.decklist import Deck
from engine.panini.invariants import violations

GLOSSARY_CARDS = [
    "Crushing Gravity Seal",
    "Kindred Spirit Pact",
    "Seal-Breaking Shout",
    "Forbidden Technique Decree",
    "Relentless Meteor Charge",
    "Surging Battle Cry",
]
GAMES = 40


def _decks() -> list[Deck]:
    deck_set = starter_decks()
    assert deck_set is not None
    decks = []
    for deck in deck_set.decks:
        life = list(deck.life_deck)
        # Three copies of each new card in place of 18 cards that are not Allies or
        # Dragon Balls (legality does not matter to the engine).
        plain = [
            name
            for name in life
            if deck_set.pool[name].type not in (CardType.ALLY, CardType.DRAGON_BALL)
        ]
        for name in plain[: 3 * len(GLOSSARY_CARDS)]:
            life.remove(name)
        life += [name for name in GLOSSARY_CARDS for _ in range(3)]
        decks.append(replace(deck, life_deck=tuple(life)))
    return decks


@pytest.mark.parametrize("seed", range(GAMES))
def test_glossary_vocabulary_keeps_invariants(seed: int) -> None:
    deck_set = starter_decks()
    assert deck_set is not None
    decks = _decks()
    ais = [("random", "random"), ("greedy", "greedy"), ("random", "greedy")][seed % 3]
    ruleset = "panini-2016" if seed % 2 else "panini-2014"
    pair = (decks[seed % len(decks)], decks[(seed + 1) % len(decks)])
    game = new_game(pair, seed, ruleset, deck_set.pool)
    play_game(
        game, make_players(ais, seed), seed=seed, checks=Checks(1, 1 if seed % 8 == 0 else 10)
    )
    assert not violations(game, check_json=True)
