"""Prime Time's invariants, checked after every step of the randomised games: models on
the board and apart, resources within their caps, cards conserved, Glory only from
scoring, one decision or a winner, and a JSON round trip that changes nothing."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from engine.primetime.geometry import on_board, overlaps
from engine.primetime.roster import DECK_SIZE

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame


def violations(game: PrimeTimeGame, check_json: bool = True) -> list[str]:
    state, rules = game.state, game.rules
    problems = []
    placed = [m for m in state.models if m.on_table]
    for m in state.models:
        if m.on_table != (m.x is not None and m.y is not None):
            problems.append(f"{game.name(m)} is {m.status} at ({m.x}, {m.y})")
        if not 0 <= m.hp <= game.tier(m).hp:
            problems.append(f"{game.name(m)} at {m.hp} HP")
        if not 0 <= m.sk <= game.character(m).sk_cap:
            problems.append(f"{game.name(m)} with {m.sk} SK")
        if not 0 <= m.activations <= 2 or not 0 <= m.rage <= rules.rage_cap:
            problems.append(f"{game.name(m)}: {m.activations} activations, {m.rage} rage")
        if m.status == "active" and m.hp == 0:
            problems.append(f"{game.name(m)} fights at 0 HP")
    # the models, then the Saibamen tokens: on the board, no base inside another
    names = [game.name(m) for m in placed] + [f"Saibaman {t.id}" for t in state.tokens]
    bases = game.table_bases()
    for i, name in enumerate(names):
        if not on_board(bases[i]):
            problems.append(f"{name} is off the board at {bases[i].centre}")
        for j in range(i + 1, len(names)):
            if overlaps(bases[i], bases[j]):
                problems.append(f"{name} overlaps {names[j]}")
    for index, p in enumerate(state.players):
        if not 0 <= p.bk <= rules.bk_cap:
            problems.append(f"player {index + 1} has {p.bk} BK")
        if not 0 <= p.wt <= rules.wt:
            problems.append(f"player {index + 1} has {p.wt} WT")
        beside = sum(len(m.legacy) for m in state.models if m.owner == index)
        if len(p.deck) + len(p.hand) + len(p.discard) + len(p.in_play) + beside != DECK_SIZE:
            problems.append(f"player {index + 1} has lost or gained cards")
        # a Human's Mastery Draw may go past the limit until Cleanup discards down to it
        if len(p.hand) > rules.hand_limit(max(state.round, 1)) and state.phase == "ascension":
            problems.append(f"player {index + 1} holds {len(p.hand)} cards")
    problems += _glory_problems(game)
    if (state.pending is None) == (state.winner is None):
        problems.append("neither one decision nor a winner")
    if check_json and type(game).from_json(game.to_json(), game.pool).to_json() != game.to_json():
        problems.append("the JSON state does not round-trip")
    return problems


def _glory_problems(game: PrimeTimeGame) -> list[str]:
    """Glory comes only from objectives at Cleanup, at most the mission's Glory for each of
    its objectives, and each round's totals are the log's."""
    state = game.state
    problems = []
    logged: Counter[tuple[int, int]] = Counter()
    for entry in state.glory_log:
        mission = game.pool.missions[state.missions[game.rules.stage(entry.round)]]
        if not entry.source.startswith("objective ") or entry.amount != mission.glory:
            problems.append(f"Glory from {entry.source!r}: {entry.amount}")
        logged[entry.round, entry.player] += entry.amount
    for index, p in enumerate(state.players):
        for round_, glory in enumerate(p.glory, start=1):
            if glory != logged[round_, index]:
                problems.append(f"player {index + 1}'s Glory in round {round_} is not scored")
    return problems
