"""The shapes real OCTGN set files give records (invented cards in those shapes): type labels
carrying alignments, typos and attacks, Power Ratings written every which way, records
that are not cards, and a card repeated or reprinted under one name."""

from __future__ import annotations

from xml.sax.saxutils import quoteattr

import pytest

from engine.panini.cards import CardType
from engine.panini.importers import ImportResult, parse_octgn
from engine.panini.importers.core import power_stages
from engine.panini.importers.labels import LabelError, read_type_label

STAGES = "0; 100; 200; 300; 400; 500; 600; 700; 800; 900; 1000"


def octgn(*cards: dict[str, str], set_name: str = "Shapes") -> ImportResult:
    """An OCTGN set file of `cards` (each: id, name and property values), imported."""
    rows = []
    for card in cards:
        props = "".join(f'<property name="{key}" value={quoteattr(value)}/>'
                        for key, value in card.items() if key not in ("id", "name"))
        rows.append(f"<card id={quoteattr(card['id'])} name={quoteattr(card['name'])}>"
                    f"{props}</card>")
    xml = f'<set name="{set_name}"><cards>{"".join(rows)}</cards></set>'
    return parse_octgn(xml.encode())


def personality(card_id: str, name: str, label: str, **extra: str) -> dict[str, str]:
    return {"id": card_id, "name": name, "Type": label, "Card Level": "1", "PUR": "2",
            "Power Rating": STAGES, **extra}


@pytest.mark.parametrize(
    ("label", "kind", "alignment"),
    [
        ("Hero MP", CardType.MAIN_PERSONALITY, "hero"),
        ("Villain MP", CardType.MAIN_PERSONALITY, "villain"),
        ("Hero", CardType.MAIN_PERSONALITY, "hero"),
        ("Villain", CardType.MAIN_PERSONALITY, "villain"),
        ("Personality", CardType.MAIN_PERSONALITY, None),
        ("personality", CardType.MAIN_PERSONALITY, None),
        ("Villain Ally", CardType.ALLY, "villain"),
        ("Hero Ally", CardType.ALLY, "hero"),
        ("Hero/Villain Ally", CardType.ALLY, None),
    ],
)
def test_personality_labels_give_type_and_alignment(
    label: str, kind: CardType, alignment: str | None
) -> None:
    """2016 ALIGNMENT: a personality is a Hero (blue) or a Villain (red); files say which in
    the type label, or not at all."""
    result = octgn(personality("p1", "Zorn - Wandering", label))
    assert [str(issue) for issue in result.issues] == []
    (card,) = result.cards
    assert (card.type, card.alignment, card.personality) == (kind, alignment, "Zorn")
    unknown = [note for note in result.notes if note.field == "alignment"]
    # "Hero/Villain" is an Ally of either alignment, not an unknown one
    assert bool(unknown) == (alignment is None and label != "Hero/Villain Ally")


def test_an_alignment_stated_twice_must_agree() -> None:
    result = octgn(personality("p1", "Zorn, Wandering", "Hero MP", Traits="Villain"))
    assert [str(issue) for issue in result.issues] == [
        "card p1 (Zorn, Wandering): alignment: the record disagrees with itself: Traits says "
        "villain, Type says hero"
    ]
    agreeing = octgn(personality("p1", "Zorn, Wandering", "Hero MP", Traits="Hero, Saiyan"))
    assert agreeing.cards[0].alignment == "hero" and agreeing.cards[0].traits == ["saiyan"]


@pytest.mark.parametrize(
    ("label", "text", "kind"),
    [
        ("Phyiscal Combat", "Physical attack. DAMAGE: 3 stages.", CardType.PHYSICAL_COMBAT),
        ("Physical attack.", "Physical attack. DAMAGE: 3 stages.", CardType.PHYSICAL_COMBAT),
        ("Energy Combat.", "Energy attack. DAMAGE: 3 life cards.", CardType.ENERGY_COMBAT),
        ("Freestyle", "(Villains only.) Energy attack costing 2 stages. DAMAGE: 4 life cards.",
         CardType.ENERGY_COMBAT),
    ],
)
def test_type_labels_with_slips_are_read_and_noted(label: str, text: str, kind: CardType) -> None:
    result = octgn({"id": "c1", "name": "Odd Blast", "Type": label, "Text": text})
    assert result.cards[0].type == kind
    if label.rstrip(".").casefold() not in ("physical attack", "energy combat"):
        assert [note.reason for note in result.notes if note.field == "type"]


def test_a_style_as_type_without_an_attack_is_rejected_with_the_reason() -> None:
    """An Event and a Setup both open with POWER:: the file must say which it is."""
    result = octgn({"id": "c1", "name": "Odd Plan", "Type": "Freestyle",
                    "Text": "POWER: Draw 2 cards."})
    assert not result.cards
    assert "'Freestyle' is a style, not a card type" in result.issues[0].reason
    with pytest.raises(LabelError, match="only personalities have one"):
        read_type_label("Hero Event")


