"""Prime Time map rendering speed and size, on one core.

    python -m bench.map [--runs N] [--decisions D] [--seed S] [--save DIR] [--check]

Plays a seeded Prime Time game (the Cell Games and Z-Fighters sample rosters, greedy AI
against greedy AI) D decisions in, then renders the spectator's map N times with a
highlight (the active model's movement range, a path, an action's range and sight line).
Prints the median and worst time for render + PNG encode, the first (cold-cache) render
and the PNG size. The goals: median at most 60 ms and the PNG at most 200 KB; `--check`
exits 1 when one is missed by more than 2x (bench/_goals.py).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench._goals import Goal, add_check, finish
from engine.primetime.ai import GreedyPlayer
from engine.primetime.family import PrimeTimeFamily
from engine.primetime.game import PrimeTimeGame
from engine.primetime.roster import sample_roster
from renderers.primetime_map import MapHighlight, MapLabels, render_primetime_map

GOAL_MEDIAN_MS = 60.0
GOAL_PNG_KB = 200.0


def mid_game(seed: int, decisions: int) -> PrimeTimeGame:
    family = PrimeTimeFamily()
    game = family.new_game([sample_roster("Cell Games"), sample_roster("Z-Fighters")], seed,
                           "prime-time")
    players = [GreedyPlayer(seed), GreedyPlayer(seed + 1)]
    for _ in range(decisions):
        decision = game.pending
        if decision is None:
            break
        game.apply(decision.player, players[decision.player].choose(game, decision),
                   decision.seq)
    return game


def highlight_for(view: dict[str, Any]) -> MapHighlight:
    """Everything at once (the worst case): the first model on the table moves 6", toward
    the centre, with a 12" range and a sight line to the nearest enemy."""
    placed = [m for m in view["models"] if m["x"] is not None]
    if not placed:
        return MapHighlight()
    me = next((m for m in placed if m["uid"] == view["active"]), placed[0])
    enemies = [m for m in placed if m["owner"] != me["owner"]]
    target = min(enemies, key=lambda m: (m["x"] - me["x"]) ** 2 + (m["y"] - me["y"]) ** 2,
                 default=None)
    return MapHighlight(model=me["uid"], reach=6.0, path=((15.0, 15.0),), range=12.0,
                        target=None if target is None else target["uid"])


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bench.map", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=_positive, default=100, help="renders (default 100)")
    parser.add_argument("--decisions", type=int, default=120,
                        help="greedy decisions before rendering (default 120)")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--save", type=Path, help="also write the PNG to this folder")
    add_check(parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    game = mid_game(args.seed, args.decisions)
    view = PrimeTimeFamily().view(game, None)
    labels = MapLabels(("Player One", "Player Two"), "Match #1 · ranked · prime-time")
    highlight = highlight_for(view)
    start = time.perf_counter()
    png = render_primetime_map(view, labels, highlight)  # fonts and the grid built here
    first = (time.perf_counter() - start) * 1000
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        png = render_primetime_map(view, labels, highlight)
        times.append((time.perf_counter() - start) * 1000)
    median, kb = statistics.median(times), len(png) / 1024
    placed = sum(1 for m in view["models"] if m["x"] is not None)
    print(f"mid-game map: round {view['round']}, {view['phase']}, decision #{view['seq']}, "
          f"{placed} models on the table; {args.runs} renders, render + PNG encode, one core")
    print(f"median {median:.1f} ms · worst {max(times):.1f} ms · first {first:.1f} ms · "
          f"PNG {kb:.1f} KB")
    if args.save is not None:
        args.save.mkdir(parents=True, exist_ok=True)
        (args.save / "map.png").write_bytes(png)
        print(f"saved to {args.save}")
    return finish([Goal("map median", median, GOAL_MEDIAN_MS, False, " ms"),
                   Goal("map PNG", kb, GOAL_PNG_KB, False, " KB")], args)


if __name__ == "__main__":
    sys.exit(main())
