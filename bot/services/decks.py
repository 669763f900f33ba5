"""Registered decks: a player's named deck lists (pasted, or OCTGN .o8d files kept as
their text), each save a new version. A match records
the exact version it was played with, so editing a deck never changes a past match."""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from bot.db import Database, Row
from bot.services.families import (
    AnyDeck,
    Pools,
    PrimeTimePools,
    ScorePools,
    deck_data,
    deck_from_data,
    sample_everywhere,
    sandbox_everywhere,
)
from bot.services.primetime_rosters import (
    is_roster_text,
    read_roster,
    roster_threat,
    roster_violations,
)
from bot.services.score_decks import (
    compile_score,
    is_score_list,
    score_card_names,
    score_problems,
)
from engine.panini.cards import CardPool
from engine.panini.deckcheck import Violation, check_deck
from engine.panini.decklist import (
    Deck,
    DeckListError,
    DeckStructureError,
    ParsedDeck,
    build_deck,
)
from engine.panini.decklist_o8d import DeckFileError, is_o8d, o8d_text, parse_deck
from engine.panini.rulesets import RULESETS
from engine.primetime.pool import Pool as PrimeTimePool
from engine.primetime.roster import Roster
from engine.primetime.rulesets import RULESETS as PT_RULESETS
from engine.score.cards import CardPool as ScoreCardPool
from engine.score.deckcheck import ScoreDeck
from engine.score.rulesets import RULESETS as SCORE_RULESETS

MAX_DECK_TEXT = 20_000  # characters; a 60-card list is far shorter
MAX_NAME = 40
MAX_DECKS_PER_PLAYER = 25
UNREADABLE_SHOWN = 15  # unreadable lines listed in one answer
REASONS_SHOWN = 6  # deck-building problems listed per ruleset


class DeckError(ValueError):
    """A request about decks that cannot be done; the message says why, for the player."""


@dataclass(frozen=True)
class DeckVersion:
    version_id: int
    deck_id: int
    owner_id: int
    name: str
    version: int
    text: str
    deck: AnyDeck
    created_at: float
    problems: dict[str, list[Violation]] = field(default_factory=dict)  # per ruleset
    # a roster's Threat with the characters it was read with (None: one is unknown there)
    threat: int | None = None

    def legal_under(self, ruleset: str) -> bool:
        """Checked under `ruleset` (its family's rulesets only) and legal there."""
        return ruleset in self.problems and not self.problems[ruleset]

    @property
    def legal_rulesets(self) -> list[str]:
        return [name for name in self.problems if self.legal_under(name)]


def deck_to_json(deck: AnyDeck) -> str:
    return json.dumps(deck_data(deck))


def deck_from_json(text: str) -> AnyDeck:
    return deck_from_data(json.loads(text))


def cards_not_enabled(deck: AnyDeck | ParsedDeck, enabled: AbstractSet[str]) -> list[str]:
    """The deck's card names that are not in `enabled`, sorted."""
    if isinstance(deck, Roster):
        return []  # Prime Time's cards are the sample's, in every server
    names = score_card_names(deck) if isinstance(deck, ScoreDeck) else set(deck.counts())
    return sorted(names - enabled)


def scoped_problems(
    deck: AnyDeck | ParsedDeck, problems: dict[str, list[Violation]],
    enabled: Mapping[str, AbstractSet[str]],
) -> dict[str, list[Violation]]:
    """The problems, with the cards not enabled under each of the deck's family's rulesets
    in `enabled` (those of the other family are not looked at)."""
    enabled = {ruleset: names for ruleset, names in enabled.items() if ruleset in problems}
    everywhere = set().union(*enabled.values()) if enabled else set()
    missing = cards_not_enabled(deck, frozenset(everywhere))
    if missing:
        raise DeckError(
            "These cards exist but are not enabled in this server: " + ", ".join(missing)
            + ". A server admin can enable their set with /cards enable.")
    scoped = dict(problems)
    for ruleset, names in enabled.items():
        missing = cards_not_enabled(deck, names)
        if missing:
            scoped[ruleset] = [*problems.get(ruleset, []), Violation(
                "deck.cards-enabled", "this server's card sets",
                f"not enabled in this server under {ruleset}: {', '.join(missing)}")]
    return scoped


