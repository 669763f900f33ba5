"""The real bot against the fake Discord on loopback (tests/fakediscord): two players
register decks, queue, get matched and play a full match to a win through slash commands,
buttons, selects and DMs, across a restart; strangers, wrong turns, closed DMs and bad
input get clear answers and change nothing; a practice match against the AI finishes."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.services.matches import LiveMatch
from bot.ui import images
from renderers.board import render_board
from tests.bot.e2e import (
    FRIEZA,
    GOKU,
    VEGETA,
    LeakChecker,
    World,
    board,
    hand_message,
    play_decision,
    world,
)
from tests.fakediscord import FakeUser, RecordedMessage, async_test

MAX_STEPS = 3000


async def configure(w: World) -> None:
    with pytest.raises(PermissionError, match="hidden from alice"):  # Discord hides /config
        await w.fake.slash(w.alice, w.general, "config games-channel", {"channel": w.games})
    no_threads = await w.fake.slash(w.admin, w.general, "config games-channel",
                                    {"channel": w.no_threads})
    assert "Create Private Threads or Create Public Threads" in no_threads.text()
    assert "Nothing was changed" in no_threads.text()
    done = await w.fake.slash(w.admin, w.general, "config games-channel", {"channel": w.games})
    assert "Matches will be played in" in done.text()


async def register_by_form(w: World, user: FakeUser, name: str, text: str) -> str:
    opened = await w.fake.slash(user, w.general, "deck register", {"name": name})
    assert opened.modal is not None
    submitted = await w.fake.submit_modal(
        user, w.general, "deck-register", {"deck-name": name, "deck-list": text}
    )
    return submitted.text()


async def finish(w: World, match: LiveMatch, leaks: LeakChecker, via_hand: bool = False) -> None:
    for _ in range(MAX_STEPS):
        if not match.active:
            return
        await play_decision(w, match, via_hand_command=via_hand)
        leaks.check(match)
    raise AssertionError("the match did not end")


@async_test(timeout=240)
async def test_two_players_play_a_full_match_across_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[dict[str, Any]] = []

    def spy(view: dict[str, Any], *args: Any) -> bytes:
        drawn.append(view)
        return render_board(view, *args)

    monkeypatch.setattr(images, "render_board", spy)
    async with world(tmp_path) as w:
        leaks = LeakChecker(w)
        async with w.start_bot() as bot:
            queued = await w.fake.slash(w.alice, w.games, "play queue", {"deck": "Goku"})
            assert "This server has no games channel yet" in queued.text()
            await configure(w)
            # decks: a form for Alice, a file for Bob; a typo is explained and saves nothing
            typo = await register_by_form(w, w.alice, "Goku", "3x Goku Hopefull Fighter\n")
            assert "did you mean 'Goku, Hopeful Fighter'" in typo
            assert "Nothing was saved" in typo
            saved = await register_by_form(w, w.alice, "Goku", GOKU)
            assert "Saved **Goku** (version 1)" in saved and "Legal under panini-2016" in saved
            filed = await w.fake.slash(w.bob, w.general, "deck register",
                                       {"file": ("frieza.txt", FRIEZA.encode())})
            assert "Saved **frieza** (version 1)" in filed.text()
            listing = await w.fake.slash(w.bob, w.general, "deck list")
            assert listing.ephemeral and "frieza" in listing.text()
            names = await w.fake.autocomplete(w.bob, w.games, "play queue", focused="deck",
                                              value="fri")
            assert [c["value"] for c in names.choices or []] == ["frieza"]
            # queueing: the wrong channel, then twice, then a pairing
            wrong = await w.fake.slash(w.alice, w.general, "play queue", {"deck": "Goku"})
            assert "Use this command in the games channel" in wrong.text()
            missing = await w.fake.slash(w.alice, w.games, "play queue", {"deck": "Vegeta"})
            assert "no deck named 'Vegeta'" in missing.text()
            waiting = await w.fake.slash(w.alice, w.games, "play queue", {"deck": "Goku"})
            assert "is looking for a casual panini-2016 opponent" in waiting.text()
            again = await w.fake.slash(w.alice, w.games, "play queue", {"deck": "Goku"})
            assert "already in the queue" in again.text() and again.ephemeral
            paired = await w.fake.slash(w.bob, w.games, "play queue", {"deck": "frieza"})
            assert "Match #1 is on" in paired.text() and paired.ephemeral, paired.text()
            match = await bot.matches.get(1)
            await bot.notifier.settle()
            thread = next(t for t in w.fake.threads if t.id == match.thread_id)
            assert thread.is_private_thread and {w.alice.id, w.bob.id} <= set(thread.member_ids)
            assert hand_message(w, w.alice, match) is not None
            assert hand_message(w, w.bob, match) is not None
            leaks.check(match)

            # strangers and the wrong player are refused and nothing changes
            decision = match.pending
            assert decision is not None
            decider = w.alice if match.players[decision.player] == w.alice.id else w.bob
            other = w.bob if decider is w.alice else w.alice
            announcement = w.fake.latest_message(w.games)
            assert announcement is not None
            await w.fake.click(w.carol, announcement, "sc:watch:1")  # a spectator now
            public = [c for c in board(w, match).custom_ids() if c.startswith("sc:opt:")]
            assert public, "the board offers the decider their public options"
            for intruder, expected in ((w.carol, "not playing in this match"),
                                       (other, "Not your decision")):
                refused = await w.fake.click(intruder, board(w, match), public[0])
                assert expected in refused.text()
                assert refused.messages and all(m.ephemeral for m in refused.messages)
            assert len(match.record.decisions) == 0

            # 50 simultaneous presses of one button apply exactly one decision
            presses = await asyncio.gather(
                *(w.fake.click(decider, board(w, match), public[-1]) for _ in range(50))
            )
            assert all(p.error is None for p in presses)
            # the 49 late presses are each told the decision was already answered
            await w.fake.wait_until(lambda: sum(bool(p.followups) for p in presses) == 49)
            assert all("already been answered" in p.text() for p in presses if p.followups)
            await bot.notifier.settle()
            assert len(match.record.decisions) == 1
            for _ in range(25):
                await play_decision(w, match)
                leaks.check(match)
            board_id, board_version = board(w, match).id, board(w, match).version
            seen = len(match.record.decisions)
            syncs = [r for r in w.fake.requests if r.startswith("PUT") and "commands" in r]
            assert len(syncs) == 1

        # the bot stops mid-match; a new process picks up where it was
        async with w.start_bot() as bot:
            match = await bot.matches.get(1)
            assert len(match.record.decisions) == seen and match.active
            # on start it edits the same board message again (buttons for the new process)
            await w.fake.wait_until(lambda: board(w, match).version > board_version)
            assert board(w, match).id == board_id
            # the commands did not change, so the restart did not sync them again
            assert [r for r in w.fake.requests if r.startswith("PUT") and "commands" in r] == syncs
            await finish(w, match, leaks)
            await bot.notifier.settle()
            result = w.fake.latest_message(match.thread_id or 0)
            assert result is not None and "Game over." in result.text()
            thread = next(t for t in w.fake.threads if t.id == match.thread_id)
            assert thread.archived
            late = await w.fake.slash(w.alice, match.thread_id or 0, "game concede")
            assert "already over" in late.text() or "not playing a match" in late.text()
            log = await w.fake.slash(w.bob, match.thread_id or 0, "game log")
            assert log.ephemeral and log.text()
            assert leaks.checked > 30
            # every board image was drawn from a view without any hand in it
            assert len(drawn) > 30
            assert not [v for v in drawn if any("hand" in side for side in v["players"])]
            assert w.answered_with["button"] > 10 and w.answered_with["select"] > 10


@async_test(timeout=180)
async def test_closed_dms_play_a_practice_match_through_hand(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.start_bot() as bot:
        await configure(w)
        assert "Saved" in await register_by_form(w, w.dave, "Vegeta", VEGETA)
        started = await w.fake.slash(w.dave, w.games, "play practice", {"deck": "Vegeta"})
        assert "Practice against the AI" in started.text(), started.text()
        match = await bot.matches.get(1)
        await bot.notifier.settle()
        notice = await w.fake.wait_for(lambda m: "cannot send you direct messages" in m.text())
        assert notice.channel_id == match.thread_id
        busy = await w.fake.slash(w.dave, w.games, "play practice", {"deck": "Vegeta"})
        assert "already playing match #1" in busy.text()
        leaks = LeakChecker(w)
        await finish(w, match, leaks, via_hand=True)
        assert match.game.state.winner is not None
        assert w.answered_with["select"] > 5  # private choices made through /hand
        assert not w.fake.dm_messages(w.dave)


@async_test(timeout=60)
async def test_challenges_and_concession(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.start_bot() as bot:
        await configure(w)
        await register_by_form(w, w.alice, "Goku", GOKU)
        illegal = await register_by_form(w, w.bob, "Frieza", FRIEZA.replace("3x", "4x", 1))
        assert "Not legal under panini-2016" in illegal
        refused = await w.fake.slash(w.bob, w.games, "play queue", {"deck": "Frieza"})
        assert "is not legal under panini-2016" in refused.text() and "4 copies" in refused.text()
        await register_by_form(w, w.bob, "Frieza", FRIEZA)
        w.fake.set_bot_permissions(w.games, bot_can_send_in_threads=False)
        blocked = await w.fake.slash(w.alice, w.games, "play practice", {"deck": "Goku"})
        assert "I am missing permissions" in blocked.text()
        assert "Send Messages In Threads" in blocked.text()
        assert (await bot.matches.active_ids()) == []
        # private threads not allowed: the match thread is public instead
        w.fake.set_bot_permissions(w.games, bot_can_send_in_threads=True,
                                   bot_can_create_private_threads=False)
        me = await w.fake.slash(w.alice, w.games, "play challenge",
                                {"opponent": w.alice, "deck": "Goku"})
        assert "cannot challenge yourself" in me.text()
        robot = await w.fake.slash(w.alice, w.games, "play challenge",
                                   {"opponent": w.fake.bot_user, "deck": "Goku"})
        assert "is a bot and cannot play" in robot.text()
        asked = await w.fake.slash(w.alice, w.games, "play challenge",
                                   {"opponent": w.bob, "deck": "Goku"})
        message = asked.response
        assert isinstance(message, RecordedMessage) and "challenges you" in asked.text()
        stranger = await w.fake.click(w.carol, message, "sc:ch:1:accept")
        assert "not addressed to you" in stranger.text()
        accepted = await w.fake.click(w.bob, message, "sc:ch:1:accept")
        assert accepted.error is None
        match = await bot.matches.get(1)
        assert match.players == (w.alice.id, w.bob.id)
        await bot.notifier.settle()
        thread = next(t for t in w.fake.threads if t.id == match.thread_id)
        assert not thread.is_private_thread
        announcement = w.fake.latest_message(w.games)
        assert announcement is not None and "Match #1 is on" in announcement.text()
        watching = await w.fake.click(w.carol, announcement, "sc:watch:1")
        assert "You are watching match #1" in watching.text()
        outsider = await w.fake.slash(w.carol, match.thread_id or 0, "game concede")
        assert "not playing a match here" in outsider.text()
        confirm = await w.fake.slash(w.bob, match.thread_id or 0, "game concede")
        assert "cannot be undone" in confirm.text()
        assert isinstance(confirm.response, RecordedMessage)
        done = await w.fake.click(w.bob, confirm.response, "sc:concede:1")
        assert isinstance(done.response, RecordedMessage)
        assert "You conceded" in done.response.text()
        await bot.notifier.settle()
        assert match.game.state.winner == 0 and match.game.state.win_reason == "concede"
        status = await w.fake.slash(w.carol, match.thread_id or 0, "game status")
        assert "Game over." in status.text()


@async_test(timeout=60)
async def test_deck_commands_and_the_decision_timer(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.start_bot() as bot:
        await configure(w)
        await register_by_form(w, w.alice, "Goku", GOKU)
        assert "(version 2)" in await register_by_form(w, w.alice, "goku", GOKU)
        shown = await w.fake.slash(w.alice, w.general, "deck show", {"name": "GOKU"})
        assert shown.ephemeral and "(version 2)" in shown.text() and "3x" in shown.text()
        exported = await w.fake.slash(w.alice, w.general, "deck export", {"name": "Goku"})
        assert isinstance(exported.response, RecordedMessage)
        text = exported.response.attachment("Goku.txt").decode()
        again = await w.fake.slash(w.bob, w.general, "deck register",
                                   {"name": "Copy", "file": ("copy.txt", text.encode())})
        assert "Saved **Copy**" in again.text() and "Legal under panini-2016" in again.text()
        gone = await w.fake.slash(w.bob, w.general, "deck delete", {"name": "Copy"})
        assert "Deleted **Copy**" in gone.text()
        assert "no decks yet" in (await w.fake.slash(w.bob, w.general, "deck list")).text()
        nope = await w.fake.slash(w.bob, w.general, "deck show", {"name": "Copy"})
        assert "no deck named 'Copy'" in nope.text()

        await w.fake.slash(w.alice, w.games, "play practice", {"deck": "Goku"})
        match = await bot.matches.get(1)
        await bot.notifier.settle()
        start = match.decision_since
        bot.matches.clock = lambda: start + 301  # half of the default 10 minutes
        await bot.matches.check_timers()
        reminder = await w.fake.wait_for(lambda m: "your decision is waiting" in m.text())
        assert reminder.channel_id == match.thread_id
        before = len(match.record.decisions)
        bot.matches.clock = lambda: start + 601
        await bot.matches.check_timers()
        assert len(match.record.decisions) > before
        rows = await bot.db.fetchall(
            "SELECT source FROM match_decisions WHERE match_id=1 ORDER BY seq")
        assert "timeout" in [row[0] for row in rows]


@async_test(timeout=60)
async def test_card_show_with_autocomplete(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.start_bot():
        typed = await w.fake.autocomplete(w.carol, w.general, "card show", focused="name",
                                          value="goku, hop")
        assert [c["value"] for c in typed.choices or []] == ["Goku, Hopeful Fighter"]
        shown = await w.fake.slash(w.carol, w.general, "card show",
                                   {"name": "Goku, Hopeful Fighter"})
        assert "Power stages" in shown.text()
        message = next(m for m in shown.messages if m.attachment_names())
        assert message.attachment("card.png").startswith(b"\x89PNG") and message.ephemeral
        typo = await w.fake.slash(w.carol, w.general, "card show", {"name": "Gokku Hopefull"})
        assert "No card named 'Gokku Hopefull'. Did you mean Goku, Hopeful Fighter?" in typo.text()


@async_test(timeout=60)
async def test_card_search(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.start_bot():
        found = await w.fake.slash(w.carol, w.general, "card search",
                                   {"words": "stops physical", "kind": "physical_combat"})
        assert found.ephemeral and "card(s):" in found.text()
        assert "**Crossed-Arm Guard** · freestyle physical combat" in found.text()
        saiyan = await w.fake.slash(w.carol, w.general, "card search",
                                    {"style": "saiyan", "kind": "drill"})
        assert "**Saiyan Bloodlust Drill** · saiyan drill" in saiyan.text()
        assert "freestyle" not in saiyan.text()
        nothing = await w.fake.slash(w.carol, w.general, "card search", {"words": "zzzz"})
        assert "No card matches" in nothing.text()
        empty = await w.fake.slash(w.carol, w.general, "card search")
        assert "at least one of" in empty.text()
