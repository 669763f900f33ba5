"""Disputes and judges through the fake Discord: a dispute pauses the match and calls the
judges; a judge looks (audited), downloads the log and a scenario that reproduces the
match, rolls back three decisions, corrects the state and resumes, and the match then
finishes; awards and voids; nobody else can use any judge command."""

from __future__ import annotations

from pathlib import Path

from bot.services.matches import LiveMatch
from engine.panini.scenario import run_scenario
from tests.bot.e2e import FRIEZA, GOKU, World, board, play_decision, world
from tests.bot.test_discord_e2e import configure, register_by_form
from tests.fakediscord import FakeChannel, FakeUser, RecordedMessage, async_test

JUDGE_COMMANDS: list[tuple[str, dict[str, object]]] = [
    ("judge view", {}),
    ("judge log", {}),
    ("judge rollback", {"to": 0, "reason": "r"}),
    ("judge adjust", {"what": "anger", "value": 1, "reason": "r"}),
    ("judge award", {"draw": True, "reason": "r"}),
    ("judge void", {"reason": "r"}),
    ("judge resume", {"reason": "r"}),
]


async def setup_judges(w: World) -> tuple[FakeUser, FakeChannel]:
    role = w.fake.add_role(w.guild, "Judges")
    jules = w.fake.add_user("jules")
    w.fake.add_member(w.guild, jules, roles=[role])
    w.users[jules.id] = jules
    desk = w.fake.add_text_channel(w.guild, "judges")
    done = await w.fake.slash(w.admin, w.general, "config judges",
                              {"role": role, "channel": desk})
    assert "Disputes are announced" in done.text()
    return jules, desk


async def judge_sees_both_hands(w: World, judge: FakeUser, thread: int, match: LiveMatch
                                ) -> None:
    """/judge view: both hands in a file only the judge sees."""
    looked = await w.fake.slash(judge, thread, "judge view")
    state = next(m for m in looked.messages if m.attachment_names())
    text = state.attachment(f"match-{match.id}-state.txt").decode()
    for seat in (0, 1):
        for iid in match.game.player(seat).hand:
            assert match.game.name(iid) in text
    assert state.ephemeral


async def start_match(w: World) -> LiveMatch:
    await configure(w)
    await register_by_form(w, w.alice, "Goku", GOKU)
    await register_by_form(w, w.bob, "Frieza", FRIEZA)
    await w.fake.slash(w.alice, w.games, "play queue", {"deck": "Goku"})
    await w.fake.slash(w.bob, w.games, "play queue", {"deck": "Frieza"})
    match = await w.running().matches.get(1)
    await w.running().notifier.settle()
    return match


