"""Plumbing for the end-to-end tests: the real ScouterBot against the fake Discord, and a
player who reads only what Discord shows them (the board's buttons, their DM or /hand)."""

from __future__ import annotations

import contextlib
import itertools
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr

from bot.app import ScouterBot, create_bot
from bot.services.matches import LiveMatch, decision_token
from bot.settings import Settings
from engine.core.decisions import Decision
from engine.panini.ai import GreedyPlayer
from engine.panini.cards import DATA_DIR
from engine.panini.view import SPECTATOR
from tests.fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeUser, RecordedMessage
from tests.fakediscord.helpers import DiscordSleeps, HandlerWatch, instant_retries, running_bot

MANAGE_GUILD = 1 << 5  # Discord permission bit
LOADED_MACHINE_ACK_SECONDS = 60.0

GOKU = (DATA_DIR / "decks" / "goku-saiyan.txt").read_text()
FRIEZA = (DATA_DIR / "decks" / "frieza-black.txt").read_text()
VEGETA = (DATA_DIR / "decks" / "vegeta-red.txt").read_text()


@dataclass
class World:
    fake: FakeDiscord
    guild: FakeGuild
    games: FakeChannel
    general: FakeChannel
    no_threads: FakeChannel
    admin: FakeUser
    alice: FakeUser
    bob: FakeUser
    carol: FakeUser  # a stranger: no deck, never plays
    dave: FakeUser  # DMs closed
    db_path: Path
    bot: ScouterBot | None = None
    users: dict[int, FakeUser] = field(default_factory=dict)
    answered_with: Counter[str] = field(default_factory=Counter)  # "button" / "select"
    sleeps: DiscordSleeps = field(default_factory=DiscordSleeps)  # discord.py's waits
    seed: int = 1  # the first match's seed; each next match takes the next number
    database_url: str | None = None  # PostgreSQL's, where a test runs on it (else db_path)

    @property
    def database(self) -> Path | str:
        return self.database_url or self.db_path

    def running(self) -> ScouterBot:
        assert self.bot is not None
        return self.bot

    @contextlib.asynccontextmanager
    async def start_bot(
        self, *, global_commands: bool = False, shard_ids: tuple[int, ...] | None = None,
        shard_count: int | None = None, **bot_options: Any
    ) -> AsyncIterator[ScouterBot]:
        """The bot, its commands synced to this world's guild (instant) or, with
        `global_commands`, globally: then every server the bot is in has them. With
        `shard_count` it serves shards `shard_ids` (all when None), as SHARD_IDS says."""
        settings = Settings(
            discord_token=SecretStr(self.fake.bot_token),
            database_path=self.db_path,
            database_url=self.database_url,
            dev_guild_id=None if global_commands else self.guild.id,
            render_processes=0,  # threads: many bots start and stop, each would start processes
            shard_ids=shard_ids,
            shard_count=shard_count,
        )
        options: dict[str, Any] = {"timer_period": 3600, **bot_options}
        bot = create_bot(settings, guild_ready_timeout=0.05, **options)
        async with running_bot(bot, self.fake.bot_token):
            self.bot = bot
            # The same test plays the same games every time (random play is the fuzzers').
            seeds = itertools.count(self.seed)
            bot.matches.new_seed = lambda: next(seeds)
            # Each user action returns once the bot is done with it (an event, not a quiet
            # period), and a slow, loaded machine is not taken for a slow bot: first
            # response latency is bench.bot's to measure.
            self.fake.bot_idle = HandlerWatch(bot, bot.notifier.settle)
            self.fake.state.ack_seconds = LOADED_MACHINE_ACK_SECONDS
            try:
                yield bot
                await bot.notifier.settle()
            finally:
                self.fake.bot_idle = None
                self.bot = None


