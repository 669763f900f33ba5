"""The real card texts of the OCTGN corpus (shared/corpus/octgn, fan-transcribed set
files), read straight from the XML so that these tests do not depend on the importer."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "octgn"


@cache
def _records() -> tuple[tuple[str, str, str], ...]:
    found: list[tuple[str, str, str]] = []
    for path in sorted(CORPUS.glob("*.xml")):
        for card in ET.parse(path).getroot().iter("card"):
            props = {p.get("name"): p.get("value") or "" for p in card.iter("property")}
            found.append((card.get("name") or "", props.get("Type", ""), props.get("Text", "")))
    return tuple(found)


def corpus_records() -> tuple[tuple[str, str, str], ...]:
    """(name, type as printed, text) of every card of the corpus; skips the test when the
    corpus is not on this machine."""
    if not CORPUS.is_dir():
        pytest.skip(f"the OCTGN card corpus is not here ({CORPUS}): nothing real to check")
    return _records()


def corpus_texts() -> list[str]:
    return [text for _, _, text in corpus_records()]
