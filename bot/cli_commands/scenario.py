"""`scouter scenario run PATH...`: run scenario files of any family; exit 1 on any failure."""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import Any

from engine.core.scenario import ScenarioResult
from engine.panini.cards import CardFileError
from engine.panini.scenario import ScenarioError, run_scenario, scenario_paths
from engine.primetime.rulesets import RULESETS as PRIMETIME_RULESETS
from engine.primetime.scenario import run_primetime_scenario
from engine.score.cards import CardFileError as ScoreCardFileError
from engine.score.rulesets import RULESETS as SCORE_RULESETS
from engine.score.scenario import run_score_scenario

_RULESET = re.compile(r"^ruleset:\s*([\w-]+)", re.MULTILINE)


def run_any(path: Path) -> ScenarioResult:
    """A scenario file of any family, by its `ruleset:` (Panini's when it has none)."""
    found = _RULESET.search(path.read_text(encoding="utf-8", errors="replace"))
    if found and found.group(1) in SCORE_RULESETS:
        return run_score_scenario(path)
    if found and found.group(1) in PRIMETIME_RULESETS:
        return run_primetime_scenario(path)
    return run_scenario(path)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("scenario", help="run scenario files (rules tests)")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    run = actions.add_parser("run", help="run scenario files or folders of them")
    run.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    run.add_argument("-q", "--quiet", action="store_true", help="print failures only")
    run.set_defaults(handler=run_command)


def run_command(args: argparse.Namespace) -> int:
    paths = scenario_paths(args.paths)
    missing = [path for path in paths if not path.is_file()]
    if missing or not paths:
        for path in missing:
            print(f"error: no scenario file at {path}")
        if not paths:
            print("error: no scenario files found")
        return 2
    passed = failed = 0
    for path in paths:
        try:
            result = run_any(path)
        except (ScenarioError, CardFileError, ScoreCardFileError) as exc:
            failed += 1
            print(f"ERROR {path}\n  {str(exc).replace(chr(10), chr(10) + '  ')}")
            continue
        if result.ok:
            passed += 1
            if not args.quiet:
                print(f"ok    {path}  ({result.name})")
        else:
            failed += 1
            print(f"FAIL  {path}  ({result.name})")
            for failure in result.failures:
                print(f"  - {failure}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1
