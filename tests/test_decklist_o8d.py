"""OCTGN deck files (engine.panini.decklist_o8d): read into the same ParsedDeck as a pasted list,
each card by its OCTGN id first, else by its name as the file writes it; every problem in
one pass; hostile or wrong files refused with one specific reason."""

from __future__ import annotations

import re

import pytest

from engine.panini.cards import Alignment, Card, CardPool, CardType, Style
from engine.panini.decklist import DeckListError, build_deck, parse_deck_list
from engine.panini.decklist_o8d import (
    MAX_O8D_BYTES,
    MAX_O8D_CARDS,
    DeckFileError,
    is_o8d,
    o8d_text,
    parse_deck,
    parse_o8d,
)
from tests.test_decklist import FILLER, STAGES, deck_text, tiny_pool

DRILL_ID = "5049fb94-c966-4caf-b0c2-3322ec882d16"
TAO_ID = "3d050e90-2a05-4c15-be74-c5351cc3077d"
GAME = "383a6ac2-6e52-40a5-980f-fade09e4908b"


def pool() -> CardPool:
    """The tiny test pool, plus cards named as sets name them ("Name, Title") and cards
    imported with their OCTGN ids."""
    extra = [
        Card(name="Goku, Hopeful Fighter", type=CardType.MAIN_PERSONALITY, level=1,
             personality="Goku", alignment=Alignment.HERO, power_stages=STAGES),
        Card(name="Mercenary Tao, Old Foe", type=CardType.MAIN_PERSONALITY, level=1,
             personality="Mercenary Tao", alignment=Alignment.VILLAIN, power_stages=STAGES,
             source_ids=[TAO_ID.upper()]),
        Card(name="Black Protective Drill", type=CardType.DRILL, style=Style.BLACK,
             source_ids=["old-id", DRILL_ID]),
    ]  # fmt: skip
    return CardPool([*tiny_pool().by_name.values(), *extra])


def o8d(*sections: tuple[str, list[tuple[str, str, str]]], declaration: bool = True) -> str:
    """An OCTGN deck file: sections of (qty, id, name) cards, as OCTGN writes them."""
    lines = ['<?xml version="1.0" encoding="utf-8" standalone="yes"?>'] if declaration else []
    lines.append(f'<deck game="{GAME}">')
    for section, cards in sections:
        lines.append(f'  <section name="{section}" shared="False">')
        lines += [f'    <card qty="{qty}" id="{id_}">{name}</card>' for qty, id_, name in cards]
        lines.append("  </section>")
    lines += ["  <notes><![CDATA[]]></notes>", "</deck>"]
    return "\n".join(lines) + "\n"


def legal_o8d() -> str:
    """The tiny pool's legal Goku deck (tests/test_decklist.deck_text) as an .o8d."""
    mps = [("1", "", f"Goku Level {level}") for level in range(1, 5)]
    life = [("3", f"id-{n}", name) for n, name in enumerate(FILLER)]
    return o8d(("Main Personality", mps), ("Mastery", [("1", "", "Saiyan Mastery (Battle Ready)")]),
               ("Life Deck", life))  # fmt: skip


def test_a_deck_file_reads_like_the_same_pasted_list() -> None:
    cards = pool()
    from_file = parse_o8d(legal_o8d().encode(), cards, name="goku")
    from_text = parse_deck_list(deck_text(), cards, name="goku")
    assert from_file.counts() == from_text.counts()
    assert build_deck(from_file, cards) == build_deck(from_text, cards)
    first = from_file.entries[0]
    assert (first.name, first.count, first.line, first.section) == (
        "Goku Level 1", 1, 4, "Main Personality")  # fmt: skip
    assert from_file.entries[-1].line == 32 and from_file.entries[-1].section == "Life Deck"


def test_a_card_is_found_by_its_id_before_its_name() -> None:
    """The ids a card was imported with find it, whatever name the file writes (any case)."""
    data = o8d(("Main Personality", [("1", TAO_ID, "Mercenary Tao - Old Foe")]),
               ("Life Deck", [("3", DRILL_ID.upper(), "Red Mastery"),
                              ("1", "old-id", "a name nobody knows")]))  # fmt: skip
    parsed = parse_o8d(data.encode(), pool())
    assert parsed.counts() == {"Mercenary Tao, Old Foe": 1, "Black Protective Drill": 4}


def test_an_unknown_id_falls_back_to_the_name_as_deck_files_write_it() -> None:
    """OCTGN writes "Name - Title" where the set says "Name, Title"."""
    data = o8d(
        ("Main Personality", [("1", "no-such-id", "Goku - Hopeful Fighter")]),
        ("Life Deck", [("2", "", "saiyan  STRIKE"), ("1", "x", "Goku's Kamehameha")]),
    )
    parsed = parse_o8d(data.encode(), pool())
    assert parsed.counts() == {"Goku, Hopeful Fighter": 1, "Saiyan Strike": 2,
                               "Goku's Kamehameha": 1}  # fmt: skip


