"""Fuzz the engine with AI-vs-AI games, checking the invariants after every decision.

    python -m bench.fuzz --games N [--seed S] [--ruleset R] [--json-every K]

Panini: games cycle through both Panini rulesets (unless one is given), every pairing of
random and greedy AIs, the starter decks and the test pool's decks. `--ruleset score` or
`ocg`: the Score family's starter decks legal in that ruleset, every pairing of its AIs,
its invariants (the JSON round trip every K decisions, default 100 for Score: it costs
~9 ms). Exit 1 at the first violation or engine error, with a line that reproduces it.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from bot import score_decks
from bot.score_simulation import new_score_game, play_score_game
from bot.simulation import (
    AI_KINDS,
    Checks,
    GameResult,
    SimulationError,
    load_starter_decks,
    make_players,
    new_game,
    play_game,
)
from engine.panini.cards import CardPool, load_pool
from engine.panini.decklist import Deck
from engine.panini.rulesets import RULESETS, UnknownRuleset, get_ruleset
from engine.score.deckcheck import ScoreDeck
from engine.score.family import ScoreFamily
from engine.score.rulesets import RULESETS as SCORE_RULESETS

PROGRESS_EVERY = 100
AI_PAIRS: tuple[tuple[str, str], ...] = tuple((a, b) for a in AI_KINDS for b in AI_KINDS)


@dataclass(frozen=True)
class DeckSet:
    """Decks that share one card pool."""

    label: str  # "starter" or "test-pool"
    pool: CardPool
    decks: tuple[Deck, ...]

    def pairs(self) -> list[tuple[int, int]]:
        return list(itertools.permutations(range(len(self.decks)), 2))


@dataclass(frozen=True)
class Matchup:
    seed: int
    ruleset: str
    deck_set: DeckSet
    pair: tuple[int, int]
    ais: tuple[str, str]

    @property
    def decks(self) -> tuple[Deck, Deck]:
        return self.deck_set.decks[self.pair[0]], self.deck_set.decks[self.pair[1]]

    def reproduction(self) -> str:
        a, b = (deck.name for deck in self.decks)
        line = (
            f"seed={self.seed} ruleset={self.ruleset} decks={a},{b} "
            f"({self.deck_set.label}) ais={self.ais[0]},{self.ais[1]}"
        )
        if self.deck_set.label == "starter":  # the CLI only knows starter decks
            line += (
                f"\n  scouter simulate --games 1 --seed {self.seed} --ruleset {self.ruleset}"
                f" --decks {a},{b} --ai {self.ais[0]} --ai-b {self.ais[1]} --check-invariants"
            )
        return line


def small_pool_decks() -> DeckSet | None:
    """The tests' small pool; importable when run from the repository root."""
    try:
        from tests.pool import TEST_POOL, test_deck
    except ImportError:
        return None
    return DeckSet("test-pool", TEST_POOL, (test_deck("Goku"), test_deck("Vegeta")))


def starter_decks() -> DeckSet | None:
    """The starter decks with the sandbox card set; None until two of them load."""
    try:
        pool = load_pool()
    except (ValueError, OSError):
        return None
    decks = load_starter_decks(pool)
    return DeckSet("starter", pool, tuple(decks)) if len(decks) >= 2 else None


def deck_sets() -> list[DeckSet]:
    return [s for s in (starter_decks(), small_pool_decks()) if s is not None]


def matchup(index: int, base_seed: int, sets: Sequence[DeckSet], ruleset: str | None) -> Matchup:
    """Game `index`: a mixed-radix split of the index, so any run of 8 * len(sets)
    consecutive games covers every ruleset, AI pairing and deck set."""
    rulesets = [ruleset] if ruleset else sorted(RULESETS)
    rest = index
    chosen_ruleset = rulesets[rest % len(rulesets)]
    rest //= len(rulesets)
    ais = AI_PAIRS[rest % len(AI_PAIRS)]
    rest //= len(AI_PAIRS)
    deck_set = sets[rest % len(sets)]
    rest //= len(sets)
    pairs = deck_set.pairs()
    return Matchup(base_seed + index, chosen_ruleset, deck_set, pairs[rest % len(pairs)], ais)


def play_matchup(m: Matchup, checks: Checks) -> GameResult:
    game = new_game(m.decks, m.seed, m.ruleset, m.deck_set.pool)
    return play_game(game, make_players(m.ais, m.seed), seed=m.seed, checks=checks)


# --- the Score family ----------------------------------------------------------------------
SCORE_JSON_EVERY = 100  # ScoreFamily.violations' JSON round trip: ~9 ms a call


@dataclass(frozen=True)
class ScoreDeckSet:
    """The Score starter decks legal in one ruleset, by name."""

    ruleset: str
    family: ScoreFamily
    names: tuple[str, ...]
    decks: tuple[ScoreDeck, ...]

    def pairs(self) -> list[tuple[int, int]]:
        return list(itertools.permutations(range(len(self.decks)), 2))


