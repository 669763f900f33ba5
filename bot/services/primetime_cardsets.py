"""A server's own DBZ: Prime Time characters, deck cards and Joint Attacks
(docs/primetime-data.md, "Importing"; PT-67), stored like its Panini and Score sets (table
card_sets, family 'primetime'; guild_card_sets: enabled for `prime-time`).

A server's Prime Time pool is the sample plus every set it stored (its matches replay with
them after a restart); what its players may register in a roster is the sample plus the
sets it enables. Nothing about one server's sets reaches another."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import yaml
from pydantic import BaseModel

from bot.db import Database
from bot.services.set_rows import ImportReportBase, SetRow, family_rows, report_lines, write_set
from engine.core.yamlfile import safe_load
from engine.panini.cards import fold_name
from engine.panini.importers import Issue
from engine.primetime.data import Character, DataError, DeckCard
from engine.primetime.joint_data import JointAttack
from engine.primetime.pool import Imported, Pool, read_import, sample_pool, with_imports

FAMILY = "primetime"
FORMAT = "YAML"
MAX_NAME = 60  # as a Panini or Score set's (cardsets.MAX_SET_NAME)


@dataclass(frozen=True)
class PrimeTimeSet:
    id: int
    guild_id: int
    name: str
    content: Imported
    imported_at: float
    imported_by: int


@dataclass
class PrimeTimeImportReport(ImportReportBase[Character | DeckCard | JointAttack]):
    """What an import did, in the shape /cards import shows (cardsets.ImportReport)."""

    def summary(self) -> str:
        name = self.set_name or "?"
        if not self.ok:
            return (f"Nothing was imported from Prime Time set {name!r} "
                    f"({len(self.rejected)} problem(s)); nothing was changed.")
        verb = "Replaced" if self.replaced else "Imported"
        characters = sum(isinstance(item, Character) for item in self.imported)
        joints = sum(isinstance(item, JointAttack) for item in self.imported)
        cards = len(self.imported) - characters - joints
        also = f", {joints} Joint Attack(s)" if joints else ""
        return (f"{verb} Prime Time set **{name}** ({FORMAT}): {characters} character(s), "
                f"{cards} deck card(s){also}. Enabled in this server for "
                f"{', '.join(self.rulesets)}.")

    def lines(self) -> list[str]:
        lines = report_lines(self.summary(), self.retired, self.rejected, self.skipped,
                             self.notes)
        lines += [f"- {item.id}: {item.name}" for item in self.imported]
        return lines


def dump_set(content: Imported) -> str:
    """A set as stored: the import file's shape (characters, cards, joint_attacks),
    defaults left out."""
    def dump(items: tuple[BaseModel, ...]) -> list[dict[str, Any]]:
        return [i.model_dump(mode="json", exclude_defaults=True) for i in items]

    stored = {"characters": dump(content.characters), "cards": dump(content.cards)}
    if content.joints:  # sets stored before Joint Attacks could be imported have none
        stored["joint_attacks"] = dump(content.joints)
    return yaml.safe_dump(stored, sort_keys=False, allow_unicode=True)


def load_set(name: str, text: str) -> Imported:
    raw = safe_load(text) or {}
    return Imported(name, tuple(Character.model_validate(c) for c in raw.get("characters", [])),
                    tuple(DeckCard.model_validate(c) for c in raw.get("cards", [])),
                    tuple(JointAttack.model_validate(j) for j in raw.get("joint_attacks", [])))


def set_name_of(filename: str) -> str:
    """The set's name when neither the file nor the admin gives one: the file's stem."""
    stem = filename.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    return " ".join(stem.replace("_", " ").split())


class PrimeTimeCardSets:
    """The Prime Time sets of every server; `in_stored_match(guild, id)` says whether a
    stored match there was played with a roster naming that id."""

    def __init__(self, db: Database, in_stored_match: Callable[[int, str], Awaitable[bool]],
                 sample: Pool | None = None) -> None:
        self.db = db
        self.sample = sample or sample_pool()
        self._in_stored_match = in_stored_match
        self._sets: dict[int, PrimeTimeSet] = {}
        self._enabled: dict[int, set[int]] = {}  # server -> its sets enabled for prime-time
        self._pools: dict[tuple[int, bool], Pool] = {}

    async def load(self) -> None:
        rows = await family_rows(self.db, FAMILY)
        self._sets = {row[0]: PrimeTimeSet(row[0], row[1], row[2], load_set(row[2], row[4]),
                                           row[6], row[7]) for row in rows}
        enabled = await self.db.fetchall(
            "SELECT guild_id, set_id FROM guild_card_sets WHERE ruleset='prime-time'")
        self._enabled = {}
        for guild_id, set_id in enabled:
            self._enabled.setdefault(guild_id, set()).add(set_id)
        self._pools = {}

    def pool_for(self, guild_id: int | None) -> Pool:
        """A server's Prime Time characters and cards: the sample and all its own sets
        (its matches are played and replayed with them; in DMs: the sample)."""
        return self._pool(guild_id, enabled_only=False)

    def usable_pool(self, guild_id: int | None) -> Pool:
        """What a roster registered in a server may use: the sample and the sets it
        enables for prime-time."""
        return self._pool(guild_id, enabled_only=True)

    def _pool(self, guild_id: int | None, enabled_only: bool) -> Pool:
        if guild_id is None:
            return self.sample
        pool = self._pools.get((guild_id, enabled_only))
        if pool is None:
            on = self._enabled.get(guild_id, set())
            sets = [s for s in self.sets_of(guild_id) if not enabled_only or s.id in on]
            pool = self._pools[guild_id, enabled_only] = with_imports(
                self.sample, [(s.name, s.content) for s in sets])
        return pool

    def sets_of(self, guild_id: int) -> list[PrimeTimeSet]:
        return sorted((s for s in self._sets.values() if s.guild_id == guild_id),
                      key=lambda s: s.id)

    def find_set(self, guild_id: int, set_name: str) -> PrimeTimeSet | None:
        key = fold_name(set_name)
        return next((s for s in self.sets_of(guild_id) if fold_name(s.name) == key), None)

    def enabled_rulesets(self, stored: PrimeTimeSet) -> tuple[str, ...]:
        return ("prime-time",) if stored.id in self._enabled.get(stored.guild_id, ()) else ()

    def set_enabled(self, guild_id: int, set_id: int, on: bool) -> None:
        """Called after enabling or disabling a set for prime-time was committed."""
        ids = self._enabled.setdefault(guild_id, set())
        if on:
            ids.add(set_id)
        else:
            ids.discard(set_id)
        self._pools.pop((guild_id, True), None)

    # --- importing ------------------------------------------------------------------------
    async def import_set(self, guild_id: int, user_id: int, filename: str, data: bytes,
                         set_name: str | None, rulesets: tuple[str, ...],
                         name_taken: Callable[[str], str | None]) -> PrimeTimeImportReport:
        """Import a Prime Time file for `guild_id`, replacing its Prime Time set of the
        same name, enabled there for `rulesets` (`name_taken(name)`: what other set of the
        server has that name, if one does). Any problem: nothing changes."""
        report = PrimeTimeImportReport(set_name or "", FORMAT, rulesets=rulesets)
        try:
            content = read_import(data, filename)
        except DataError as exc:
            report.rejected.append(Issue("file", "data", str(exc)))
            return report
        name = set_name or " ".join((content.name or "").split()) or set_name_of(filename)
        report.set_name, report.records = name, len(content.ids())
        other = name_taken(name)
        if len(name) > MAX_NAME:
            report.rejected.append(Issue("file", "set name", f"longer than {MAX_NAME} "
                                         "characters; give a shorter one with set-name"))
            return report
        if other is not None:
            report.rejected.append(Issue("file", "set name", f"this server has {other} named "
                                         f"{name!r}; give this set another name with "
                                         "set-name"))
            return report
        if not content.ids():
            report.rejected.append(Issue("file", "data", "it has no characters, cards or "
                                         "Joint Attacks"))
            return report
        previous = self.find_set(guild_id, name)
        problem = await self._changed_in_stored_match(guild_id, previous, content)
        sets = [(s.name, s.content) for s in self.sets_of(guild_id) if s is not previous]
        try:
            pool = with_imports(self.sample, [*sets, (name, content)])
        except DataError as exc:
            problem = str(exc)
        if problem is not None:
            report.rejected.append(Issue("file", "data", problem))
            return report
        now = time.time()
        row = SetRow(guild_id, name, fold_name(name), FORMAT, dump_set(content), "", now,
                     user_id, FAMILY)
        async with self.db.write() as conn:
            set_id = await write_set(conn, row, previous.id if previous else None, rulesets)
        self._sets[set_id] = PrimeTimeSet(set_id, guild_id, name, content, now, user_id)
        self.set_enabled(guild_id, set_id, "prime-time" in rulesets)
        self._pools[guild_id, False] = pool
        report.imported = content.entries()
        report.replaced = previous is not None
        return report

    async def _changed_in_stored_match(self, guild_id: int, previous: PrimeTimeSet | None,
                                       content: Imported) -> str | None:
        """Why an import may not replace `previous` (or add to the server's sets): a stored
        match replays with an entry it drops or changes, or with a Joint Attack it adds,
        drops or changes for a pair that match fielded (PT-67)."""
        old = {} if previous is None else {item.id: item for item in previous.content.entries()}
        new = {item.id: item for item in content.entries()}
        for item in old.values():
            if isinstance(item, JointAttack):
                continue
            if new.get(item.id) != item and await self._in_stored_match(guild_id, item.id):
                return (f"{item.id!r} is dropped or changed, but stored matches were played "
                        "with it as it was; keep it, or import the new version under a new id")
        joints = [j for j in [*old.values(), *new.values()] if isinstance(j, JointAttack)
                  and old.get(j.id) != new.get(j.id)]  # fmt: skip
        for joint in joints:
            if all([await self._in_stored_match(guild_id, cid) for cid in joint.pair]):
                return (f"Joint Attack {joint.id!r} is new, dropped or changed, but stored "
                        f"matches were played with {joint.pair[0]!r} and {joint.pair[1]!r} "
                        "and replay with the Joint Attacks as they were; leave it as it was")
        return None
