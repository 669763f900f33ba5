"""`scouter cards import PATH --ruleset score|ocg`: a Score family card list (Lackey
tab-separated, CSV or JSON; engine.score.importers) written as a card file beside the
Score sandbox, where `scouter deck check --ruleset score|ocg` reads it."""

from __future__ import annotations

import os
from pathlib import Path

import yaml

from bot.cli_commands.score_deck import IMPORTED_DIR
from engine.score.cards import SANDBOX_DIR, CardFileError, fold, load_card_file, load_pool
from engine.score.cardtext import compile_power
from engine.score.importers import ScoreImport, parse_score_cards

EXIT_OK, EXIT_NOTHING_USABLE, EXIT_BAD_ARGUMENTS = 0, 1, 2


def import_score_cards(path: Path, data: bytes, set_name: str | None,
                       out_dir: Path | None) -> int:  # fmt: skip
    """Import, report and write; the exit code."""
    out = IMPORTED_DIR if out_dir is None else out_dir
    result = parse_score_cards(path.name, data, set_name)
    if result.file_problem:
        print(f"error: {path}: {result.file_problem}")
        return EXIT_BAD_ARGUMENTS
    if not result.set_name:
        print(f"error: {path}: no set name in the file (use --set-name)")
        return EXIT_BAD_ARGUMENTS
    target = out / f"{_slug(result.set_name)}.yaml"
    try:
        _clear_of_other_sets(result, out, target)
    except (CardFileError, ValueError) as exc:
        print(f"error: cannot read the card files already in {out}: {exc}")
        return EXIT_BAD_ARGUMENTS
    if result.cards:  # kept before it is reported (as bot.cli_commands.cards does)
        _write(result, target)
    _report(result)
    if not result.cards:
        print("nothing usable: no card file written")
        return EXIT_NOTHING_USABLE
    print(f"wrote {target}")
    return EXIT_OK


def _slug(name: str) -> str:
    return "".join(ch if ch.isalnum() else "_" for ch in name.casefold()).strip("_") or "set"


def _clear_of_other_sets(result: ScoreImport, out: Path, target: Path) -> None:
    """A card named like a sandbox card or one of another imported set is rejected: a deck
    list names cards, and one name must mean one card."""
    taken = {fold(name) for name in load_pool(SANDBOX_DIR).names()}
    for other in sorted(out.glob("*.yaml")) if out.is_dir() else []:
        if other != target:
            taken.update(fold(card.name) for card in load_card_file(other))
    kept = []
    for card in result.cards:
        if fold(card.name) in taken:
            result.rejected.append((card.name, "a card of that name is already in the sandbox "
                                               "or another imported set"))  # fmt: skip
        else:
            kept.append(card)
    result.cards = kept


def _report(result: ScoreImport) -> None:
    automated = sum(compile_power(card.text).automated for card in result.cards)
    print(f"Score set {result.set_name}: {len(result.cards)} card(s) imported, {automated} "
          f"with all their text refereed, {len(result.cards) - automated} with sentences "
          "resolved by hand")
    for items, what in ((result.rejected, "rejected"), (result.notes, "imported with a note")):
        if items:
            print(f"{len(items)} record(s) {what}:")
            for record, why in items:
                print(f"- {record}: {why}")
    if result.skipped:
        print(f"{len(result.skipped)} record(s) not cards (skipped): {', '.join(result.skipped)}")


def _write(result: ScoreImport, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    entries = [card.model_dump(mode="json", exclude_defaults=True) for card in result.cards]
    header = (f"# Imported by `scouter cards import --ruleset score`: set {result.set_name}.\n"
              "# Re-importing replaces this file; edit the source list instead.\n")  # fmt: skip
    body = yaml.safe_dump(entries, sort_keys=False, allow_unicode=True, width=100)
    temporary = target.with_suffix(".yaml.tmp")
    temporary.write_text(header + body, encoding="utf-8")
    os.replace(temporary, target)
