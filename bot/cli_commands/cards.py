"""`scouter cards import PATH` and `scouter cards coverage`: bring card lists in from other
formats (engine.panini.importers) and see how much of their text the engine carries out.

import exit codes: 0 some cards imported (rejected records are listed); 1 nothing usable;
2 bad arguments (missing file, unknown format or ruleset).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

import yaml

from bot.cli_commands.primetime_cards import import_pt_cards
from bot.cli_commands.score_cards import import_score_cards
from engine.panini.cards import SANDBOX_DIR, Card, fold_name, load_card_file, load_pool
from engine.panini.cardtext import CardNames, compile_text, reproduces, sentence_shape
from engine.panini.importers import ImportResult, fit_names, parse_cards
from engine.panini.rulesets import DEFAULT_RULESET, UnknownRuleset, get_ruleset
from engine.primetime.rulesets import RULESETS as PT_RULESETS
from engine.score.rulesets import RULESETS as SCORE_RULESETS

EXIT_OK = 0
EXIT_NOTHING_USABLE = 1
EXIT_BAD_ARGUMENTS = 2
DEFAULT_OUT = Path("var/cards")
STATUSES = ("automated", "partial", "manual")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cards = subparsers.add_parser("cards", help="import card lists and check text coverage")
    actions = cards.add_subparsers(dest="cards_command", required=True, metavar="ACTION")
    load = actions.add_parser("import", help="import a card list (OCTGN, Lackey, JSON, CSV)")
    load.add_argument("path", type=Path, help="the card list file")
    load.add_argument("--set-name", help="the set's name (default: the one in the file)")
    load.add_argument("--ruleset", default=DEFAULT_RULESET, help="ruleset name")
    load.add_argument("--out", type=Path, default=None,
                      help="output dir (var/cards; var/cards/score for score and ocg; "
                      "var/cards/primetime for prime-time)")
    load.set_defaults(handler=run_import)
    coverage = actions.add_parser("coverage", help="how much card text the engine runs")
    coverage.add_argument("--set", type=Path, help="a card YAML file or a directory of them")
    coverage.set_defaults(handler=run_coverage)


def _error(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return EXIT_BAD_ARGUMENTS


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.casefold()).strip("_") or "set"


def run_import(args: argparse.Namespace) -> int:
    score = args.ruleset in SCORE_RULESETS  # the Score family's card lists
    primetime = args.ruleset in PT_RULESETS  # Prime Time characters and cards (YAML)
    if not score and not primetime:
        try:
            get_ruleset(args.ruleset)
        except UnknownRuleset as exc:
            return _error(f"{exc}; or score, ocg, prime-time")
    path = Path(args.path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return _error(f"no such file: {path}")
    except OSError as exc:
        return _error(f"cannot read {path}: {exc.strerror or exc}")
    if primetime:
        return import_pt_cards(path, data, args.set_name, args.out)
    if score:
        return import_score_cards(path, data, args.set_name, args.out)
    result = parse_cards(path.name, data, args.set_name)
    if result is None:
        return _error(f"cannot tell the format of {path} (use .xml, .tsv, .json or .csv)")
    out_dir = DEFAULT_OUT if args.out is None else Path(args.out)
    if result.cards:
        try:
            _fit_beside_other_sets(result, out_dir)
        except (ValueError, OSError) as exc:
            return _error(f"cannot read the card files already in {out_dir}: {exc}")
    # Written before anything is reported: a report cut short (a closed pipe) never
    # speaks of an import that was not kept.
    out = write_set(result, out_dir) if result.cards else None
    _print_report(result)
    if out is None:
        print("nothing usable: no card file written")
        return EXIT_NOTHING_USABLE
    print(f"wrote {out}")
    return EXIT_OK


def _print_report(result: ImportResult) -> None:
    counts = result.counts()
    print(
        f"{result.format} set {result.set_name or '?'}: {len(result.cards)} of {result.records} "
        f"card(s) imported: {counts['automated']} automated, {counts['partial']} partial, "
        f"{counts['manual']} manual"
    )
    for issues, what in ((result.issues, "rejected"), (result.skipped, "not cards (skipped)"),
                         (result.notes, "imported with a note")):
        if issues:
            print(f"{len(issues)} record(s) {what}:")
            for issue in issues:
                print(f"- {issue}")


def _fit_beside_other_sets(result: ImportResult, out_dir: Path) -> None:
    """Name the set's cards clear of the sandbox and of the other sets in `out_dir` (a card
    keeps the name it had when this set was last imported), as a server does: the folder
    stays one pool that `scouter deck check` can read."""
    target = out_dir / f"{slug(result.set_name)}.yaml"
    taken = {fold_name(name) for name in load_pool().by_name}
    before: list[Card] = []
    for path in sorted(out_dir.glob("*.yaml")) if out_dir.is_dir() else []:
        cards = load_card_file(path)
        if path == target:
            before = cards
        else:
            taken.update(fold_name(card.name) for card in cards)
    fitted = fit_names(result.cards, before, taken, result.set_name,
                       owner="another imported set has")
    result.issues.extend(fitted.rejected)
    result.notes.extend(fitted.notes)
    result.cards = fitted.cards


def write_set(result: ImportResult, out_dir: Path) -> Path:
    """Write the imported cards as one YAML card file (replacing an earlier import)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{slug(result.set_name)}.yaml"
    entries = [card.model_dump(mode="json", by_alias=True, exclude_defaults=True)
               for card in result.cards]  # fmt: skip
    header = (
        f"# Imported by `scouter cards import` ({result.format}): set {result.set_name}.\n"
        "# Re-importing replaces this file; edit the source list instead.\n"
    )
    body = yaml.safe_dump(entries, sort_keys=False, allow_unicode=True, width=100)
    temporary = target.with_suffix(".yaml.tmp")
    temporary.write_text(header + body, encoding="utf-8")
    os.replace(temporary, target)
    return target