@contextlib.asynccontextmanager
async def world(tmp_path: Path, *, rate_limits: bool = True,
                database: Path | str | None = None) -> AsyncIterator[World]:
    """A server with its channels and users, and the fake Discord; with `rate_limits`
    (for a bot in this process: its waits move the fake's clock) Discord's limits apply.
    `database`: a PostgreSQL URL or an SQLite file (default: scouter.db in tmp_path)."""
    fake = await FakeDiscord(settle=0.01).start()
    try:
        guild = fake.add_guild("Kame House")
        games = fake.add_text_channel(guild, "games")
        general = fake.add_text_channel(guild, "general")
        no_threads = fake.add_text_channel(
            guild, "no-threads", bot_can_create_private_threads=False,
            bot_can_create_public_threads=False,
        )
        admin = fake.add_user("admin")
        alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
        dave = fake.add_user("dave", dm_open=False)
        fake.add_member(guild, admin, permissions=MANAGE_GUILD)
        for user in (alice, bob, carol, dave):
            fake.add_member(guild, user)
        w = World(fake, guild, games, general, no_threads, admin, alice, bob, carol, dave,
                  tmp_path / "scouter.db")
        w.users = {u.id: u for u in (admin, alice, bob, carol, dave)}
        if isinstance(database, str):
            w.database_url = database
        elif database is not None:
            w.db_path = database
        # Discord's rate limits, as Discord applies them; discord.py's waits for a bucket
        # move the fake's clock instead of the test's, so they cost no time here.
        fake.set_rate_limits(rate_limits)
        with instant_retries(fake) as sleeps:
            w.sleeps = sleeps
            yield w
        assert fake.unhandled == [], fake.unhandled
        # the bot stays inside the limits: discord.py waits as the headers say, so no
        # per-route bucket is ever overrun (the global one is about machine speed here)
        overrun = [r for r in fake.rate_limited if r.scope != "global" and not r.injected]
        assert overrun == [], overrun[:5]
        # the bot never pings a whole server (it names whom each message pings)
        everyone = [p.message.text()[:300] for p in fake.pings() if p.message.mention_everyone]
        assert everyone == [], everyone
        assert not [e for e in fake.errors if "10062" in str(e)], "an interaction timed out"
    finally:
        await fake.stop()


def board(w: World, match: LiveMatch) -> RecordedMessage:
    """The board message in the match thread: the one with the "My hand" button."""
    assert match.thread_id is not None
    for message in reversed(w.fake.messages_in(match.thread_id)):
        if f"sc:hand:{match.id}" in message.custom_ids() or (message.embeds and str(
            message.embeds[0].get("title", "")
        ).startswith(f"Match #{match.id}")):
            return message
    raise LookupError("no board message")


def hand_message(w: World, user: FakeUser, match: LiveMatch) -> RecordedMessage | None:
    for message in reversed(w.fake.dm_messages(user)):
        if message.embeds and str(message.embeds[0].get("title", "")).endswith(f"#{match.id}"):
            return message
    return None


def hand_card_names(match: LiveMatch, seat: int) -> set[str]:
    """The names of the cards in `seat`'s hand, in any family."""
    game = match.game
    if match.family.name == "primetime":
        return {game.pool.cards[card].name for card in game.state.players[seat].hand}
    return {game.name(iid) for iid in game.player(seat).hand}


def hidden_names(match: LiveMatch, seat: int) -> set[str]:
    """Names of the cards in `seat`'s hand that nothing public shows right now."""
    game = match.game
    hand = hand_card_names(match, seat)
    public_text = (str(match.family.view(game, SPECTATOR))
                   + " ".join(e.text for e in match.public_log))
    return {name for name in hand if name not in public_text}


class LeakChecker:
    """After each step: nothing visible to anyone but a hand's owner names a card that is
    hidden in that hand."""

    def __init__(self, w: World) -> None:
        self.w = w
        self.position = 0
        self.checked = 0

    @staticmethod
    def _hand_names(match: LiveMatch, viewer: int) -> set[str]:
        seat = match.seat_of(viewer)
        if seat is None:
            return set()
        game = match.game
        names = hand_card_names(match, seat)
        private = " ".join(event.text for event in match.private_log[seat])
        if match.family.name == "primetime":  # its options name a hand's cards by place
            every = {card.name for card in game.pool.cards.values()}
            return names | {name for name in every if name in private}
        score = match.family.name == "score"
        every = set(game.state.cards) if score else game.pool.by_name
        names |= {name for name in every if name in private}
        pending = game.pending
        if pending is not None and pending.player == seat:  # e.g. searching their Life Deck
            for option in pending.options:
                head, _, rest = option.id.partition(":")
                iid = rest.split(":")[0]
                if not iid.isdigit() or (head != "card" and not score):
                    continue
                owner = game.state.owners[int(iid)] if score else game.owner(int(iid))
                if owner == seat:
                    names.add(game.name(int(iid)))
        return names

    def check(self, match: LiveMatch) -> None:
        records = self.w.fake.state.records[self.position :]
        self.position += len(records)
        for seat in (0, 1):
            owner = match.players[seat]
            secrets = hidden_names(match, seat)
            if not secrets:
                continue
            for record in records:
                others = set(record.viewers) - {owner, self.w.fake.bot_user.id}
                if not others:
                    continue
                text = record.text()
                for viewer in others:
                    # A name the viewer holds or drew too is theirs to see (decks share cards).
                    own = self._hand_names(match, viewer)
                    leaked = [name for name in secrets if name in text and name not in own]
                    assert not leaked, (f"match seed {match.seed}: {leaked} from seat {seat}'s "
                                        f"hand reached {viewer}: {text[:1500]}")
                self.checked += 1


