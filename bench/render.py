"""Image rendering speed and size, on one core.

    python -m bench.render [--runs N] [--decisions D] [--seed S] [--save DIR] [--check]

Builds a real mid-game state (two starter decks, greedy AI against greedy AI, D decisions
in), then renders the board (spectator view, last public events), the hand of the player
holding more cards (their own view) and a Main Personality's card face, N times each.
Prints the median and worst time for render + PNG encode, the first (cold-cache) render,
and the PNG sizes. The goals: board median at most 30 ms and every PNG under 150 KB;
`--check` exits 1 when one is missed by more than 2x (bench/_goals.py).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from bench._goals import Goal, add_check, finish
from bot.simulation import load_starter_decks
from engine.panini.ai import GreedyPlayer
from engine.panini.cards import CardPool, CardType, load_pool
from engine.panini.game import Game
from engine.panini.view import SPECTATOR, player_view
from renderers.board import BoardLabels, render_board
from renderers.card import render_card
from renderers.hand import render_hand

GOAL_BOARD_MS = 30.0
GOAL_PNG_KB = 150.0
BOARD_EVENTS = 6
HAND_CARDS = 3
MORE_DECISIONS = 300  # at most this many more, looking for a hand of HAND_CARDS


@dataclass
class Measure:
    label: str
    first_ms: float
    times_ms: list[float]
    png: bytes

    @property
    def median_ms(self) -> float:
        return statistics.median(self.times_ms)

    @property
    def worst_ms(self) -> float:
        return max(self.times_ms)

    @property
    def kb(self) -> float:
        return len(self.png) / 1024


def mid_game(pool: CardPool, seed: int, decisions: int) -> tuple[Game, list[str]]:
    """A seeded game of the first two starter decks, at least `decisions` greedy decisions
    in and then on until a hand holds HAND_CARDS cards (so the hand image has cards to
    draw), with its public event texts."""
    decks = load_starter_decks(pool)
    if len(decks) < 2:
        raise SystemExit("bench: the starter decks in data/decks do not load")
    game = Game.new(decks[:2], seed=seed, pool=pool)
    events = [event.text for event in game.events if event.public]
    player = GreedyPlayer()
    for made in range(decisions + MORE_DECISIONS):
        pending = game.pending
        if pending is None:
            break
        if made >= decisions and max(len(p.hand) for p in game.state.players) >= HAND_CARDS:
            break
        outcome = game.apply(pending.player, player.choose(game, pending), pending.seq)
        events += [event.text for event in outcome.events if event.public]
    return game, events


def measure(label: str, render: Callable[[], bytes], runs: int) -> Measure:
    start = time.perf_counter()
    png = render()  # fonts and static layers are built on the first call
    first = (time.perf_counter() - start) * 1000
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        png = render()
        times.append((time.perf_counter() - start) * 1000)
    return Measure(label, first, times, png)


def report(measures: Sequence[Measure], game: Game, runs: int) -> str:
    state = game.state
    lines = [
        f"mid-game state: turn {state.turn}, step {state.step}, decision #{state.seq}; "
        f"{runs} renders each, render + PNG encode, one core",
        "",
    ]
    header = f"{'image':<10}{'median ms':>11}{'worst ms':>10}{'first ms':>10}{'KB':>8}"
    lines += [header, "-" * len(header)]
    for m in measures:
        lines.append(
            f"{m.label:<10}{m.median_ms:>11.1f}{m.worst_ms:>10.1f}{m.first_ms:>10.1f}"
            f"{m.kb:>8.1f}"
        )
    return "\n".join(lines)


def goals(measures: Sequence[Measure]) -> list[Goal]:
    largest = max(measures, key=lambda m: m.kb)
    return [
        Goal("board median", measures[0].median_ms, GOAL_BOARD_MS, False, " ms"),
        Goal(f"largest PNG ({largest.label})", largest.kb, GOAL_PNG_KB, False, " KB"),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.render", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=100, help="renders per image (default 100)")
    parser.add_argument("--decisions", type=int, default=60,
                        help="greedy decisions before rendering (default 60)")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--save", type=Path, help="also write the PNGs to this folder")
    add_check(parser)
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    pool = load_pool()
    game, events = mid_game(pool, args.seed, args.decisions)
    labels = BoardLabels(("Player One", "Player Two"), "Match #1 · ranked · " + game.state.ruleset)
    spectator = player_view(game, SPECTATOR)
    seat = max((0, 1), key=lambda index: len(game.player(index).hand))
    own = player_view(game, seat)
    mp_card = next(card for card in pool.by_name.values()
                   if card.type == CardType.MAIN_PERSONALITY)
    recent = events[-BOARD_EVENTS:]
    measures = [
        measure("board", lambda: render_board(spectator, labels, recent), args.runs),
        measure("hand", lambda: render_hand(own, seat, pool), args.runs),
        measure("card", lambda: render_card(mp_card), args.runs),
    ]
    print(report(measures, game, args.runs))
    print(f"hand: seat {seat + 1}, {len(own['players'][seat]['hand'])} cards; "
          f"card: {mp_card.name}")
    if args.save is not None:
        args.save.mkdir(parents=True, exist_ok=True)
        for m in measures:
            (args.save / f"{m.label}.png").write_bytes(m.png)
        print(f"saved to {args.save}")
    return finish(goals(measures), args)


if __name__ == "__main__":
    sys.exit(main())
