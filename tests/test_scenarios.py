"""Every scenario in tests/scenarios is a rules test (docs/scenarios.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.panini.scenario import ScenarioError, load_scenario, run_scenario, scenario_paths

SCENARIOS = Path(__file__).parent / "scenarios"
PATHS = scenario_paths([SCENARIOS])


@pytest.mark.parametrize("path", PATHS, ids=[str(p.relative_to(SCENARIOS)) for p in PATHS])
def test_scenario(path: Path) -> None:
    result = run_scenario(path)
    assert result.ok, "\n".join(result.failures)


def test_every_scenario_cites_a_rulebook() -> None:
    for path in PATHS:
        source = load_scenario(path).source
        assert ".txt" in source, f"{path}: source must name the rulebook file and section"


def test_malformed_scenario_names_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "name: x\nsource: y\nplayers:\n  p1:\n    main_personality: Goku\n"
        "    stage: lots\n    mastery: M\n  p2:\n    main_personality: Goku\n    mastery: M\n"
    )
    with pytest.raises(ScenarioError, match=r"line 6: players\.p1\.stage"):
        load_scenario(bad)


def test_invalid_yaml_names_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nplayers: [unclosed\n")
    with pytest.raises(ScenarioError, match="line"):
        load_scenario(bad)


def test_wrong_expectation_fails_with_difference(tmp_path: Path) -> None:
    """A scenario whose expectation is wrong must fail and say what differed."""
    good = SCENARIOS / "attack-table-vegeta-vs-goku.yaml"
    broken = tmp_path / "broken.yaml"
    broken.write_text(
        good.read_text().replace("p2.stage: 5", "p2.stage: 4").replace(
            "../cards/rules.yaml", str(Path(__file__).parent / "cards" / "rules.yaml")
        )
    )
    result = run_scenario(broken)
    assert not result.ok
    assert any("p2.stage: expected 4, got 5" in failure for failure in result.failures)
