"""`scouter cards import FILE --ruleset prime-time`: a YAML file of DBZ: Prime Time
characters and deck cards (docs/primetime-data.md, "Importing") written beside the other
imported Prime Time sets (var/cards/primetime/), where `scouter deck check --game
prime-time` reads them with the sample."""

from __future__ import annotations

import os
from pathlib import Path

from bot.services.primetime_cardsets import dump_set, set_name_of
from engine.primetime.data import DataError
from engine.primetime.pool import Imported, Pool, read_import, sample_pool, with_imports

IMPORTED_DIR = Path("var/cards/primetime")
EXIT_OK, EXIT_NOTHING_USABLE = 0, 1


def imported_sets(folder: Path, but: Path | None = None) -> list[tuple[str, Imported]]:
    """The sets imported into `folder` (none when it is absent), by file stem."""
    files = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
    return [(path.stem, read_import(path.read_bytes(), path.name))
            for path in files if path != but]


def imported_pool(cards_dir: Path | None = None) -> Pool:
    """The sample with the sets imported into `cards_dir` (default var/cards/primetime)."""
    return with_imports(sample_pool(), imported_sets(cards_dir or IMPORTED_DIR))


def import_pt_cards(path: Path, data: bytes, set_name: str | None, out_dir: Path | None) -> int:
    """Check the file against the sample and the other imported sets, write it, report;
    the exit code. Any problem: nothing is written."""
    out = IMPORTED_DIR if out_dir is None else out_dir
    try:
        content = read_import(data, path.name)
        name = set_name or content.name or set_name_of(path.name)
        target = out / f"{_slug(name)}.yaml"
        with_imports(sample_pool(), [*imported_sets(out, but=target), (target.stem, content)])
    except (DataError, OSError) as exc:
        print(f"error: {exc}; nothing was written")
        return EXIT_NOTHING_USABLE
    if not content.ids():
        print(f"error: {path}: it has no characters or cards; nothing was written")
        return EXIT_NOTHING_USABLE
    out.mkdir(parents=True, exist_ok=True)
    temporary = target.with_suffix(".yaml.tmp")
    temporary.write_text(f"# Imported by `scouter cards import --ruleset prime-time`: set "
                         f"{name}.\n" + dump_set(content), encoding="utf-8")
    os.replace(temporary, target)
    print(f"Prime Time set {name}: {len(content.characters)} character(s), "
          f"{len(content.cards)} deck card(s): {', '.join(content.ids())}")
    print(f"wrote {target}")
    return EXIT_OK


def _slug(name: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in name.casefold()).strip("-") or "set"
