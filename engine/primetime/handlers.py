"""The table of Prime Time's task handlers: each rules module registers its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.decisions import JsonDict
from engine.core.machine import Handlers
from engine.primetime.geometry import Point2

HANDLERS = Handlers()

# how each decision kind that names a point checks an answer off its grid: (game, the
# decision's resume args, the point) -> why it is illegal, or None
PointCheck = Callable[[Any, JsonDict, Point2], str | None]
POINT_CHECKS: dict[str, PointCheck] = {}
