"""Option ids of Prime Time decisions that name a point on the table: "at:12,7"."""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache

from engine.core.decisions import Option
from engine.primetime.geometry import Point2

AT = "at:"


def _number(value: float) -> str:
    """Exact, so the id gives back the very point: "12" for 12.0, repr otherwise."""
    value = float(value)
    return str(int(value)) if value.is_integer() else repr(value)


def point_id(point: Point2) -> str:
    return f"{AT}{_number(point[0])},{_number(point[1])}"


def point_label(point: Point2) -> str:
    return f'to ({point[0]:g}", {point[1]:g}")'


def point_options(points: Iterable[Point2]) -> list[Option]:
    return [_point_option(p) for p in points]


@lru_cache(maxsize=8192)
def _point_option(point: Point2) -> Option:
    """Kept (options are immutable): the same grid points are offered decision after
    decision."""
    return Option(point_id(point), point_label(point))


def answered_point(args: dict[str, object]) -> Point2:
    """The point a resumed task's "choice" names (the machine only resumes legal ones)."""
    point = parse_point(str(args["choice"]))
    if point is None:
        raise ValueError(f"not a point: {args['choice']!r}")
    return point


@lru_cache(maxsize=8192)  # the AIs read every option of every destination decision
def parse_point(option_id: str) -> Point2 | None:
    """The point an "at:x,y" id names, or None."""
    if not option_id.startswith(AT):
        return None
    try:
        x, y = (float(v) for v in option_id[len(AT):].split(","))
    except ValueError:
        return None
    if not (math.isfinite(x) and math.isfinite(y)):
        return None
    return (x, y)
