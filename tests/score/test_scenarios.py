"""Every scenario in tests/score/scenarios is a rules test of the Score family, each
citing its rulebook page (engine.score.scenario; the shared runner engine.core.scenario)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.scenario import ScenarioError, scenario_paths
from engine.score.scenario import load_score_scenario, run_score_scenario

SCENARIOS = Path(__file__).parent / "scenarios"
PATHS = scenario_paths([SCENARIOS])
RULEBOOKS = ("score-ccg-2003-buu-saga-rulebook.txt", "dbz-ocg-2016-rules.txt")


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_scenario(path: Path) -> None:
    result = run_score_scenario(path)
    assert result.ok, "\n".join(result.failures)


def test_every_scenario_cites_a_rulebook_page() -> None:
    assert len(PATHS) >= 17
    for path in PATHS:
        source = load_score_scenario(path).source
        assert any(book in source for book in RULEBOOKS), path
        assert "p. " in source or '"' in source, f"{path}: name the page or the section"


def _copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    text = (SCENARIOS / name).read_text(encoding="utf-8")
    assert old in text
    copy = tmp_path / name
    copy.write_text(text.replace(old, new).replace(
        "../cards/sandbox.yaml", str(SCENARIOS.parent / "cards" / "sandbox.yaml")),
        encoding="utf-8")  # fmt: skip
    return copy


def test_a_wrong_expectation_fails_and_says_what_differed(tmp_path: Path) -> None:
    broken = _copy(tmp_path, "final-physical-attack-pat-damage.yaml", "p2.stage: 3",
                   "p2.stage: 4")  # fmt: skip
    result = run_score_scenario(broken)
    assert "p2.stage: expected 4, got 3" in result.failures


def test_an_option_not_offered_fails_with_the_options(tmp_path: Path) -> None:
    broken = _copy(tmp_path, "final-physical-attack-pat-damage.yaml",
                   "- p1: Final Physical Attack, discarding Sandbox Earth Dragon Ball 1",
                   "- p1: Declare Combat")  # fmt: skip
    (failure,) = run_score_scenario(broken).failures
    assert "decision 1: p1 cannot choose 'Declare Combat'; pending is attack" in failure
    assert "'Pass'" in failure


def test_a_malformed_scenario_names_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nsource: y\nplayers:\n  p1:\n    main_personality: [A]\n"
                   "    stage: lots\n  p2:\n    main_personality: [B]\n")  # fmt: skip
    with pytest.raises(ScenarioError, match=r"line 6: players\.p1\.stage"):
        load_score_scenario(bad)


def test_a_step_the_ruleset_has_not_is_refused(tmp_path: Path) -> None:
    ocg = _copy(tmp_path, "final-physical-attack-pat-damage.yaml", "start: {step: attack}",
                "start: {step: discard}").read_text(encoding="utf-8")  # fmt: skip
    path = tmp_path / "ocg-discard.yaml"
    path.write_text(ocg.replace("ruleset: score", "ruleset: ocg"), encoding="utf-8")
    (failure,) = run_score_scenario(path).failures
    assert "start.step: 'discard' is not a step of ocg" in failure
