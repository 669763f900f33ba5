"""`scouter deck check FILE --ruleset score|ocg` on the Score family's deck lists."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli_commands.deck import check_file

DECKS = Path(__file__).resolve().parents[2] / "data" / "decks" / "score"


def test_a_starter_is_legal_under_its_rulesets(capsys: pytest.CaptureFixture[str]) -> None:
    assert check_file(DECKS / "goku-saiyan-surge.txt", "ocg") == 0
    assert capsys.readouterr().out.strip() == "LEGAL: goku-saiyan-surge (69 cards) under ocg"


def test_an_ocg_deck_under_score_names_the_rule_and_page(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert check_file(DECKS / "majin-buu-black-feast.txt", "score") == 1
    out = capsys.readouterr().out
    assert out.startswith("NOT LEGAL under score:")
    assert "p. 45" in out  # the Sensei Deck rule Score has and the OCG drops


def test_bad_lines_and_bad_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    typo = tmp_path / "typo.txt"
    text = (DECKS / "piccolo-namekian-guard.txt").read_text(encoding="utf-8")
    first = next(line for line in text.splitlines() if line[:1].isdigit())
    typo.write_text(text.replace(first, first + "zz"), encoding="utf-8")
    assert check_file(typo, "score") == 1
    assert "unreadable line" in capsys.readouterr().out
    binary = tmp_path / "deck.txt"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    assert check_file(binary, "score") == 1
    assert "not UTF-8 text" in capsys.readouterr().out
    assert check_file(tmp_path / "missing.txt", "ocg") == 2
    assert "no such file" in capsys.readouterr().err


def test_an_unknown_ruleset_names_every_family_s(capsys: pytest.CaptureFixture[str]) -> None:
    assert check_file(DECKS / "goku-saiyan-surge.txt", "poker") == 2
    assert "known rulesets: panini-2014, panini-2016, score, ocg" in capsys.readouterr().err
