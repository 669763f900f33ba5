"""`scouter deck check`: output and exit codes, against the tiny test pool."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
import yaml

from bot.cli_commands import deck as deck_command
from engine.panini.cards import SANDBOX_DIR, Card, CardPool, CardType
from tests.test_decklist import FILLER, deck_text, tiny_pool

BUILT_IN = f"Card folders read: {SANDBOX_DIR} (built in)"


@pytest.fixture(autouse=True)
def pool(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> CardPool:
    """The command loads the real pool; give it the tiny one instead. It runs in tmp_path,
    so the default folder of imported cards (var/cards) is the test's own."""
    tiny = tiny_pool()
    monkeypatch.setattr(deck_command, "load_pool", lambda: tiny)
    monkeypatch.chdir(tmp_path)
    return tiny


def verdict(out: str, folders: str = BUILT_IN) -> list[str]:
    """The output's lines after the first, which says which card folders were read."""
    first, *rest = out.splitlines()
    assert first == folders
    return rest


def run(argv: list[str]) -> int:
    """Parse like the real `scouter` parser does, then call the handler."""
    parser = argparse.ArgumentParser(prog="scouter")
    deck_command.register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    code: int = args.handler(args)
    return code


def write(tmp_path: Path, text: str, name: str = "goku.txt") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_legal_deck_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, deck_text())
    assert run(["deck", "check", str(path)]) == 0
    assert verdict(capsys.readouterr().out) == [
        "LEGAL: goku (Goku, Saiyan Mastery (Battle Ready), 60 cards) under panini-2016"
    ]


def test_ruleset_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """2014 MAKING A DECK allows an Ally named like the MP; 2016 does not."""
    path = write(tmp_path, deck_text(extra=[(1, "Goku, Ally")]))
    assert run(["deck", "check", str(path), "--ruleset", "panini-2014"]) == 0
    assert capsys.readouterr().out.endswith("60 cards) under panini-2014\n")
    assert run(["deck", "check", str(path)]) == 1
    assert "[deck.ally-named-like-mp]" in capsys.readouterr().out


ILLEGAL = deck_text(extra=[(4, "Saiyan Strike"), (1, "Red Blast")], size=59)
SOURCE = "panini-tcg-2016-awakening-rulebook.txt, MAKING A DECK"
ILLEGAL_WHY = [
    f"- [deck.life-size] the Life Deck has 59 cards; it must have exactly 60 besides the"
    f" Main Personality and Mastery ({SOURCE})",
    f"- [deck.copies] 4 copies of 'Saiyan Strike'; at most 3 allowed ({SOURCE})",
    f"- [deck.style] 'Red Blast' is Red; the Mastery is 'Saiyan Mastery (Battle Ready)'"
    f" (Saiyan) ({SOURCE})",
]


def test_illegal_deck_lists_every_violation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, ILLEGAL)
    assert run(["deck", "check", str(path)]) == 1
    assert verdict(capsys.readouterr().out) == ["NOT LEGAL under panini-2016:", *ILLEGAL_WHY]


def test_parse_errors_exit_1_and_list_every_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, deck_text() + "0x Red Blast\nSayan Strike\n")
    assert run(["deck", "check", str(path)]) == 1
    out = verdict(capsys.readouterr().out)
    assert out[0] == f"NOT LEGAL: {path} has 2 unreadable line(s):"
    assert out[1].startswith("- line 29: count 0 is out of range")
    assert out[2] == "- line 30: unknown card 'Sayan Strike' — did you mean 'Saiyan Strike'?"


