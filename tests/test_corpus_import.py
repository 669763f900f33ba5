"""The real OCTGN set files players keep (../shared/corpus/octgn, development only) import
whole: every record is a card, a repeat of one, a record that is no card, or rejected for a
reason a server admin can fix in the file (a Power Rating or level the file gets wrong)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from engine.panini.cards import Alignment, CardPool, CardType, fold_name
from engine.panini.importers import ImportResult, parse_octgn, renamed_clear_of

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "octgn"
# The records the files get wrong, by field: Power Ratings with a stage missing, doubled or
# out of order (typos such as "00000"), Main Personalities without a level, and two cards
# whose type says only "Freestyle" while their text does not show which type they are.
EXPECTED_REJECTIONS = {"power_stages": 14, "level": 5, "type": 2}


@pytest.fixture(scope="module")
def imports() -> list[ImportResult]:
    if not CORPUS.is_dir():
        pytest.skip(f"the card corpus is not here ({CORPUS}); see shared/corpus/README.md")
    return [parse_octgn(path.read_bytes()) for path in sorted(CORPUS.glob("*.xml"))]


def test_every_record_is_accounted_for(imports: list[ImportResult]) -> None:
    records = sum(result.records for result in imports)
    cards = sum(len(result.cards) for result in imports)
    repeats = sum(1 for r in imports for note in r.notes if note.reason.startswith("repeats"))
    skipped = sum(len(result.skipped) for result in imports)
    rejected = Counter(issue.field for result in imports for issue in result.issues)
    assert records == 1673
    assert (cards, repeats, skipped) == (1630, 19, 3)
    assert dict(rejected) == EXPECTED_REJECTIONS
    assert cards + repeats + skipped + rejected.total() == records


def test_every_personality_the_files_can_describe_imports(imports: list[ImportResult]) -> None:
    """Main Personalities and Allies: none is rejected for its type label or alignment."""
    personal = [c for r in imports for c in r.cards if c.is_personality]
    kinds = Counter(card.type for card in personal)
    assert kinds[CardType.MAIN_PERSONALITY] == 174 and kinds[CardType.ALLY] == 59
    for result in imports:
        for issue in result.issues:
            assert issue.field in EXPECTED_REJECTIONS, str(issue)
    aligned = Counter(card.alignment for card in personal)
    assert aligned[Alignment.HERO] >= 15 and aligned[Alignment.VILLAIN] >= 10  # "Hero MP" ...
    assert all(len(card.power_stages) == 11 for card in personal)


def test_all_sets_together_make_one_pool(imports: list[ImportResult]) -> None:
    """A server importing every set: reprints and same-named cards of other sets are named
    apart by their set, and OCTGN ids still find each card."""
    taken: set[str] = set()
    cards = []
    for result in imports:
        for card in result.cards:
            named = renamed_clear_of(card, taken, result.set_name)
            assert named is not None
            taken.add(fold_name(named.name))
            cards.append(named)
    pool = CardPool(cards)
    assert len(pool) == 1630
    assert sum(1 for card in cards if card.printed_name) > 250
    first_set_1 = next(result for result in imports if result.set_name == "Set 1").cards[0]
    found = pool.find_source_id(first_set_1.source_ids[0])
    assert found is not None and found.title == first_set_1.title


# The share of the corpus's cards with text the engine runs whole (automated) and at
# least in part (automated or partial), as measured when each rose; a change that makes
# the compiler read less fails here. The goal (issue 14) is 70% and 90%.
AUTOMATED_AT_LEAST = 0.755
RUN_AT_LEAST = 0.901


def test_the_share_of_card_text_refereed_does_not_fall(imports: list[ImportResult]) -> None:
    with_text = [card for result in imports for card in result.cards if card.text.strip()]
    counts = Counter(card.automation for card in with_text)
    automated = counts["automated"] / len(with_text)
    run = (counts["automated"] + counts["partial"]) / len(with_text)
    assert automated >= AUTOMATED_AT_LEAST, f"{automated:.1%} automated"
    assert run >= RUN_AT_LEAST, f"{run:.1%} automated or partial"