@async_test(timeout=120)
async def test_dispute_view_log_rollback_adjust_resume_then_finish(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.start_bot() as bot:
        jules, desk = await setup_judges(w)
        match = await start_match(w)
        for _ in range(12):
            await play_decision(w, match)
        thread = match.thread_id or 0
        count = len(match.record.decisions)
        # nobody but a judge: players, spectators, everyone refused, nothing changes
        for user in (w.alice, w.bob, w.carol):
            for name, options in JUDGE_COMMANDS:
                if name == "judge adjust":
                    options = {**options, "player": w.alice}
                refused = await w.fake.slash(user, thread if user != w.carol else w.games,
                                             name, options)
                assert "Only this server's judges" in refused.text(), (user.name, name)
        assert len(match.record.decisions) == count and match.active
        assert await bot.judges.audit_entries(match.id) == []

        # a player disputes: the match pauses and the judges are called
        disputed = await w.fake.slash(w.alice, thread, "dispute",
                                      {"reason": "my Endurance was not offered"})
        assert "The match is paused" in disputed.text() and match.paused
        await bot.notifier.settle()
        call = await w.fake.wait_for(lambda m: m.channel_id == desk.id and "Dispute" in m.text())
        assert "my Endurance was not offered" in call.text()
        decider = w.users[match.players[match.pending.player]]  # type: ignore[union-attr,index]
        public = [c for c in board(w, match).custom_ids() if c.startswith("sc:opt:")]
        assert public == [], "no decision buttons while paused"
        late = await w.fake.slash(decider, thread, "hand")
        assert not [c for m in late.messages for c in m.custom_ids() if c.startswith("sc:sel:")]
        assert len(match.record.decisions) == count

        # the judge joins the private thread and looks: both hands, audited, announced
        await w.fake.click(jules, call, "sc:watch:1")
        await judge_sees_both_hands(w, jules, thread, match)
        await w.fake.wait_for(lambda m: "looked at the full state" in m.text())

        # the log and a scenario file that reproduces the match offline
        logged = await w.fake.slash(jules, thread, "judge log")
        files = next(m for m in logged.messages if m.attachment_names())
        scenario = tmp_path / "match.yaml"
        scenario.write_bytes(files.attachment(f"match-{match.id}.yaml"))
        assert run_scenario(scenario, match.game.pool).failures == []
        assert f"{count:>4}." in files.attachment(f"match-{match.id}-log.txt").decode()

        # roll back three decisions: both players are told what was undone
        back = await w.fake.slash(jules, thread, "judge rollback",
                                  {"to": count - 3, "reason": "replaying the combat"})
        assert "3 undone" in back.text()
        told = await w.fake.wait_for(lambda m: "rolled the match back" in m.text())
        assert {w.alice.id, w.bob.id} <= set(told.viewers) and told.text().count("\n- ") == 3
        assert len(match.record.decisions) == count - 3

        # correct the state, then refuse an impossible correction
        fixed = await w.fake.slash(jules, thread, "judge adjust",
                                   {"player": w.alice, "what": "anger", "value": 2,
                                    "reason": "anger was not raised"})
        assert "Done" in fixed.text()
        assert match.game.player(match.seat_of(w.alice.id) or 0).anger == 2
        bad = await w.fake.slash(jules, thread, "judge adjust",
                                 {"player": w.alice, "what": "anger", "value": 9,
                                  "reason": "typo"})
        assert "from 0 to 5" in bad.text()

        # resume and play the match to its end
        resumed = await w.fake.slash(jules, thread, "judge resume",
                                     {"reason": "Endurance applies; replayed"})
        assert "Resumed" in resumed.text() and not match.paused
        await bot.notifier.settle()
        for _ in range(3000):
            if not match.active:
                break
            await play_decision(w, match)
        assert not match.active
        actions = [(e.action, e.actor_id) for e in await bot.judges.audit_entries(match.id)]
        assert actions == [("dispute", w.alice.id), ("view", jules.id), ("log", jules.id),
                           ("rollback", jules.id), ("adjust", jules.id),
                           ("resume", jules.id)]


@async_test(timeout=60)
async def test_award_and_void(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.start_bot() as bot:
        jules, _ = await setup_judges(w)
        match = await start_match(w)
        thread = match.thread_id or 0
        await w.fake.click(jules, w.fake.latest_message(w.games) or 0, "sc:watch:1")
        both = await w.fake.slash(jules, thread, "judge award",
                                  {"winner": w.bob, "draw": True, "reason": "x"})
        assert "not both" in both.text() and match.active
        awarded = await w.fake.slash(jules, thread, "judge award",
                                     {"winner": w.bob, "reason": "Alice left the event"})
        assert "Done" in awarded.text()
        assert not match.active and match.winner == match.seat_of(w.bob.id)
        await bot.notifier.settle()
        result = await w.fake.wait_for(lambda m: "wins by a judge's award" in m.text())
        assert result.channel_id == thread
        voided = await w.fake.slash(jules, thread, "judge void", {"reason": "wrong decks"})
        assert "Done" in voided.text() and match.status == "void"
        again = await w.fake.slash(jules, thread, "judge void", {"reason": "again"})
        assert "already void" in again.text()
        row = await bot.db.fetchone("SELECT status FROM matches WHERE id=1")
        assert row is not None and row[0] == "void"
        assert isinstance(result, RecordedMessage)
