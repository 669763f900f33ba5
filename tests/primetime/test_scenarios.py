"""Every scenario in tests/primetime/scenarios is a Prime Time rules test citing its
rulebook section, run as `scouter scenario run` runs it (bot.cli_commands.scenario's
run_any; engine.primetime.scenario on the shared runner engine.core.scenario)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main
from bot.cli_commands.scenario import run_any
from engine.core.scenario import ScenarioError, scenario_paths
from engine.primetime.scenario import load_primetime_scenario

SCENARIOS = Path(__file__).parent / "scenarios"
PATHS = scenario_paths([SCENARIOS])
RULEBOOK = "prime-time-core-rules.txt"
FREE_STRIKE = "breaking-engagement-free-strike.yaml"


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_scenario(path: Path) -> None:
    result = run_any(path)
    assert result.ok, "\n".join(result.failures)


def test_every_scenario_cites_a_rulebook_section() -> None:
    # a move round a wall (PT-4), a Charge, Breaking Engagement, a Clash (PT-20), a Beam
    # (PT-19)
    assert len(PATHS) >= 5
    for path in PATHS:
        source = load_primetime_scenario(path).source
        assert RULEBOOK in source and '"' in source, f"{path}: name the section"


def _copy(tmp_path: Path, old: str, new: str, name: str = FREE_STRIKE) -> Path:
    text = (SCENARIOS / name).read_text(encoding="utf-8")
    assert old in text
    copy = tmp_path / name
    copy.write_text(text.replace(old, new, 1), encoding="utf-8")
    return copy


def test_the_cli_runs_the_folder(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario", "run", str(SCENARIOS)]) == 0
    assert f"{len(PATHS)} passed, 0 failed" in capsys.readouterr().out


def test_a_wrong_expectation_fails_and_says_what_differed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = _copy(tmp_path, "models.goku.hp: 5", "models.goku.hp: 6")
    assert "models.goku.hp: expected 6, got 5" in run_any(broken).failures
    assert main(["scenario", "run", str(broken)]) == 1
    assert "FAIL" in capsys.readouterr().out


def test_an_expectation_on_no_state_path_fails(tmp_path: Path) -> None:
    broken = _copy(tmp_path, "models.goku.hp: 5", "models.gokuu.hp: 5")
    assert "models.gokuu.hp: not a state path (see docs/scenarios.md)" in run_any(
        broken).failures  # fmt: skip


def test_an_option_not_offered_fails_with_the_options(tmp_path: Path) -> None:
    broken = _copy(tmp_path, "- p2: Move (up to 4\")", "- p2: Move (up to 8\")")
    (failure,) = run_any(broken).failures
    assert failure.startswith("decision 2: p2 cannot choose 'Move (up to 8\")'")
    assert "Move (up to 4\")" in failure


@pytest.mark.parametrize(("old", "new", "message"), [
    ("  goku: {x: 15, y: 10}", "  goku: {x: 15}", "models.goku: Value error, give both x and y"),
    ("  goku: {x: 15, y: 10}", "  goku: {x: 15, y: 10, hitpoints: 3}",
     "models.goku.hitpoints: Extra inputs are not permitted"),
    ("dice: [10]", "dice: [21]", "Value error, dice are D20 rolls, each from 1 to 20"),
    ("rosters: {p1: Cell Games, p2: Z-Fighters}", "rosters: {p1: Cell Games}",
     "rosters must define exactly p1 and p2"),
    ("seed: 1", "seed: one", "line 4: seed: Input should be a valid integer"),
])  # fmt: skip
def test_a_malformed_file_names_the_field(tmp_path: Path, old: str, new: str,
                                          message: str) -> None:  # fmt: skip
    with pytest.raises(ScenarioError, match=message.replace("(", r"\(")):
        run_any(_copy(tmp_path, old, new))


@pytest.mark.parametrize(("old", "new", "message"), [
    ("p2: Z-Fighters}", "p2: Red Ribbon}", "rosters.p2: no sample roster 'Red Ribbon'"),
    ("  cell: {x: 15, y: 11.5}", "  perfect-cell: {x: 15, y: 11.5}",
     "models.perfect-cell: not a model of either roster"),
    ("  cell: {x: 15, y: 11.5}", "  cell: {x: 15, y: 11.5, hp: 50}",
     "models.cell.hp: 50 is more than Cell's"),
    ("start: {phase: activation, model: goku}", "players: {p1: {hand: [senzu]}}\nstart: {}",
     "players.p1.hand: unknown cards senzu"),
])  # fmt: skip
def test_a_table_the_game_cannot_have_is_refused_by_name(tmp_path: Path, old: str, new: str,
                                                       message: str) -> None:  # fmt: skip
    (failure,) = run_any(_copy(tmp_path, old, new)).failures
    assert failure.startswith("cannot set up: ") and message in failure, failure


def test_a_scenario_may_start_from_the_set_up(tmp_path: Path) -> None:
    # "PRE-GAME SETUP SEQUENCE", "Determine First Player": "Higher roll chooses: take
    # initiative ... OR choose deployment side"
    path = tmp_path / "setup.yaml"
    path.write_text("""name: set-up
source: prime-time-core-rules.txt "PRE-GAME SETUP SEQUENCE"
ruleset: prime-time
seed: 3
rosters: {p1: Cell Games, p2: z-fighters sample}
start: {phase: setup}
expect:
  phase: setup
  pending.kind: first_player
  pending.options: [take the initiative, choose the side]
""", encoding="utf-8")
    result = run_any(path)
    assert result.ok, result.failures


def test_the_table_is_as_written(tmp_path: Path) -> None:
    # every field a model, a player and the terrain may be given reaches the game
    path = tmp_path / "table.yaml"
    path.write_text("""name: table
source: prime-time-core-rules.txt "Altitude Levels"
ruleset: prime-time
rosters: {p1: Cell Games, p2: Z-Fighters}
terrain: [{name: mesa, x: 20, y: 20, width: 3, depth: 2, level: 2, state: damaged}]
models:
  goku: {x: 12.5, y: 9, level: 1, hp: 3, sk: 2, states: [staggered]}
  cell: {x: 4, y: 20, tier: 1, status: dazed}
players:
  p1: {bk: 9, wt: 1, hand: [eighteen-strike]}
start: {phase: activation}
expect:
  models.goku.x: 12.5
  models.goku.y: 9.0
  models.goku.level: 1
  models.goku.hp: 3
  models.goku.sk: 2
  models.goku.states: [staggered]
  models.cell.tier: 1
  models.cell.status: dazed
  players.0.bk: 9
  p1.wt: 1
  p1.hand: [eighteen-strike]
  terrain: ['mesa:damaged']
  active.model: null
  pending.kind: activate
""", encoding="utf-8")
    result = run_any(path)
    assert result.ok, result.failures
