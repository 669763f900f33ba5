"""DBZ: Prime Time matches played end to end against the fake Discord (tests/fakediscord),
as the card games are (tests/bot/test_score_e2e.py): rosters registered by form and by
file, a challenge played to a winner across a restart and a practice match against the
engine's greedy AI; after every step nobody but a hand's owner saw a card hidden in that
hand, and every map was drawn from a view holding no hand. Moving by coordinates (the
modal, its preview, a refusal with the engine's reason, a stale Confirm) and the judges'
corrections of a model's position and HP (docs/primetime-discord.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from bot.app import ScouterBot
from bot.services.families import PRIMETIME
from bot.services.matches import LiveMatch, decision_token
from bot.services.primetime_rosters import roster_text
from bot.ui import primetime_board
from engine.primetime.adjust import adjust as primetime_adjust
from engine.primetime.options import parse_point
from engine.primetime.roster import sample_roster
from tests.bot.e2e import (
    LeakChecker,
    World,
    board,
    challenge_accepted,
    choose,
    finished_after_restart,
    hand_message,
    no_hand_drawn,
    only_this_servers_judges,
    play_and_keep,
    play_decision,
    practice_to_a_winner,
    spy_on_renders,
    world,
)
from tests.bot.test_discord_e2e import configure, register_by_form
from tests.bot.test_judges_e2e import setup_judges
from tests.fakediscord import RecordedMessage, async_test

Z_FIGHTERS = roster_text(sample_roster("Z-Fighters"))
CELL_GAMES = roster_text(sample_roster("Cell Games"))


async def register_both(w: World) -> None:
    saved = await register_by_form(w, w.alice, "Z", Z_FIGHTERS)
    assert "Saved **Z** (version 1)" in saved, saved
    assert "Legal under prime-time" in saved and "panini" not in saved, saved
    filed = await w.fake.slash(w.bob, w.general, "deck register",
                               {"file": ("cell.yaml", CELL_GAMES.encode())})
    assert "Saved **cell** (version 1)" in filed.text(), filed.text()


MAX_STEPS = 3000


async def move_by_coordinates(w: World, match: LiveMatch, x: float, y: float
                              ) -> RecordedMessage | str:
    """The decider presses Move to coordinates and fills in x and y: the preview (its
    message with Confirm) or the refusal's text."""
    decision = match.pending
    assert decision is not None
    user = w.users[match.players[decision.player] or 0]
    button = f"sc:ptmove:{match.id}:{decision.seq}:{decision_token(match)}"
    opened = await w.fake.click(user, board(w, match), button)
    assert opened.modal is not None, opened.text()
    sent = await w.fake.submit_modal(user, match.thread_id, opened.modal.custom_id,
                                     {"x": f"{x:g}", "y": f"{y:g}"})
    preview = next((m for m in sent.messages if m.attachment_names()), None)
    return preview if preview is not None else sent.text()


async def confirm(w: World, match: LiveMatch, preview: RecordedMessage) -> str:
    decision = match.pending
    assert decision is not None
    user = w.users[match.players[decision.player] or 0]
    go = next(c for c in preview.custom_ids() if c.startswith("sc:ptgo:"))
    return (await w.fake.click(user, preview, go)).text()


async def play_pt_decision(w: World, match: LiveMatch) -> None:
    """A point the board has no button for is answered as a player on a phone would:
    by coordinates, previewed, then confirmed; anything else as in every family."""
    decision = match.pending
    assert decision is not None
    point = parse_point(choose(match, decision))
    buttons = board(w, match).custom_ids()
    if point is None or not any(c.startswith("sc:ptmove:") for c in buttons) or any(
            c.startswith(f"sc:opt:{match.id}:{decision.seq}:") and c.endswith(
                f":{[o.id for o in decision.options].index(choose(match, decision))}")
            for c in buttons):
        await play_decision(w, match)
        return
    before, board_message = len(match.record.decisions), board(w, match)
    preview = await move_by_coordinates(w, match, *point)
    assert isinstance(preview, RecordedMessage), preview
    assert preview.attachment("preview.png").startswith(b"\x89PNG")
    assert "Done" in await confirm(w, match, preview)
    w.answered_with["coordinates"] += 1
    await w.fake.wait_until(lambda: len(match.record.decisions) > before)
    await w.fake.wait_until(lambda: board(w, match).version > board_message.version)
    await w.running().notifier.settle()


async def finish(w: World, match: LiveMatch, leaks: LeakChecker) -> None:
    for _ in range(MAX_STEPS):
        if not match.active:
            return
        await play_pt_decision(w, match)
        leaks.check(match)
    raise AssertionError("the match did not end")


async def pt_challenge(w: World, bot: ScouterBot, decisions: int) -> LiveMatch:
    """Alice's Z-Fighters against Bob's Cell Games, `decisions` decisions in."""
    await configure(w)
    await register_both(w)
    match = await challenge_accepted(w, "Z", "prime-time")
    assert match.family.name == "primetime"
    for _ in range(decisions):
        await play_pt_decision(w, match)
    return match


