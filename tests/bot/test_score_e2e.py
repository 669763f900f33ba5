"""Score CCG and DBZ OCG matches played end to end against the fake Discord
(tests/fakediscord), the way the Panini ones are (tests/bot/test_discord_e2e.py): Score
deck lists registered by form and by file, a `score` challenge played to a winner across a
restart, an `ocg` practice match against the AI played to a winner; after every step no
one but a hand's owner saw a card hidden in that hand, and every board image was drawn
from a view holding no hand."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.app import ScouterBot
from bot.services.matches import LiveMatch
from bot.services.score_decks import score_deck_text, score_starters
from bot.ui import score_board
from tests.bot.e2e import (
    LeakChecker,
    World,
    challenge_accepted,
    finished_after_restart,
    no_hand_drawn,
    only_this_servers_judges,
    play_and_keep,
    play_decision,
    practice_to_a_winner,
    spy_on_renders,
    world,
)
from tests.bot.test_discord_e2e import configure, finish, register_by_form
from tests.bot.test_judges_e2e import judge_sees_both_hands, setup_judges
from tests.fakediscord import RecordedMessage, async_test

STARTERS = {s.name: s.deck for s in score_starters()}
GOKU = score_deck_text(STARTERS["Goku Saiyan Surge"])
FRIEZA = score_deck_text(STARTERS["Frieza Red Tyranny"])


def spy_on_boards(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    return spy_on_renders(monkeypatch, score_board, "render_score_board")


async def register_both(w: World) -> None:
    saved = await register_by_form(w, w.alice, "Goku", GOKU)
    assert "Saved **Goku** (version 1)" in saved, saved
    assert "Legal under score" in saved and "Legal under ocg" in saved
    assert "panini" not in saved  # a Score list is checked under the Score rulesets only
    filed = await w.fake.slash(w.bob, w.general, "deck register",
                               {"file": ("frieza.txt", FRIEZA.encode())})
    assert "Saved **frieza** (version 1)" in filed.text(), filed.text()


@async_test(timeout=300)
async def test_a_score_challenge_is_played_to_a_winner_across_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = spy_on_boards(monkeypatch)
    async with world(tmp_path) as w:
        leaks = LeakChecker(w)
        async with w.start_bot():
            await configure(w)
            await register_both(w)
            match = await challenge_accepted(w, "Goku", "score")
            assert match.family.name == "score"
            seen, state, board_id = await play_and_keep(w, match, leaks, 30, play_decision)

        # the bot stops mid-match; a new process carries on from the same state
        async with w.start_bot():
            match = await finished_after_restart(w, leaks, finish, seen, state, board_id)
            log = await w.fake.slash(w.bob, match.thread_id or 0, "game log")
            assert log.ephemeral and log.text()
    assert leaks.checked > 30
    assert len(drawn) > 30
    no_hand_drawn(drawn, "score")
    assert w.answered_with["button"] > 5 and w.answered_with["select"] > 5


@async_test(timeout=300)
async def test_an_ocg_practice_match_is_played_to_a_winner(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = spy_on_boards(monkeypatch)
    async with world(tmp_path) as w, w.start_bot():
        await configure(w)
        await register_both(w)
        await practice_to_a_winner(w, "Goku", "ocg", finish)
    no_hand_drawn(drawn, "ocg")


@async_test(timeout=180)
async def test_a_judge_views_logs_and_rolls_back_a_score_match(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.start_bot() as bot:
        jules, _ = await setup_judges(w)
        match = await score_challenge(w, bot, 12)
        thread, count = match.thread_id or 0, len(match.record.decisions)
        announcement = w.fake.latest_message(w.games)
        assert announcement is not None
        await w.fake.click(jules, announcement, "sc:watch:1")
        await judge_sees_both_hands(w, jules, thread, match)
        # the log, and the record that replays the match
        logged = await w.fake.slash(jules, thread, "judge log")
        files = next(m for m in logged.messages if m.attachment_names())
        record = json.loads(files.attachment(f"match-{match.id}.json"))
        assert record["ruleset"] == "score" and len(record["decisions"]) == count
        back = await w.fake.slash(jules, thread, "judge rollback",
                                  {"to": count - 3, "reason": "a misclick"})
        assert "3 undone" in back.text() and len(match.record.decisions) == count - 3


async def score_challenge(w: World, bot: ScouterBot, decisions: int) -> LiveMatch:
    """Alice's Goku against Bob's Frieza under `score`, `decisions` decisions in."""
    await configure(w)
    await register_both(w)
    asked = await w.fake.slash(w.alice, w.games, "play challenge",
                               {"opponent": w.bob, "deck": "Goku", "ruleset": "score"})
    assert isinstance(asked.response, RecordedMessage), asked.text()
    await w.fake.click(w.bob, asked.response, "sc:ch:1:accept")
    match = await bot.matches.get(1)
    await bot.notifier.settle()
    for _ in range(decisions):
        await play_decision(w, match)
    return match


@async_test(timeout=180)
async def test_a_judge_corrects_a_score_match_and_the_record_replays_it(tmp_path: Path) -> None:
    async with world(tmp_path) as w:
        async with w.start_bot(global_commands=True) as bot:
            jules, _ = await setup_judges(w)
            match = await score_challenge(w, bot, 6)
            thread, alice = match.thread_id or 0, match.seat_of(w.alice.id) or 0
            announcement = w.fake.latest_message(w.games)
            assert announcement is not None
            await w.fake.click(jules, announcement, "sc:watch:1")
            decision = match.pending
            assert decision is not None
            decider = w.users[match.players[decision.player] or 0]
            shown = await w.fake.slash(decider, thread, "hand")
            old = shown.response
            assert isinstance(old, RecordedMessage)
            select = next(c for c in old.custom_ids() if c.startswith(f"sc:sel:{match.id}:"))
            await play_decision(w, match)

            # nobody but a judge of the match's own server: players, a stranger, and the
            # owner of another server (a judge there) are refused, and nothing changes
            anger = {"player": w.alice, "what": "anger", "value": 3, "reason": "r"}
            await only_this_servers_judges(w, match, anger)
            count = len(match.record.decisions)

            # the judge of this server: anger, a card drawn, a card moved, in the log
            fixed = await w.fake.slash(jules, thread, "judge adjust", anger)
            assert fixed.text() == "Done." and match.game.player(alice).anger == 3
            announced = await w.fake.wait_for(
                lambda m: m.channel_id == thread and "made a correction" in m.text())
            assert "Player" in announced.text() and "anger set to 3" in announced.text()
            drawn = await w.fake.slash(jules, thread, "judge adjust",
                                       {"player": w.alice, "what": "draw", "value": 1,
                                        "reason": "the draw was missed"})
            assert drawn.text() == "Done.", drawn.text()
            card = match.game.name(match.game.player(alice).hand[-1])
            moved = await w.fake.slash(jules, thread, "judge adjust",
                                       {"player": w.alice, "what": "move", "card": card,
                                        "source": "hand", "destination": "banished",
                                        "reason": "removed from the game by its text"})
            assert moved.text() == "Done.", moved.text()
            assert match.game.name(match.game.player(alice).removed[-1]) == card
            bad = await w.fake.slash(jules, thread, "judge adjust",
                                     {"player": w.alice, "what": "anger", "value": 9,
                                      "reason": "typo"})
            assert "from 0 to 4" in bad.text() and match.game.player(alice).anger == 3
            assert len(match.record.decisions) == count + 3

            # a component made for an earlier decision is refused
            component = old.component(select)
            assert component is not None
            stale = await w.fake.select(decider, old, select,
                                        [component["options"][0]["value"]])
            assert "earlier decision" in stale.text(), stale.text()
            assert len(match.record.decisions) == count + 3
            state = match.game.to_json()
            logged = await w.fake.slash(jules, thread, "judge log")
            files = next(m for m in logged.messages if m.attachment_names())
            record = json.loads(files.attachment(f"match-{match.id}.json"))
            assert sum(o.startswith("@adjust:") for _, o in record["decisions"]) == 3
            words = files.attachment(f"match-{match.id}-log.txt").decode()
            assert "Judge's correction:" in words

        # the stored record, replayed by a new process, gives the same state
        async with w.start_bot() as bot:
            match = await bot.matches.get(1)
            assert match.game.to_json() == state
            await bot.notifier.settle()
            for _ in range(3):
                await play_decision(w, match)


@async_test(timeout=180)
async def test_resolving_by_hand_in_a_score_match_checks_the_decision(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.start_bot() as bot:
        match = await score_challenge(w, bot, 4)
        decision = match.pending
        assert decision is not None
        seat = decision.player
        decider = w.users[match.players[seat] or 0]
        other = w.users[match.players[1 - seat] or 0]
        before, count = match.game.to_json(), len(match.record.decisions)
        # not resolving a card: the referee asks for each sentence it does not read
        outside = await w.fake.slash(decider, match.thread_id or 0, "resolve",
                                     {"what": "anger", "value": 2, "per": "Anything"})
        assert "name the card in play whose text you apply" in outside.text()
        assert "yours that need it: none" in outside.text()
        waiting = await w.fake.slash(other, match.thread_id or 0, "resolve",
                                     {"what": "anger", "value": 2})
        assert "only when the game waits for you" in waiting.text()
        stale = await bot.matches.resolve_by_hand(match.id, decider.id, decision.seq - 1,
                                                  seat, {"kind": "anger", "value": 2})
        assert not stale.ok and match.game.to_json() == before
        assert len(match.record.decisions) == count
