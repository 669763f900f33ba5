"""Card list importers: OCTGN set.xml, LackeyCCG-style tab-separated lists, and our own
JSON/CSV (docs/card-format.md). Pure functions over bytes; files are read at the CLI."""

from engine.panini.importers.core import (
    FittedNames,
    ImportResult,
    Issue,
    RawRecord,
    build_cards,
    fit_names,
    renamed_clear_of,
)
from engine.panini.importers.formats import (
    PARSERS,
    detect_format,
    parse_cards,
    parse_csv,
    parse_json,
    parse_lackey,
    parse_octgn,
)

__all__ = [
    "PARSERS",
    "FittedNames",
    "ImportResult",
    "Issue",
    "RawRecord",
    "build_cards",
    "detect_format",
    "fit_names",
    "parse_cards",
    "parse_csv",
    "parse_json",
    "parse_lackey",
    "parse_octgn",
    "renamed_clear_of",
]
