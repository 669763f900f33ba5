"""`scouter deck check FILE [--ruleset R] [--cards DIR]`: is a deck legal?

FILE is a deck list as text, or an OCTGN deck file (.o8d, or any file starting with `<`);
with `--game prime-time`, a Prime Time roster YAML file (bot.cli_commands.deck_primetime).
Its cards are looked up among the built-in set and the sets imported with `scouter cards
import` (the YAML files in DIR, default var/cards); the output's first line says which
card folders were read.

Exit codes: 0 legal; 1 not legal or the list has bad lines (all of them are printed,
with the deck-building problems of the lines that could be read);
2 unusable input (missing or unreadable file, not UTF-8, a file that is not an OCTGN
deck, unknown ruleset, broken or clashing card data). Every failure is a message, never a
traceback.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.cli_commands.cards import DEFAULT_OUT
from bot.cli_commands.deck_primetime import check_pt_file
from bot.cli_commands.primetime_cards import imported_pool
from bot.cli_commands.score_deck import check_score_file
from engine.panini.cards import SANDBOX_DIR, Card, CardPool, CardType, load_card_file, load_pool
from engine.panini.deckcheck import Violation, check_deck
from engine.panini.decklist import DeckListError, ParsedDeck, parse_deck_list
from engine.panini.decklist_o8d import DeckFileError, is_o8d, parse_o8d
from engine.panini.rulesets import (
    DEFAULT_RULESET,
    RULESETS,
    Ruleset,
    UnknownRuleset,
    get_ruleset,
)
from engine.primetime.data import DataError
from engine.primetime.rulesets import RULESETS as PT_RULESETS
from engine.score.rulesets import RULESETS as SCORE_RULESETS

EXIT_LEGAL = 0
EXIT_NOT_LEGAL = 1
EXIT_UNUSABLE = 2


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    deck = subparsers.add_parser("deck", help="work with deck lists")
    actions = deck.add_subparsers(dest="deck_command", required=True, metavar="ACTION")
    check = actions.add_parser("check", help="check that a deck list is legal")
    check.add_argument("file", type=Path, help="a deck list text file or an OCTGN .o8d deck")
    check.add_argument(
        "--ruleset", "--game", dest="ruleset", default=DEFAULT_RULESET,
        help=f"panini-2016, panini-2014, score, ocg or prime-time (a roster YAML file) "
        f"(default {DEFAULT_RULESET})",
    )
    check.add_argument(
        "--cards", type=Path, default=None, metavar="DIR",
        help=f"imported card sets to read besides the built-in ones (default {DEFAULT_OUT})",
    )  # fmt: skip
    check.set_defaults(handler=run_check)


def run_check(args: argparse.Namespace) -> int:
    cards = getattr(args, "cards", None)
    return check_file(Path(args.file), args.ruleset, cards_dir=cards)


class _Unusable(Exception):
    """Input the check cannot use; the message says why."""


def check_file(
    path: Path, ruleset_name: str, pool: CardPool | None = None, cards_dir: Path | None = None
) -> int:
    """Check the deck (a list or an .o8d) at `path`, print the verdict and return the exit
    code. Without `pool`: the built-in cards and those imported into `cards_dir` (default
    var/cards, skipped when absent)."""
    if ruleset_name in PT_RULESETS:  # a roster with its deck (docs/primetime-data.md)
        try:
            _read(path)
        except _Unusable as exc:
            return _unusable(str(exc))
        try:
            characters = imported_pool(cards_dir)  # the sample and var/cards/primetime
        except (DataError, OSError) as exc:
            return _unusable(f"the imported Prime Time sets cannot be read: {exc}")
        code, verdict = check_pt_file(path, characters)
        print(verdict)
        return code
    if ruleset_name in SCORE_RULESETS:  # the Score family (docs/games.md)
        try:
            score_data = _read(path)
        except _Unusable as exc:
            return _unusable(str(exc))
        code, verdict = check_score_file(path, score_data, ruleset_name, cards_dir)
        print(verdict)
        return code
    try:
        ruleset = get_ruleset(ruleset_name)
        data = _read(path)
        if pool is None:
            pool, folders = _load_cards(cards_dir)
            print(f"Card folders read: {', '.join(folders)}")
    except UnknownRuleset:
        known = ", ".join([*sorted(RULESETS), *SCORE_RULESETS, *PT_RULESETS])
        return _unusable(f"unknown ruleset {ruleset_name!r}; known rulesets: {known}")
    except _Unusable as exc:
        return _unusable(str(exc))
    try:
        parsed = _parse(path, data, pool)
    except _Unusable as exc:
        return _unusable(str(exc))
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


def _read(path: Path) -> bytes:
    """The file's bytes; _Unusable says why they cannot be read."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise _Unusable(f"no such file: {path}") from None
    except IsADirectoryError:
        raise _Unusable(f"{path} is a directory, not a deck list file") from None
    except OSError as exc:
        raise _Unusable(f"cannot read {path}: {exc.strerror or exc}") from None


def _parse(path: Path, data: bytes, pool: CardPool) -> ParsedDeck:
    """The deck in `data`: an OCTGN deck file or a text list. Raises DeckListError for
    unreadable lines, _Unusable for a file that is neither."""
    if is_o8d(data, path.name):
        try:
            return parse_o8d(data, pool, name=path.stem)
        except DeckFileError as exc:
            raise _Unusable(f"{path} cannot be read as an OCTGN deck (.o8d): {exc}") from None
    try:
        # utf-8-sig: Windows editors often start the file with a byte-order mark.
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        message = f"{path} is not UTF-8 text; save the deck list as UTF-8 and try again"
        raise _Unusable(message) from None
    return parse_deck_list(text, pool, name=path.stem)


def _load_cards(cards_dir: Path | None) -> tuple[CardPool, list[str]]:
    """The built-in cards and the imported ones in `cards_dir`, and the folders read."""
    try:
        builtin = load_pool()
    except (ValueError, OSError) as exc:  # CardFileError, duplicate names, I/O
        raise _Unusable(f"cannot load the card data: {exc}") from None
    if not len(builtin):
        raise _Unusable(f"no card data found in {SANDBOX_DIR}")
    folders = [f"{_shown(SANDBOX_DIR)} (built in)"]
    imported = DEFAULT_OUT if cards_dir is None else cards_dir
    if not imported.is_dir():
        if cards_dir is not None:
            raise _Unusable(f"no such card folder: {cards_dir}")
        return builtin, folders
    where = {card.name: "the built-in cards" for card in builtin.by_name.values()}
    cards = list(builtin.by_name.values())
    files = sorted(imported.glob("*.yaml"))
    for file in files:
        try:
            found = load_card_file(file)
        except (ValueError, OSError) as exc:
            raise _Unusable(f"cannot load the card data: {exc}") from None
        cards += found
        clash = next((card for card in found if card.name in where), None)
        if clash is not None:
            raise _Unusable(_clash(clash, where[clash.name], file))
        where.update((card.name, str(file)) for card in found)
    folders.append(f"{_shown(imported)} ({len(files)} card file(s))")
    try:
        return CardPool(cards), folders
    except ValueError as exc:  # two cards of one file share a name
        raise _Unusable(f"cannot load the card data: {exc}") from None


def _clash(card: Card, first: str, second: Path) -> str:
    return (
        f"two card sets hold a card named {card.name!r}: {first} and {second}. "
        "A deck is read with one card per name: import one of the two sets again "
        "(`scouter cards import` names its cards clear of the other sets), or give --cards "
        "a folder without it"
    )


def _shown(path: Path) -> str:
    """`path` relative to the current folder when it is inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


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