def test_unreadable_lines_and_legality_are_reported_in_one_pass(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Fixing the unreadable lines must not reveal a second list of problems."""
    path = write(tmp_path, ILLEGAL + "Sayan Strike\n")
    assert run(["deck", "check", str(path)]) == 1
    assert verdict(capsys.readouterr().out) == [
        f"NOT LEGAL: {path} has 1 unreadable line(s):",
        "- line 29: unknown card 'Sayan Strike' — did you mean 'Saiyan Strike'?",
        "and, in the lines that could be read, NOT LEGAL under panini-2016:",
        *ILLEGAL_WHY,
    ]


def test_unreadable_lines_in_an_otherwise_legal_deck(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, deck_text() + "Sayan Strike\n")
    assert run(["deck", "check", str(path)]) == 1
    assert verdict(capsys.readouterr().out)[2:] == [
        "The lines that could be read break no deck-building rule under panini-2016."
    ]


def test_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["deck", "check", str(tmp_path / "nope.txt")]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "error: no such file:" in captured.err


def test_directory_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["deck", "check", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err


def test_not_utf8_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes("3x Saiyan Strike \u00e9\xff".encode("latin-1"))
    assert run(["deck", "check", str(path)]) == 2
    assert "is not UTF-8 text" in capsys.readouterr().err


def test_byte_order_mark_is_accepted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + deck_text().encode("utf-8"))
    assert run(["deck", "check", str(path)]) == 0


def test_unknown_ruleset_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, deck_text())
    assert run(["deck", "check", str(path), "--ruleset", "gt-1999"]) == 2
    err = capsys.readouterr().err
    assert "unknown ruleset 'gt-1999'" in err
    assert "panini-2014, panini-2016" in err


def test_broken_card_data_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken() -> CardPool:
        raise ValueError("cards.yaml: card 'X': bad")

    monkeypatch.setattr(deck_command, "load_pool", broken)
    assert run(["deck", "check", str(write(tmp_path, deck_text()))]) == 2
    assert "cannot load the card data: cards.yaml" in capsys.readouterr().err


def test_empty_card_data_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(deck_command, "load_pool", lambda: CardPool([]))
    assert run(["deck", "check", str(write(tmp_path, deck_text()))]) == 2
    assert "no card data found" in capsys.readouterr().err


def test_handler_with_a_plain_namespace(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = argparse.Namespace(file=write(tmp_path, deck_text()), ruleset="panini-2016")
    assert deck_command.run_check(args) == 0
    assert verdict(capsys.readouterr().out)[0].startswith("LEGAL: goku")


def test_deck_needs_an_action(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        run(["deck"])
    assert caught.value.code == 2


# --- OCTGN deck files and imported card folders ------------------------------------------
LAB_ID = "5049fb94-c966-4caf-b0c2-3322ec882d16"


def card_folder(path: Path, *cards: Card) -> Path:
    """A folder of card YAML, as `scouter cards import` writes it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    entries = [card.model_dump(mode="json", by_alias=True, exclude_defaults=True)
               for card in cards]  # fmt: skip
    path.write_text(yaml.safe_dump(entries, sort_keys=False), encoding="utf-8")
    return path.parent


LAB_PUNCH = Card(name="Lab Punch", type=CardType.PHYSICAL_COMBAT, source_ids=[LAB_ID],
                 set_name="Lab")  # fmt: skip


def goku_o8d(lab_name: str = "Whatever The File Calls It", extra: str = "") -> str:
    """The tiny pool's legal Goku deck as an OCTGN deck file, 3 filler cards replaced by
    the imported Lab Punch, named by its id."""
    life = [f'<card qty="3" id="id-{n}">{name}</card>' for n, name in enumerate(FILLER[1:])]
    return "\n".join([
        '<?xml version="1.0" encoding="utf-8" standalone="yes"?>',
        '<deck game="383a6ac2-6e52-40a5-980f-fade09e4908b">',
        '<section name="Main Personality" shared="False">',
        *[f'<card qty="1" id="mp-{level}">Goku - Level {level}</card>' for level in range(1, 5)],
        '</section><section name="Mastery" shared="False">',
        '<card qty="1" id="m">Saiyan Mastery (Battle Ready)</card>',
        '</section><section name="Life Deck" shared="False">',
        f'<card qty="3" id="{LAB_ID}">{lab_name}</card>', *life, extra,
        "</section><notes><![CDATA[]]></notes></deck>",
    ])  # fmt: skip


def test_an_o8d_deck_with_imported_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The cards imported into var/cards (the default folder) are read with the built-in
    ones, a card is found by its OCTGN id, and the output says which folders were read."""
    card_folder(tmp_path / "var" / "cards" / "lab.yaml", LAB_PUNCH)
    path = write(tmp_path, goku_o8d(), name="goku.o8d")
    assert run(["deck", "check", str(path)]) == 0
    assert verdict(capsys.readouterr().out, f"{BUILT_IN}, var/cards (1 card file(s))") == [
        "LEGAL: goku (Goku, Saiyan Mastery (Battle Ready), 60 cards) under panini-2016"
    ]


def test_the_cards_option_names_the_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = card_folder(tmp_path / "mine" / "lab.yaml", LAB_PUNCH)
    path = write(tmp_path, goku_o8d(), name="goku.o8d")
    assert run(["deck", "check", str(path), "--cards", str(folder)]) == 0
    out = capsys.readouterr().out
    assert verdict(out, f"{BUILT_IN}, mine (1 card file(s))")[0].startswith("LEGAL: goku")
    assert run(["deck", "check", str(path), "--cards", str(tmp_path / "nope")]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"error: no such card folder: {tmp_path / 'nope'}" in captured.err


def test_without_the_imported_cards_the_o8d_names_what_is_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No var/cards: only the built-in cards; the id and the name are both unknown."""
    path = write(tmp_path, goku_o8d("Lab Pnuch", '<card qty="0">Red Blast</card>'), "goku.o8d")
    assert run(["deck", "check", str(path)]) == 1
    assert verdict(capsys.readouterr().out) == [
        f"NOT LEGAL: {path} has 2 unreadable line(s):",
        f"- line 11: no card here has the id '{LAB_ID}', and unknown card 'Lab Pnuch'"
        " — did you mean 'Swarm Punch'?",
        "- line 31: count 0 is out of range: expected 1 to 99 copies",
        "and, in the lines that could be read, NOT LEGAL under panini-2016:",
        "- [deck.life-size] the Life Deck has 57 cards; it must have exactly 60 besides the"
        " Main Personality and Mastery (panini-tcg-2016-awakening-rulebook.txt, MAKING A DECK)",
    ]


def test_a_file_starting_with_xml_is_read_as_an_o8d_whatever_its_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    card_folder(tmp_path / "var" / "cards" / "lab.yaml", LAB_PUNCH)
    assert run(["deck", "check", str(write(tmp_path, goku_o8d(), "goku.txt"))]) == 0
    assert "LEGAL: goku" in capsys.readouterr().out


@pytest.mark.parametrize(("data", "reason"), [
    (b'<!DOCTYPE deck [<!ENTITY x SYSTEM "file:///etc/passwd">]><deck>&x;</deck>',
     "DOCTYPE and entity declarations are not accepted"),
    (b"3x Red Blast\n", "not well-formed XML: syntax error: line 1, column 0"),
    (b"<set name='Lab'/>", "the root element is <set>, expected <deck> (an OCTGN deck)"),
    ("<deck>\u00e9</deck>".encode("latin-1"),
     "not UTF-8 text (byte 0xe9 at offset 6): save the file as UTF-8"),
])  # fmt: skip
def test_a_file_that_is_no_octgn_deck_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes, reason: str
) -> None:
    path = tmp_path / "evil.o8d"
    path.write_bytes(data)
    assert run(["deck", "check", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == BUILT_IN + "\n"
    assert captured.err == f"error: {path} cannot be read as an OCTGN deck (.o8d): {reason}\n"


def test_two_imported_sets_with_a_card_of_the_same_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Sets imported apart (or before imports named cards clear of the other sets) may
    clash: the clash is named, never a traceback."""
    card_folder(tmp_path / "var" / "cards" / "a.yaml", LAB_PUNCH)
    card_folder(tmp_path / "var" / "cards" / "b.yaml", LAB_PUNCH)
    assert run(["deck", "check", str(write(tmp_path, goku_o8d(), "goku.o8d"))]) == 2
    assert capsys.readouterr().err == (
        "error: two card sets hold a card named 'Lab Punch': var/cards/a.yaml and "
        "var/cards/b.yaml. A deck is read with one card per name: import one of the two "
        "sets again (`scouter cards import` names its cards clear of the other sets), or "
        "give --cards a folder without it\n"
    )
    card_folder(tmp_path / "var" / "cards" / "b.yaml", Card(name="Red Blast", type=CardType.EVENT))
    assert run(["deck", "check", str(write(tmp_path, goku_o8d(), "goku.o8d"))]) == 2
    assert "card named 'Red Blast': the built-in cards and var/cards/b.yaml" in (
        capsys.readouterr().err)  # fmt: skip
    card_folder(
        tmp_path / "var" / "cards" / "b.yaml",
        LAB_PUNCH.model_copy(update={"name": "Other"}),
        LAB_PUNCH.model_copy(update={"name": "Other"}),
    )
    assert run(["deck", "check", str(write(tmp_path, goku_o8d(), "goku.o8d"))]) == 2
    assert "cannot load the card data: duplicate card name 'Other'" in capsys.readouterr().err


def test_a_broken_card_file_in_the_folder_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "var" / "cards").mkdir(parents=True)
    (tmp_path / "var" / "cards" / "bad.yaml").write_text("- name: X\n  type: wizard\n")
    assert run(["deck", "check", str(write(tmp_path, deck_text()))]) == 2
    assert "cannot load the card data: var/cards/bad.yaml: card 'X'" in capsys.readouterr().err
