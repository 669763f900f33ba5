"""`scouter deck check`: output and exit codes, against the tiny test pool."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from bot.cli_commands import deck as deck_command
from engine.cards import CardPool
from tests.test_decklist import deck_text, tiny_pool


@pytest.fixture(autouse=True)
def pool(monkeypatch: pytest.MonkeyPatch) -> CardPool:
    """The command loads the real pool; give it the tiny one instead."""
    tiny = tiny_pool()
    monkeypatch.setattr(deck_command, "load_pool", lambda: tiny)
    return tiny


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
    assert capsys.readouterr().out == (
        "LEGAL: goku (Goku, Saiyan Mastery (Battle Ready), 60 cards) under panini-2016\n"
    )


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
    assert capsys.readouterr().out.splitlines() == ["NOT LEGAL under panini-2016:", *ILLEGAL_WHY]


def test_parse_errors_exit_1_and_list_every_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, deck_text() + "0x Red Blast\nSayan Strike\n")
    assert run(["deck", "check", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"NOT LEGAL: {path} has 2 unreadable line(s):"
    assert out[1].startswith("- line 29: count 0 is out of range")
    assert out[2] == "- line 30: unknown card 'Sayan Strike' — did you mean 'Saiyan Strike'?"


def test_unreadable_lines_and_legality_are_reported_in_one_pass(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Fixing the unreadable lines must not reveal a second list of problems."""
    path = write(tmp_path, ILLEGAL + "Sayan Strike\n")
    assert run(["deck", "check", str(path)]) == 1
    assert capsys.readouterr().out.splitlines() == [
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
    assert capsys.readouterr().out.splitlines()[2:] == [
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
    assert capsys.readouterr().out.startswith("LEGAL: goku")


def test_deck_needs_an_action(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        run(["deck"])
    assert caught.value.code == 2
