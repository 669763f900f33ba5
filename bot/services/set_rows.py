"""How a server's card set is stored, whatever its game family (table card_sets, family
'panini' or 'score'; guild_card_sets: the rulesets it is enabled for there): reading the
rows of a family and writing one set with the rulesets it is enabled for; and the lines
every family's import report shares."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

import yaml
from pydantic import BaseModel

from bot.db import Connection, Database, Row
from engine.core.yamlfile import safe_load
from engine.panini.importers import Issue

CardT = TypeVar("CardT", bound=BaseModel)


@dataclass(frozen=True)
class SetRow:
    """A set as written: its cards (and retired cards) as YAML in the family's schema."""

    guild_id: int
    name: str
    name_key: str
    format: str
    cards_yaml: str
    retired_yaml: str
    imported_at: float
    imported_by: int
    family: str


@dataclass
class ImportReportBase(Generic[CardT]):
    """What an import did, whatever the family: each family's report says it in words
    (cardsets.ImportReport, score_cardsets.ScoreImportReport)."""

    set_name: str
    format: str
    records: int = 0
    imported: list[CardT] = field(default_factory=list)
    rejected: list[Issue] = field(default_factory=list)
    skipped: list[Issue] = field(default_factory=list)  # records that are no cards (buttons)
    notes: list[Issue] = field(default_factory=list)  # imported, with something to know
    rulesets: tuple[str, ...] = ()
    replaced: bool = False  # the server had a set of that name: it was replaced
    retired: list[str] = field(default_factory=list)  # in the old set, not in the new one

    @property
    def ok(self) -> bool:
        return bool(self.imported)


def load_cards(text: str, model: type[CardT]) -> tuple[CardT, ...]:
    """Cards stored by `dump_cards`, read back into the family's card model."""
    raw = safe_load(text) if text.strip() else []
    return tuple(model.model_validate(entry) for entry in raw or [])


def dump_cards(cards: Iterable[BaseModel]) -> str:
    """Cards as YAML in their family's data/cards schema."""
    entries = [card.model_dump(mode="json", by_alias=True, exclude_defaults=True)
               for card in cards]  # fmt: skip
    if not entries:
        return ""
    return yaml.safe_dump(entries, sort_keys=False, allow_unicode=True, width=100)


async def family_rows(db: Database, family: str) -> list[Row]:
    """(id, guild_id, name, format, cards_yaml, retired_yaml, imported_at, imported_by) of
    every stored set of `family`."""
    return await db.fetchall(
        "SELECT id, guild_id, name, format, cards_yaml, retired_yaml, imported_at,"
        " imported_by FROM card_sets WHERE family=? ORDER BY id", (family,))


async def write_set(conn: Connection, row: SetRow, set_id: int | None,
                    rulesets: Iterable[str]) -> int:
    """Insert the set (`set_id` None) or replace set `set_id`, enabled in its server for
    exactly `rulesets`; its id."""
    values = (row.name, row.name_key, row.format, row.cards_yaml, row.retired_yaml,
              row.imported_at, row.imported_by)
    if set_id is None:
        cursor = await conn.execute(
            "INSERT INTO card_sets (name, name_key, format, cards_yaml, retired_yaml,"
            " imported_at, imported_by, guild_id, family) VALUES (?,?,?,?,?,?,?,?,?)",
            (*values, row.guild_id, row.family))
        set_id = cursor.lastrowid
        assert set_id is not None
    else:
        await conn.execute(
            "UPDATE card_sets SET name=?, name_key=?, format=?, cards_yaml=?,"
            " retired_yaml=?, imported_at=?, imported_by=? WHERE id=?", (*values, set_id))
    await conn.execute("DELETE FROM guild_card_sets WHERE guild_id=? AND set_id=?",
                       (row.guild_id, set_id))
    await conn.executemany(
        "INSERT INTO guild_card_sets (guild_id, set_id, ruleset) VALUES (?,?,?)",
        [(row.guild_id, set_id, ruleset) for ruleset in rulesets])
    return set_id


def report_lines(summary: str, retired: Sequence[str], rejected: Sequence[object],
                 skipped: Sequence[object], notes: Sequence[object]) -> list[str]:
    """An import report's summary, retired cards and issues, one line each."""
    lines = [summary.replace("**", "")]
    if retired:
        lines.append(f"No longer in the set (kept only so past matches replay): "
                     f"{', '.join(retired)}")
    for issues, what in ((rejected, "record(s) rejected"),
                         (skipped, "record(s) are not cards (skipped)"),
                         (notes, "note(s) on imported cards")):
        if issues:
            lines.append(f"{len(issues)} {what}:")
            lines += [f"- {issue}" for issue in issues]
    return lines
