"""Hostile input, written by hand: each kind gets a message naming what is wrong, never a
crash or a generic error, and nothing is stored. Card files (every format), deck lists and
scenario files."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from bot.cli_commands import cards as cards_command
from engine.panini.cards import load_pool
from engine.panini.decklist import MAX_NAME_LENGTH, DeckListError, parse_deck_list
from engine.panini.importers import parse_cards
from engine.panini.scenario import ScenarioError, load_scenario

BIG = "9" * 5000  # past int()'s 4,300-digit limit
SETUP = '<card id="1" name="Zed"><property name="Type" value="Setup"/></card>'
SET = f'<set name="S"><cards>{SETUP}</cards></set>'
LAUGHS = (
    '<!DOCTYPE set [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
    '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>'
    '<set name="S"><cards><card id="1" name="&c;"/></cards></set>'
)
XXE = '<!DOCTYPE set [<!ENTITY x SYSTEM "file:///etc/passwd">]><set name="&x;"/>'
MP = (
    '<set name="S"><cards><card id="1" name="Kor, Hero">'
    '<property name="Type" value="Main Personality"/><property name="Alignment" value="Hero"/>'
    '<property name="Level" value="1"/><property name="Power Rating" value="{}"/>'
    "</card></cards></set>"
)
DTD_REFUSED = "file: xml: DOCTYPE and entity declarations are not accepted"


def declared(encoding: str, body: str = SET) -> str:
    return f'<?xml version="1.0" encoding="{encoding}"?>\n{body}'


def refused_encoding(name: str) -> str:
    return (
        f"file: encoding: the file declares encoding {name!r}; only UTF-8 is read (or "
        "UTF-16 with a byte-order mark, ISO-8859-1, US-ASCII): save it as UTF-8"
    )


HOSTILE_CARD_FILES: dict[str, tuple[str, bytes, str]] = {
    "deeply nested JSON": (
        "x.json", b"[" * 100_000 + b"]" * 100_000,
        "file: json: nested too deeply to be a card list",
    ),
    "nested JSON value": (
        "x.json", b'{"set": "S", "cards": [{"name": "Zed", "type": "setup", "traits": [[1]]}]}',
        "card #1 (Zed): traits: expected text, a number or a list of them, not a list",
    ),
    "5,000-digit JSON number": (
        "x.json", f'{{"set": "S", "cards": [{{"name": "Zed", "type": "setup", "pur": {BIG}}}]}}'
        .encode(),
        "card #1 (Zed): pur: a 5,000-digit number is out of range (at least 0)",
    ),
    "5,000-digit CSV number": (
        "x.csv", f"name,type,set,level\nZed,setup,S,{BIG}\n".encode(),
        "line 2 (Zed): level: a 5,000-digit number is out of range (1 to 4)",
    ),
    "5,000-digit TSV number": (
        "x.tsv", f"Name\tType\tSet\tEndurance\nZed\tSetup\tS\t-{BIG}\n".encode(),
        "line 2 (Zed): endurance: a 5,000-digit number is out of range (at least 0)",
    ),
    "5,000-digit XML number": (
        "x.xml", SET.replace("/></card>", f'/><property name="PUR" value="{BIG}"/></card>')
        .encode(),
        "card 1 (Zed): pur: a 5,000-digit number is out of range (at least 0)",
    ),
    "5,000-digit power stage": (
        "x.xml", MP.format(f"0; 1; 2; 3; 4; 5; 6; 7; 8; 9; {BIG}").encode(),
        "card 1 (Kor, Hero): power_stages: a 5,000-digit number is out of range",
    ),
    "superscript power stage": (
        "x.xml", MP.format("0; 1; 2; 3; 4; 5; 6; 7; 8; 9; 1²").encode(),
        "card 1 (Kor, Hero): power_stages: not a whole number: '1²'",
    ),
    "XML declaring UTF-7": ("x.xml", declared("UTF-7").encode(), refused_encoding("UTF-7")),
    "DTD hidden in UTF-7": (
        "x.xml", declared("UTF-7", "+ADw-!DOCTYPE set+AD4-" + SET).encode(),
        refused_encoding("UTF-7"),
    ),
    "XML declaring shift_jis": (
        "x.xml", declared("shift_jis").encode("shift_jis"), refused_encoding("shift_jis")
    ),
    "UTF-16 XML without a BOM": (
        "x.xml", declared("UTF-16").encode("utf-16-le"),
        "file: encoding: UTF-16 without a byte-order mark: save the file as UTF-8",
    ),
    "UTF-16 JSON without a BOM": (
        "x.json", b'{"set": "S", "cards": []}'.decode().encode("utf-16-be"),
        "file: encoding: UTF-16 without a byte-order mark: save the file as UTF-8",
    ),
    "UTF-32 CSV": (
        "x.csv", "\ufeffname,type,set\n".encode("utf-32-le"),
        "file: encoding: UTF-32 text: save the file as UTF-8",
    ),
    "not UTF-8 at all": (
        "x.tsv", b"Name\tType\tSet\nZ\xe9d\tSetup\tS\n",
        "file: encoding: not UTF-8 text (byte 0xe9 at offset 15): save the file as UTF-8",
    ),
    "billion laughs": ("x.xml", LAUGHS.encode(), DTD_REFUSED),
    "external entity": ("x.xml", XXE.encode(), DTD_REFUSED),
    "entity in UTF-16 with a BOM": (
        "x.xml", declared("UTF-16", LAUGHS).encode("utf-16"), DTD_REFUSED
    ),
    "NUL in a TSV name": (
        "x.tsv", b"Name\tType\tSet\nZ\x00ed\tSetup\tS\n",
        "line 2 (Z\x00ed): name: contains the control character U+0000",
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(HOSTILE_CARD_FILES))
def test_hostile_card_file_gets_its_own_message(case: str) -> None:
    filename, data, message = HOSTILE_CARD_FILES[case]
    result = parse_cards(filename, data)
    assert result is not None
    assert not result.cards
    assert [str(issue) for issue in result.issues] == [message]


def test_utf16_with_a_bom_is_read() -> None:
    for filename, text in (
        ("x.xml", declared("UTF-16")),
        ("x.csv", "name,type,set\nZed,setup,S\n"),
    ):
        result = parse_cards(filename, text.encode("utf-16"))
        assert result is not None and [card.name for card in result.cards] == ["Zed"], filename


@pytest.mark.parametrize("case", sorted(HOSTILE_CARD_FILES))
def test_hostile_card_file_imports_nothing(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    filename, data, message = HOSTILE_CARD_FILES[case]
    source = tmp_path / filename
    source.write_bytes(data)
    out = tmp_path / "out"
    parser = argparse.ArgumentParser()
    cards_command.register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["cards", "import", str(source), "--out", str(out)])
    assert args.handler(args) == cards_command.EXIT_NOTHING_USABLE
    assert f"- {message}" in capsys.readouterr().out
    assert not out.exists()


# --- deck lists -----------------------------------------------------------------------------
POOL = load_pool()
TOO_LONG = "a card name of {} characters is too long"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (f"{BIG}x Goku", "count 999999999999… is out of range: expected 1 to 99 copies"),
        (f"x{BIG} Goku", "count 999999999999… is out of range: expected 1 to 99 copies"),
        (f"Goku x{BIG}", "count 999999999999… is out of range: expected 1 to 99 copies"),
        ("a" + " " * 20_000 + "b", f"{TOO_LONG.format('20,002')} (at most {MAX_NAME_LENGTH})"),
        ("3x " + "Goku " * 2_000, f"{TOO_LONG.format('9,999')} (at most {MAX_NAME_LENGTH})"),
        ("3x Goku\x00s Kamehameha", "contains the control character U+0000"),
        ("3x Red\x7fBlast", "contains the control character U+007F"),
    ],
    ids=["count", "x-count", "trailing-count", "spaces", "long-name", "nul", "delete"],
)
def test_hostile_deck_line_gets_its_own_message(line: str, message: str) -> None:
    with pytest.raises(DeckListError) as caught:
        parse_deck_list(f"1x Saiyan Pride Cannon\n{line}\n", POOL)
    assert [str(error) for error in caught.value.errors] == [f"line 2: {message}"]


def test_tabs_are_spaces_in_a_deck_line() -> None:
    assert parse_deck_list("3x\tSaiyan Pride Cannon", POOL).counts() == {"Saiyan Pride Cannon": 3}


# --- scenario files -------------------------------------------------------------------------
SCENARIO = Path(__file__).parent / "scenarios" / "damage-only-dragon-balls-left-survival.yaml"
GOOD = SCENARIO.read_text(encoding="utf-8")
ALIASES = "".join(f"x{i}: &x{i} [{', '.join([f'*x{i - 1}'] * 10)}]\n" for i in range(1, 9))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            GOOD.replace("name: ", f"seed: {BIG}\nname: ", 1),
            "line 1: a number with 5,000 digits is not a usable value",
        ),
        ("name: " + "[" * 50_000 + "]" * 50_000 + "\n", "line 1: nested more than 50 levels deep"),
        (
            "name: x\nplayers: " + "{a: " * 5_000 + "1" + "}" * 5_000 + "\n",
            "line 2: nested more than 50 levels deep",
        ),
        (
            GOOD + "x0: &x0 [a, b]\n" + ALIASES,
            f"line {len(GOOD.splitlines()) + 1}: anchors and aliases (&name, *name) are not "
            "accepted",
        ),
    ],
    ids=["5,000-digit number", "deep list", "deep mapping", "aliases"],
)
def test_hostile_scenario_gets_its_own_message(text: str, message: str, tmp_path: Path) -> None:
    path = tmp_path / "hostile.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert str(caught.value) == f"{path}: {message}"
