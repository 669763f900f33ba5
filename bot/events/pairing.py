"""Swiss pairing as a minimum-cost perfect matching (networkx's exact blossom algorithm).

A pair costs the square of its match-point gap (so players meet their own score group and
a down-pairing crosses as few points as it can), plus, far smaller, the gap between their
places in the standings (so within a group neighbours meet, 1-2, 3-4, ...). Rematches are
not edges at all, so none can be chosen. With an odd number the bye goes to the
lowest-ranked player without one whose absence leaves the rest pairable. The standings
order breaks its ties with the event's seed, so the same event pairs the same round."""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from bot.events.records import Pairing, had_bye, opponents
from bot.events.standings import standings

NEAR = 4  # each player's candidate opponents below them in the standings, at first


class PairingError(ValueError):
    """No pairing without a rematch or a second bye exists; the message is for a judge."""


@dataclass(frozen=True)
class Table:
    first: int
    second: int | None  # None: a bye


def pair_round(active: list[int], everyone: list[int], history: list[Pairing],
               seed: int) -> list[Table]:
    """The next round's tables for the `active` players (not dropped), ranked among
    `everyone` by the results so far; tables in standings order, the bye last."""
    ranked = [s for s in standings(everyone, history, seed) if s.player in set(active)]
    met = opponents(history)
    byes = had_bye(history)
    order = [s.player for s in ranked]
    points = {s.player: s.points for s in ranked}
    candidates: list[int | None] = [None]
    if len(order) % 2:
        candidates = [p for p in reversed(order) if p not in byes]
    for bye in candidates:
        playing = [p for p in order if p != bye]
        # Near neighbours first (fast, and where the cheapest pairs are); the whole field
        # only when they cannot all be paired so.
        pairs = _match(playing, points, met, NEAR) or _match(playing, points, met, len(order))
        if pairs is not None:
            tables = [Table(a, b) for a, b in pairs]
            return tables + ([Table(bye, None)] if bye is not None else [])
    raise PairingError("No pairing avoids a rematch (and a second bye) for the players "
                       "left; a judge can pair this round by hand with /tournament repair.")


def _match(order: list[int], points: dict[int, int], met: dict[int, set[int]], near: int
           ) -> list[tuple[int, int]] | None:
    """The cheapest pairing of `order` using only pairs at most `near` eligible opponents
    apart in it; None if there is none."""
    adjacent = list(zip(order[::2], order[1::2], strict=True))
    if all(b not in met.get(a, set()) for a, b in adjacent):
        # Neighbours in a sorted order: the least squared point gaps and place gaps there
        # are, so the cheapest pairing (round one's always).
        return adjacent
    place = {player: i for i, player in enumerate(order)}
    size = len(order)
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(order)
    costs: dict[tuple[int, int], int] = {}
    for i, a in enumerate(order):
        eligible = [b for b in order[i + 1:] if b not in met.get(a, set())]
        for b in eligible[:near]:
            gap = points[a] - points[b]
            costs[a, b] = gap * gap * size * size + (place[b] - place[a])
    if not order:
        return []
    if not costs:
        return None
    ceiling = max(costs.values()) + 1  # every weight positive: the most pairs first
    for (a, b), cost in costs.items():
        graph.add_edge(a, b, weight=ceiling - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) != size:
        return None
    pairs = [(a, b) if place[a] < place[b] else (b, a) for a, b in matching]
    return sorted(pairs, key=lambda pair: place[pair[0]])
