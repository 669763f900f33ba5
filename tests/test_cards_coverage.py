"""`scouter cards coverage` at corpus scale: card names are masked in sentence shapes with
patterns built once, and the result is the same as masking name by name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.cli_commands.cards import coverage_report
from engine.panini.cards import Card, load_pool
from engine.panini.cardtext import CardNames, compile_text, sentence_shape
from engine.panini.importers import parse_octgn

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "octgn"


def test_coverage_builds_each_name_pattern_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Building a pattern per name per sentence took minutes on 1,600 cards."""
    cards = [("sandbox", card) for card in load_pool().by_name.values()]
    names = {card.name for _, card in cards} | {c.personality for _, c in cards if c.personality}
    manual = [s for _, card in cards for s in compile_text(card.text, card.type).manual]
    assert len(manual) > 1, "the sandbox needs sentences left manual for this test"
    escaped: list[str] = []
    real_escape = re.escape

    def counting_escape(pattern: str) -> str:
        escaped.append(pattern)
        return real_escape(pattern)

    monkeypatch.setattr(re, "escape", counting_escape)
    coverage_report(cards)
    assert len(escaped) <= len(names)


def name_by_name(sentence: str, patterns: list[re.Pattern[str]]) -> str:
    """The straightforward masking: each name's pattern in turn on the whole text."""
    shape = " ".join(sentence.split())
    for pattern in patterns:
        shape = pattern.sub("<card>", shape)
    return sentence_shape(shape)  # numbers only: no names left to mask


def corpus_cards() -> list[Card]:
    if not CORPUS.is_dir():
        pytest.skip(f"the card corpus is not here ({CORPUS}); see shared/corpus/README.md")
    return [card for path in sorted(CORPUS.glob("*.xml"))
            for card in parse_octgn(path.read_bytes()).cards]  # fmt: skip


def test_shapes_match_name_by_name_masking_on_the_corpus() -> None:
    cards = corpus_cards()
    names = {card.name for card in cards} | {c.personality for c in cards if c.personality}
    # every sentence, read or not, so the comparison does not shrink as the compiler grows
    results = [compile_text(card.text, card.type) for card in cards]
    sentences = sorted({s for result in results for s in result.compiled + result.manual})
    assert len(sentences) > 1000
    longest_first = sorted((n for n in names if n.strip()), key=lambda n: (-len(n), n))
    # compiled once here, or masking name by name takes minutes
    patterns = [re.compile(re.escape(name), re.IGNORECASE) for name in longest_first]
    masker = CardNames(names)
    for sentence in sentences:
        assert sentence_shape(sentence, masker) == name_by_name(sentence, patterns), sentence


def test_imported_sets_are_not_compared_with_their_own_compile() -> None:
    """An imported set's abilities were compiled from its text at import, and its record
    fields (a Limit property) are not text: "identical to the card data" would mislead."""
    from bot.cli_commands.cards import coverage_report
    from engine.panini.cards import Card

    card = Card.model_validate({"name": "Imported Jab", "type": "physical_combat",
                                "text": "Physical attack. DAMAGE: AT.", "limit_per_deck": 1,
                                "attack": {"type": "physical", "damage": {"kind": "at"}},
                                "source_ids": ["abc"]})  # fmt: skip
    report = coverage_report([("Real Set", card)])
    assert "identical" not in report
