"""The top cut and what makes it: a single-elimination bracket seeded by the Swiss
standings (1 v N, then the seeds that meet 2 v N-1 only in the final), and the records
certain to make the cut whatever the other results."""

from __future__ import annotations

import math

from bot.events.records import WIN
from bot.events.standings import Standing


def swiss_rounds(players: int) -> int:
    """The usual number of Swiss rounds for a field: log2 of its size, rounded up."""
    return max(1, math.ceil(math.log2(max(2, players))))


def bracket_order(size: int) -> list[int]:
    """Seeds (1-based) in bracket order: 8 -> 1 8 4 5 2 7 3 6, so the first pairs are
    1v8, 4v5, 2v7, 3v6 and seeds 1 and 2 can meet only in the final."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, total - s)]
    return order


def first_cut_round(seeded: list[int]) -> list[tuple[int, int]]:
    """The cut's first matches from the players in seed order (a power of two)."""
    order = bracket_order(len(seeded))
    return [(seeded[order[i] - 1], seeded[order[i + 1] - 1]) for i in range(0, len(order), 2)]


def certain_record(rows: list[Standing], live: set[int], rounds_left: int, cut: int,
                   rounds: int) -> str | None:
    """The weakest final record (wins-losses of `rounds`, no draws) certain to make the top
    `cut`: whoever ends on that many points is in, even if every other player still playing
    won out and every tie went against them. Dropped players never make the cut."""
    if rounds_left <= 0 or len(live) <= cut:
        return None
    best = {s.player: s.points + WIN * rounds_left for s in rows if s.player in live}
    certain: str | None = None
    for wins in range(rounds, -1, -1):
        points = WIN * wins
        if not any(s.points <= points <= best[s.player] for s in rows if s.player in best):
            continue
        # Those who could end level or above, the player included, must fit in the cut.
        if sum(1 for value in best.values() if value >= points) <= cut:
            certain = f"{wins}-{rounds - wins}"  # the weakest such record says it all
    return certain


def cannot_make(standing: Standing, rows: list[Standing], live: set[int], rounds_left: int,
                cut: int) -> bool:
    """Out of the cut whatever happens: `cut` others already have more points than this
    player can reach."""
    if standing.player not in live:
        return True
    reach = standing.points + WIN * rounds_left
    return sum(1 for s in rows
               if s.player in live and s.player != standing.player and s.points > reach) >= cut
