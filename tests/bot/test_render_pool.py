"""The render pool (bot/rendering.py): processes or threads draw the same bytes as a direct
call; a slot's unchanged inputs are not drawn again; closing leaves no worker behind; a
hand's few cards stand in for its whole pool."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.rendering import RenderPool
from bot.ui import images
from bot.ui.images import hand_cards
from engine.panini.cards import CardPool, load_pool
from engine.panini.view import SPECTATOR, player_view
from renderers.board import BoardLabels, render_board
from renderers.hand import render_hand
from tests.bot.e2e import board, hand_message, play_decision, world
from tests.bot.test_discord_e2e import configure
from tests.bot.test_trust_e2e import queue_match
from tests.fakediscord import async_test
from tests.renderers import states

LABELS = BoardLabels(("Ann", "Bob"), "Match #7 · casual · panini-2016")
DRAWN: list[str] = []


def counted(text: str) -> bytes:
    """A renderer that says each time it drew."""
    DRAWN.append(text)
    return text.encode()


def _alive(pid: int) -> bool:
    """Running (a zombie nobody reaped is gone too)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


# A bot stand-in: draws once in a render process, says the worker's pid, then waits.
KILLED_BOT = """
import asyncio, sys
from bot.rendering import RenderPool
from tests.bot.test_render_pool import counted

async def main() -> None:
    pool = RenderPool(1)
    await pool.render(counted, "x")
    print(*pool._executor._processes, flush=True)
    await asyncio.sleep(3600)

asyncio.run(main())
"""


@async_test(timeout=120)
async def test_processes_draw_what_a_direct_call_draws_and_stop_when_closed() -> None:
    snap = states.mid_game()
    view = player_view(snap.game, SPECTATOR)
    hand_view = player_view(snap.game, 0)
    pool = RenderPool(1)
    try:
        board_png = await pool.render(render_board, view, LABELS, snap.events)
        hand_png = await pool.render(render_hand, hand_view, 0, snap.game.pool)
        assert pool.uses_processes
        workers = list(pool._executor._processes)  # type: ignore[union-attr]
        assert workers and all(pid != os.getpid() for pid in workers)
    finally:
        pool.close()
    assert board_png == render_board(view, LABELS, snap.events)
    assert hand_png == render_hand(hand_view, 0, snap.game.pool)
    assert not any(_alive(pid) for pid in workers)


@async_test(timeout=120)
async def test_a_killed_bot_leaves_no_render_process_behind() -> None:
    bot = await asyncio.create_subprocess_exec(sys.executable, "-c", KILLED_BOT,
                                               stdout=asyncio.subprocess.PIPE)
    try:
        assert bot.stdout is not None
        workers = [int(pid) for pid in (await bot.stdout.readline()).split()]
        assert workers and all(_alive(pid) for pid in workers)
    finally:
        bot.send_signal(signal.SIGKILL)
        await bot.wait()
    while any(_alive(pid) for pid in workers):  # each worker sees its bot gone, and leaves
        await asyncio.sleep(0.1)


@async_test(timeout=60)
async def test_zero_processes_draws_on_threads() -> None:
    pool = RenderPool(0)
    try:
        assert await pool.render(counted, "board") == b"board"
        assert not pool.uses_processes
    finally:
        pool.close()


@async_test(timeout=60)
async def test_a_slot_is_drawn_again_only_when_its_inputs_change() -> None:
    pool = RenderPool(0)
    DRAWN.clear()
    try:
        assert await pool.render_kept(("hand", 1, 0), counted, "a") == b"a"
        assert await pool.render_kept(("hand", 1, 0), counted, "a") == b"a"
        assert await pool.render_kept(("hand", 1, 1), counted, "a") == b"a"  # another slot
        assert await pool.render_kept(("hand", 1, 0), counted, "b") == b"b"
        pool.forget(("hand", 1, 0))
        assert await pool.render_kept(("hand", 1, 0), counted, "b") == b"b"
    finally:
        pool.close()
    assert DRAWN == ["a", "a", "b", "b"]


def test_a_hand_drawn_from_its_cards_alone_is_the_hand_drawn_from_the_pool() -> None:
    snap = states.mid_game()
    for seat in (0, 1):
        view = player_view(snap.game, seat)
        names = view["players"][seat]["hand"]
        cards = hand_cards(snap.game.pool, [*names, "Not A Card"])
        assert len(cards) == len(set(names)) < len(load_pool())
        assert render_hand(view, seat, cards) == render_hand(view, seat, snap.game.pool)


@async_test(timeout=180)
async def test_a_hand_is_drawn_again_only_when_its_cards_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A decision redraws the board, and a hand only when its cards changed: the hand
    image is drawn from the hand alone, not from a view that changes at every decision."""
    drawn: list[int] = []

    def spy(view: dict[str, Any], seat: int, cards: CardPool) -> bytes:
        drawn.append(seat)
        return render_hand(view, seat, cards)

    monkeypatch.setattr(images, "render_hand", spy)
    async with world(tmp_path) as w, w.start_bot() as bot:
        await configure(w)
        match = await queue_match(w, w.alice, w.bob)
        await bot.notifier.settle()

        def hands_of() -> list[list[str]]:
            return [list(match.game.state.players[seat].hand) for seat in (0, 1)]

        redrawn_for_a_change = kept_as_it_was = 0
        for _ in range(16):
            if not match.active:
                break
            before = hands_of()
            drawn.clear()
            await play_decision(w, match)
            after = hands_of()
            for seat in (0, 1):
                changed = before[seat] != after[seat]
                assert (seat in drawn) == changed, (seat, before[seat], after[seat], drawn)
                redrawn_for_a_change += changed
                kept_as_it_was += not changed
        assert redrawn_for_a_change and kept_as_it_was


@async_test(timeout=120)
async def test_a_refresh_that_changes_nothing_edits_nothing(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.start_bot() as bot:
        await configure(w)
        match = await queue_match(w, w.alice, w.bob)
        await play_decision(w, match)
        await bot.notifier.settle()

        def shown() -> list[int]:
            hands = [hand_message(w, user, match) for user in (w.alice, w.bob)]
            return [board(w, match).version, *(h.version for h in hands if h is not None)]

        before = shown()
        assert len(before) == 3
        await bot.notifier.refresh(match.id)
        assert shown() == before
        await play_decision(w, match)  # a decision changes the board: it is edited
        await bot.notifier.settle()
        assert shown()[0] > before[0]