@dataclass(frozen=True)
class ScoreMatchup:
    seed: int
    deck_set: ScoreDeckSet
    pair: tuple[int, int]
    ais: tuple[str, str]

    @property
    def ruleset(self) -> str:
        return self.deck_set.ruleset

    @property
    def decks(self) -> tuple[ScoreDeck, ScoreDeck]:
        return self.deck_set.decks[self.pair[0]], self.deck_set.decks[self.pair[1]]

    def reproduction(self) -> str:
        a, b = (self.deck_set.names[i] for i in self.pair)
        return (
            f"scouter simulate --games 1 --seed {self.seed} --ruleset {self.ruleset}"
            f" --decks {a},{b} --ai {self.ais[0]} --ai-b {self.ais[1]} --check-invariants"
        )

    def play(self, checks: Checks) -> GameResult:
        family = self.deck_set.family
        game = new_score_game(family, self.decks, self.seed, self.ruleset)
        return play_score_game(family, game, self.ais, seed=self.seed, checks=checks)


def score_deck_set(ruleset: str) -> ScoreDeckSet:
    """Every Score starter deck legal in `ruleset`."""
    pool = score_decks.score_pool()
    names = tuple(path.stem for path in score_decks.starters_for(ruleset))
    decks = tuple(score_decks.load_score_decks(names, ruleset, pool))
    return ScoreDeckSet(ruleset, ScoreFamily(pool), names, decks)


def score_matchup(index: int, base_seed: int, deck_set: ScoreDeckSet) -> ScoreMatchup:
    """Game `index`: any 4 consecutive games cover every AI pairing; the deck pairs turn
    over more slowly."""
    ais = AI_PAIRS[index % len(AI_PAIRS)]
    pairs = deck_set.pairs()
    return ScoreMatchup(base_seed + index, deck_set, pairs[(index // len(AI_PAIRS)) % len(pairs)],
                        ais)  # fmt: skip


def fuzz_score(games: int, seed: int, ruleset: str, json_every: int) -> int:
    deck_set = score_deck_set(ruleset)
    checks = Checks(every=1, json_every=json_every)
    start = time.process_time()
    decisions = 0
    for index in range(games):
        m = score_matchup(index, seed, deck_set)
        try:
            decisions += m.play(checks).decisions
        except SimulationError as exc:
            print(f"fuzz: FAILED at game {index + 1}, decision {exc.decision}: {exc}")
            print(f"reproduce: {m.reproduction()}")
            return 1
    elapsed = time.process_time() - start
    print(
        f"fuzz: OK: {games} {ruleset} games, {decisions} decisions, no violations "
        f"({len(deck_set.decks)} starter decks; seeds {seed}..{seed + games - 1}; "
        f"{elapsed:.1f} s CPU, {games / max(elapsed, 1e-9):.0f} games/s)"
    )
    return 0


# --- both ---------------------------------------------------------------------------------
def fuzz(games: int, seed: int, ruleset: str | None, json_every: int) -> int:
    sets = deck_sets()
    if not sets:
        print("fuzz: no decks: neither starter decks nor tests/pool.py could be loaded")
        return 2
    checks = Checks(every=1, json_every=json_every)
    start = time.perf_counter()
    decisions = 0
    for index in range(games):
        m = matchup(index, seed, sets, ruleset)
        try:
            decisions += play_matchup(m, checks).decisions
        except SimulationError as exc:
            print(f"fuzz: FAILED at game {index + 1}, decision {exc.decision}: {exc}")
            print(f"reproduce: {m.reproduction()}")
            return 1
        if (index + 1) % PROGRESS_EVERY == 0:
            elapsed = time.perf_counter() - start
            print(f"fuzz: {index + 1}/{games} games, {decisions} decisions, {elapsed:.1f} s")
    elapsed = time.perf_counter() - start
    labels = ", ".join(s.label for s in sets)
    print(
        f"fuzz: OK: {games} games, {decisions} decisions, no violations "
        f"(deck sets: {labels}; seeds {seed}..{seed + games - 1}; {elapsed:.1f} s)"
    )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.fuzz", description=__doc__)
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--ruleset", help="only this ruleset (default: alternate the Panini ones); score|ocg"
    )
    parser.add_argument(
        "--json-every",
        type=int,
        default=None,
        help="JSON round-trip check every K decisions (default 1, Score 100: the slow check)",
    )
    parser.add_argument("--check", action="store_true",
                        help="accepted like every bench's; a fuzz run always exits 1 on a "
                             "broken invariant")  # fmt: skip
    args = parser.parse_args(argv)
    if args.ruleset in SCORE_RULESETS:
        json_every = SCORE_JSON_EVERY if args.json_every is None else args.json_every
        if args.games < 1 or json_every < 0:
            parser.error("--games must be at least 1 and --json-every at least 0")
        return fuzz_score(args.games, args.seed, args.ruleset, json_every)
    if args.json_every is None:
        args.json_every = 1
    if args.ruleset:
        try:
            get_ruleset(args.ruleset)
        except UnknownRuleset as exc:
            parser.error(str(exc))
    if args.games < 1 or args.json_every < 0:
        parser.error("--games must be at least 1 and --json-every at least 0")
    return fuzz(args.games, args.seed, args.ruleset, args.json_every)


if __name__ == "__main__":
    sys.exit(main())
