"""Card list importers: OCTGN set.xml, LackeyCCG-style tab-separated lists, and our own
JSON/CSV (docs/card-format.md). Pure functions over bytes; files are read at the CLI."""

from engine.importers.core import (
    ImportResult,
    Issue,
    RawRecord,
    build_cards,
    named_as_before,
    renamed_clear_of,
)
from engine.importers.formats import (
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
    "ImportResult",
    "Issue",
    "RawRecord",
    "build_cards",
    "detect_format",
    "named_as_before",
    "parse_cards",
    "parse_csv",
    "parse_json",
    "parse_lackey",
    "parse_octgn",
    "renamed_clear_of",
]
