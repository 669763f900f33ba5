"""`scouter simulate`: AI-vs-AI games, summarised; with --check-invariants a fuzzer.

Exit codes: 0 ok; 1 an invariant violation or an engine error (a bug report: the seed and
decision number replay it); 2 bad arguments. Never a traceback.
"""

from __future__ import annotations

import argparse
import sys

from bot.simulation import (
    AI_KINDS,
    ALL_CHECKS,
    NO_CHECKS,
    DeckLoadError,
    EngineFailure,
    InvariantViolation,
    default_deck_names,
    load_decks,
    simulate_many,
    summary_lines,
    timing_lines,
)
from engine.panini.cards import SANDBOX_DIR, CardPool, load_pool
from engine.panini.decklist import Deck
from engine.panini.rulesets import DEFAULT_RULESET, RULESETS, UnknownRuleset, get_ruleset

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
        default=DEFAULT_RULESET,
        help=f"one of {', '.join(sorted(RULESETS))} (default {DEFAULT_RULESET})",
    )
    parser.add_argument(
        "--decks",
        help="A,B: starter deck names or deck list files (default: first two starters)",
    )
    parser.add_argument("--ai", choices=AI_KINDS, default="random", help="deck A's AI")
    parser.add_argument("--ai-b", choices=AI_KINDS, help="deck B's AI (default: same as --ai)")
    parser.add_argument(
        "--check-invariants",
        action="store_true",
        help="check the engine invariants after every decision; stop at the first violation",
    )


def run_command(args: argparse.Namespace) -> int:
    if args.games < 1:
        return _bad_args("--games must be at least 1")
    try:
        get_ruleset(args.ruleset)
    except UnknownRuleset as exc:
        return _bad_args(str(exc))
    pool = _pool()
    if pool is None:
        return EXIT_BAD_ARGS
    try:
        names = _deck_names(args.decks)
        decks = load_decks(names, pool)
    except DeckLoadError as exc:
        return _bad_args(str(exc))
    return _simulate(args, decks, pool, (names[0], names[1]))


def _simulate(
    args: argparse.Namespace, decks: list[Deck], pool: CardPool, labels: tuple[str, str]
) -> int:
    ais = (args.ai, args.ai_b or args.ai)
    try:
        summary = simulate_many(
            decks,
            pool,
            games=args.games,
            seed=args.seed,
            ruleset=args.ruleset,
            ais=ais,
            checks=ALL_CHECKS if args.check_invariants else NO_CHECKS,
        )
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
    print("\n".join(summary_lines(summary, labels)))
    print("\n".join(timing_lines(summary)))
    return EXIT_OK


def _reproduce(args: argparse.Namespace, labels: tuple[str, str], seed: int) -> str:
    ai_b = args.ai_b or args.ai
    return (
        f"reproduce: scouter simulate --games 1 --seed {seed} --ruleset {args.ruleset} "
        f"--decks {labels[0]},{labels[1]} --ai {args.ai} --ai-b {ai_b} --check-invariants"
    )


def _deck_names(option: str | None) -> list[str]:
    if option is None:
        return default_deck_names()
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