@async_test(timeout=900)
async def test_a_prime_time_challenge_is_played_to_a_winner_across_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = spy_on_renders(monkeypatch, primetime_board, "render_primetime_map")
    async with world(tmp_path) as w:
        leaks = LeakChecker(w)
        async with w.start_bot() as bot:
            match = await pt_challenge(w, bot, 0)
            seen, state, board_id = await play_and_keep(w, match, leaks, 40,
                                                        play_pt_decision)

        # the bot stops mid-match; a new process carries on from the same state
        async with w.start_bot():
            match = await finished_after_restart(w, leaks, finish, seen, state, board_id)
            # every d20 is in the log with its modifiers (the engine's words)
            log = await w.fake.slash(w.bob, match.thread_id or 0, "game log")
            assert isinstance(log.response, RecordedMessage) and log.ephemeral
            words = log.response.attachment(f"match-{match.id}-log.txt").decode()
            rolls = [line for line in words.splitlines() if "d20" in line]
            assert rolls and all(re.search(r"d20 \d+", line) for line in rolls)
            assert any(re.search(r"[+-]\d", line) for line in rolls), rolls[:5]
    assert leaks.checked > 30
    assert len(drawn) > 30
    no_hand_drawn(drawn, "prime-time")
    assert w.answered_with["coordinates"] > 3 and w.answered_with["button"] > 5


