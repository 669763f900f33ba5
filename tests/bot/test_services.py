"""The services without Discord: decks, the queue, challenges, decisions, the timer,
restarts. Each test uses its own database, on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.db import Database
from bot.services.decks import DeckError, DeckService
from bot.services.lobby import LobbyError, LobbyService
from bot.services.matches import LiveMatch, MatchService, default_option
from engine.core.decisions import Decision, Option, Task
from engine.panini.ai import GreedyPlayer
from engine.panini.cards import DATA_DIR, load_pool

GOKU = (DATA_DIR / "decks" / "goku-saiyan.txt").read_text()
FRIEZA = (DATA_DIR / "decks" / "frieza-black.txt").read_text()
ALICE, BOB, CAROL = 101, 102, 103


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


class Recorder:
    def __init__(self) -> None:
        self.changes = 0
        self.reminders: list[tuple[int, int]] = []

    async def match_changed(self, match: LiveMatch) -> None:
        self.changes += 1

    async def remind(self, match: LiveMatch, seat: int, seconds_left: float) -> None:
        self.reminders.append((match.id, seat))


def run(test: Callable[..., Awaitable[None]]) -> Callable[[Path, Path | str], None]:
    """The test on each storage backend (tests/conftest.py `database_target`)."""
    def wrapper(tmp_path: Path, database_target: Path | str) -> None:
        async def main() -> None:
            db = await Database.open(database_target)
            try:
                await test(db, tmp_path)
            finally:
                await db.close()

        asyncio.run(main())

    wrapper.__name__ = test.__name__
    return wrapper


def run_on_sqlite(test: Callable[..., Awaitable[None]]) -> Callable[[Path, Path | str], None]:
    """`run` for a test of what only SQLite has (a backup file, a restore)."""
    return pytest.mark.parametrize("database_target", ["sqlite"], indirect=True)(run(test))


def services(db: Database, clock: Clock | None = None) -> tuple[Any, Any, Any, Recorder]:
    pool = load_pool()
    clock = clock or Clock()
    recorder = Recorder()
    decks = DeckService(db, pool)
    matches = MatchService(db, pool, recorder, clock=clock, decision_timeout=600)
    return decks, matches, LobbyService(db, decks, matches, clock=clock), recorder


async def play_out(matches: MatchService, match: LiveMatch, limit: int = 5000) -> None:
    ai = GreedyPlayer()
    for _ in range(limit):
        decision = match.pending
        if decision is None:
            return
        user = match.players[decision.player]
        assert user is not None
        choice = ai.choose(match.game, decision)
        index = [o.id for o in decision.options].index(choice)
        result = await matches.decide(match.id, user, decision.seq, index)
        assert result.ok, result.message
    raise AssertionError("the match did not end")


@run
async def test_deck_versions_and_errors(db: Database, tmp: Path) -> None:
    decks, *_ = services(db)
    first = await decks.register(ALICE, "Goku", GOKU)
    assert first.version == 1 and first.legal_under("panini-2016")
    second = await decks.register(ALICE, "  goku ", GOKU)
    assert second.version == 2 and second.deck_id == first.deck_id
    with pytest.raises(DeckError, match="did you mean"):
        await decks.register(ALICE, "Typo", "3x Goku Hopefull Fighter\n")
    assert [d.name for d in await decks.owned(ALICE)] == ["Goku"]
    await decks.delete(ALICE, "GOKU")
    with pytest.raises(DeckError, match="no deck named"):
        await decks.latest(ALICE, "Goku")
    assert (await decks.version(first.version_id)).text == GOKU  # kept for past matches


@run
async def test_queue_pairs_and_full_match_survives_restart(db: Database, tmp: Path) -> None:
    decks, matches, lobby, recorder = services(db)
    await decks.register(ALICE, "Goku", GOKU)
    await decks.register(BOB, "Frieza", FRIEZA)
    waiting = await lobby.join(guild_id=1, channel_id=2, user_id=ALICE, ruleset="panini-2016",
                               mode="casual", deck_name="Goku")
    assert waiting.match is None
    with pytest.raises(LobbyError, match="already in the queue"):
        await lobby.join(guild_id=1, channel_id=2, user_id=ALICE, ruleset="panini-2016",
                         mode="casual", deck_name="Goku")
    paired = await lobby.join(guild_id=1, channel_id=2, user_id=BOB, ruleset="panini-2016",
                              mode="casual", deck_name="Frieza")
    match = paired.match
    assert match is not None and match.players == (ALICE, BOB)
    # a stranger, the wrong player and a stale seq change nothing
    decision = match.pending
    assert decision is not None
    seq = decision.seq
    assert not (await matches.decide(match.id, CAROL, seq, 0)).ok
    other = BOB if match.players[decision.player] == ALICE else ALICE
    assert "Not your decision" in (await matches.decide(match.id, other, seq, 0)).message
    assert not (await matches.decide(match.id, match.players[decision.player], seq + 5, 0)).ok
    assert match.pending is decision and len(match.record.decisions) == 0
    # play some, "restart" (a fresh service on the same file), and finish
    for _ in range(30):
        d = match.pending
        assert d is not None
        user = match.players[d.player]
        assert user is not None
        assert (await matches.decide(match.id, user, d.seq, 0)).ok
    before = match.game.to_json()
    _, fresh_service, _, _ = services(db)
    reloaded = await fresh_service.get(match.id)
    assert reloaded.game.to_json() == before
    await play_out(fresh_service, reloaded)
    row = await db.fetchone("SELECT status, winner FROM matches WHERE id=?", (match.id,))
    assert row is not None and row[0] == "finished" and row[1] == reloaded.game.state.winner
    assert not (await fresh_service.decide(match.id, ALICE, 0, 0)).ok
    for statement in ("UPDATE match_decisions SET option='x'", "DELETE FROM match_decisions"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            async with db.write() as conn:
                await conn.execute(statement)
    assert recorder.changes == 30


@run
async def test_fifty_simultaneous_presses_apply_once(db: Database, tmp: Path) -> None:
    decks, matches, _lobby, _ = services(db)
    await decks.register(ALICE, "Goku", GOKU)
    match = await matches.create(guild_id=1, channel_id=2, mode="practice",
                                 ruleset="panini-2016", players=(ALICE, None),
                                 decks=((await decks.latest(ALICE, "Goku")).deck,) * 2,
                                 deck_versions=(None, None), seed=5)
    decision = match.pending
    assert decision is not None and match.players[decision.player] == ALICE
    results = await asyncio.gather(
        *(matches.decide(match.id, ALICE, decision.seq, 0) for _ in range(50))
    )
    assert sum(r.ok for r in results) == 1
    rows = await db.fetchall("SELECT seq, source FROM match_decisions WHERE match_id=?",
                             (match.id,))
    assert next(r[1] for r in rows) == "player"
    assert len({r[0] for r in rows}) == len(rows) == len(match.record.decisions)


@run
async def test_a_board_drawn_while_a_decision_is_stored_shows_only_what_is_stored(
        db: Database, tmp: Path) -> None:
    """A refresh reads the match as it is in memory (bot/ui/notifier.py): until the answer
    is committed, memory must not show it, or a player could see a decision confirmed that
    a crash then loses (the SIGKILL test saw a board one decision ahead of storage)."""
    decks, matches, _lobby, _ = services(db)
    await decks.register(ALICE, "Goku", GOKU)
    deck = (await decks.latest(ALICE, "Goku")).deck
    match = await matches.create(guild_id=1, channel_id=2, mode="casual",
                                 ruleset="panini-2016", players=(ALICE, BOB),
                                 decks=(deck, deck), deck_versions=(None, None), seed=5)
    decision = match.pending
    assert decision is not None
    storing, release = asyncio.Event(), asyncio.Event()
    store = db.batch

    async def slow_batch(statements: Any) -> None:
        storing.set()
        await release.wait()
        await store(statements)

    db.batch = slow_batch  # type: ignore[method-assign]
    user = match.players[decision.player]
    assert user is not None
    answering = asyncio.create_task(matches.decide(match.id, user, decision.seq, 0))
    await storing.wait()
    shown = (await matches.get(match.id)).pending
    assert shown is not None and shown.seq == decision.seq  # not yet stored: not shown
    assert len(match.record.decisions) == 0
    release.set()
    assert (await answering).ok
    after = (await matches.get(match.id)).pending
    assert after is not None and after.seq > decision.seq


@run
async def test_timer_reminds_then_defaults_then_forfeits(db: Database, tmp: Path) -> None:
    clock = Clock()
    decks, matches, _lobby, recorder = services(db, clock)
    await decks.register(ALICE, "Goku", GOKU)
    deck = (await decks.latest(ALICE, "Goku")).deck
    match = await matches.create(guild_id=1, channel_id=2, mode="practice",
                                 ruleset="panini-2016", players=(ALICE, None),
                                 decks=(deck, deck), deck_versions=(None, None), seed=3)
    clock.now += 301
    await matches.check_timers()
    assert recorder.reminders == [(match.id, match.seat_of(ALICE))]
    for _ in range(3):
        decision = match.pending
        assert decision is not None
        expected = default_option(decision)
        count = len(match.record.decisions)
        clock.now += 601
        await matches.check_timers()
        if match.active:
            assert match.record.decisions[count].option == expected
    assert not match.active
    assert match.game.state.win_reason == "forfeit"
    assert match.record.decisions[-1].option == "@forfeit"
    _, fresh, _, _ = services(db, clock)
    assert (await fresh.get(match.id)).game.state.win_reason == "forfeit"


@run
async def test_challenges(db: Database, tmp: Path) -> None:
    decks, matches, lobby, _ = services(db)
    await decks.register(ALICE, "Goku", GOKU)
    await decks.register(BOB, "Frieza", FRIEZA)
    with pytest.raises(LobbyError, match="yourself"):
        await lobby.challenge(guild_id=1, channel_id=2, challenger_id=ALICE,
                              challenged_id=ALICE, ruleset="panini-2016", mode="casual",
                              deck_name="Goku")
    challenge = await lobby.challenge(guild_id=1, channel_id=2, challenger_id=ALICE,
                                      challenged_id=BOB, ruleset="panini-2016", mode="casual",
                                      deck_name="Goku")
    with pytest.raises(LobbyError, match="not addressed to you"):
        await lobby.accept(challenge.id, CAROL, "Frieza")
    match = await lobby.accept(challenge.id, BOB, "Frieza")
    assert match.players == (ALICE, BOB)
    with pytest.raises(LobbyError, match="already accepted"):
        await lobby.decline(challenge.id, BOB)
    with pytest.raises(LobbyError, match="already playing"):
        await lobby.join(guild_id=1, channel_id=2, user_id=ALICE, ruleset="panini-2016",
                         mode="casual", deck_name="Goku")
    assert (await matches.concede(match.id, BOB)).ok
    assert match.game.state.winner == 0


def manual_pool() -> Any:
    """The sandbox cards and one Event the engine cannot read (resolved by hand)."""
    from engine.panini.cards import Card, CardPool

    ritual = Card.model_validate({
        "name": "Odd Ritual", "type": "event", "text": "Do something unreadable.",
        "automation": "manual", "manual_text": ["Do something unreadable."],
    })
    return CardPool([*load_pool().by_name.values(), ritual])


@run
async def test_a_card_resolved_by_hand_then_disputed(db: Database, tmp: Path) -> None:
    from engine.panini.decklist import Deck

    pool = manual_pool()
    matches = MatchService(db, pool, Recorder(), clock=Clock())
    goku = DeckService(db, pool).compile("Goku", GOKU)[0]
    rituals = Deck("Rituals", goku.main_personality, goku.mastery, ("Odd Ritual",) * 60)
    match = await matches.create(guild_id=1, channel_id=2, mode="casual", ruleset="panini-2016",
                                 players=(ALICE, BOB), decks=(rituals, rituals),
                                 deck_versions=(None, None), seed=1)

    async def choose(label: str) -> None:
        decision = match.pending
        assert decision is not None, label
        user = match.players[decision.player]
        assert user is not None
        index = next(i for i, o in enumerate(decision.options) if o.label.startswith(label))
        assert (await matches.decide(match.id, user, decision.seq, index)).ok

    await choose("Finish planning")
    await choose("Declare combat")
    decision = match.pending
    assert decision is not None and decision.kind == "combat_action"
    player = decision.player
    await choose("Play Odd Ritual")
    manual = match.pending
    assert manual is not None and manual.kind == "manual" and manual.player == player
    assert "Do something unreadable." in manual.prompt
    user = match.players[player]
    assert user is not None
    other = match.players[1 - player]
    assert other is not None
    refused = await matches.resolve_by_hand(match.id, other, manual.seq, player,
                                            {"kind": "draw", "value": 1})
    assert not refused.ok and "only when the game waits for you" in refused.message
    hand = len(match.game.player(player).hand)
    drew = await matches.resolve_by_hand(match.id, user, manual.seq, player,
                                         {"kind": "draw", "value": 1})
    assert drew.ok and drew.message.startswith("By hand:")
    assert len(match.game.player(player).hand) == hand + 1
    bad = await matches.resolve_by_hand(match.id, user, manual.seq, player, {"kind": "level",
                                                                            "value": 9})
    assert not bad.ok and "cannot be made" in bad.message
    await choose("Done")
    confirm = match.pending
    assert confirm is not None and confirm.kind == "manual_confirm"
    disputed = await matches.decide(match.id, other, confirm.seq, 1)
    assert disputed.ok and disputed.disputed
    replayed = await MatchService(db, pool, Recorder(), clock=Clock()).get(match.id)
    assert replayed.game.to_json() == match.game.to_json()


@run
async def test_lasting_text_applied_by_hand_names_its_card(db: Database, tmp: Path) -> None:
    from engine.panini.cards import Card, CardPool
    from engine.panini.decklist import Deck

    drill = Card.model_validate({
        "name": "Puzzling Drill", "type": "drill", "text": "Whenever the moon rises, draw.",
        "automation": "manual", "manual_text": ["Whenever the moon rises, draw."],
    })
    pool = CardPool([*load_pool().by_name.values(), drill])
    matches = MatchService(db, pool, Recorder(), clock=Clock())
    goku = DeckService(db, pool).compile("Goku", GOKU)[0]
    drills = Deck("Drills", goku.main_personality, goku.mastery, ("Puzzling Drill",) * 60)
    match = await matches.create(guild_id=1, channel_id=2, mode="casual", ruleset="panini-2016",
                                 players=(ALICE, BOB), decks=(drills, drills),
                                 deck_versions=(None, None), seed=2)

    async def choose(label: str) -> None:
        decision = match.pending
        assert decision is not None
        user = match.players[decision.player]
        assert user is not None
        index = next(i for i, o in enumerate(decision.options) if o.label.startswith(label))
        assert (await matches.decide(match.id, user, decision.seq, index)).ok

    decision = match.pending
    assert decision is not None
    seat = decision.player
    user = match.players[seat]
    assert user is not None
    early = await matches.resolve_by_hand(match.id, user, decision.seq, seat,
                                          {"kind": "draw", "value": 1})
    assert not early.ok and "yours that need it: none" in early.message
    await choose("Play Puzzling Drill")
    await choose("Done")  # its text, as it enters play
    await choose("Accept")
    planning = match.pending
    assert planning is not None and planning.kind == "planning" and planning.player == seat
    unnamed = await matches.resolve_by_hand(match.id, user, planning.seq, seat,
                                            {"kind": "draw", "value": 1})
    assert not unnamed.ok and "yours that need it: Puzzling Drill" in unnamed.message
    named = await matches.resolve_by_hand(match.id, user, planning.seq, seat,
                                          {"kind": "draw", "value": 1, "per": "puzzling drill"})
    assert named.ok and named.message.startswith("By hand (per puzzling drill):")
    fresh = await MatchService(db, pool, Recorder(), clock=Clock()).get(match.id)
    assert fresh.game.to_json() == match.game.to_json()


def test_a_player_out_of_time_leaves_a_you_may_sentence_unused() -> None:
    """ "You may ..." is optional: doing nothing is the answer of a player out of time."""
    decision = Decision(seq=1, player=0, kind="optional_effect", prompt="Draw?",
                        options=[Option("yes", "Yes: draw 1 card(s)"), Option("no", "No")],
                        resume=Task("optional_effect", {}))
    assert default_option(decision) == "no"
