"""`scouter scenario run` runs scenario files of either family, told apart by `ruleset:`."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main

TESTS = Path(__file__).resolve().parent


def test_it_runs_panini_and_score_files_together(capsys: pytest.CaptureFixture[str]) -> None:
    panini = TESTS / "scenarios" / "2014-anger-five-lowered-from-level-four-advances-again.yaml"
    score = TESTS / "score" / "scenarios" / "final-physical-attack-pat-damage.yaml"
    assert main(["scenario", "run", str(panini), str(score)]) == 0
    assert "2 passed, 0 failed" in capsys.readouterr().out


def test_a_score_scenario_that_fails_says_why(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    source = TESTS / "score" / "scenarios" / "final-physical-attack-pat-damage.yaml"
    text = source.read_text(encoding="utf-8").replace("p2.stage: 3", "p2.stage: 4")
    text = text.replace("../cards/", str(TESTS / "score" / "cards") + "/")
    broken = tmp_path / "broken.yaml"
    broken.write_text(text, encoding="utf-8")
    assert main(["scenario", "run", str(broken)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "p2.stage: expected 4, got 3" in out