@async_test(timeout=600)
async def test_a_prime_time_practice_match_is_played_to_a_winner(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = spy_on_renders(monkeypatch, primetime_board, "render_primetime_map")
    async with world(tmp_path) as w, w.start_bot():
        await configure(w)
        await register_both(w)
        await practice_to_a_winner(w, "Z", "prime-time", finish)
    no_hand_drawn(drawn, "prime-time")


async def to_point_decision(w: World, match: LiveMatch, kind: str) -> None:
    """Play on until the decider is asked a point of `kind` with many options (the board
    then offers Move to coordinates rather than a button per point)."""
    for _ in range(MAX_STEPS):
        decision = match.pending
        assert decision is not None
        if decision.kind == kind and any(
                c.startswith("sc:ptmove:") for c in board(w, match).custom_ids()):
            return
        await play_pt_decision(w, match)
    raise AssertionError(f"no {kind} decision")


@async_test(timeout=600)
async def test_moving_by_coordinates_previews_refuses_and_names_its_decision(
    tmp_path: Path,
) -> None:
    async with world(tmp_path) as w, w.start_bot() as bot:
        match = await pt_challenge(w, bot, 0)
        await to_point_decision(w, match, "deploy_at")
        decision = match.pending
        assert decision is not None
        decider = w.users[match.players[decision.player] or 0]
        other = w.users[match.players[1 - decision.player] or 0]
        before, count = match.game.to_json(), len(match.record.decisions)
        # nobody else opens the form: not the opponent, not a spectator
        button = f"sc:ptmove:{match.id}:{decision.seq}:{decision_token(match)}"
        announcement = w.fake.latest_message(w.games)
        assert announcement is not None
        await w.fake.click(w.carol, announcement, f"sc:watch:{match.id}")
        for user, why in ((other, "Not your decision"), (w.carol, "not playing")):
            refused = await w.fake.click(user, board(w, match), button)
            assert refused.modal is None and why in refused.text(), refused.text()
        # illegal points: refused with the engine's reason, nothing changes
        far = await move_by_coordinates(w, match, 15, 15)  # the middle: no one deploys there
        assert isinstance(far, str) and "not legal" in far and "deployment zone" in far, far
        typo = await move_by_coordinates(w, match, 40, 3)
        assert isinstance(typo, str) and "from 0 to 30" in typo, typo
        # the same form from the decider's DM (their hand message)
        dm = hand_message(w, decider, match)
        assert dm is not None and button in dm.custom_ids()
        opened = await w.fake.click(decider, dm, button)
        assert opened.modal is not None
        words = await w.fake.submit_modal(decider, None, opened.modal.custom_id,
                                          {"x": "abc", "y": "7"})
        assert "x must be a number of inches" in words.text(), words.text()
        assert match.game.to_json() == before and len(match.record.decisions) == count
        # a legal point: previewed (the map with the path), then confirmed
        point = parse_point(decision.options[0].id)
        assert point is not None
        first = await move_by_coordinates(w, match, *point)
        second = await move_by_coordinates(w, match, *point)
        assert isinstance(first, RecordedMessage) and isinstance(second, RecordedMessage)
        assert first.ephemeral and "Preview" in first.text()
        assert match.game.to_json() == before  # a preview changes nothing
        assert "Done" in await confirm(w, match, first)
        await w.fake.wait_until(lambda: len(match.record.decisions) == count + 1)
        assert match.record.decisions[-1].option == decision.options[0].id
        # the other preview's Confirm belongs to the decision just answered: refused
        moved = match.game.to_json()
        go = next(c for c in second.custom_ids() if c.startswith("sc:ptgo:"))
        stale = await w.fake.click(decider, second, go)
        assert "earlier decision" in stale.text(), stale.text()
        assert match.game.to_json() == moved and len(match.record.decisions) == count + 1

        # a move: a point out of reach is refused with the engine's reason
        await to_point_decision(w, match, "destination")
        moving = match.pending
        assert moving is not None
        here = match.game.model(match.game.state.active.model)
        far = await move_by_coordinates(w, match, 30 - here.x, 30 - here.y)
        assert isinstance(far, str) and "not a legal end for this move: too far" in far, far
        assert match.pending is moving and len(match.record.decisions) > count


@async_test(timeout=600)
async def test_a_judge_moves_a_model_and_sets_its_hp_and_nobody_else_can(
    tmp_path: Path,
) -> None:
    async with world(tmp_path) as w:
        async with w.start_bot(global_commands=True) as bot:
            jules, _ = await setup_judges(w)
            match = await pt_challenge(w, bot, 0)
            await to_activation(w, match)
            thread = match.thread_id or 0
            announcement = w.fake.latest_message(w.games)
            assert announcement is not None
            await w.fake.click(jules, announcement, f"sc:watch:{match.id}")
            game = match.game
            alice = match.seat_of(w.alice.id)
            mine = next(m for m in game.state.models if m.owner == alice and m.on_table)
            name, top = game.name(mine), game.tier(mine).hp

            def now() -> Any:  # each stored change replaces match.game: read it afresh
                return next(m for m in match.game.state.models if m.uid == mine.uid)

            hp = {"player": w.alice, "what": "hp", "model": name, "value": 1, "reason": "r"}

            # players, a stranger and another server's judge are refused; nothing changes
            await only_this_servers_judges(w, match, hp)
            count = len(match.record.decisions)

            # this server's judge: HP within 1..max, a position checked, both announced
            fixed = await w.fake.slash(jules, thread, "judge adjust", hp)
            assert fixed.text() == "Done." and now().hp == 1, fixed.text()
            announced = await w.fake.wait_for(
                lambda m: m.channel_id == thread and "made a correction" in m.text())
            assert f"{name}'s HP set to 1" in announced.text()
            too_much = await w.fake.slash(jules, thread, "judge adjust",
                                          {**hp, "value": top + 1})
            assert f"from 1 to {top}" in too_much.text() and now().hp == 1
            spot = free_spot(match)
            moved = await w.fake.slash(jules, thread, "judge adjust",
                                       {"player": w.alice, "what": "position", "model": name,
                                        "x": spot[0], "y": spot[1], "reason": "knocked"})
            assert moved.text() == "Done." and (now().x, now().y) == spot, moved.text()
            enemy = next(m for m in game.state.models if m.owner != alice and m.on_table)
            onto = await w.fake.slash(jules, thread, "judge adjust",
                                      {"player": w.alice, "what": "position", "model": name,
                                       "x": enemy.x, "y": enemy.y, "reason": "typo"})
            assert "overlap" in onto.text() and (now().x, now().y) == spot, onto.text()
            wrong_kind = await w.fake.slash(jules, thread, "judge adjust",
                                            {"player": w.alice, "what": "anger", "value": 1,
                                             "reason": "typo"})
            assert "position, hp" in wrong_kind.text()
            assert len(match.record.decisions) == count + 2
            state = match.game.to_json()
            # the judge's full view holds both hands; the log, the record that replays it
            looked = await w.fake.slash(jules, thread, "judge view")
            text = next(m for m in looked.messages if m.attachment_names()).attachment(
                f"match-{match.id}-state.txt").decode()
            for seat in (0, 1):
                assert all(game.pool.cards[c].name in text
                           for c in match.game.state.players[seat].hand)
            logged = await w.fake.slash(jules, thread, "judge log")
            files = next(m for m in logged.messages if m.attachment_names())
            record = json.loads(files.attachment(f"match-{match.id}.json"))
            assert record["family"] == "primetime" and record["ruleset"] == "prime-time"
            assert sum(o.startswith("@adjust:") for _, o in record["decisions"]) == 2
            assert "Judge's correction:" in files.attachment(
                f"match-{match.id}-log.txt").decode()

        # the record, replayed by a new process, gives the same state
        async with w.start_bot() as bot:
            match = await bot.matches.get(1)
            assert match.game.to_json() == state


async def to_activation(w: World, match: LiveMatch) -> None:
    for _ in range(MAX_STEPS):
        if match.game.state.phase == "activation" and match.pending is not None and (
                match.pending.kind == "activate"):
            return
        await play_pt_decision(w, match)
    raise AssertionError("no activation")


def free_spot(match: LiveMatch) -> tuple[float, float]:
    """A point a judge may put the active player's first model on (tried on a copy)."""
    game, seat = match.game, match.pending.player if match.pending else 0
    mine = next(m for m in game.state.models if m.owner == seat and m.on_table)
    for x in range(3, 28):
        for y in range(10, 21):
            change = {"kind": "position", "model": game.name(mine), "x": x + 0.5, "y": y + 0.5}
            if primetime_adjust(PRIMETIME.copy(game), seat, change).ok:
                return (x + 0.5, y + 0.5)
    raise AssertionError("no free spot")
