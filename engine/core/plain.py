"""Plain JSON-ready data from the engine's state dataclasses, without the deep copy of
`dataclasses.asdict` (it copies every list and dict on the way: the state is serialised
after every answer, and the copy was most of that time). The result shares lists and
dicts with the state, so it is for serialising at once, not for keeping."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from functools import cache
from typing import Any


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls))


def plain(value: Any) -> Any:
    """`value` as dicts, lists and scalars: what `json.dumps` writes the same way as the
    value's `asdict` (tuples become lists, as JSON has no tuples)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, list | tuple):
        if all(item is None or isinstance(item, (bool, int, float, str)) for item in value):
            return value
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if is_dataclass(value) and not isinstance(value, type):
        return {name: plain(getattr(value, name)) for name in _field_names(type(value))}
    raise TypeError(f"not plain data: {type(value).__name__}")
