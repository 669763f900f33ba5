"""`scouter simulate`: AI-vs-AI games, summarised; with --check-invariants a fuzzer.
Panini rulesets play Panini decks (bot.simulation); `score` and `ocg` play the Score
family's decks (bot.score_decks, bot.score_simulation); `prime-time` plays rosters
(bot.primetime_simulation).

Exit codes: 0 ok; 1 an invariant violation or an engine error (a bug report: the seed and
decision number replay it); 2 bad arguments. Never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from bot import score_decks
from bot.primetime_simulation import (
    DEFAULT_ROSTERS,
    RosterError,
    load_rosters,
    pt_summary_lines,
    simulate_pt,
)
from bot.score_simulation import simulate_score
from bot.simulation import (
    AI_KINDS,
    ALL_CHECKS,
    NO_CHECKS,
    DeckLoadError,
    EngineFailure,
    InvariantViolation,
    Summary,
    default_deck_names,
    load_decks,
    simulate_many,
    summary_lines,
    timing_lines,
)
from engine.panini.cards import SANDBOX_DIR, CardPool, load_pool
from engine.panini.rulesets import DEFAULT_RULESET, RULESETS, UnknownRuleset, get_ruleset
from engine.primetime.family import PrimeTimeFamily
from engine.primetime.rulesets import RULESETS as PT_RULESETS
from engine.score.family import ScoreFamily
from engine.score.rulesets import RULESETS as SCORE_RULESETS

ALL_RULESETS = (*sorted(RULESETS), *SCORE_RULESETS, *PT_RULESETS)

EXIT_OK = 0
EXIT_BUG = 1
EXIT_BAD_ARGS = 2


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("simulate", help="play AI-vs-AI games and summarise them")
    add_arguments(parser)
    parser.set_defaults(handler=run_command)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="game i uses seed S+i (default 0)")
    parser.add_argument(
        "--ruleset",
        "--game",
        dest="ruleset",
        default=DEFAULT_RULESET,
        help=f"one of {', '.join(ALL_RULESETS)} (default {DEFAULT_RULESET})",
    )
    parser.add_argument(
        "--decks",
        help="A,B: starter deck names or deck list files (default: first two starters); "
        "prime-time: sample roster names or roster files",
    )
    parser.add_argument(
        "--ai",
        type=ai_pair,
        default=("random", None),
        metavar="AI[,AI_B]",
        help=f"deck A's AI, or both as A,B: {', '.join(AI_KINDS)} (default random)",
    )
    parser.add_argument("--ai-b", choices=AI_KINDS, help="deck B's AI (default: same as --ai)")
    parser.add_argument(
        "--check-invariants",
        action="store_true",
        help="check the engine invariants after every decision; stop at the first violation",
    )


def ai_pair(text: str) -> tuple[str, str | None]:
    """--ai greedy, or --ai greedy,random (deck A's AI, deck B's)."""
    names = [name.strip() for name in text.split(",")]
    if len(names) > 2 or not all(name in AI_KINDS for name in names):
        raise argparse.ArgumentTypeError(
            f"{text!r}: one AI or two separated by a comma, each one of {', '.join(AI_KINDS)}"
        )
    return names[0], names[1] if len(names) == 2 else None


def _ais(args: argparse.Namespace) -> tuple[str, str]:
    first, second = args.ai
    return first, args.ai_b or second or first


def run_command(args: argparse.Namespace) -> int:
    if args.games < 1:
        return _bad_args("--games must be at least 1")
    if args.ruleset in SCORE_RULESETS:
        return _run_score(args)
    if args.ruleset in PT_RULESETS:
        return _run_primetime(args)
    try:
        get_ruleset(args.ruleset)
    except UnknownRuleset as exc:
        return _bad_args(f"{exc}; the Score family's: {', '.join(SCORE_RULESETS)}; "
                         f"Prime Time's: {', '.join(PT_RULESETS)}")
    pool = _pool()
    if pool is None:
        return EXIT_BAD_ARGS
    try:
        names = _deck_names(args.decks, default_deck_names)
        decks = load_decks(names, pool)
    except DeckLoadError as exc:
        # a Score deck under a Panini ruleset: say that, not every card it does not know
        return _bad_args(score_decks.score_deck_hint(_listed(args.decks), args.ruleset) or str(exc))
    checks = ALL_CHECKS if args.check_invariants else NO_CHECKS

    def run() -> Summary:
        return simulate_many(decks, pool, games=args.games, seed=args.seed,
                             ruleset=args.ruleset, ais=_ais(args), checks=checks)  # fmt: skip

    return _simulate(args, run, (names[0], names[1]))


def _run_score(args: argparse.Namespace) -> int:
    """The Score family's rulesets: its decks, AIs and invariants."""
    try:
        pool = score_decks.score_pool()
        names = _deck_names(args.decks, lambda: score_decks.default_names(args.ruleset))
        decks = score_decks.load_score_decks(names, args.ruleset, pool)
    except (DeckLoadError, score_decks.ScoreDeckError) as exc:
        return _bad_args(str(exc))
    family = ScoreFamily(pool)
    checks = ALL_CHECKS if args.check_invariants else NO_CHECKS

    def run() -> Summary:
        return simulate_score(family, decks, games=args.games, seed=args.seed,
                              ruleset=args.ruleset, ais=_ais(args), checks=checks)  # fmt: skip

    return _simulate(args, run, (names[0], names[1]))


