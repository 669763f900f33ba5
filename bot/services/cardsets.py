"""Card sets imported by a server (engine.panini.importers; a Score family list:
bot/services/score_cardsets.py) and which of them each server enables, per ruleset.

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
from dataclasses import dataclass, replace

from bot.db import Database
from bot.services.primetime_cardsets import PrimeTimeCardSets, PrimeTimeImportReport
from bot.services.score_cardsets import ScoreCardSets, ScoreImportReport
from bot.services.score_decks import score_pool
from bot.services.set_rows import (
    ImportReportBase,
    SetRow,
    dump_cards,
    family_rows,
    load_cards,
    report_lines,
    write_set,
)
from engine.panini.cards import Card, CardPool, fold_name
from engine.panini.importers import ImportResult, Issue, fit_names, parse_cards
from engine.panini.rulesets import RULESETS
from engine.primetime.rulesets import RULESETS as PT_RULESETS
from engine.score.cards import CardPool as ScoreCardPool
from engine.score.cardtext import compile_power
from engine.score.importers import parse_score_cards
from engine.score.rulesets import RULESETS as SCORE_RULESETS

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
    family: str = "panini"

    @property
    def size(self) -> int:
        return sum(self.counts.values())


@dataclass
class ImportReport(ImportReportBase[Card]):
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
        lines = report_lines(self.summary(), self.retired, self.rejected, self.skipped,
                             self.notes)
        not_automated = [card for card in self.imported if card.automation != "automated"]
        if not_automated:
            lines.append("Cards players partly resolve by hand:")
            for card in not_automated:
                lines.append(f"- {card.name} ({card.automation}): " + " ".join(card.manual_text))
        return lines


def _wrong_family(set_name: str | None, what: str) -> ImportReport:
    """A report refusing the whole file: it is a card list of the other game family."""
    report = ImportReport(set_name or "", "")
    report.rejected.append(Issue("file", "game family", f"it is {what}"))
    return report


def _clean_name(name: str) -> str:
    return " ".join(name.split())


class CardSetService:
    def __init__(self, db: Database, builtin: CardPool,
                 score_sandbox: ScoreCardPool | None = None) -> None:
        self.db = db
        self.builtin = builtin
        self._sets: dict[int, StoredSet] = {}
        self._pools: dict[int, CardPool] = {}  # per server, built when first asked for
        self._lock = asyncio.Lock()
        # the Score family's sets, in the same tables (family 'score')
        self.score = ScoreCardSets(db, score_sandbox or score_pool(), self._in_stored_match)
        self.primetime = PrimeTimeCardSets(db, self._in_stored_match)  # family 'primetime'

    # --- the pools ------------------------------------------------------------------------
    async def load(self) -> None:
        """Read every stored set (at start, before matches resume, and after a restore)."""
        rows = await family_rows(self.db, "panini")
        self._sets = {
            row[0]: StoredSet(row[0], row[1], row[2], row[3], load_cards(row[4], Card),
                              load_cards(row[5], Card), row[6], row[7])
            for row in rows
        }
        self._pools = {}
        await self.score.load()
        await self.primetime.load()

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
        """The card names this server may use under `ruleset` (None: under any ruleset of
        either family); in DMs (guild_id None) the built-in sets only."""
        if ruleset in SCORE_RULESETS:
            ids = [] if guild_id is None else await self._enabled_set_ids(guild_id, ruleset)
            return self.score.enabled_from(ids)
        names = set(self.builtin.by_name)
        if ruleset is None:
            ids = [] if guild_id is None else await self._enabled_set_ids(guild_id, None)
            names.update(self.score.enabled_from(ids))
        if guild_id is None:
            return frozenset(names)
        for set_id in await self._enabled_set_ids(guild_id, ruleset):
            stored = self._sets.get(set_id)
            if stored is not None:
                names.update(card.name for card in stored.cards)
        return frozenset(names)

    async def enabled_by_ruleset(self, guild_id: int | None) -> dict[str, frozenset[str]]:
        """Per ruleset of either family, the names usable under it here."""
        return {ruleset: await self.enabled_names(guild_id, ruleset)
                for ruleset in (*RULESETS, *SCORE_RULESETS)}

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
    ) -> ImportReport | ScoreImportReport:
        """Import a card list for `guild_id`, replacing its set of the same name, and enable
        it there for `rulesets` (default: all of its family's). A list for a Score ruleset
        is a Score family list; without a ruleset, so is a list the Score importer reads
        more cards of than Panini's. Records that cannot be used, and cards
        whose name another set already has, are reported, not imported; with nothing
        usable, nothing changes."""
        asked = None if rulesets is None else tuple(dict.fromkeys(rulesets))
        every = (*RULESETS, *SCORE_RULESETS)
        unknown = [name for name in asked or () if name not in every]
        if unknown or asked == ():
            raise CardSetError(f"Unknown ruleset {', '.join(unknown) or '(none)'}; choose from "
                               f"{', '.join(every)}.")
        score = asked is not None and all(name in SCORE_RULESETS for name in asked)
        if asked is not None and not score and any(name in SCORE_RULESETS for name in asked):
            raise CardSetError("A set is of one game family: enable it for Panini rulesets "
                               "or for Score ones, not both.")
        wanted = asked or tuple(RULESETS)
        if set_name is not None:
            set_name = _clean_name(set_name) or None
        if set_name is not None and len(set_name) > MAX_SET_NAME:
            raise CardSetError(f"Set names are at most {MAX_SET_NAME} characters.")
        if len(data) > MAX_SET_BYTES:
            raise CardSetError(f"{filename} is {len(data):,} bytes; the limit is "
                               f"{MAX_SET_BYTES:,}.")
        if score:
            return await self._import_score(guild_id, user_id, filename, data, set_name,
                                            wanted)
        result = await asyncio.to_thread(parse_cards, filename, data, set_name)
        # A list the Score importer reads more cards of than Panini's is a Score list:
        # imported as one when no ruleset was chosen, else refused as the other family's
        reads = await asyncio.to_thread(parse_score_cards, filename, data, set_name)
        if len(reads.cards) > (len(result.cards) if result is not None else 0):
            if asked is None:
                return await self._import_score(guild_id, user_id, filename, data, set_name,
                                                tuple(SCORE_RULESETS))
            return _wrong_family(set_name, "a Score card list: import it with ruleset "
                                 "score or ocg (or none)")
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
        async with self._lock:  # one import at a time: set names are checked, then taken
            if self.score.find_set(guild_id, result.set_name) is not None or (
                    self.primetime.find_set(guild_id, result.set_name) is not None):
                raise CardSetError(f"This server has a set of another game named "
                                   f"{result.set_name!r}; give this set another name with "
                                   "set-name.")
            return await self._store(guild_id, user_id, result, wanted)

    async def import_primetime(self, guild_id: int, user_id: int, filename: str, data: bytes,
                               set_name: str | None = None) -> PrimeTimeImportReport:
        """Import a file of Prime Time characters and cards for `guild_id`, enabled there
        for prime-time (bot/services/primetime_cardsets.py)."""
        if set_name is not None:
            set_name = _clean_name(set_name) or None
        if len(data) > MAX_SET_BYTES:
            raise CardSetError(f"{filename} is {len(data):,} bytes; the limit is "
                               f"{MAX_SET_BYTES:,}.")
        async with self._lock:  # one import at a time: set names are checked, then taken
            return await self.primetime.import_set(
                guild_id, user_id, filename, data, set_name, tuple(PT_RULESETS),
                lambda name: self._other_set(guild_id, name))

    async def _import_score(self, guild_id: int, user_id: int, filename: str, data: bytes,
                            set_name: str | None, rulesets: tuple[str, ...]
                            ) -> ImportReport | ScoreImportReport:
        def panini_set(name: str) -> bool:
            return any(stored.guild_id == guild_id and fold_name(stored.name) == fold_name(name)
                       for stored in self._sets.values())

        async with self._lock:
            report = await self.score.import_set(guild_id, user_id, filename, data, set_name,
                                                 rulesets, panini_set)
        if not report.ok:  # a list of the other family says so, not why each card fails
            panini = await asyncio.to_thread(parse_cards, filename, data, set_name)
            if panini is not None and len(panini.cards) > report.read:
                return _wrong_family(set_name, "a Panini card list: import it with a Panini "
                                     "ruleset (or none)")
        return report

    def _other_set(self, guild_id: int, name: str) -> str | None:
        """Which Panini or Score set of the server has the name, in words (None: none)."""
        key = fold_name(name)
        if any(s.guild_id == guild_id and fold_name(s.name) == key
               for s in self._sets.values()):
            return "a Panini set"
        return "a Score set" if self.score.find_set(guild_id, name) is not None else None

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
        row = SetRow(guild_id, result.set_name, key, result.format,
                     dump_cards(candidate.cards), dump_cards(candidate.retired), now, user_id,
                     "panini")
        async with self.db.write() as conn:
            set_id = await write_set(conn, row, previous.id if previous else None, rulesets)
        del sets[-1]
        sets[set_id] = replace(candidate, id=set_id)
        self._sets = sets
        self._pools[guild_id] = pool  # it only gains cards: live matches keep their games
        return report

    # --- a server's sets --------------------------------------------------------------------
    def _find(self, guild_id: int, set_name: str, ruleset: str) -> int:
        """The id of this server's set `set_name`, of the family `ruleset` is of."""
        key = fold_name(set_name)
        scored = self.score.find_set(guild_id, set_name)
        prime = self.primetime.find_set(guild_id, set_name)
        panini = next((s for s in self._sets.values()
                       if s.guild_id == guild_id and fold_name(s.name) == key), None)
        if prime is not None:
            set_id, family, what = prime.id, tuple(PT_RULESETS), "a Prime Time set"
        elif scored is not None:
            set_id, family, what = scored.id, tuple(SCORE_RULESETS), "a Score set"
        elif panini is not None:
            set_id, family, what = panini.id, tuple(RULESETS), "a Panini set"
        else:
            names = self.set_names(guild_id)
            known = f" This server's sets: {', '.join(names)}." if names else (
                " This server has imported no sets yet: use /cards import.")
            raise CardSetError(f"This server has no card set named {set_name!r}.{known}")
        if ruleset not in family:
            raise CardSetError(f"The set {set_name!r} is {what}: choose one of "
                               f"{', '.join(family)}.")
        return set_id

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
        for scored in self.score.sets_of(guild_id):
            by_hand = sum(bool(compile_power(card.text).unread) for card in scored.cards)
            counts = {"refereed in full": len(scored.cards) - by_hand,
                      "partly by hand": by_hand}
            on = tuple(r for r in SCORE_RULESETS if r in enabled.get(scored.id, []))
            infos.append(SetInfo(scored.name, scored.format, counts, on, scored.imported_at,
                                 scored.imported_by, "score"))
        for prime in self.primetime.sets_of(guild_id):
            counts = {"characters": len(prime.content.characters),
                      "deck cards": len(prime.content.cards)}
            infos.append(SetInfo(prime.name, "YAML", counts, self.primetime.enabled_rulesets(
                prime), prime.imported_at, prime.imported_by, "primetime"))
        return sorted(infos, key=lambda info: fold_name(info.name))

    def set_names(self, guild_id: int) -> list[str]:
        """This server's sets of either family."""
        names = [s.name for s in self._sets.values() if s.guild_id == guild_id]
        names += [s.name for s in self.score.sets_of(guild_id)]
        names += [s.name for s in self.primetime.sets_of(guild_id)]
        return sorted(names, key=fold_name)

    async def enable(self, guild_id: int, set_name: str, ruleset: str) -> bool:
        """Enable the set for `ruleset` in this server; False when it already was."""
        set_id = self._find(guild_id, set_name, ruleset)
        async with self.db.write() as conn:
            cursor = await conn.execute(
                "INSERT OR IGNORE INTO guild_card_sets (guild_id, set_id, ruleset)"
                " VALUES (?,?,?)", (guild_id, set_id, ruleset))
        if ruleset in PT_RULESETS:
            self.primetime.set_enabled(guild_id, set_id, True)
        return cursor.rowcount > 0

    async def disable(self, guild_id: int, set_name: str, ruleset: str) -> bool:
        """Disable the set for `ruleset` in this server; False when it was not enabled.
        Its cards stay in the pool: matches already played with them still replay."""
        set_id = self._find(guild_id, set_name, ruleset)
        async with self.db.write() as conn:
            cursor = await conn.execute(
                "DELETE FROM guild_card_sets WHERE guild_id=? AND set_id=? AND ruleset=?",
                (guild_id, set_id, ruleset))
        if ruleset in PT_RULESETS:
            self.primetime.set_enabled(guild_id, set_id, False)
        return cursor.rowcount > 0
