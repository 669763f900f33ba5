"""`python -m bench.crash [--kills N]`: the crash-safety test (tests/bot/test_crash_safety.py)
with more SIGKILLs than CI runs (20): the bot in its own process is killed at random
moments while two matches are played; it prints how long the run took and whether every
decision a player saw confirmed survived."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.crash")
    parser.add_argument("--kills", type=int, default=100, help="SIGKILLs in the run")
    parser.add_argument("--check", action="store_true",
                        help="accepted like every bench's; a lost decision always exits 1")
    args = parser.parse_args()
    env = {**os.environ, "SCOUTER_CRASH_KILLS": str(args.kills)}
    started = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:warnings", "-p", "no:xdist",
         "tests/bot/test_crash_safety.py"], cwd=ROOT, env=env, check=False)
    elapsed = time.perf_counter() - started
    verdict = "no confirmed decision lost" if result.returncode == 0 else "FAILED"
    print(f"kills: {args.kills}; wall time: {elapsed:.1f} s; {verdict}")
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
