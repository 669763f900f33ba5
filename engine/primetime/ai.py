"""AI players for Prime Time: a random one and a simple greedy one.

Both answer the pending decision with one of its option ids. The random player reads
only the decision; the greedy player also reads the public table (the spectator's view:
positions are open information, hands are not in it) to move toward the enemy."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Protocol

from engine.core.ai import RandomPlayer
from engine.core.decisions import Decision, Option
from engine.core.family import FamilyGame
from engine.primetime.game import PrimeTimeGame
from engine.primetime.options import parse_point
from engine.primetime.view import view

AI_KINDS = ("random", "greedy")

# the greedy player's taste, by the part of an option id before ":"; unknown ids score 1
PREFERENCES: Mapping[str, Mapping[str, int]] = {
    "first_player": {"initiative": 2, "side": 0},
    "activate": {"model": 2, "pass": 0},
    "ascension": {"ascend": 2, "done": 0},
    "fusion": {"dance": 2, "no": 0},
    "free_strike": {"strike": 2, "none": 0},  # more power whenever it can pay
    # fight back, or dodge (a card, or HP for a Clash, only when nothing else will do)
    "z_reaction": {"evade": 2, "clash": 3, "brace": 1, "card": 1, "burn": 1, "none": 0},
    "momentum": {"momentum": 2, "none": 0},
    # attack whenever it can, else close in, else play a card, else gather Ki
    "action": {"attack": 6, "charge": 5, "ki_assault": 5, "corrupt": 5, "move": 4,
               "card": 4, "power_up": 3, "recharge": 3, "end": 0, "release": -1,
               "saibamen": 5, "shoot": 5, "break_free": 5},
    "saibaman_contact": {"burst": 2, "grab": 1},
    # the Z-Fighter WT Action (PT-70): a Legacy card is for good, the ability for a round
    "wt_action": {"legacy": 2, "ability": 1},
}  # fmt: skip


class PrimeTimeAI(Protocol):
    name: str

    def choose(self, game: FamilyGame, decision: Decision) -> str: ...


class GreedyPlayer:
    """Attacks when it can, moves toward the nearest enemy, deploys toward the centre,
    takes the initiative; ties go to the first option, so a reload chooses the same."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self._fallback = RandomPlayer(seed)

    def choose(self, game: FamilyGame, decision: Decision) -> str:
        if decision.kind in ("deploy_at", "destination", "saibaman_at") \
                and isinstance(game, PrimeTimeGame):  # fmt: skip
            return _nearest(decision.options, _goal(view(game, None), decision))
        scores = PREFERENCES.get(decision.kind)
        if scores is None:
            return decision.options[0].id
        return max(decision.options, key=lambda o: scores.get(o.id.split(":")[0], 1)).id


def _goal(seen: dict[str, Any], decision: Decision) -> tuple[float, float]:
    """The nearest enemy of the model deciding (the centre when deploying or alone)."""
    me = seen["models"][seen["active"]] if seen["active"] is not None else None
    if me is None or me["x"] is None:
        return (15.0, 15.0)
    foes = [m for m in seen["models"] if m["owner"] != decision.player and m["x"] is not None]
    if not foes:
        return (15.0, 15.0)
    nearest = min(foes, key=lambda m: math.hypot(m["x"] - me["x"], m["y"] - me["y"]))
    return (nearest["x"], nearest["y"])


def _nearest(options: list[Option], goal: tuple[float, float]) -> str:
    def distance(option: Option) -> float:
        point = parse_point(option.id)
        return math.inf if point is None else math.hypot(point[0] - goal[0],
                                                         point[1] - goal[1])  # fmt: skip

    return min(options, key=distance).id


def make_player(kind: str, seed: int = 0) -> PrimeTimeAI:
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "greedy":
        return GreedyPlayer(seed)
    raise ValueError(f"unknown AI {kind!r}: choose one of {', '.join(AI_KINDS)}")
