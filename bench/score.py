"""The Score family's referee: throughput and state size, on one core (CPU time).

    python -m bench.score [--games N] [--seed S] [--ruleset score|ocg] [--check]
    python -m bench.engine --ruleset score|ocg   (the same, from the engine bench)

Random-vs-random games between the Score starter decks (data/decks/score/), for each
ruleset asked (both by default): games/s and decisions/s of CPU time, decisions per game,
and the size of the serialised state at the end (median). The goal, as for Panini: at
least 100 complete random games per CPU second in each ruleset; `--check` exits 1 when it
is missed by more than 2x (bench/_goals.py)."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bench._goals import Goal, add_check, finish
from engine.score.cards import SANDBOX_DIR, load_pool
from engine.score.deckcheck import ScoreDeck
from engine.score.decklist import parse_score_deck
from engine.score.family import ScoreFamily
from engine.score.rulesets import RULESETS

GOAL_GAMES_PER_SECOND = 100
DECKS_DIR = Path(__file__).resolve().parents[1] / "data" / "decks" / "score"


@dataclass
class ScoreMeasure:
    ruleset: str
    games: int = 0
    decisions: int = 0
    cpu_seconds: float = 0.0
    end_bytes: list[int] = field(default_factory=list)


def starter_decks(family: ScoreFamily) -> list[ScoreDeck]:
    decks = []
    for path in sorted(DECKS_DIR.glob("*.txt")):
        parsed = parse_score_deck(path.read_text(encoding="utf-8"), family.pool)
        if isinstance(parsed, ScoreDeck):
            decks.append(parsed)
    return decks


def bench_ruleset(family: ScoreFamily, decks: Sequence[ScoreDeck], ruleset: str, games: int,
                  seed: int) -> ScoreMeasure:  # fmt: skip
    measure = ScoreMeasure(ruleset)
    for index in range(games):
        pair = [decks[index % len(decks)], decks[(index + 1) % len(decks)]]
        chooser = random.Random(seed + index)
        start = time.process_time()
        game = family.new_game(pair, seed + index, ruleset)
        while (decision := game.pending) is not None:
            game.apply(decision.player, chooser.choice(decision.options).id, decision.seq)
            measure.decisions += 1
        measure.cpu_seconds += time.process_time() - start
        measure.games += 1
        measure.end_bytes.append(len(game.to_json()))
    return measure


def report(measures: Sequence[ScoreMeasure]) -> str:
    header = f"{'ruleset':<10}{'games':>7}{'games/s':>10}{'decisions/s':>13}{'dec/game':>10}"
    header += f"{'end state B':>13}"
    lines = ["Score family, random vs random, CPU time on one core", header, "-" * len(header)]
    for m in measures:
        seconds = max(m.cpu_seconds, 1e-9)
        lines.append(
            f"{m.ruleset:<10}{m.games:>7}{m.games / seconds:>10.1f}{m.decisions / seconds:>13.0f}"
            f"{m.decisions / m.games:>10.1f}{statistics.median(m.end_bytes):>13.0f}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.score", description=__doc__)
    parser.add_argument("--games", type=int, default=100, help="games per ruleset (default 100)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ruleset", choices=sorted(RULESETS), default=None)
    add_check(parser)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    family = ScoreFamily(load_pool(SANDBOX_DIR))
    decks = starter_decks(family)
    if len(decks) < 2:
        print("bench: fewer than two Score starter decks could be read")
        return 2
    rulesets = [args.ruleset] if args.ruleset else list(RULESETS)
    measures = [bench_ruleset(family, decks, r, args.games, args.seed) for r in rulesets]
    print(report(measures))
    return finish([Goal(f"{m.ruleset} random games per CPU second",
                        m.games / max(m.cpu_seconds, 1e-9), GOAL_GAMES_PER_SECOND, True)
                   for m in measures], args)  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
