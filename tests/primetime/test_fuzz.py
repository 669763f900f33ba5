"""Prime Time fuzzed: 1,000 seeded AI-vs-AI games between the sample rosters, every
pairing of the random and greedy AIs, with the invariants (engine.primetime.invariants)
checked after every decision and the JSON round trip every JSON_EVERY decisions and at
the end. `python -m bench.primetime` measures what they cost (bench/README.md)."""

from __future__ import annotations

import itertools

import pytest

from engine.primetime.ai import make_player
from engine.primetime.game import PrimeTimeGame
from engine.primetime.invariants import violations
from engine.primetime.roster import sample_rosters
from tests.primetime.helpers import by_name, place, to_activation

FUZZ_GAMES = 1_000
CHUNK = 50  # games per test, so xdist can spread the chunks
JSON_EVERY = 25  # the round trip is the costly check (bench.primetime)
MAX_DECISIONS = 4_000  # a game longer than this is stuck
# every ordered pair of the sample rosters, each with every AI pairing in turn
MATCHES = list(itertools.permutations(sample_rosters(), 2))
PAIRINGS = [("random", "random"), ("random", "greedy"), ("greedy", "random"),
            ("greedy", "greedy")]  # fmt: skip


def play(seed: int) -> PrimeTimeGame:
    kinds = PAIRINGS[seed % len(PAIRINGS)]
    players = [make_player(kind, seed * 2 + i) for i, kind in enumerate(kinds)]
    game = PrimeTimeGame.new(list(MATCHES[seed // len(PAIRINGS) % len(MATCHES)]), seed)
    for step in range(1, MAX_DECISIONS + 1):
        decision = game.pending
        if decision is None:
            return game
        choice = players[decision.player].choose(game, decision)
        outcome = game.apply(decision.player, choice, decision.seq)
        assert outcome.ok, f"seed {seed}, decision {step}: {outcome.reason}"
        problems = violations(game, check_json=step % JSON_EVERY == 0)
        assert problems == [], f"seed {seed} ({kinds}), decision {step}: {problems}"
    pytest.fail(f"seed {seed}: no winner after {MAX_DECISIONS} decisions")


@pytest.mark.parametrize("first", range(0, FUZZ_GAMES, CHUNK))
def test_fuzz_games_keep_the_invariants(first: int) -> None:
    for seed in range(first, first + CHUNK):
        game = play(seed)
        assert game.over and violations(game) == []


def test_the_schedule_covers_every_match_and_ai_pairing() -> None:
    schedule = {(seed // len(PAIRINGS) % len(MATCHES), seed % len(PAIRINGS))
                for seed in range(FUZZ_GAMES)}  # fmt: skip
    assert len(schedule) == len(MATCHES) * len(PAIRINGS)


def test_the_same_seed_plays_the_same_game() -> None:
    assert play(7).to_json() == play(7).to_json()


def test_the_checks_find_broken_invariants() -> None:
    game = to_activation()
    assert violations(game) == []
    place(game, "goku", 10, 10)
    place(game, "cell", 10.5, 10)  # overlapping bases
    place(game, "krillin", 0.2, 15)  # off the board
    game.state.players[0].bk = 16
    by_name(game, "android-18").sk = 1  # an Android's SK cap is 0
    game.state.players[1].glory.append(3)  # Glory from nowhere
    found = violations(game)
    assert {"Goku overlaps Cell", "Cell overlaps Goku"} & set(found)
    assert any(p.startswith("Krillin is off the board") for p in found)
    assert "player 1 has 16 BK" in found
    assert "Android 18 with 1 SK" in found
    assert "player 2's Glory in round 1 is not scored" in found
