"""A server's Score family card sets (engine.score.importers: Lackey tab-separated, CSV,
JSON), stored like its Panini sets (bot/services/cardsets.py, table card_sets with family
'score') and enabled per Score ruleset (`score`, `ocg`).

A server's Score pool is the Score sandbox set plus every Score set it stored (retired cards
included, so its stored matches replay); what it may use under a ruleset is the sandbox
set plus the sets it enables for that ruleset. Nothing about one server's sets reaches
another."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, replace

from bot.db import Database
from bot.services.set_rows import (
    ImportReportBase,
    SetRow,
    dump_cards,
    family_rows,
    load_cards,
    report_lines,
    write_set,
)
from engine.panini.cards import fold_name
from engine.panini.importers import Issue
from engine.score.cards import Card, CardPool, fold
from engine.score.cardtext import compile_power
from engine.score.importers import ScoreImport, parse_score_cards

FAMILY = "score"
FORMATS = {"json": "JSON", "csv": "CSV"}  # else a Lackey tab-separated list


@dataclass(frozen=True)
class ScoreSet:
    id: int
    guild_id: int
    name: str
    format: str
    cards: tuple[Card, ...]
    retired: tuple[Card, ...]  # dropped by a later re-import; kept for stored matches
    imported_at: float
    imported_by: int


@dataclass
class ScoreImportReport(ImportReportBase[Card]):
    """What an import did, in the shape /cards import shows (cardsets.ImportReport)."""

    read: int = 0  # records the importer read as cards (some may clash with others)

    def by_hand(self) -> list[Card]:
        """The imported cards with sentences the referee does not read."""
        return [card for card in self.imported if compile_power(card.text).unread]

    def summary(self) -> str:
        name = self.set_name or "?"
        if not self.ok:
            return (f"Nothing was imported from Score {self.format or 'file'} set {name!r} "
                    f"({len(self.rejected)} problem(s)); nothing was changed.")
        verb = "Replaced" if self.replaced else "Imported"
        manual = len(self.by_hand())
        return (f"{verb} Score set **{name}** ({self.format}): {len(self.imported)} of "
                f"{self.records} card(s): {len(self.imported) - manual} refereed in full, "
                f"{manual} with sentences players resolve by hand. Enabled in this server "
                f"for {', '.join(self.rulesets)}.")

    def lines(self) -> list[str]:
        lines = report_lines(self.summary(), self.retired, self.rejected, self.skipped,
                             self.notes)
        by_hand = self.by_hand()
        if by_hand:
            lines.append("Sentences players resolve by hand:")
            lines += [f"- {card.name}: " + " ".join(compile_power(card.text).unread)
                      for card in by_hand]
        return lines


def file_format(filename: str) -> str:
    suffix = filename.lower().rsplit(".", 1)[-1] if "." in filename else ""
    return FORMATS.get(suffix, "Lackey")


class ScoreCardSets:
    """The Score sets of every server; `in_stored_match(guild, name)` says whether a
    stored match there was played with a card of that name."""

    def __init__(self, db: Database, sandbox: CardPool,
                 in_stored_match: Callable[[int, str], Awaitable[bool]]) -> None:
        self.db = db
        self.sandbox = sandbox
        self._in_stored_match = in_stored_match
        self._sets: dict[int, ScoreSet] = {}
        self._pools: dict[int, CardPool] = {}

    async def load(self) -> None:
        rows = await family_rows(self.db, FAMILY)
        self._sets = {
            row[0]: ScoreSet(row[0], row[1], row[2], row[3], load_cards(row[4], Card),
                             load_cards(row[5], Card), row[6], row[7])
            for row in rows
        }
        self._pools = {}

    def pool_for(self, guild_id: int | None) -> CardPool:
        """The Score cards of a server: the sandbox set and all its own Score sets (in
        DMs: the sandbox set)."""
        if guild_id is None:
            return self.sandbox
        pool = self._pools.get(guild_id)
        if pool is None:
            pool = self._pools[guild_id] = self._build(self._sets, guild_id)
        return pool

    def _build(self, sets: dict[int, ScoreSet], guild_id: int) -> CardPool:
        cards = [card for name in self.sandbox.names() if (card := self.sandbox.find(name))]
        for stored in sets.values():
            if stored.guild_id == guild_id:
                cards.extend(stored.cards)
                cards.extend(stored.retired)
        return CardPool(cards)

    def sets_of(self, guild_id: int) -> list[ScoreSet]:
        return sorted((s for s in self._sets.values() if s.guild_id == guild_id),
                      key=lambda s: fold(s.name))

    def find_set(self, guild_id: int, set_name: str) -> ScoreSet | None:
        key = fold(set_name)
        return next((s for s in self.sets_of(guild_id) if fold(s.name) == key), None)

    def enabled_from(self, set_ids: Iterable[int]) -> frozenset[str]:
        """The sandbox names and those of the enabled sets among `set_ids`."""
        names = set(self.sandbox.names())
        for set_id in set_ids:
            stored = self._sets.get(set_id)
            if stored is not None:
                names.update(card.name for card in stored.cards)
        return frozenset(names)

    # --- importing ------------------------------------------------------------------------
    async def import_set(self, guild_id: int, user_id: int, filename: str, data: bytes,
                         set_name: str | None, rulesets: tuple[str, ...],
                         panini_sets: Callable[[str], bool]) -> ScoreImportReport:
        """Import a Score card list for `guild_id`, replacing its Score set of the same
        name, enabled there for `rulesets` (`panini_sets(name)`: the server has a Panini
        set of that name, which a Score set may not take). Nothing usable: nothing
        changes."""
        result = await asyncio.to_thread(parse_score_cards, filename, data, set_name)
        result.set_name = " ".join(result.set_name.split())
        report = ScoreImportReport(result.set_name, file_format(filename), rulesets=rulesets,
                                   read=len(result.cards))
        if result.file_problem is not None:
            report.rejected.append(Issue("file", "format", result.file_problem))
            return report
        if not result.set_name:
            report.rejected.append(Issue("file", "set name", "the file names no set; give "
                                         "one with set-name"))
            return report
        if panini_sets(result.set_name):
            report.rejected.append(Issue("file", "set name", f"this server has a Panini set "
                                         f"named {result.set_name!r}; give the Score set "
                                         "another name with set-name"))
            return report
        return await self._store(guild_id, user_id, result, report)

    async def _store(self, guild_id: int, user_id: int, result: ScoreImport,
                     report: ScoreImportReport) -> ScoreImportReport:
        report.records = len(result.cards) + len(result.rejected) + len(result.skipped)
        report.rejected += [Issue(record, "card", why) for record, why in result.rejected]
        report.skipped += [Issue(record, "type", "not a card") for record in result.skipped]
        report.notes += [Issue(record, "note", why) for record, why in result.notes]
        previous = self.find_set(guild_id, result.set_name)
        # one name, one card: the sandbox's and this server's other Score sets' are taken
        taken = {fold(name) for name in self.sandbox.names()}
        for stored in self.sets_of(guild_id):
            if stored is not previous:
                taken.update(fold(card.name) for card in (*stored.cards, *stored.retired))
        before = {fold(c.name): c for c in (previous.cards + previous.retired if previous
                                            else ())}
        seen: set[str] = set()
        for card in result.cards:
            key = fold(card.name)
            old = before.get(key)
            if key in taken:
                why = "a card of that name is in the sandbox set or another of this server's sets"
            elif key in seen:
                why = "a second card of that name in the file"
            elif old is not None and old != card and await self._in_stored_match(guild_id,
                                                                                  card.name):
                why = ("changed, but stored matches were played with it as it was; import the "
                       "new version under a new name")
                report.imported.append(old)
                seen.add(key)
            else:
                report.imported.append(card)
                seen.add(key)
                continue
            report.rejected.append(Issue(f"card {card.name!r}", "name", why))
        if not report.imported:
            return report
        retired = [c for c in before.values() if fold(c.name) not in seen]
        if previous is not None:
            report.replaced = True
            report.retired = [c.name for c in previous.cards if fold(c.name) not in seen]
        now = time.time()
        candidate = ScoreSet(previous.id if previous else 0, guild_id, result.set_name,
                             report.format, tuple(report.imported), tuple(retired), now, user_id)
        sets = {k: v for k, v in self._sets.items() if v is not previous}
        sets[-1] = candidate
        pool = self._build(sets, guild_id)  # raises before anything is written if names clash
        row = SetRow(guild_id, candidate.name, fold_name(candidate.name), candidate.format,
                     dump_cards(candidate.cards), dump_cards(candidate.retired), now, user_id,
                     FAMILY)
        async with self.db.write() as conn:
            set_id = await write_set(conn, row, previous.id if previous else None,
                                     report.rulesets)
        del sets[-1]
        sets[set_id] = replace(candidate, id=set_id)
        self._sets = sets
        self._pools[guild_id] = pool  # it only gains cards: live matches keep their games
        return report

