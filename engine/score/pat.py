"""The Physical Attack Table (Score 2003 rulebook p. 34, "How to use the Physical Attack
Table" p. 39), loaded from data/score/physical_attack_table.yaml: the table is data, as
printed, and this module only reads it."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from engine.core.yamlfile import safe_load

TABLE_FILE = Path(__file__).resolve().parents[2] / "data" / "score" / "physical_attack_table.yaml"
# p. 48 "Z Power Stages": a power stage printed "Z" instead of a power rating
Z = "Z"
PowerRating = int | str


class TableError(ValueError):
    """The table file is not the 9 x 9 table the rulebook prints."""


@dataclass(frozen=True, slots=True)
class PhysicalAttackTable:
    letters: tuple[str, ...]  # the brackets' letters, A first
    floors: tuple[int, ...]  # each bracket's lowest power rating, rising
    damage: tuple[tuple[int, ...], ...]  # damage[attacker][defender], in power stages
    z_damage: int

    def bracket(self, rating: int) -> str:
        """The letter of the bracket a power rating falls in (p. 34's row and column
        labels: "B 1-349,999", "I 7,300,000+")."""
        if rating < 0:
            raise ValueError(f"a power rating is never negative: {rating}")
        return self.letters[bisect_right(self.floors, rating) - 1]

    def base_damage(self, attacker: PowerRating, defender: PowerRating) -> int:
        """Power stages of Base Damage of a physical attack whose damage the card does not
        state (p. 39): the attacker's row, the defender's column; 2 whenever either
        rating is "Z" (p. 48)."""
        if attacker == Z or defender == Z:
            return self.z_damage
        if not isinstance(attacker, int) or not isinstance(defender, int):
            raise ValueError(f"a power rating is a number or {Z!r}: {attacker!r}, {defender!r}")
        row = self.letters.index(self.bracket(attacker))
        column = self.letters.index(self.bracket(defender))
        return self.damage[row][column]


def parse_table(raw: object) -> PhysicalAttackTable:
    if not isinstance(raw, dict) or not {"brackets", "damage", "z_damage"} <= raw.keys():
        raise TableError("the table needs brackets, damage and z_damage")
    brackets, damage = raw["brackets"], raw["damage"]
    if not isinstance(brackets, dict) or not isinstance(damage, dict):
        raise TableError("brackets and damage map a letter to a number or a row")
    letters = tuple(brackets)
    floors = tuple(brackets.values())
    if any(not isinstance(f, int) for f in floors) or list(floors) != sorted(set(floors)):
        raise TableError("bracket floors must be whole numbers, rising")
    if floors[0] != 0:
        raise TableError("the first bracket starts at a power rating of 0")
    if tuple(damage) != letters:
        raise TableError(f"damage rows must be the brackets in order: {', '.join(letters)}")
    rows = tuple(tuple(row) for row in damage.values())
    if any(len(row) != len(letters) or not all(isinstance(n, int) for n in row) for row in rows):
        raise TableError(f"each damage row has {len(letters)} whole numbers")
    z_damage = raw["z_damage"]
    if not isinstance(z_damage, int):
        raise TableError("z_damage is a whole number")
    return PhysicalAttackTable(letters, floors, rows, z_damage)


@cache
def physical_attack_table(path: Path = TABLE_FILE) -> PhysicalAttackTable:
    with path.open(encoding="utf-8") as handle:
        return parse_table(safe_load(handle))