def _sources(path: Path | None) -> list[Path]:
    if path is not None:
        return [path]
    sources = [SANDBOX_DIR]
    if DEFAULT_OUT.is_dir():
        sources.append(DEFAULT_OUT)
    return sources


def _load(source: Path) -> list[tuple[str, Card]]:
    files = sorted(source.glob("*.yaml")) if source.is_dir() else [source]
    default = source.name if source.is_dir() else source.stem
    return [(card.set_name or default, card) for file in files for card in load_card_file(file)]


def run_coverage(args: argparse.Namespace) -> int:
    cards: list[tuple[str, Card]] = []
    for source in _sources(args.set):
        if not source.exists():
            return _error(f"no such file or directory: {source}")
        try:
            cards.extend(_load(source))
        except (ValueError, OSError) as exc:
            return _error(f"cannot load {source}: {exc}")
    if not cards:
        return _error("no cards found")
    print(coverage_report(cards))
    return EXIT_OK


def coverage_report(cards: list[tuple[str, Card]], top: int = 15) -> str:
    by_set: dict[str, Counter[str]] = defaultdict(Counter)
    by_type: dict[str, Counter[str]] = defaultdict(Counter)
    from_text: dict[str, Counter[str]] = defaultdict(Counter)
    names = CardNames(
        {c.name for _, c in cards} | {c.personality for _, c in cards if c.personality}
    )
    shapes: Counter[str] = Counter()
    with_text: Counter[str] = Counter()
    imported: set[str] = set()  # sets read from other formats (engine.panini.importers)
    respelled: Counter[str] = Counter()  # card name -> misspelt words read as meant
    for set_name, card in cards:
        by_set[set_name][card.automation] += 1
        by_type[card.type.value][card.automation] += 1
        compiled = compile_text(card.text, card.type)
        from_text[set_name][compiled.status] += 1
        from_text[set_name]["reproduced"] += reproduces(card, compiled)
        if card.source_ids:
            imported.add(set_name)
        shapes.update(sentence_shape(sentence, names) for sentence in compiled.unread)
        respelled[card.name] += len(compiled.respelled)
        if card.text.strip():
            with_text[card.automation] += 1

    def row(label: str, counts: Counter[str]) -> str:
        total = sum(counts[status] for status in STATUSES)
        numbers = ", ".join(f"{counts[status]} {status}" for status in STATUSES)
        return f"  {label}: {total} cards: {numbers}"

    lines = ["Per set (what the engine runs):"]
    lines += [row(name, counts) for name, counts in sorted(by_set.items())]
    lines.append("Per set (compiled from the text alone):")
    for name, counts in sorted(from_text.items()):
        if name in imported:  # their data was compiled from this text at import
            lines.append(row(name, counts))
            continue
        same = counts["reproduced"]
        lines.append(row(name, counts) + f"; {same} identical to the card data")
    lines.append("Per card type (what the engine runs):")
    lines += [row(name, counts) for name, counts in sorted(by_type.items())]
    total = sum(with_text.values())
    if total:
        shares = ", ".join(f"{100 * with_text[status] / total:.1f}% {status}"
                           for status in STATUSES)  # fmt: skip
        lines.append(f"Cards with text: {total}: {shares}")
    words = sum(respelled.values())
    if words:
        misspelt = sum(1 for count in respelled.values() if count)
        lines.append(f"Misspelt words read as the game word they misspell: {words}, "
                     f"on {misspelt} cards (listed in the import notes)")
    lines.append(f"Sentences the compiler cannot read, most frequent shapes (top {top}):")
    lines += [f"  {count:4d}  {shape}" for shape, count in shapes.most_common(top)]
    if not shapes:
        lines.append("  none")
    return "\n".join(lines)
