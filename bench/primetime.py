"""The Prime Time referee's throughput, on one core (CPU time).

    python -m bench.primetime [--games N] [--seed S] [--json-every K] [--check]

AI-vs-AI games between the sample rosters (data/primetime/rosters/), in the fuzz's
schedule (every ordered pair of rosters, every pairing of the random and greedy AIs), two
ways: plain (the referee alone) and checked as tests/primetime/test_fuzz.py checks them
(the invariants after every decision, the JSON round trip every K). It prints games/s
and decisions/s of CPU time, decisions per game and the serialised state's size at the
end (median). The goal: the 1,000 checked games of the fuzz in 100 s of CPU, i.e. at
least CHECKED_GOAL checked games per CPU second; `--check` exits 1 when it is missed by
more than 2x (bench/_goals.py). It was 60 s until moves followed paths round obstacles
(PT-4, engine/primetime/paths.py, 2026-11-25): measuring them is 40% of a game's CPU, a
cost chosen, not a regression (bench/README.md)."""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections.abc import Sequence

from bench._goals import Goal, add_check, finish
from bench.score import ScoreMeasure
from bench.score import report as score_report
from bot.primetime_simulation import new_pt_game, play_pt_game
from bot.simulation import Checks
from engine.primetime.family import PrimeTimeFamily
from engine.primetime.roster import Roster, sample_rosters

CHECKED_GOAL = 1_000 / 100  # the fuzz's 1,000 games in 100 s of CPU
JSON_EVERY = 25  # as tests/primetime/test_fuzz.py
PAIRINGS = (("random", "random"), ("random", "greedy"), ("greedy", "random"),
            ("greedy", "greedy"))  # fmt: skip


def schedule(index: int) -> tuple[tuple[Roster, Roster], tuple[str, str]]:
    """Game `index`'s rosters and AIs, the fuzz's way: each pairing in turn, then the
    next ordered pair of rosters."""
    matches = list(itertools.permutations(sample_rosters(), 2))
    first, second = matches[index // len(PAIRINGS) % len(matches)]
    return (first, second), PAIRINGS[index % len(PAIRINGS)]


def bench(family: PrimeTimeFamily, what: str, checks: Checks, games: int,
          seed: int) -> ScoreMeasure:  # fmt: skip
    measure = ScoreMeasure(what)
    for index in range(games):
        rosters, ais = schedule(index)
        start = time.process_time()
        game = new_pt_game(family, rosters, seed + index, "prime-time")
        result = play_pt_game(family, game, ais, seed=seed + index, checks=checks)
        measure.cpu_seconds += time.process_time() - start
        measure.games += 1
        measure.decisions += result.decisions
        measure.end_bytes.append(len(game.to_json()))
    return measure


def report(measures: Sequence[ScoreMeasure]) -> str:
    """bench.score's table, its rows named by how the games were checked."""
    lines = score_report(measures).splitlines()
    lines[0] = "Prime Time, the fuzz's AI games, CPU time on one core"
    lines[1] = lines[1].replace("ruleset", "checks ", 1)
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.primetime", description=__doc__)
    parser.add_argument("--games", type=int, default=48, help="games each way (default 48)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json-every", type=int, default=JSON_EVERY,
                        help=f"checked games: JSON round trip every K decisions "
                             f"(default {JSON_EVERY})")  # fmt: skip
    add_check(parser)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    family = PrimeTimeFamily()
    family.pool  # noqa: B018 (read the sample before the clock runs)
    measures = [bench(family, "plain", Checks(), args.games, args.seed),
                bench(family, "checked", Checks(every=1, json_every=args.json_every),
                      args.games, args.seed)]  # fmt: skip
    print(report(measures))
    checked = measures[1].games / max(measures[1].cpu_seconds, 1e-9)
    goal = Goal("checked games per CPU second (the fuzz's 1,000 in 100 s)", checked,
                CHECKED_GOAL, True)
    return finish([goal], args)


if __name__ == "__main__":
    sys.exit(main())
