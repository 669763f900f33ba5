"""Engine throughput and state size, in CPU time on one core.

    python -m bench.engine [--games N] [--seed S] [--ruleset R] [--check]

For random-vs-random and greedy-vs-greedy: games/s and decisions/s of this process's CPU
time, so a busy machine slows the wall clock but not the figures (no invariant checks),
the size of the serialised state (len of Game.to_json()) at the start, mid-game and the
end (median and max over games), and the time to serialise and reload a mid-game state.
The goal: at least 100 complete random-vs-random games per CPU second. With `--ruleset
score` or `--ruleset ocg` it runs the Score family's bench (bench/score.py). `--check`
exits 1 when a goal is missed by more than 2x (bench/_goals.py).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from bench import score as bench_score
from bench._goals import Goal, add_check, finish
from bench.fuzz import DeckSet, small_pool_decks, starter_decks
from bot.simulation import make_players, new_game, play_game
from engine.panini.game import Game
from engine.panini.rulesets import DEFAULT_RULESET, UnknownRuleset, get_ruleset
from engine.score.rulesets import RULESETS as SCORE_RULESETS

GOAL_GAMES_PER_SECOND = 100
ROUND_TRIPS = 200  # reloads timed per mid-game sample


@dataclass
class Measure:
    label: str
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    start_bytes: list[int] = field(default_factory=list)
    mid_bytes: list[int] = field(default_factory=list)
    end_bytes: list[int] = field(default_factory=list)
    round_trip_us: list[float] = field(default_factory=list)


def start_game(deck_set: DeckSet, index: int, seed: int, ruleset: str) -> Game:
    """Game `index` of a run: seed + index, cycling through the deck pairings."""
    pairs = deck_set.pairs()
    a, b = pairs[index % len(pairs)]
    return new_game((deck_set.decks[a], deck_set.decks[b]), seed + index, ruleset, deck_set.pool)


def time_games(
    deck_set: DeckSet, ais: tuple[str, str], games: int, seed: int, ruleset: str
) -> tuple[Measure, list[int]]:
    """Play `games` games with nothing else going on; returns decisions per game too."""
    measure = Measure(f"{ais[0]} vs {ais[1]}")
    per_game = []
    start = time.process_time()
    for index in range(games):
        game = start_game(deck_set, index, seed, ruleset)
        result = play_game(game, make_players(ais, seed + index), seed=seed + index)
        per_game.append(result.decisions)
    measure.seconds = time.process_time() - start
    measure.games, measure.decisions = games, sum(per_game)
    return measure, per_game


def measure_sizes(
    measure: Measure,
    deck_set: DeckSet,
    ais: tuple[str, str],
    seed: int,
    ruleset: str,
    per_game: list[int],
) -> None:
    """Replay the same games (they are deterministic) and sample the state's size; kept
    out of the timed pass because to_json costs as much as several decisions."""
    for index, total in enumerate(per_game):
        game = start_game(deck_set, index, seed, ruleset)
        measure.start_bytes.append(len(game.to_json()))

        # A few round-trip samples are plenty for a stable average.
        def at_middle(
            current: Game, made: int, middle: int = max(1, total // 2), time_it: bool = index < 5
        ) -> None:
            if made == middle:
                measure.mid_bytes.append(len(current.to_json()))
                if time_it:
                    measure.round_trip_us.append(round_trip_us(current))

        play_game(game, make_players(ais, seed + index), seed=seed + index, observe=at_middle)
        measure.end_bytes.append(len(game.to_json()))


def round_trip_us(game: Game) -> float:
    start = time.process_time()
    for _ in range(ROUND_TRIPS):
        Game.from_json(game.to_json(), game.pool)
    return (time.process_time() - start) / ROUND_TRIPS * 1e6


def report(measures: Sequence[Measure], deck_set: DeckSet, ruleset: str) -> str:
    names = ", ".join(deck.name for deck in deck_set.decks)
    lines = [f"decks ({deck_set.label}): {names}; ruleset {ruleset}; CPU time, one core", ""]
    header = f"{'matchup':<20}{'games':>7}{'games/s':>10}{'decisions/s':>13}{'dec/game':>10}"
    lines += [header, "-" * len(header)]
    for m in measures:
        lines.append(
            f"{m.label:<20}{m.games:>7}{m.games / m.seconds:>10.1f}"
            f"{m.decisions / m.seconds:>13.0f}{m.decisions / m.games:>10.1f}"
        )
    lines += ["", "serialised state (bytes of Game.to_json()):"]
    header = f"{'matchup':<20}{'point':<8}{'median':>9}{'max':>9}"
    lines += [header, "-" * len(header)]
    for m in measures:
        for point, sizes in (("start", m.start_bytes), ("mid", m.mid_bytes), ("end", m.end_bytes)):
            lines.append(f"{m.label:<20}{point:<8}{statistics.median(sizes):>9.0f}{max(sizes):>9}")
    lines.append("")
    for m in measures:
        lines.append(
            f"{m.label}: to_json + from_json of a mid-game state: "
            f"{statistics.mean(m.round_trip_us):.0f} us"
        )
    return "\n".join(lines)


def goals(measures: Sequence[Measure]) -> list[Goal]:
    rate = measures[0].games / max(measures[0].seconds, 1e-9)
    return [Goal("random games per CPU second", rate, GOAL_GAMES_PER_SECOND, True)]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.engine", description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per matchup (default 200)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ruleset", default=DEFAULT_RULESET)
    add_check(parser)
    args = parser.parse_args(argv)
    if args.ruleset in SCORE_RULESETS:  # another game family: its own bench
        check = ["--check", "--margin", str(args.margin)] if args.check else []
        return bench_score.main(["--games", str(args.games), "--seed", str(args.seed),
                                 "--ruleset", args.ruleset, *check])  # fmt: skip
    try:
        get_ruleset(args.ruleset)
    except UnknownRuleset as exc:
        parser.error(str(exc))
    if args.games < 1:
        parser.error("--games must be at least 1")
    deck_set = starter_decks() or small_pool_decks()
    if deck_set is None:
        print("bench: no decks: neither starter decks nor tests/pool.py could be loaded")
        return 2
    measures = []
    for ais in (("random", "random"), ("greedy", "greedy")):
        measure, per_game = time_games(deck_set, ais, args.games, args.seed, args.ruleset)
        measure_sizes(measure, deck_set, ais, args.seed, args.ruleset, per_game)
        measures.append(measure)
    print(report(measures, deck_set, args.ruleset))
    return finish(goals(measures), args)


if __name__ == "__main__":
    sys.exit(main())
