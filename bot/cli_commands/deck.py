"""`scouter deck check FILE [--ruleset R]`: is a deck list legal?

Exit codes: 0 legal; 1 not legal or the list has bad lines (all of them are printed,
with the deck-building problems of the lines that could be read);
2 unusable input (missing or unreadable file, not UTF-8, unknown ruleset, broken card
data). Every failure is a message, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.cards import SANDBOX_DIR, CardPool, CardType, load_pool
from engine.deckcheck import Violation, check_deck
from engine.decklist import DeckListError, ParsedDeck, parse_deck_list
from engine.rulesets import DEFAULT_RULESET, Ruleset, UnknownRuleset, get_ruleset

EXIT_LEGAL = 0
EXIT_NOT_LEGAL = 1
EXIT_UNUSABLE = 2


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    deck = subparsers.add_parser("deck", help="work with deck lists")
    actions = deck.add_subparsers(dest="deck_command", required=True, metavar="ACTION")
    check = actions.add_parser("check", help="check that a deck list is legal")
    check.add_argument("file", type=Path, help="a deck list text file")
    check.add_argument(
        "--ruleset", default=DEFAULT_RULESET, help=f"ruleset name (default {DEFAULT_RULESET})"
    )
    check.set_defaults(handler=run_check)


def run_check(args: argparse.Namespace) -> int:
    return check_file(Path(args.file), args.ruleset)


def check_file(path: Path, ruleset_name: str, pool: CardPool | None = None) -> int:
    """Check the deck list at `path`, print the verdict and return the exit code."""
    try:
        ruleset = get_ruleset(ruleset_name)
    except UnknownRuleset as exc:
        return _unusable(str(exc))
    text = _read(path)
    if text is None:
        return EXIT_UNUSABLE
    if pool is None:
        try:
            pool = load_pool()
        except (ValueError, OSError) as exc:  # CardFileError, duplicate names, I/O
            return _unusable(f"cannot load the card data: {exc}")
        if not len(pool):
            return _unusable(f"no card data found in {SANDBOX_DIR}")
    try:
        parsed = parse_deck_list(text, pool, name=path.stem)
    except DeckListError as exc:
        print(f"NOT LEGAL: {path} has {len(exc.errors)} unreadable line(s):")
        for error in exc.errors:
            print(f"- {error}")
        if exc.readable is not None and exc.readable.entries:
            print(_readable_verdict(exc.readable, pool, ruleset))
        return EXIT_NOT_LEGAL
    violations = check_deck(parsed, pool, ruleset)
    print(_verdict(parsed, pool, ruleset, violations))
    return EXIT_NOT_LEGAL if violations else EXIT_LEGAL


def _read(path: Path) -> str | None:
    """The file's text, or None after printing why it cannot be used."""
    try:
        # utf-8-sig: Windows editors often start the file with a byte-order mark.
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        _unusable(f"no such file: {path}")
    except IsADirectoryError:
        _unusable(f"{path} is a directory, not a deck list file")
    except UnicodeDecodeError:
        _unusable(f"{path} is not UTF-8 text; save the deck list as UTF-8 and try again")
    except OSError as exc:
        _unusable(f"cannot read {path}: {exc.strerror or exc}")
    return None


def _unusable(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return EXIT_UNUSABLE


def _verdict(
    parsed: ParsedDeck, pool: CardPool, ruleset: Ruleset, violations: list[Violation]
) -> str:
    if violations:
        lines = [f"NOT LEGAL under {ruleset.name}:"]
        lines += [f"- [{v.rule}] {v.message} ({v.source})" for v in violations]
        return "\n".join(lines)
    return f"LEGAL: {parsed.name} ({_summary(parsed, pool)}) under {ruleset.name}"


def _readable_verdict(readable: ParsedDeck, pool: CardPool, ruleset: Ruleset) -> str:
    """The deck-building problems of the lines that could be read, so that fixing the
    unreadable ones does not reveal a second list."""
    violations = check_deck(readable, pool, ruleset)
    if not violations:
        return f"The lines that could be read break no deck-building rule under {ruleset.name}."
    return "and, in the lines that could be read, " + _verdict(readable, pool, ruleset, violations)


def _summary(parsed: ParsedDeck, pool: CardPool) -> str:
    """ "Goku, Saiyan Mastery, 60 cards" for a deck already known to be legal."""
    mp = mastery = ""
    life = 0
    for name, count in parsed.counts().items():
        card = pool[name]
        if card.type == CardType.MAIN_PERSONALITY:
            mp = card.personality or name
        elif card.type == CardType.MASTERY:
            mastery = name
        else:
            life += count
    return f"{mp}, {mastery}, {life} cards"