def test_records_that_are_not_cards_are_skipped_and_counted_apart() -> None:
    result = octgn({"id": "b1", "name": "OK", "Type": "Button"},
                   {"id": "t1", "name": "Saibaman", "Type": "Token"},
                   {"id": "c1", "name": "Plain Plan", "Type": "Event", "Text": "Draw a card."})
    assert [card.name for card in result.cards] == ["Plain Plan"]
    assert result.issues == []
    assert [str(skip) for skip in result.skipped] == [
        "card b1 (OK): type: not a card (a button)",
        "card t1 (Saibaman): type: not a card (a token)",
    ]


@pytest.mark.parametrize(
    "raw",
    [
        STAGES,
        "1000; 900; 800; 700; 600; 500; 400; 300; 200; 100; 0",  # highest first
        "100;200;300;400;500;600;700;800;900;1000",  # the ten ratings without 0
        "1000; 900; 800; 700; 600; 500; 400; 300; 200; 100",  # ... highest first
        "0; 1000; 900; 800; 700; 600; 500; 400; 300; 200; 100",  # 0, then highest first
        "1000; 900; 800; 700; 600; 500; 400; 300; 200; 100, 0",  # a comma for the last one
        ";0;100;200;300;400;500;600;700;800;900;1000;",  # stray separators at the ends
        "0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000",
    ],
)
def test_power_ratings_as_files_write_them(raw: str) -> None:
    """2016 "Power Stages": stage 0 and ten power ratings, lowest to highest."""
    assert power_stages(raw) == [0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]


def test_a_thousands_separator_with_a_space_is_one_number() -> None:
    raw = "90000; 75000; 60000; 55000; 40000; 25, 000; 20000; 15000; 10000; 5000; 0"
    assert power_stages(raw)[5] == 25000


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("2;3;4;5;6;;8;9;10;11", "a power stage is missing after 6"),
        ("0;100;200;300;400;500;600;700;800;900", "found 10"),
        ("3800; 0; 200; 600; 1000; 1400; 1600; 1800; 2200; 2600; 3000; 3400", "found 12"),
        ("0;100;200;300;400;500;600;50;800;900;1000", "stage 7 is 50 after 600"),
    ],
)
def test_power_ratings_that_cannot_be_read_are_rejected_with_the_reason(
    raw: str, reason: str
) -> None:
    result = octgn(personality("p1", "Zorn - Wandering", "Hero MP", **{"Power Rating": raw}))
    assert not result.cards
    assert reason in result.issues[0].reason


def test_a_repeated_record_is_one_card_with_both_ids() -> None:
    card = {"Type": "Event", "Text": "Draw a card.", "Style": "Red"}
    result = octgn({"id": "a", "name": "Red Plan", **card}, {"id": "b", "name": "Red Plan", **card})
    (plan,) = result.cards
    assert plan.source_ids == ["a", "b"]
    assert [note.reason for note in result.notes] == ["repeats card a (Red Plan): one card"]


def test_two_cards_of_one_name_in_a_file_are_told_apart() -> None:
    result = octgn({"id": "a", "name": "Red Plan", "Type": "Event", "Text": "Draw a card."},
                   {"id": "b", "name": "Red Plan", "Type": "Event", "Text": "Draw 2 cards.",
                    "Card Number": "P7"})  # fmt: skip
    assert [(c.name, c.title, c.source_ids) for c in result.cards] == [
        ("Red Plan", "Red Plan", ["a"]),
        ("Red Plan (Shapes)", "Red Plan", ["b"]),
    ]


def test_a_word_where_a_non_personality_has_a_level_is_ignored_with_a_note() -> None:
    result = octgn({"id": "c1", "name": "Red Face Jab", "Type": "Physical Combat",
                    "Card Level": "Red", "Style": "Red Face Jab",
                    "Text": "Physical attack. DAMAGE: 3 stages."})
    (card,) = result.cards
    assert card.level is None and card.style == "red"
    assert len(result.notes) == 2


def test_a_misspelt_game_word_is_read_as_meant_and_noted() -> None:
    """docs/rulings.md "Misspelt words": the card plays as spelt right, its text is kept as
    printed, and the import report says which word was read as which."""
    result = octgn({"id": "c1", "name": "Odd Return", "Type": "Event",
                    "Text": "Rejuvinate 2. (Banis after use.)"})  # fmt: skip
    card = result.cards[0]
    assert card.text == "Rejuvinate 2. (Banis after use.)"
    assert card.automation == "automated"
    assert [note.reason for note in result.notes if note.field == "text"] == [
        "read the misspelt 'Rejuvinate' as 'Rejuvenate'",
        "read the misspelt 'Banis' as 'Banish'",
    ]


def test_a_slip_read_by_its_place_is_noted() -> None:
    """docs/rulings.md "Misspelt words, second pass": a slip read by its place in the
    sentence is listed in the import report like a misspelt word, the text kept as printed."""
    text = "Destroy the top 2 cards of you opponent;s Life Deck."
    result = octgn({"id": "c1", "name": "Odd Blast", "Type": "Event", "Text": text})
    card = result.cards[0]
    assert card.text == text
    assert card.automation == "automated"
    assert [note.reason for note in result.notes if note.field == "text"] == [
        "read the misspelt 'opponent;s' as \"opponent's\"",
        "read the misspelt 'of you' as 'of your'",
    ]
