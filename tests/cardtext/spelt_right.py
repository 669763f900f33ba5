"""One check for misspelt cards (tests/cardtext/test_spelling.py, test_slips.py): the card
as written compiles as the card spelt right, and is shown as printed."""

from __future__ import annotations

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text


def assert_read_as_spelt_right(
    written: str, meant: str, card_type: CardType, respelled: bool = True
) -> None:
    """`respelled`: a correction is listed (False where normalising alone reads it)."""
    expected = compile_text(meant, card_type)
    assert expected.status == "automated", expected
    found = compile_text(written, card_type)
    assert found.fields == expected.fields
    assert found.respelled or not respelled
    # the card's own words stay as printed: what players are shown is never rewritten
    assert " ".join(found.compiled) == written