def unreadable_text(exc: DeckListError, pool: CardPool,
                    enabled: Mapping[str, AbstractSet[str]] | None) -> str:
    """The lines that could not be read and, in one answer with them, the deck-building
    problems of the lines that could: fixing the first must not reveal a second list."""
    shown = [f"- {error}" for error in exc.errors[:UNREADABLE_SHOWN]]
    if len(exc.errors) > UNREADABLE_SHOWN:
        shown.append(f"- ... and {len(exc.errors) - UNREADABLE_SHOWN} more")
    lines = [f"I could not read {len(exc.errors)} line(s) of that deck list:", *shown]
    readable = exc.readable
    if readable is None or not readable.entries:
        return "\n".join(lines)
    problems = {name: check_deck(readable, pool, ruleset) for name, ruleset in RULESETS.items()}
    refusal = ""
    if enabled is not None:
        try:
            problems = scoped_problems(readable, problems, enabled)
        except DeckError as unusable:  # cards enabled under no ruleset here
            refusal = str(unusable)
    if not refusal and not any(problems.values()):
        return "\n".join([*lines, "The lines I could read break no deck-building rule."])
    lines.append("In the lines I could read:")
    if refusal:
        lines.append(f"- {refusal}")
    lines += legality_lines(problems, "✅ No deck-building problem under {}.")
    return "\n".join(lines)


def unreadable_lines(errors: Sequence[object], what: str) -> str:
    """Each reason a list of `what` could not be read, the first UNREADABLE_SHOWN."""
    shown = [f"- {error}" for error in errors[:UNREADABLE_SHOWN]]
    if len(errors) > UNREADABLE_SHOWN:
        shown.append(f"- ... and {len(errors) - UNREADABLE_SHOWN} more")
    return "\n".join([f"I could not read {len(errors)} line(s) of that {what}:", *shown])


def deck_file_text(filename: str, data: bytes) -> str:
    """The deck list to register from an attached file: an OCTGN deck (.o8d, or any XML)
    as o8d_text keeps it, else UTF-8 text. DeckError says why it is neither."""
    if is_o8d(data, filename):
        try:
            return o8d_text(data)
        except DeckFileError as exc:
            raise DeckError(f"{filename} cannot be read as an OCTGN deck (.o8d): {exc}.") from None
    try:
        # utf-8-sig: Windows editors often start the file with a byte-order mark.
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DeckError(
            f"{filename} is neither a deck list in UTF-8 text (.txt) nor an OCTGN deck file "
            "(.o8d). Attach one of those, or paste the list in the form (/deck register "
            "without a file).") from None


def legality_lines(problems: Mapping[str, list[Violation]], legal: str = "✅ Legal under {}.",
                   reasons: int = REASONS_SHOWN) -> list[str]:
    """Per ruleset: `legal` (formatted with its name), or why not (the first `reasons`)."""
    lines = []
    for ruleset, found in problems.items():  # the rulesets of the deck's family
        if not found:
            lines.append(legal.format(ruleset))
            continue
        lines.append(f"❌ Not legal under {ruleset}:")
        lines += [f"  - {v.message} ({v.source})" for v in found[:reasons]]
        if len(found) > reasons:
            lines.append(f"  - ... and {len(found) - reasons} more")
    return lines


def name_key(name: str) -> str:
    return " ".join(name.split()).casefold()


def pools_of(pool: CardPool | Pools) -> Pools:
    """One pool for every server (tests, benches, the CLI), or each server's own."""
    if isinstance(pool, CardPool):
        return lambda _guild_id: pool
    return pool