def test_sections_are_informational() -> None:
    """Cards are classified by their type, whatever section holds them (or none)."""
    data = ('<deck><section name="Stuff"><card qty="1">Goku Level 1</card></section>'
            '<card qty="1">Saiyan Mastery (Battle Ready)</card></deck>')  # fmt: skip
    parsed = parse_o8d(data.encode(), pool())
    assert [(e.name, e.section) for e in parsed.entries] == [
        ("Goku Level 1", "Stuff"), ("Saiyan Mastery (Battle Ready)", None)]  # fmt: skip


def test_every_problem_is_reported_in_one_pass() -> None:
    data = o8d(("Life Deck", [
        ("3", "f00d", "Sayan Strike"),  # line 4
        ("0", "", "Red Blast"),
        ("100", "", "Red Blast"),
        ("2.5", "", "Red Blast"),
        ("-1", "", "Red Blast"),
        ("", "", "Red Blast"),
        ("3", "", ""),
        ("x", "", "Nobody At All"),
        ("2", "", "Saiyan Strike"),  # line 12: readable
    ]))  # fmt: skip
    with pytest.raises(DeckListError) as caught:
        parse_o8d(data.encode(), pool(), name="typos")
    assert [str(error) for error in caught.value.errors] == [
        "line 4: no card here has the id 'f00d', and unknown card 'Sayan Strike'"
        " — did you mean 'Saiyan Strike'?",
        "line 5: count 0 is out of range: expected 1 to 99 copies",
        "line 6: count 100 is out of range: expected 1 to 99 copies",
        "line 7: qty '2.5' is not a whole number: expected 1 to 99 copies",
        "line 8: qty '-1' is not a whole number: expected 1 to 99 copies",
        "line 9: the <card> has no qty: expected 1 to 99 copies",
        "line 10: an empty <card>",
        "line 11: qty 'x' is not a whole number: expected 1 to 99 copies;"
        " unknown card 'Nobody At All'",
    ]
    readable = caught.value.readable
    assert readable is not None and readable.counts() == {"Saiyan Strike": 2}
    assert readable.name == "typos"


def test_a_huge_qty_or_name_is_refused_without_effort() -> None:
    data = o8d(("Life Deck", [("9" * 5000, "", "Red Blast"), ("1", "", "x" * 5000),
                              ("1", "", "Red\u009bBlast")]))  # fmt: skip
    with pytest.raises(DeckListError) as caught:
        parse_o8d(data.encode(), pool())
    assert [str(error) for error in caught.value.errors] == [
        "line 4: count 999999999999… is out of range: expected 1 to 99 copies",
        "line 5: a card name of 5,000 characters is too long (at most 200)",
        "line 6: contains the control character U+009B",
    ]


def test_a_card_without_qty_attribute_or_with_a_missing_id() -> None:
    data = '<deck><card id="nope"></card><card qty="1" id="nope2"/></deck>'
    with pytest.raises(DeckListError) as caught:
        parse_o8d(data.encode(), pool())
    assert [str(error) for error in caught.value.errors] == [
        "line 1: the <card> has no qty: expected 1 to 99 copies; no card here has the id"
        " 'nope', and the <card> has no name",
        "line 1: no card here has the id 'nope2', and the <card> has no name",
    ]


BILLION_LAUGHS = (
    b'<?xml version="1.0"?>\n<!DOCTYPE deck [<!ENTITY lol "lol">'
    + b"".join(b'<!ENTITY lol%d "%s">' % (n, b"&lol%d;" % (n - 1) * 10 if n > 1 else b"&lol;" * 10)
               for n in range(1, 10))
    + b']>\n<deck><card qty="1">&lol9;</card></deck>'
)  # fmt: skip
HOSTILE = [
    (BILLION_LAUGHS, "DOCTYPE and entity declarations are not accepted"),
    (b'<!DOCTYPE deck [<!ENTITY x SYSTEM "file:///etc/passwd">]><deck><card qty="1">&x;</card>'
     b"</deck>", "DOCTYPE and entity declarations are not accepted"),
    (b'<?xml version="1.0" encoding="utf-16"?><!DOCTYPE deck><deck/>'.decode().encode("utf-16"),
     "DOCTYPE and entity declarations are not accepted"),
    (b"<deck>" + b"<card qty='1'>Red Blast</card>" * 9000 + b"</deck>",
     f"the file is 270,013 bytes; an OCTGN deck is far smaller (at most {MAX_O8D_BYTES:,})"),
    ("<deck><card qty='1'>Caf\u00e9</card></deck>".encode("latin-1"),
     "not UTF-8 text (byte 0xe9 at offset 23): save the file as UTF-8"),
    ("<deck><card qty='1'>Red Blast</card></deck>".encode("utf-16-le"),
     "UTF-16 without a byte-order mark: save the file as UTF-8"),
    (b'<?xml version="1.0" encoding="UTF-7"?><deck/>',
     "the file declares encoding 'UTF-7'; only UTF-8 is read (or UTF-16 with a byte-order "
     "mark, ISO-8859-1, US-ASCII): save it as UTF-8"),
    (b"3x Red Blast", "not well-formed XML: syntax error: line 1, column 0"),
    (b"<deck><card qty='1'>Red Blast</deck>",
     "not well-formed XML: mismatched tag: line 1, column 31"),
    (b'<set name="Kame Lab"><cards/></set>',
     "the root element is <set>, expected <deck> (an OCTGN deck)"),
    (b"<" + b"d" * 100 + b"/>",
     f"the root element is <{'d' * 40}…>, expected <deck> (an OCTGN deck)"),
    (b'<deck game="x"><notes><![CDATA[hi]]></notes></deck>', "the deck holds no <card> elements"),
    (b"<deck>" + b"<card qty='1'>Red Blast</card>" * (MAX_O8D_CARDS + 1) + b"</deck>",
     f"{MAX_O8D_CARDS + 1} <card> elements; a deck names far fewer (at most {MAX_O8D_CARDS})"),
]  # fmt: skip


