"""The hand audit of automated real cards stays true (tests/corpus_audit.py): every audited
card still compiles to exactly what was checked, and none was found wrong."""

from __future__ import annotations

from tests.corpus import corpus_pool, need_corpus
from tests.corpus_audit import COUNT, card_id, compiled_fields, load_audit


def test_the_audit_holds_its_count_of_cards_and_none_is_wrong() -> None:
    audit = load_audit()
    verdicts = [entry["verdict"] for entry in audit["cards"]]
    assert len(verdicts) == COUNT, "run `.venv/bin/python -m tests.corpus_audit`"
    assert verdicts.count("ok") == COUNT, {
        entry["name"]: entry["verdict"] for entry in audit["cards"] if entry["verdict"] != "ok"
    }


def test_every_audited_card_still_compiles_as_it_was_checked() -> None:
    """A change to the compiler that changes an audited card fails here: audit it again
    (regenerate, read the "unchecked" entries, set their verdict)."""
    need_corpus()
    by_id = {card_id(card): card for card in corpus_pool().by_name.values()}
    stale = []
    for entry in load_audit()["cards"]:
        card = by_id.get(entry["id"])
        if card is None or compiled_fields(card) != entry["compiled"]:
            stale.append(entry["name"])
    assert not stale, f"audited cards whose compile changed: {stale}"
