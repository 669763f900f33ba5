"""Each benchmark's goals, said the same way, and `--check`.

A goal prints "met" or "NOT met" with the measured value: machine noise may flip that
verdict near the line, so it never fails a run. `--check` fails (exit 1) only when a goal
is missed by a wide margin (2x by default): what a regression looks like, and what noise
on a loaded 2-core machine does not reach (bench/README.md)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass

DEFAULT_MARGIN = 2.0


@dataclass(frozen=True)
class Goal:
    what: str  # "random games/s (CPU time)"
    value: float
    target: float
    higher_is_better: bool
    unit: str = ""

    @property
    def met(self) -> bool:
        return self.value >= self.target if self.higher_is_better else self.value <= self.target

    def missed_by(self, margin: float) -> bool:
        """Missed by more than `margin` times the target (a regression, not noise)."""
        if self.higher_is_better:
            return self.value * margin < self.target
        return self.value > self.target * margin

    def line(self) -> str:
        sign = ">=" if self.higher_is_better else "<="
        verdict = "met" if self.met else "NOT met"
        return (f"goal {self.what} {sign} {_number(self.target)}{self.unit}: {verdict} "
                f"({_number(self.value)}{self.unit})")  # fmt: skip


def _number(value: float) -> str:
    return f"{value:,.0f}" if abs(value) >= 100 else f"{value:.3g}"


def add_check(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--check", action="store_true",
        help="exit 1 when a goal is missed by more than --margin times (a regression)",
    )  # fmt: skip
    parser.add_argument("--margin", type=float, default=DEFAULT_MARGIN,
                        help=f"how far past a goal --check fails (default {DEFAULT_MARGIN:g}x)")


def finish(goals: Sequence[Goal], args: argparse.Namespace) -> int:
    """Print every goal; with --check, the exit code says whether any missed widely."""
    for goal in goals:
        print(goal.line())
    if not args.check:
        return 0
    missed = [goal for goal in goals if goal.missed_by(args.margin)]
    for goal in missed:
        print(f"check: FAILED: {goal.what} is past {args.margin:g}x its goal")
    if not missed:
        print(f"check: ok (no goal missed by more than {args.margin:g}x)")
    return 1 if missed else 0
