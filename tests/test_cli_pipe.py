"""`scouter ... | head`: a reader that closes stdout early ends the program quietly."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import EXIT_BROKEN_PIPE
from engine.panini.cards import DATA_DIR

GOKU = DATA_DIR / "decks" / "goku-saiyan.txt"


def run_with_closed_stdout(args: list[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    """Run `scouter ARGS` writing into a pipe whose read end is closed before it starts, so
    every write meets a reader that has gone (as `| head -1` does once it has its line)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    env = {key: value for key, value in os.environ.items() if key != "DISCORD_TOKEN"}
    try:
        return subprocess.run(
            [sys.executable, "-m", "bot.cli", *args],
            stdout=write_end,
            stderr=subprocess.PIPE,
            cwd=cwd,  # no .env there: the demo runs without a token
            env=env,
            timeout=120,  # a guard against a hang, not a measure of speed
            check=False,
        )
    finally:
        os.close(write_end)


@pytest.mark.parametrize(
    "args",
    [
        ["deck", "check", str(GOKU)],  # little output: it fails only at the final flush
        ["run", "--demo-seed", "7"],  # pages of output: it fails mid-game
    ],
    ids=["deck-check", "demo"],
)
def test_closed_stdout_ends_quietly(args: list[str], tmp_path: Path) -> None:
    done = run_with_closed_stdout(args, tmp_path)
    assert done.stderr.decode() == ""
    assert done.returncode == EXIT_BROKEN_PIPE