def choose(match: LiveMatch, decision: Decision) -> str:
    """The option a test player picks: Panini's greedy AI (as always), or the family's
    practice AI."""
    if match.family.name == "panini":
        return GreedyPlayer().choose(match.game, decision)
    return match.family.ai_answer(match.game, decision)


async def press(w: World, match: LiveMatch, via_hand_command: bool = False) -> None:
    """The deciding player answers the pending decision the way a person would: a board
    button when the option is public, otherwise the select in their DM (or in /hand)."""
    decision = match.pending
    assert decision is not None
    user = w.users[match.players[decision.player]]  # type: ignore[index]
    choice = choose(match, decision)
    index = [option.id for option in decision.options].index(choice)
    button = f"sc:opt:{match.id}:{decision.seq}:{decision_token(match)}:{index}"
    board_message = board(w, match)
    if button in board_message.custom_ids():
        w.answered_with["button"] += 1
        result = await w.fake.click(user, board_message, button)
    else:
        w.answered_with["select"] += 1
        if via_hand_command:
            hand = await w.fake.slash(user, match.thread_id or 0, "hand")
            message: Any = hand.response
        else:
            message = hand_message(w, user, match)
        assert message is not None, "no hand message to choose from"
        select_id = next(
            cid for cid in message.custom_ids()
            if cid.startswith(f"sc:sel:{match.id}:{decision.seq}:")
            and str(index) in [o["value"] for o in message.component(cid)["options"]]
        )
        result = await w.fake.select(user, message, select_id, [str(index)])
    assert result.error is None, result.error


async def play_decision(w: World, match: LiveMatch, via_hand_command: bool = False) -> None:
    """`press`, then wait until the decision is stored and the board shows what follows."""
    before = len(match.record.decisions)
    board_message = board(w, match)
    await press(w, match, via_hand_command)
    await w.fake.wait_until(lambda: len(match.record.decisions) > before)
    # the board is edited again, with its image, after this decision
    await w.fake.wait_until(lambda: board(w, match).version > board_message.version)
    await w.running().notifier.settle()
    updated = board(w, match)
    assert updated.id == board_message.id
    assert updated.attachment_names() == ["board.png"]
    assert updated.attachment("board.png").startswith(b"\x89PNG")


def spy_on_renders(monkeypatch: pytest.MonkeyPatch, module: Any, name: str
                   ) -> list[dict[str, Any]]:
    """Every view `module.name` (a board renderer) is called with, drawn as before."""
    drawn: list[dict[str, Any]] = []
    draw = getattr(module, name)

    def spy(view: dict[str, Any], *args: Any) -> bytes:
        drawn.append(view)
        result: bytes = draw(view, *args)
        return result

    monkeypatch.setattr(module, name, spy)
    return drawn


def no_hand_drawn(drawn: list[dict[str, Any]], ruleset: str) -> None:
    """Boards were drawn, all of `ruleset`'s match, none from a view holding a hand."""
    assert drawn and all(view["ruleset"] == ruleset for view in drawn)
    assert not [v for v in drawn if any("hand" in side for side in v["players"])]


Finisher = Callable[[World, LiveMatch, LeakChecker], Awaitable[None]]


