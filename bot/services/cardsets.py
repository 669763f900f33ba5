"""Card sets imported by a server (engine.panini.importers) and which of them each server enables,
per ruleset.

A server's imported cards are its own: each server has a card pool of the built-in sandbox
cards plus every set it stored (`pool_for`; retired and disabled cards included, so its
stored matches replay). Card names are unique within that pool only: another server may
give the same name to another card, and nothing about one server's sets reaches another.
What a server may *use* (register, play, look up) is the built-in set plus the sets it
enables for a ruleset (`enabled_names`).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

import yaml

from bot.db import Database
from engine.core.yamlfile import safe_load
from engine.panini.cards import Card, CardPool, fold_name
from engine.panini.importers import ImportResult, Issue, fit_names, parse_cards
from engine.panini.rulesets import RULESETS

MAX_SET_BYTES = 1024 * 1024  # a few thousand cards of text
MAX_SET_NAME = 60
BUILTIN = "the built-in sandbox set"
STATUSES = ("automated", "partial", "manual")


class CardSetError(ValueError):
    """A request about card sets that cannot be done; the message is for the admin."""


@dataclass(frozen=True)
class StoredSet:
    id: int
    guild_id: int
    name: str
    format: str
    cards: tuple[Card, ...]
    retired: tuple[Card, ...]  # dropped by a later re-import; kept for stored matches
    imported_at: float
    imported_by: int


@dataclass(frozen=True)
class SetInfo:
    """One of a server's sets, as /cards list shows it."""

    name: str
    format: str
    counts: dict[str, int]
    rulesets: tuple[str, ...]  # enabled for, in this server
    imported_at: float
    imported_by: int

    @property
    def size(self) -> int:
        return sum(self.counts.values())


@dataclass
class ImportReport:
    set_name: str
    format: str
    records: int = 0
    imported: list[Card] = field(default_factory=list)
    rejected: list[Issue] = field(default_factory=list)
    skipped: list[Issue] = field(default_factory=list)  # records that are no cards (buttons)
    notes: list[Issue] = field(default_factory=list)  # imported, with something to know
    rulesets: tuple[str, ...] = ()
    replaced: bool = False  # the server had a set of that name: it was replaced
    retired: list[str] = field(default_factory=list)  # in the old set, not in the new one

    @property
    def ok(self) -> bool:
        return bool(self.imported)

    def counts(self) -> dict[str, int]:
        counts = dict.fromkeys(STATUSES, 0)
        for card in self.imported:
            counts[card.automation] += 1
        return counts

    def summary(self) -> str:
        counts = self.counts()
        name = self.set_name or "?"
        if not self.ok:
            return (f"Nothing was imported from {self.format or 'the file'} set {name!r} "
                    f"({len(self.rejected)} problem(s)); nothing was changed.")
        verb = "Replaced" if self.replaced else "Imported"
        where = ", ".join(self.rulesets)
        return (f"{verb} set **{name}** ({self.format}): {len(self.imported)} of "
                f"{self.records} card(s): {counts['automated']} automated, "
                f"{counts['partial']} partial, {counts['manual']} manual. Enabled in this "
                f"server for {where}.")

    def lines(self) -> list[str]:
        """The whole report, one line each: what a .txt attachment holds."""
        lines = [self.summary().replace("**", "")]
        if self.retired:
            lines.append(f"No longer in the set (kept only so past matches replay): "
                         f"{', '.join(self.retired)}")
        if self.rejected:
            lines.append(f"{len(self.rejected)} record(s) rejected:")
            lines += [f"- {issue}" for issue in self.rejected]
        if self.skipped:
            lines.append(f"{len(self.skipped)} record(s) are not cards (skipped):")
            lines += [f"- {issue}" for issue in self.skipped]
        if self.notes:
            lines.append(f"{len(self.notes)} note(s) on imported cards:")
            lines += [f"- {issue}" for issue in self.notes]
        not_automated = [card for card in self.imported if card.automation != "automated"]
        if not_automated:
            lines.append("Cards players partly resolve by hand:")
            for card in not_automated:
                lines.append(f"- {card.name} ({card.automation}): " + " ".join(card.manual_text))
        return lines


