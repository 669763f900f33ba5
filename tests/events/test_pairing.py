"""Swiss pairing (bot/events/pairing.py): no rematch and at most one bye each, over 1,000
randomly simulated events of 4-64 players with drops and draws; the same seed pairs the
same round; score groups are kept and the bye goes to the lowest-ranked player."""

from __future__ import annotations

import random

import pytest

from bot.events.cut import bracket_order, first_cut_round, swiss_rounds
from bot.events.pairing import PairingError, pair_round
from bot.events.records import Pairing
from bot.events.standings import standings


def play_round(rng: random.Random, number: int, tables: list[tuple[int, int | None]]
               ) -> list[Pairing]:
    results = []
    for first, second in tables:
        if second is None:
            results.append(Pairing(number, first, None, done=True))
            continue
        outcome = rng.choice([0, 0, 1, 1, None])  # a draw now and then
        results.append(Pairing(number, first, second, done=True, winner=outcome))
    return results


def simulate(seed: int) -> tuple[list[Pairing], int]:
    rng = random.Random(seed)
    size = rng.randint(4, 64)
    everyone = list(range(1000, 1000 + size))
    active = list(everyone)
    history: list[Pairing] = []
    rounds = swiss_rounds(size)
    for number in range(1, rounds + 1):
        if number > 1 and len(active) > 4 and rng.random() < 0.3:
            active.remove(rng.choice(active))  # a drop
        tables = pair_round(active, everyone, history, seed)
        assert sorted(p for t in tables for p in (t.first, t.second) if p is not None) == \
            sorted(active)
        history += play_round(rng, number, [(t.first, t.second) for t in tables])
    return history, size


def test_no_rematch_and_at_most_one_bye_over_1000_random_events() -> None:
    sizes = set()
    for seed in range(1000):
        history, size = simulate(seed)
        sizes.add(size)
        met = [frozenset(p.players()) for p in history if not p.bye]
        assert len(met) == len(set(met)), f"event {seed}: a rematch"
        byes = [p.first for p in history if p.bye]
        assert len(byes) == len(set(byes)), f"event {seed}: a second bye"
    assert min(sizes) == 4 and max(sizes) == 64


def test_the_same_seed_pairs_the_same_round_again() -> None:
    assert simulate(77) == simulate(77)
    assert simulate(77)[0] != simulate(78)[0]


def test_players_meet_their_score_group_and_the_bye_goes_to_the_lowest_ranked() -> None:
    players = [1, 2, 3, 4, 5]
    first = pair_round(players, players, [], seed=3)
    history = play_round(random.Random(0), 1, [(t.first, t.second) for t in first])
    second = pair_round(players, players, history, seed=3)
    rows = standings(players, history, seed=3)
    points = {s.player: s.points for s in rows}
    bye = next(t.first for t in second if t.second is None)
    earlier_bye = next(t.first for t in first if t.second is None)
    assert bye != earlier_bye
    without = [s.player for s in rows if s.player != earlier_bye]
    assert bye == without[-1]  # the lowest-ranked player without a bye
    # the two players on most points meet each other when they have not met yet
    top = [s.player for s in rows if s.points == max(points.values()) and s.player != bye]
    if len(top) == 2 and frozenset(top) not in {frozenset(p.players()) for p in history}:
        assert any({t.first, t.second} == set(top) for t in second)


def test_no_pairing_without_a_rematch_is_refused_not_forced() -> None:
    history = [Pairing(1, 1, 2, done=True, winner=0)]
    with pytest.raises(PairingError, match="repair"):
        pair_round([1, 2], [1, 2], history, seed=1)


def test_the_cut_bracket_keeps_the_top_seeds_apart() -> None:
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert first_cut_round([10, 20, 30, 40]) == [(10, 40), (20, 30)]
    assert swiss_rounds(8) == 3 and swiss_rounds(9) == 4 and swiss_rounds(64) == 6