async def practice_to_a_winner(w: World, deck: str, ruleset: str, finish: Finisher
                               ) -> LiveMatch:
    """Alice plays `deck` against the built-in AI under `ruleset` until someone wins,
    with the hand-leak check after every step."""
    started = await w.fake.slash(w.alice, w.games, "play practice",
                                 {"deck": deck, "ruleset": ruleset})
    assert "Practice against the AI" in started.text(), started.text()
    bot = w.running()
    match = await bot.matches.get(1)
    assert match.ruleset == ruleset and match.players[1] is None
    await bot.notifier.settle()
    leaks = LeakChecker(w)
    await finish(w, match, leaks)
    await bot.notifier.settle()
    assert match.game.state.winner is not None
    result = w.fake.latest_message(match.thread_id or 0)
    assert result is not None and "Game over." in result.text()
    assert leaks.checked > 30
    return match


async def challenge_accepted(w: World, deck: str, ruleset: str) -> LiveMatch:
    """Alice challenges Bob with `deck` (under a Panini ruleset first, refused: it is not a
    Panini deck), then under `ruleset`; Bob accepts; both have their hand in their DMs."""
    wrong = await w.fake.slash(w.alice, w.games, "play challenge",
                               {"opponent": w.bob, "deck": deck, "ruleset": "panini-2016"})
    assert "not legal under panini-2016" in wrong.text(), wrong.text()
    asked = await w.fake.slash(w.alice, w.games, "play challenge",
                               {"opponent": w.bob, "deck": deck, "ruleset": ruleset})
    assert isinstance(asked.response, RecordedMessage), asked.text()
    accepted = await w.fake.click(w.bob, asked.response, "sc:ch:1:accept")
    assert accepted.error is None
    bot = w.running()
    match = await bot.matches.get(1)
    assert match.ruleset == ruleset
    await bot.notifier.settle()
    assert hand_message(w, w.alice, match) is not None
    assert hand_message(w, w.bob, match) is not None
    return match


Player = Callable[[World, LiveMatch], Awaitable[None]]


async def play_and_keep(w: World, match: LiveMatch, leaks: LeakChecker, steps: int,
                        play: Player) -> tuple[int, str, int]:
    """`steps` decisions played with the leak check after each; then what a restart must
    give back: the number of decisions, the game's state and the board message's id."""
    leaks.check(match)
    for _ in range(steps):
        await play(w, match)
        leaks.check(match)
    return len(match.record.decisions), match.game.to_json(), board(w, match).id


async def finished_after_restart(w: World, leaks: LeakChecker, finish: Finisher,
                                 seen: int, state: str, board_id: int) -> LiveMatch:
    """In a new bot process: match 1 is the state it was left in (`seen` decisions, the
    same board message); it is played to a winner."""
    bot = w.running()
    match = await bot.matches.get(1)
    assert len(match.record.decisions) == seen and match.game.to_json() == state
    await bot.notifier.settle()
    assert board(w, match).id == board_id
    await finish(w, match, leaks)
    await bot.notifier.settle()
    assert match.winner is not None and match.game.state.winner == match.winner
    result = w.fake.latest_message(match.thread_id or 0)
    assert result is not None and "Game over." in result.text()
    return match


async def only_this_servers_judges(w: World, match: LiveMatch, options: dict[str, Any]
                                   ) -> None:
    """`/judge adjust options` is refused to both players, a stranger and the owner of
    another server (a judge there), in the thread and elsewhere; nothing changes."""
    bot, thread = w.running(), match.thread_id or 0
    lair = w.fake.add_guild("Lair", owner=w.carol)
    lounge = w.fake.add_text_channel(lair, "lounge")
    await w.fake.wait_until(lambda: bot.get_channel(lounge.id) is not None)
    before, count = match.game.to_json(), len(match.record.decisions)
    for user, channel, given in (
            (w.alice, thread, options), (w.bob, thread, options),
            (w.carol, w.games.id, {**options, "match": match.id}),
            (w.carol, lounge.id, {**options, "match": match.id})):
        refused = await w.fake.slash(user, channel, "judge adjust", given)
        assert "Done" not in refused.text(), refused.text()
        assert ("Only this server's judges" in refused.text()
                or "no match #1" in refused.text()), refused.text()
    assert match.game.to_json() == before and len(match.record.decisions) == count
