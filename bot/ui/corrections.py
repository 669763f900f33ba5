"""A change by hand (`/judge adjust`, `/resolve`) from a slash command's options, as the
engine records it (engine/core/adjust.py): what each kind reads and nothing more."""

from __future__ import annotations

from typing import Any


def correction(what: str, value: int | None, personality: str | None, card: str | None,
               source: str | None, destination: str | None, model: str | None = None,
               x: float | None = None, y: float | None = None) -> dict[str, Any]:
    change: dict[str, Any] = {"kind": what}
    if what in ("position", "hp"):  # a Prime Time model (engine/primetime/adjust.py)
        change["model"] = model or ""
        change.update({"x": x, "y": y} if what == "position" else {"value": value})
    elif what == "move":
        change.update({"card": card or "", "from": source, "to": destination})
    elif what == "capture":
        change["card"] = card or ""
    elif what != "shuffle":
        change["value"] = value
    if what == "stage":
        change["target"] = personality or "mp"
    return change