def dump_cards(cards: Iterable[Card]) -> str:
    """Cards as YAML in the data/cards schema."""
    entries = [card.model_dump(mode="json", by_alias=True, exclude_defaults=True)
               for card in cards]  # fmt: skip
    if not entries:
        return ""
    return yaml.safe_dump(entries, sort_keys=False, allow_unicode=True, width=100)


def load_cards(text: str) -> tuple[Card, ...]:
    raw = safe_load(text) if text.strip() else []
    return tuple(Card.model_validate(entry) for entry in raw or [])


def _clean_name(name: str) -> str:
    return " ".join(name.split())


class CardSetService:
    def __init__(self, db: Database, builtin: CardPool) -> None:
        self.db = db
        self.builtin = builtin
        self._sets: dict[int, StoredSet] = {}
        self._pools: dict[int, CardPool] = {}  # per server, built when first asked for
        self._lock = asyncio.Lock()

    # --- the pools ------------------------------------------------------------------------
    async def load(self) -> None:
        """Read every stored set (at start, before matches resume, and after a restore)."""
        rows = await self.db.fetchall(
            "SELECT id, guild_id, name, format, cards_yaml, retired_yaml, imported_at,"
            " imported_by FROM card_sets ORDER BY id"
        )
        self._sets = {
            row[0]: StoredSet(row[0], row[1], row[2], row[3], load_cards(row[4]),
                              load_cards(row[5]), row[6], row[7])
            for row in rows
        }
        self._pools = {}

    def pool_for(self, guild_id: int | None) -> CardPool:
        """The cards of a server: the built-in set and all its own sets (in DMs: the
        built-in set). Matches, decks and look-ups there read card names in it."""
        if guild_id is None:
            return self.builtin
        pool = self._pools.get(guild_id)
        if pool is None:
            pool = self._pools[guild_id] = self._build(self._sets, guild_id)
        return pool

    def _build(self, sets: dict[int, StoredSet], guild_id: int) -> CardPool:
        cards = list(self.builtin.by_name.values())
        for stored in sets.values():
            if stored.guild_id == guild_id:
                cards.extend(stored.cards)
                cards.extend(stored.retired)
        return CardPool(cards)

    # --- what a server may use ------------------------------------------------------------
    async def enabled_names(self, guild_id: int | None, ruleset: str | None = None
                            ) -> frozenset[str]:
        """The card names this server may use under `ruleset` (None: under any); in DMs
        (guild_id None) the built-in set only."""
        names = set(self.builtin.by_name)
        if guild_id is None:
            return frozenset(names)
        for set_id in await self._enabled_set_ids(guild_id, ruleset):
            stored = self._sets.get(set_id)
            if stored is not None:
                names.update(card.name for card in stored.cards)
        return frozenset(names)

    async def enabled_by_ruleset(self, guild_id: int | None) -> dict[str, frozenset[str]]:
        return {ruleset: await self.enabled_names(guild_id, ruleset) for ruleset in RULESETS}

    async def _enabled_set_ids(self, guild_id: int, ruleset: str | None) -> list[int]:
        if ruleset is None:
            rows = await self.db.fetchall(
                "SELECT DISTINCT set_id FROM guild_card_sets WHERE guild_id=?", (guild_id,))
        else:
            rows = await self.db.fetchall(
                "SELECT set_id FROM guild_card_sets WHERE guild_id=? AND ruleset=?",
                (guild_id, ruleset))
        return [row[0] for row in rows]

    # --- importing ------------------------------------------------------------------------
    async def import_set(
        self,
        guild_id: int,
        user_id: int,
        filename: str,
        data: bytes,
        set_name: str | None = None,
        rulesets: Iterable[str] | None = None,
    ) -> ImportReport:
        """Import a card list for `guild_id`, replacing its set of the same name, and enable
        it there for `rulesets` (default: all). Records that cannot be used, and cards whose
        name another set already has, are reported, not imported; with nothing usable,
        nothing changes."""
        wanted = tuple(RULESETS) if rulesets is None else tuple(dict.fromkeys(rulesets))
        unknown = [name for name in wanted if name not in RULESETS]
        if unknown or not wanted:
            raise CardSetError(f"Unknown ruleset {', '.join(unknown) or '(none)'}; choose from "
                               f"{', '.join(RULESETS)}.")
        if set_name is not None:
            set_name = _clean_name(set_name) or None
        if set_name is not None and len(set_name) > MAX_SET_NAME:
            raise CardSetError(f"Set names are at most {MAX_SET_NAME} characters.")
        if len(data) > MAX_SET_BYTES:
            raise CardSetError(f"{filename} is {len(data):,} bytes; the limit is "
                               f"{MAX_SET_BYTES:,}.")
        result = await asyncio.to_thread(parse_cards, filename, data, set_name)
        if result is None:
            report = ImportReport(set_name or "", "")
            report.rejected.append(Issue("file", "format", "cannot tell the format (use .xml "
                                         "OCTGN, .tsv Lackey, .json or .csv)"))
            return report
        result.set_name = _clean_name(result.set_name)
        if len(result.set_name) > MAX_SET_NAME:
            result.issues.append(Issue("file", "set name",
                                       f"longer than {MAX_SET_NAME} characters"))
            result.cards.clear()
        async with self._lock:
            return await self._store(guild_id, user_id, result, wanted)

    async def _in_stored_match(self, guild_id: int, name: str) -> bool:
        row = await self.db.fetchone(
            "SELECT 1 FROM matches WHERE guild_id=? AND instr(decks_json, ?) > 0 LIMIT 1",
            (guild_id, json.dumps(name)))
        return row is not None

    async def _store(self, guild_id: int, user_id: int, result: ImportResult,
                     rulesets: tuple[str, ...]) -> ImportReport:
        report = ImportReport(result.set_name, result.format, result.records,
                              rulesets=rulesets)
        report.rejected.extend(
            Issue(issue.record, issue.field, issue.reason.replace("--set-name", "set-name"))
            for issue in result.issues
        )
        report.skipped.extend(result.skipped)
        report.notes.extend(result.notes)
        key = fold_name(result.set_name)
        previous = next((s for s in self._sets.values()
                         if s.guild_id == guild_id and fold_name(s.name) == key), None)
        # Names are this server's own business: only its other sets and the built-in set
        # can clash (another server's sets are never looked at, nor named).
        taken: set[str] = {fold_name(name) for name in self.builtin.by_name}
        for stored in self._sets.values():
            if stored is not previous and stored.guild_id == guild_id:
                taken.update(fold_name(card.name) for card in (*stored.cards, *stored.retired))
        before = [*previous.cards, *previous.retired] if previous is not None else []
        fitted = fit_names(result.cards, before, taken, result.set_name,
                           owner="this server already has")
        report.rejected.extend(fitted.rejected)
        report.notes.extend(fitted.notes)
        old_by_name = {fold_name(card.name): card for card in before}
        for named in fitted.cards:
            old = old_by_name.get(fold_name(named.name))
            if old is not None and old != named and await self._in_stored_match(guild_id,
                                                                                 named.name):
                # A stored match replays with the card as it was: it must never change.
                report.rejected.append(Issue(
                    f"card {named.name!r}", "text",
                    "changed, but stored matches were played with it as it was; import the "
                    "new version under a new name"))
                named = old
            report.imported.append(named)
        if not report.imported:
            return report
        kept = {fold_name(card.name) for card in report.imported}
        retired = []
        if previous is not None:
            report.replaced = True
            retired = [card for card in (*previous.cards, *previous.retired)
                       if fold_name(card.name) not in kept]
            report.retired = [card.name for card in previous.cards
                              if fold_name(card.name) not in kept]
        now = time.time()
        candidate = StoredSet(previous.id if previous else 0, guild_id, result.set_name,
                              result.format, tuple(report.imported), tuple(retired), now,
                              user_id)
        sets = {k: v for k, v in self._sets.items() if v is not previous}
        sets[-1] = candidate
        pool = self._build(sets, guild_id)  # raises before anything is written if names clash
        async with self.db.write() as conn:
            values = (result.set_name, key, result.format, dump_cards(candidate.cards),
                      dump_cards(candidate.retired), now, user_id)
            if previous is None:
                cursor = await conn.execute(
                    "INSERT INTO card_sets (name, name_key, format, cards_yaml, retired_yaml,"
                    " imported_at, imported_by, guild_id) VALUES (?,?,?,?,?,?,?,?)",
                    (*values, guild_id))
                set_id = cursor.lastrowid
                assert set_id is not None
            else:
                set_id = previous.id
                await conn.execute(
                    "UPDATE card_sets SET name=?, name_key=?, format=?, cards_yaml=?,"
                    " retired_yaml=?, imported_at=?, imported_by=? WHERE id=?",
                    (*values, set_id))
            await conn.execute("DELETE FROM guild_card_sets WHERE guild_id=? AND set_id=?",
                               (guild_id, set_id))
            await conn.executemany(
                "INSERT INTO guild_card_sets (guild_id, set_id, ruleset) VALUES (?,?,?)",
                [(guild_id, set_id, ruleset) for ruleset in rulesets])
        del sets[-1]
        sets[set_id] = replace(candidate, id=set_id)
        self._sets = sets
        self._pools[guild_id] = pool  # it only gains cards: live matches keep their games
        return report

    # --- a server's sets --------------------------------------------------------------------
    def _find(self, guild_id: int, set_name: str) -> StoredSet:
        key = fold_name(set_name)
        for stored in self._sets.values():
            if stored.guild_id == guild_id and fold_name(stored.name) == key:
                return stored
        names = [s.name for s in self._sets.values() if s.guild_id == guild_id]
        known = f" This server's sets: {', '.join(names)}." if names else (
            " This server has imported no sets yet: use /cards import.")
        raise CardSetError(f"This server has no card set named {set_name!r}.{known}")

    async def list_sets(self, guild_id: int) -> list[SetInfo]:
        rows = await self.db.fetchall(
            "SELECT set_id, ruleset FROM guild_card_sets WHERE guild_id=?", (guild_id,))
        enabled: dict[int, list[str]] = {}
        for set_id, ruleset in rows:
            enabled.setdefault(set_id, []).append(ruleset)
        infos = []
        for stored in sorted(self._sets.values(), key=lambda s: fold_name(s.name)):
            if stored.guild_id != guild_id:
                continue
            counts = dict.fromkeys(STATUSES, 0)
            for card in stored.cards:
                counts[card.automation] += 1
            on = tuple(r for r in RULESETS if r in enabled.get(stored.id, []))
            infos.append(SetInfo(stored.name, stored.format, counts, on, stored.imported_at,
                                 stored.imported_by))
        return infos

    def set_names(self, guild_id: int) -> list[str]:
        return sorted((s.name for s in self._sets.values() if s.guild_id == guild_id),
                      key=fold_name)

    def _ruleset(self, ruleset: str) -> str:
        if ruleset not in RULESETS:
            raise CardSetError(f"Unknown ruleset {ruleset!r}; choose from "
                               f"{', '.join(RULESETS)}.")
        return ruleset

    async def enable(self, guild_id: int, set_name: str, ruleset: str) -> bool:
        """Enable the set for `ruleset` in this server; False when it already was."""
        stored, ruleset = self._find(guild_id, set_name), self._ruleset(ruleset)
        async with self.db.write() as conn:
            cursor = await conn.execute(
                "INSERT OR IGNORE INTO guild_card_sets (guild_id, set_id, ruleset)"
                " VALUES (?,?,?)", (guild_id, stored.id, ruleset))
            return cursor.rowcount > 0

    async def disable(self, guild_id: int, set_name: str, ruleset: str) -> bool:
        """Disable the set for `ruleset` in this server; False when it was not enabled.
        Its cards stay in the pool: matches already played with them still replay."""
        stored, ruleset = self._find(guild_id, set_name), self._ruleset(ruleset)
        async with self.db.write() as conn:
            cursor = await conn.execute(
                "DELETE FROM guild_card_sets WHERE guild_id=? AND set_id=? AND ruleset=?",
                (guild_id, stored.id, ruleset))
            return cursor.rowcount > 0
