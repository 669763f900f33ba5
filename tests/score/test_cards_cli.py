"""`scouter cards import --ruleset score|ocg` writes a Score card list beside the sandbox,
and `scouter deck check --ruleset score|ocg` reads the imported sets (--cards DIR)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main

HEADER = "Name\tSet\tType\tLevel\tPUR\tPower\tAlignment\tText"
LADDER = "/".join(str(200_000 + 10_000 * i) for i in range(10))


def _list(tmp_path: Path, *rows: str) -> Path:
    path = tmp_path / "mine.tsv"
    path.write_text("\n".join([HEADER, *rows]), encoding="utf-8")
    return path


def test_an_imported_score_set_is_written_and_reported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = _list(tmp_path,
                   "Bulky Kick\tMine\tPhysical Combat\t\t\t\t\tPhysical attack. Kick twice.",
                   "Step Aside\tMine\tCombat\t\t\t\t\tStops a physical attack.",
                   "Nothing\tMine\tVehicle\t\t\t\t\t")  # fmt: skip
    out = tmp_path / "score"
    assert main(["cards", "import", str(source), "--ruleset", "score", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "1 card(s) imported, 0 with all their text refereed, 1 with sentences" in printed
    assert "Step Aside: a card of that name is already in the sandbox" in printed
    assert "unknown card type 'Vehicle'" in printed
    assert (out / "mine.yaml").read_text(encoding="utf-8").count("name:") == 1


def test_nothing_usable_and_unreadable_files(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    source = _list(tmp_path, "Nothing\tMine\tVehicle\t\t\t\t\t")
    assert main(["cards", "import", str(source), "--ruleset", "ocg",
                 "--out", str(tmp_path / "o")]) == 1  # fmt: skip
    assert not (tmp_path / "o").exists()
    bad = tmp_path / "bad.tsv"
    bad.write_bytes("Name\tType".encode("utf-32"))
    assert main(["cards", "import", str(bad), "--ruleset", "score"]) == 2
    assert "UTF-32" in capsys.readouterr().out


def test_deck_check_reads_the_imported_score_sets(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    rows = [f"Tarble - Quiet Brother {n}\tMine\tPersonality\t{n}\t2\t{LADDER}\tHero\t"
            "Physical attack." for n in (1, 2, 3)]  # fmt: skip
    out = tmp_path / "score"
    assert main(["cards", "import", str(_list(tmp_path, *rows)), "--ruleset", "score",
                 "--out", str(out)]) == 0  # fmt: skip
    deck = tmp_path / "tarble.txt"
    deck.write_text("Main Personality:\n" + "\n".join(
        f"Tarble - Quiet Brother {n}" for n in (1, 2, 3)) + "\nLife Deck:\n47 Quick Ki Blast\n",
        encoding="utf-8")  # fmt: skip
    assert main(["deck", "check", str(deck), "--ruleset", "score", "--cards", str(out)]) == 1
    printed = capsys.readouterr().out
    assert "unreadable" not in printed  # the imported personalities are known cards
    assert "Quick Ki Blast" in printed  # 47 copies: more than 3
    main(["deck", "check", str(deck), "--ruleset", "score", "--cards", str(tmp_path / "none")])
    assert "unreadable" in capsys.readouterr().out  # without the import they are unknown