class DeckService:
    def __init__(self, db: Database, pool: CardPool | Pools,
                 score_pools: ScorePools = sandbox_everywhere,
                 primetime_pools: PrimeTimePools = sample_everywhere) -> None:
        self.db = db
        self.pools = pools_of(pool)
        self.score_pools = score_pools  # each server's Score cards
        self.primetime_pools = primetime_pools  # what a roster registered there may use

    def read(self, name: str, text: str, guild_id: int | None = None,
             enabled: Mapping[str, AbstractSet[str]] | None = None,
             ) -> tuple[AnyDeck, dict[str, list[Violation]]]:
        """A list of either family: a Score list (score_decks.is_score_list) checked under
        the Score rulesets, else a Panini one (`compile`)."""
        panini_cards, score_cards = self.pools(guild_id).find, self.score_pools(guild_id)
        if len(text) <= MAX_DECK_TEXT and not is_o8d(text) and is_roster_text(text):
            return self._roster(text, self.primetime_pools(guild_id))
        if len(text) <= MAX_DECK_TEXT and not is_o8d(text) and is_score_list(
                text, panini_cards, score_cards):
            return self._score(text, score_cards, enabled)
        return self.compile(name, text, guild_id, enabled)

    def compile(self, name: str, text: str, guild_id: int | None = None,
                enabled: Mapping[str, AbstractSet[str]] | None = None,
                ) -> tuple[Deck, dict[str, list[Violation]]]:
        """Parse and check a deck list under every ruleset, with the cards of `guild_id`
        (`enabled`: see register). Raises DeckError when the list cannot make a deck at
        all (unreadable lines, with the deck-building problems of the lines that could be
        read; no Mastery ...)."""
        pool = self.pools(guild_id)
        if len(text) > MAX_DECK_TEXT:
            what, advice = ("deck file", "Shorten its notes.") if is_o8d(text) else (
                "deck list", "Paste only the card lines.")
            raise DeckError(f"That {what} is {len(text):,} characters; the limit is "
                            f"{MAX_DECK_TEXT:,}. {advice}")
        try:
            parsed = parse_deck(text, pool, name=name)
            deck = build_deck(parsed, pool)
        except DeckFileError as exc:
            raise DeckError(f"That OCTGN deck file cannot be read: {exc}.") from None
        except DeckListError as exc:
            raise DeckError(unreadable_text(exc, pool, enabled)) from None
        except DeckStructureError as exc:
            raise DeckError(f"That list cannot make a deck: {exc}") from None
        problems = {
            ruleset_name: check_deck(parsed, pool, ruleset)
            for ruleset_name, ruleset in RULESETS.items()
        }
        if enabled is not None:
            problems = scoped_problems(deck, problems, enabled)
        return deck, problems

    @staticmethod
    def _score(text: str, pool: ScoreCardPool,
               enabled: Mapping[str, AbstractSet[str]] | None,
               ) -> tuple[AnyDeck, dict[str, list[Violation]]]:
        """A Score list read with a server's Score cards (`pool`), checked under `score`
        and `ocg` (`enabled`: the names usable under each there, see register)."""
        deck = compile_score(text, pool)
        if not isinstance(deck, ScoreDeck):
            raise DeckError(unreadable_lines(deck, "Score deck list"))
        problems = score_problems(deck, pool)
        if enabled is not None:
            problems = scoped_problems(deck, problems, enabled)
        return deck, problems

    @staticmethod
    def _roster(text: str, pool: PrimeTimePool) -> tuple[AnyDeck, dict[str, list[Violation]]]:
        """A Prime Time roster (docs/primetime-data.md), checked under `prime-time` with
        the characters and cards usable where it is registered."""
        roster = read_roster(text)
        if not isinstance(roster, Roster):
            raise DeckError(unreadable_lines(roster, "Prime Time roster"))
        return roster, roster_violations(roster, pool)

    async def register(
        self,
        owner_id: int,
        name: str,
        text: str,
        enabled: Mapping[str, AbstractSet[str]] | None = None,
        guild_id: int | None = None,
    ) -> DeckVersion:
        """Save `text` as the next version of `owner_id`'s deck `name` (created if new).
        `enabled`: the card names usable where it is registered, per ruleset (None: any
        card); a card usable under no ruleset there refuses the list, one usable under
        only some rulesets makes the deck not legal under the others. The list is read
        with the cards of `guild_id`, the server it is registered in."""
        name = " ".join(name.split())
        if not name:
            raise DeckError("Give the deck a name.")
        if len(name) > MAX_NAME:
            raise DeckError(f"Deck names are at most {MAX_NAME} characters.")
        deck, problems = self.read(name, text, guild_id, enabled)
        now = time.time()
        async with self.db.write() as conn:
            cursor = await conn.execute(
                "SELECT id FROM decks WHERE owner_id=? AND name_key=? AND deleted_at IS NULL",
                (owner_id, name_key(name)),
            )
            row = await cursor.fetchone()
            if row is None:
                cursor = await conn.execute(
                    "SELECT COUNT(*) FROM decks WHERE owner_id=? AND deleted_at IS NULL",
                    (owner_id,),
                )
                count_row = await cursor.fetchone()
                if count_row is not None and count_row[0] >= MAX_DECKS_PER_PLAYER:
                    raise DeckError(
                        f"You already have {MAX_DECKS_PER_PLAYER} decks; delete one first."
                    )
                cursor = await conn.execute(
                    "INSERT INTO decks (owner_id, name, name_key, created_at) VALUES (?,?,?,?)",
                    (owner_id, name, name_key(name), now),
                )
                deck_id = cursor.lastrowid
                version = 1
            else:
                deck_id = row[0]
                cursor = await conn.execute(
                    "SELECT MAX(version) FROM deck_versions WHERE deck_id=?", (deck_id,)
                )
                last = await cursor.fetchone()
                version = (last[0] if last and last[0] else 0) + 1
            cursor = await conn.execute(
                "INSERT INTO deck_versions (deck_id, version, text, record_json, created_at,"
                " guild_id) VALUES (?,?,?,?,?,?)",
                (deck_id, version, text, deck_to_json(deck), now, guild_id),
            )
            version_id = cursor.lastrowid
        assert deck_id is not None and version_id is not None
        return DeckVersion(version_id, deck_id, owner_id, name, version, text, deck, now,
                           problems, self._threat(deck, guild_id))

    async def latest(self, owner_id: int, name: str, guild_id: int | None = None
                     ) -> DeckVersion:
        """The newest version of a deck, read with the cards of `guild_id` (default: the
        server it was registered in)."""
        wanted = " ".join(name.split())
        if len(wanted) > MAX_NAME:
            raise DeckError(f"Deck names are at most {MAX_NAME} characters, so none of yours "
                            f"is named that ({len(wanted):,} characters).")
        row = await self.db.fetchone(
            "SELECT v.id, d.id, d.owner_id, d.name, v.version, v.text, v.record_json,"
            " v.created_at, v.guild_id FROM decks d"
            " JOIN deck_versions v ON v.deck_id = d.id"
            " WHERE d.owner_id=? AND d.name_key=? AND d.deleted_at IS NULL"
            " ORDER BY v.version DESC LIMIT 1",
            (owner_id, name_key(name)),
        )
        if row is None:
            names = [version.name for version in await self.owned(owner_id)]
            known = f" Your decks: {', '.join(names)}." if names else (
                " You have no decks yet: use /deck register."
            )
            raise DeckError(f"You have no deck named {name!r}.{known}")
        return self._version(row, guild_id)

    async def version(self, version_id: int, guild_id: int | None = None) -> DeckVersion:
        row = await self.db.fetchone(
            "SELECT v.id, d.id, d.owner_id, d.name, v.version, v.text, v.record_json,"
            " v.created_at, v.guild_id FROM deck_versions v JOIN decks d ON v.deck_id = d.id"
            " WHERE v.id=?",
            (version_id,),
        )
        if row is None:
            raise DeckError(f"deck version {version_id} does not exist")
        return self._version(row, guild_id)

    async def owned(self, owner_id: int, guild_id: int | None = None) -> list[DeckVersion]:
        rows = await self.db.fetchall(
            "SELECT v.id, d.id, d.owner_id, d.name, v.version, v.text, v.record_json,"
            " v.created_at, v.guild_id FROM decks d"
            " JOIN deck_versions v ON v.deck_id = d.id"
            " WHERE d.owner_id=? AND d.deleted_at IS NULL AND v.version ="
            " (SELECT MAX(version) FROM deck_versions WHERE deck_id = d.id)"
            " ORDER BY d.name_key",
            (owner_id,),
        )
        return [self._version(row, guild_id) for row in rows]

    async def names(self, owner_id: int) -> list[str]:
        rows = await self.db.fetchall(
            "SELECT name FROM decks WHERE owner_id=? AND deleted_at IS NULL ORDER BY name_key",
            (owner_id,),
        )
        return [row[0] for row in rows]

    async def delete(self, owner_id: int, name: str) -> DeckVersion:
        """Hide the deck from its owner; its versions stay for the matches played with it."""
        latest = await self.latest(owner_id, name)
        async with self.db.write() as conn:
            await conn.execute(
                "UPDATE decks SET deleted_at=? WHERE id=?", (time.time(), latest.deck_id)
            )
        return latest

    def _version(self, row: Row, guild_id: int | None) -> DeckVersion:
        """A stored version, its list read with the cards of `guild_id` (or of the server
        it was registered in): a name means that server's card."""
        version_id, deck_id, owner_id, name, version, text, record_json, created, home = row
        deck = deck_from_json(record_json)
        try:
            deck, problems = self.read(name, text, home if guild_id is None else guild_id)
        except DeckError as exc:  # unknown there, or the card pool changed since
            stale = Violation("deck.cards", "Scouter's card data", str(exc))
            family = (PT_RULESETS if isinstance(deck, Roster) else SCORE_RULESETS
                      if isinstance(deck, ScoreDeck) else RULESETS)
            problems = {ruleset: [stale] for ruleset in family}
        return DeckVersion(version_id, deck_id, owner_id, name, version, text, deck, created,
                           problems, self._threat(deck, home if guild_id is None else guild_id))

    def _threat(self, deck: AnyDeck, guild_id: int | None) -> int | None:
        """A roster's Threat with the characters usable in `guild_id`."""
        return roster_threat(deck, self.primetime_pools(guild_id)) if isinstance(
            deck, Roster) else None