def _run_primetime(args: argparse.Namespace) -> int:
    """Prime Time: rosters (sample names or YAML files), its AIs and invariants."""
    family = PrimeTimeFamily()
    try:
        names = _deck_names(args.decks, lambda: list(DEFAULT_ROSTERS))
        rosters, _ = load_rosters(names, family.pool)
    except (DeckLoadError, RosterError) as exc:
        return _bad_args(str(exc))
    checks = ALL_CHECKS if args.check_invariants else NO_CHECKS

    def run() -> Summary:
        return simulate_pt(family, rosters, games=args.games, seed=args.seed,
                           ruleset=args.ruleset, ais=_ais(args), checks=checks)  # fmt: skip

    return _simulate(args, run, (names[0], names[1]), pt_summary_lines)


Lines = Callable[[Summary, tuple[str, str]], list[str]]


def _simulate(args: argparse.Namespace, run: Callable[[], Summary],
              labels: tuple[str, str], lines: Lines = summary_lines) -> int:  # fmt: skip
    ais = _ais(args)
    try:
        summary = run()
    except InvariantViolation as exc:
        print(f"invariant violation in game seed {exc.seed} at decision {exc.decision}:")
        for problem in exc.problems:
            print(f"- {problem}")
        print(_reproduce(args, labels, exc.seed))
        return EXIT_BUG
    except EngineFailure as exc:
        print(f"engine error in game seed {exc.seed} at decision {exc.decision}: {exc}")
        print(_reproduce(args, labels, exc.seed))
        return EXIT_BUG
    print(f"ruleset: {args.ruleset}; AIs: {ais[0]} (A) vs {ais[1]} (B); seeds {args.seed}..")
    print("\n".join(lines(summary, labels)))
    print("\n".join(timing_lines(summary)))
    return EXIT_OK


def _reproduce(args: argparse.Namespace, labels: tuple[str, str], seed: int) -> str:
    ai_a, ai_b = _ais(args)
    return (
        f"reproduce: scouter simulate --games 1 --seed {seed} --ruleset {args.ruleset} "
        f"--decks {labels[0]},{labels[1]} --ai {ai_a} --ai-b {ai_b} --check-invariants"
    )


def _listed(option: str | None) -> list[str | None]:
    return [name.strip() for name in option.split(",")] if option else []


def _deck_names(option: str | None, defaults: Callable[[], list[str]]) -> list[str]:
    if option is None:
        return defaults()
    names = [name.strip() for name in option.split(",")]
    if len(names) != 2 or not all(names):
        raise DeckLoadError(f"--decks needs two names separated by a comma, got {option!r}")
    return names


def _pool() -> CardPool | None:
    try:
        pool = load_pool()
    except (ValueError, OSError) as exc:
        print(f"error: cannot load the card data: {exc}", file=sys.stderr)
        return None
    if not len(pool):
        print(f"error: no card data found in {SANDBOX_DIR}", file=sys.stderr)
        return None
    return pool


def _bad_args(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return EXIT_BAD_ARGS
