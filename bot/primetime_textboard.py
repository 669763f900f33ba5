"""Plain-text boards of DBZ: Prime Time for a terminal, drawn only from the family's view
(engine.primetime.view), never from the state: a hand the view hides cannot leak. Pure
functions: they return strings and print nothing."""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any

from bot.textboard import seat_name

View = Mapping[str, Any]
TABLE = 30.0  # inches: the 30" x 30" table
CELL = 2.0  # inches per map character, so the map is 15 x 15
ON_TABLE = ("active", "dazed")  # statuses whose model stands on the table
WIN_REASONS = {"concede": "concession", "forfeit": "forfeit"}


def pt_viewer(view: View) -> int | None:
    """The seat whose hand the view shows, or None for a spectator's view."""
    for seat, side in enumerate(view["players"]):
        if "hand" in side:
            return seat
    return None


def model_letters(view: View) -> dict[int, str]:
    """Each model's map letter: Player 1's upper case, Player 2's lower case."""
    letters: dict[int, str] = {}
    counts = [0, 0]
    for model in view["models"]:
        owner = model["owner"]
        alphabet = string.ascii_uppercase if owner == 0 else string.ascii_lowercase
        letters[model["uid"]] = alphabet[counts[owner] % 26]
        counts[owner] += 1
    return letters


def render_pt_board(view: View) -> str:
    """The status line, each side with its models, the missions, the map, then the
    decision's prompt (only in the deciding player's view)."""
    viewer = pt_viewer(view)
    letters = model_letters(view)
    phase = view["phase"]
    status = f"Round {view['round']} ({view['ruleset']}), {phase} phase"
    if view["sudden_death"]:
        status += ", Sudden Death"
    if phase == "activation":
        status += f"; {seat_name(view['turn'], viewer)} to activate"
    if phase != "over" and view["waiting"] is not None:
        status += f"; waiting on {seat_name(view['waiting']['player'], viewer)}"
    status += "."
    if view["location"]:
        status += f" Location: {view['location']}."
    if view["condition"]:
        status += f" Condition: {view['condition']}."
    lines = [status]
    for seat, side in enumerate(view["players"]):
        lines.append(_side(view, side, seat, viewer, letters))
    lines.extend(_missions(view))
    lines.append(render_map(view, letters))
    decision = view.get("decision")
    if decision and viewer is not None:
        lines.append(f"{seat_name(viewer, viewer)}: {decision['prompt']}")
    return "\n".join(lines)


def _side(view: View, side: Mapping[str, Any], seat: int, viewer: int | None,
          letters: Mapping[int, str]) -> str:  # fmt: skip
    edge = {None: "", 0: ", deploys at y=0", 1: ", deploys at y=30"}[side["side"]]
    glory = "/".join(str(g) for g in side["glory"]) or "-"
    title = f"== {seat_name(seat, viewer)}: {side['name']} ({side['affiliation']}{edge}) "
    lines = [
        title.ljust(72, "="),
        f"  BK {side['bk']}, WT {side['wt']}, orders {side['orders']}"
        f"{', passed' if side['passed'] else ''}; Glory by round {glory} "
        f"(total {sum(side['glory'])}); deck {side['deck_count']}, hand {side['hand_count']}, "
        f"discard {len(side['discard'])}",
    ]
    for model in view["models"]:
        if model["owner"] == seat:
            lines.append("  " + _model(model, letters[model["uid"]], view["active"]))
    tokens = [t for t in view.get("tokens", []) if t["owner"] == seat]
    if tokens:  # Saibamen: tokens, not models (engine.primetime.saibamen)
        lines.append("  Saibamen (s on the map): " + ", ".join(
            f"({t['x']:g},{t['y']:g})" + ("" if t["grabbing"] is None else " grabbing")
            for t in tokens))  # fmt: skip
    if "hand" in side:
        lines.append(f"  Your hand: {', '.join(side['hand']) or '(empty)'}")
    return "\n".join(lines)


def _model(model: Mapping[str, Any], letter: str, active: int | None) -> str:
    where = "off the table" if model["x"] is None else f"at ({model['x']:g},{model['y']:g})"
    states = [model["status"], *model.get("states", [])]
    marker = "*" if model["uid"] == active else " "
    return (f"{marker}{letter} {model['name']} [{model['tier']}] {where}, "
            f"HP {model['hp']}/{model['hp_max']}, SK {model['sk']}, altitude {model['level']}, "
            f"{', '.join(states)}")  # fmt: skip


def _missions(view: View) -> list[str]:
    lines = []
    for number, mission in enumerate(view["missions"], 1):
        points = " ".join(f"{_objective_mark(number, i)}({x:g},{y:g})"
                          for i, (x, y) in enumerate(mission["objectives"]))  # fmt: skip
        lines.append(f"Mission {number} ({mission['stage']}): {mission['name']}, "
                     f"{mission['glory']} Glory per objective, ZOC {mission['zoc']:g}\": "
                     f"{points}")  # fmt: skip
    return lines


def _objective_mark(mission: int, index: int) -> str:
    return f"{mission}{string.ascii_lowercase[index]}:" if index < 26 else f"{mission}:"


def render_map(view: View, letters: Mapping[int, str]) -> str:
    """The table from above, one character per 2": models by letter, the objectives of
    the round's mission as its number, terrain as #, y=30 at the top."""
    size = int(TABLE / CELL)
    grid = [["." for _ in range(size)] for _ in range(size)]

    def cell(x: float, y: float) -> tuple[int, int]:
        column = min(max(int(x / CELL), 0), size - 1)
        row = min(max(int(y / CELL), 0), size - 1)
        return size - 1 - row, column

    for piece in view["terrain"]:
        for row in range(size):
            for column in range(size):
                x, y = (column + 0.5) * CELL, (size - 1 - row + 0.5) * CELL
                if (piece["x"] <= x <= piece["x"] + piece["width"]
                        and piece["y"] <= y <= piece["y"] + piece["depth"]):  # fmt: skip
                    grid[row][column] = "#"
    if view["missions"]:  # only the round's mission: the others' objectives would mislead
        stage = min(max(view["round"], 1), len(view["missions"]))
        for x, y in view["missions"][stage - 1]["objectives"]:
            row, column = cell(x, y)
            grid[row][column] = str(stage)
    for t in view.get("tokens", []):
        row, column = cell(t["x"], t["y"])
        grid[row][column] = "s" if grid[row][column] in ".#" else grid[row][column]
    for model in view["models"]:
        if model["x"] is not None and model["status"] in ON_TABLE:
            row, column = cell(model["x"], model["y"])
            grid[row][column] = letters[model["uid"]]
    frame = "+" + "-" * (size * 2) + "+"
    rows = ["|" + " ".join(line) + " |" for line in grid]
    return "\n".join([f'Map (1 character = {CELL:g}", y=30 at the top):', frame, *rows, frame])


def describe_pt_result(view: View) -> str:
    winner = view["winner"]
    reason = WIN_REASONS.get(view["win_reason"], view["win_reason"] or "the game ended")
    if winner is None:
        return f"A draw ({reason})."
    glory = [sum(side["glory"]) for side in view["players"]]
    return f"{seat_name(winner)} wins ({reason}); Glory in all {glory[0]} to {glory[1]}."
