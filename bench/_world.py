"""Shared plumbing of bench.bot and bench.storage: numbers (percentiles, resident memory),
matches with decisions written straight into a database, and the real ScouterBot started
against the fake Discord of tests/fakediscord in this process (loopback only)."""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import SecretStr

from bot.app import ScouterBot
from bot.db import Database
from bot.services.matches import LiveMatch, MatchService
from bot.settings import Settings
from bot.simulation import load_starter_decks
from engine.core.record import Answer
from engine.panini.cards import CardPool
from engine.panini.decklist import Deck
from engine.panini.replay import apply_answer
from tests.fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeUser, RecordedMessage
from tests.fakediscord.helpers import running_bot

RULESET = "panini-2016"
INSERT_DECISION = (
    "INSERT INTO match_decisions (match_id, epoch, seq, player, option, actor_id, source,"
    " created_at) VALUES (?,?,?,?,?,?,?,?)"
)


# --- numbers ---------------------------------------------------------------------------------
def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile (p99 of 100 values is the 99th smallest)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(fraction * len(ordered) + 0.4999)))
    return ordered[rank - 1]


def rss_bytes() -> int:
    """Resident memory of this process (VmRSS of /proc/self/status); 0 where unknown."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def verdict(met: bool) -> str:
    return "met" if met else "NOT met"


# --- matches ---------------------------------------------------------------------------------
def deck_pair(decks: Sequence[Deck], index: int) -> tuple[Deck, Deck]:
    return decks[index % len(decks)], decks[(index + 1) % len(decks)]


def starter_decks(pool: CardPool) -> list[Deck]:
    decks = load_starter_decks(pool)
    if len(decks) < 2:
        raise RuntimeError("bench: fewer than two starter decks load with the card pool")
    return decks


def random_answers(match: LiveMatch, count: int, rng: random.Random) -> list[Answer]:
    """Up to `count` random legal answers played on `match.game` (which they change), never
    the one that ends the game; the caller stores them, the game object is then spent."""
    answers: list[Answer] = []
    game = match.game
    while len(answers) < count:
        decision = game.pending
        if decision is None or game.over:
            break
        answer = Answer(decision.player, rng.choice(decision.options).id)
        if not apply_answer(game, answer).ok or game.over:
            break
        answers.append(answer)
    return answers


async def fill_database(
    path: Path, pool: CardPool, matches: int, decisions: int, *, seed: int = 0
) -> int:
    """`matches` unfinished casual matches, each with up to `decisions` stored decisions
    (written in one transaction, not through the per-decision commit path: this is set-up).
    Returns how many decisions were stored."""
    rng = random.Random(seed)
    decks = starter_decks(pool)
    db = await Database.open(path)
    service = MatchService(db, pool)
    rows: list[tuple[object, ...]] = []
    try:
        for index in range(matches):
            match = await service.create(
                guild_id=1, channel_id=2, mode="casual", ruleset=RULESET,
                players=(10 + 2 * index, 11 + 2 * index), decks=deck_pair(decks, index),
                deck_versions=(None, None), seed=seed + index,
            )
            now = time.time()
            for seq, answer in enumerate(random_answers(match, decisions, rng)):
                rows.append((match.id, 0, seq, answer.player, answer.option, None, "player", now))
            service.forget(match.id)
        async with db.write() as conn:
            await conn.executemany(INSERT_DECISION, rows)
    finally:
        await db.close()
    return len(rows)


# --- the bot against the fake Discord --------------------------------------------------------
@dataclass
class BotWorld:
    fake: FakeDiscord
    guild: FakeGuild
    games: FakeChannel
    bot: ScouterBot
    users: list[FakeUser]
    decks: list[Deck]
    matches: list[LiveMatch] = field(default_factory=list)
    # message id -> callbacks told of every new version the fake records
    watchers: dict[int, list[Callable[[RecordedMessage], None]]] = field(default_factory=dict)

    async def open_matches(self, total: int, seed: int = 0) -> None:
        """Create casual matches (starter decks) until `total` are open, each in its thread
        with its board and both hands posted."""
        channel = self.bot.get_channel(self.games.id)
        assert channel is not None and hasattr(channel, "create_thread"), "games channel"
        while len(self.matches) < total:
            index = len(self.matches)
            a, b = self.users[2 * index], self.users[2 * index + 1]
            match = await self.bot.matches.create(
                guild_id=self.guild.id, channel_id=self.games.id, mode="casual",
                ruleset=RULESET, players=(a.id, b.id), decks=deck_pair(self.decks, index),
                deck_versions=(None, None), seed=seed + index,
            )
            await self.bot.notifier.open_match(match, channel)  # type: ignore[arg-type]
            self.matches.append(match)
            if len(self.matches) % 25 == 0:
                await self.bot.notifier.settle()  # keep the set-up's backlog bounded
        await self.bot.notifier.settle()


@contextlib.asynccontextmanager
async def bot_world(directory: Path, players: int) -> AsyncIterator[BotWorld]:
    """The fake Discord with a guild, a games channel and `players` members, and the real
    bot (fresh database in `directory`) connected to it and ready."""
    fake = await FakeDiscord(settle=0.0).start()
    try:
        guild = fake.add_guild("Bench")
        games = fake.add_text_channel(guild, "games")
        users = [fake.add_user(f"player{i}") for i in range(players)]
        for user in users:
            fake.add_member(guild, user)
        settings = Settings(
            discord_token=SecretStr(fake.bot_token),
            database_path=directory / "scouter.db",
            dev_guild_id=guild.id,
        )
        bot = ScouterBot(settings, timer_period=3600, guild_ready_timeout=0.05)
        async with running_bot(bot, fake.bot_token, timeout=30):
            world = BotWorld(fake, guild, games, bot, users, starter_decks(bot.pool))
            original = fake.state.record

            def record(msg: object, payload: dict[str, object]) -> RecordedMessage:
                rec = original(msg, payload)  # type: ignore[arg-type]
                for callback in list(world.watchers.get(rec.id, ())):
                    callback(rec)
                return rec

            fake.state.record = record  # type: ignore[method-assign]
            try:
                yield world
                await bot.notifier.settle()
            finally:
                fake.state.record = original  # type: ignore[method-assign]
    finally:
        await fake.stop()