@pytest.mark.parametrize(("data", "reason"), HOSTILE)
def test_a_file_that_cannot_be_a_deck_gets_one_specific_reason(data: bytes, reason: str) -> None:
    with pytest.raises(DeckFileError) as caught:
        parse_o8d(data, pool())
    assert str(caught.value) == reason
    assert isinstance(caught.value, DeckListError) and caught.value.readable is None
    with pytest.raises(DeckFileError, match="^" + re.escape(reason)):
        o8d_text(data)


def test_other_encodings_the_xml_reader_accepts_are_read_and_kept_as_text() -> None:
    """UTF-16 with a byte-order mark and a declared ISO-8859-1 are read; o8d_text keeps the
    file as text without its declaration, which reads back the same, lines included."""
    cards = CardPool([*pool().by_name.values(), Card(name="Café Punch", type=CardType.EVENT)])
    body = '\n<deck>\n  <card qty="2" id="x">Caf\u00e9 Punch</card>\n</deck>\n'
    files = [
        ('<?xml version="1.0" encoding="utf-16"?>' + body).encode("utf-16"),
        ('<?xml version="1.0" encoding="ISO-8859-1"?>' + body).encode("latin-1"),
        b"\xef\xbb\xbf" + ('<?xml version="1.0"\n encoding="utf-8"?>' + body).encode(),
    ]
    for data in files:
        parsed = parse_o8d(data, cards)
        assert [(e.name, e.count) for e in parsed.entries] == [("Café Punch", 2)]
        text = o8d_text(data)
        assert "<?xml" not in text and "\ufeff" not in text
        assert parse_o8d(text, cards) == parse_o8d(text.encode(), cards) == parsed


def test_a_file_declared_in_one_encoding_but_written_in_another_is_refused() -> None:
    data = '<?xml version="1.0" encoding="US-ASCII"?><deck><card qty="1">é</card></deck>'
    with pytest.raises(DeckFileError, match="not well-formed XML"):
        parse_o8d(data.encode(), pool())


def test_pasted_xml_text_is_read_as_a_deck_file() -> None:
    """parse_deck: text starting with `<` (after spaces, a byte-order mark) is an .o8d."""
    cards = pool()
    assert parse_deck("\ufeff\n " + legal_o8d(), cards).counts() == parse_deck(
        deck_text(), cards).counts()  # fmt: skip
    with pytest.raises(DeckFileError, match="U\\+D800 is not a character"):
        parse_deck("<deck><card qty='1'>\ud800</card></deck>", cards)
    # the declaration may name any encoding: the text is already decoded
    utf16 = legal_o8d().replace('encoding="utf-8"', 'encoding="utf-16"')
    assert parse_deck(utf16, cards).counts() == parse_deck(legal_o8d(), cards).counts()


@pytest.mark.parametrize(("data", "filename", "expected"), [
    (b"<deck/>", "", True),
    (b"\xef\xbb\xbf  \n<?xml?>", "deck.txt", True),
    ("<deck/>".encode("utf-16"), "", True),
    (b"3x Red Blast", "deck.O8D", True),
    (b"3x Red Blast", "deck.txt", False),
    (b"# <b>my deck</b>\n3x Red Blast", "", False),
    (b"", "", False),
    ("\n\t<deck/>", "", True),
    ("3x Red Blast", "", False),
])  # fmt: skip
def test_what_counts_as_a_deck_file(data: bytes | str, filename: str, expected: bool) -> None:
    assert is_o8d(data, filename) is expected


def test_pasted_lists_find_names_written_as_deck_files_write_them() -> None:
    """ "Goku - Hopeful Fighter" is the set's "Goku, Hopeful Fighter" in a pasted list too."""
    text = "1x Goku - Hopeful Fighter\n- Goku - Hopeful Fighter x2\nMercenary Tao - Old Foe\n"
    parsed = parse_deck_list(text, pool())
    assert parsed.counts() == {"Goku, Hopeful Fighter": 3, "Mercenary Tao, Old Foe": 1}
    with pytest.raises(DeckListError, match="did you mean 'Goku, Hopeful Fighter'"):
        parse_deck_list("Goku - Hopefull Fighter", pool())
