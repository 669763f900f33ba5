"""The real bot against the fake Discord, fed forged input: button and select custom_ids
nobody was shown (wrong, huge or negative match ids, stale seqs, other people's matches, a
finished match, text where numbers belong) and slash commands with odd arguments. Each is
answered with a short ephemeral message (or, for an id no item claims, ignored), nothing
stored changes, and the bot logs no error.

The fake's click()/select() only press components present on a message (and discord.py
itself drops a dynamic item whose custom_id is not on the message it came from), so each
forged id is put on a message of its own, authored by the bot in the match thread, and
pressed through the fake's ordinary click()/select()."""

from __future__ import annotations

import json
import logging
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.services.matches import LiveMatch, decision_token
from engine.panini.view import SPECTATOR, player_view
from tests.bot.e2e import FRIEZA, GOKU, VEGETA, World, play_decision, world
from tests.bot.test_discord_e2e import configure, register_by_form
from tests.fakediscord import FakeUser, RecordedMessage, async_test, payloads
from tests.fakediscord.client import InteractionResult

TABLES = ("decks", "deck_versions", "matches", "match_decisions", "queue", "challenges",
          "disputes", "audit_log", "ratings", "guild_config", "seasons")
HUGE = 2**70
SQLITE_MAX = 2**63 - 1
DISCORD_MAX_INT = 2**53  # Discord refuses larger integer options


def snapshot(w: World, *matches: LiveMatch) -> dict[str, Any]:
    """What is stored (every row of the tables players can change) and each live match."""
    connection = sqlite3.connect(f"{w.db_path.as_uri()}?mode=ro", uri=True)
    try:
        stored = {t: connection.execute(f"SELECT * FROM {t} ORDER BY 1").fetchall()
                  for t in TABLES}
    finally:
        connection.close()
    live = {m.id: (len(m.record.decisions), m.status, m.paused,
                   json.dumps(player_view(m.game, SPECTATOR), sort_keys=True, default=str))
            for m in matches}
    return {"stored": stored, "live": live}


def forged_message(w: World, channel_id: int, component: dict[str, Any]) -> int | None:
    """A message in `channel_id`, authored by the bot, carrying `component`: what a
    tampered client would claim to press. None when Discord would not accept the component
    at all (the fake validates it as Discord does: a custom_id of 1 to 100 characters)."""
    state = w.fake.state
    channel = state.channels[channel_id]
    body = {"content": "forged", "components": [{"type": 1, "components": [component]}]}
    try:
        msg = state.new_message(body, [], channel=channel, author_id=state.bot.id,
                                kind="thread" if channel.is_thread else "channel",
                                allowed_flags=0)
    except Exception:  # the fake's ApiError: an invalid component
        return None
    state.store(msg)
    state.record(msg, payloads.message(state, msg))
    return msg.id


async def forge(
    w: World, user: FakeUser, channel_id: int, custom_id: str, values: list[str] | None = None
) -> InteractionResult | None:
    """Press a forged button (or pick `values` in a forged select) through the fake's own
    click()/select(), on a message made for it."""
    if values is None:
        component = {"type": 2, "style": 1, "label": "x", "custom_id": custom_id}
    else:
        options = [{"label": v or "-", "value": v} for v in values] or [
            {"label": "-", "value": "-"}]
        component = {"type": 3, "custom_id": custom_id, "options": options,
                     "min_values": len(values), "max_values": max(len(values), 1)}
    message_id = forged_message(w, channel_id, component)
    if message_id is None:
        return None
    timeout = 3 if claimed(custom_id) else 0.3  # nothing answers an id no item claims
    if values is None:
        return await w.fake.click(user, message_id, custom_id, timeout=timeout)
    return await w.fake.select(user, message_id, custom_id, values, timeout=timeout)


def claimed(custom_id: str) -> bool:
    """Whether one of the bot's dynamic items matches this id (else discord.py ignores it)."""
    from bot.ui import items
    from cogs import game, league, play

    templates = [items.DecisionButton, items.DecisionSelect, items.PageButton,
                 items.StaleDecisionItem, items.HandButton, items.WatchButton,
                 game.ConcedeButton,
                 league.StandingsPageButton, play.ChallengeButton, play.AcceptDeckSelect]
    return any(t.__discord_ui_compiled_template__.fullmatch(custom_id)  # type: ignore[attr-defined]
               for t in templates)


def assert_clear_answer(result: InteractionResult | None, custom_id: str) -> None:
    if result is None or not claimed(custom_id):
        return  # Discord refuses such a component; discord.py drops ids no item claims
    assert result.error is None, (custom_id, result.error)
    # the forged message is public: answering by editing it would show everyone (issue 13)
    assert result.response_type != 7, (custom_id, result.response)
    texts = [m for m in result.messages if m.text().strip()]
    assert texts, f"{custom_id}: acknowledged but no answer"
    assert all(m.ephemeral for m in texts), (custom_id, [m.text() for m in texts])
    assert not any("Something went wrong" in m.text() for m in texts), (
        custom_id, [m.text() for m in texts])


def errors_logged(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [f"{r.name}: {r.getMessage()}" for r in caplog.records if r.levelno >= logging.ERROR]


@async_test(timeout=240)
async def test_forged_component_ids_and_odd_commands(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    async with world(tmp_path) as w, w.start_bot() as bot:
        await configure(w)
        assert "Saved" in await register_by_form(w, w.alice, "Goku", GOKU)
        assert "Saved" in await register_by_form(w, w.bob, "Frieza", FRIEZA)
        assert "Saved" in await register_by_form(w, w.admin, "Vegeta", VEGETA)
        await w.fake.slash(w.alice, w.games, "play queue", {"deck": "Goku"})
        await w.fake.slash(w.bob, w.games, "play queue", {"deck": "Frieza"})
        live = await bot.matches.get(1)
        # a second match, finished: the admin practises and concedes
        await w.fake.slash(w.admin, w.games, "play practice", {"deck": "Vegeta"})
        over = await bot.matches.get(2)
        await bot.notifier.settle()
        confirm = await w.fake.slash(w.admin, over.thread_id or 0, "game concede")
        assert isinstance(confirm.response, RecordedMessage)
        await w.fake.click(w.admin, confirm.response, f"sc:concede:{over.id}")
        await w.fake.wait_until(lambda: not over.active)
        await bot.notifier.settle()
        assert live.active and not over.active
        await play_decision(w, live)  # so that there is a stale seq to forge
        await play_decision(w, live)

        decision = live.pending
        assert decision is not None
        seq, n = decision.seq, len(decision.options)
        assert seq > 0
        decider = w.users[live.players[decision.player] or 0]
        other = w.bob if decider is w.alice else w.alice
        over_seq = len(over.record.decisions)
        token = decision_token(live)
        forged = [
            f"sc:opt:{live.id}:{seq}:{token}:{n}", f"sc:opt:{live.id}:{seq}:deadbeef:0",
            f"sc:opt:{live.id}:{seq}:{token}:{HUGE}", f"sc:opt:{live.id}:{seq + 1}:{token}:0",
            f"sc:opt:{HUGE}:{seq}:{token}:0", f"sc:opt:{over.id}:{over_seq}:{token}:0",
            f"sc:page:{live.id}:{seq}:{token}:{HUGE}", f"sc:page:{over.id}:0:{token}:0",
            f"sc:opt:{live.id}:{seq}:{n}", f"sc:opt:{live.id}:{seq}:{n + 10**6}",
            f"sc:opt:{live.id}:{seq + 1}:0", f"sc:opt:{live.id}:{seq - 1}:0",
            f"sc:opt:{live.id}:{HUGE}:0", f"sc:opt:{live.id}:{seq}:{HUGE}",
            f"sc:opt:{HUGE}:{seq}:0", f"sc:opt:{SQLITE_MAX}:0:0", f"sc:opt:{SQLITE_MAX + 1}:0:0",
            f"sc:opt:999:{seq}:0", f"sc:opt:0:{seq}:0",
            f"sc:opt:{over.id}:{over_seq}:0", f"sc:opt:{over.id}:0:0",
            f"sc:opt:-1:{seq}:0", f"sc:opt:{live.id}:-1:0", f"sc:opt:{live.id}:{seq}:-1",
            f"sc:opt:{live.id}:{seq}:abc", "sc:opt:one:two:three", f"sc:opt:{live.id}:{seq}",
            f"sc:opt:{live.id}:{seq}:0:0", "sc:opt:::",
            f"sc:hand:{HUGE}", "sc:hand:999", f"sc:hand:{over.id}", "sc:hand:-1",
            f"sc:page:{live.id}:{seq}:{HUGE}", f"sc:page:{HUGE}:0:0", f"sc:page:{over.id}:0:0",
            f"sc:watch:{HUGE}", "sc:watch:999", f"sc:watch:{over.id}",
            f"sc:concede:{HUGE}", "sc:concede:999", f"sc:concede:{over.id}",
            f"sc:ch:{HUGE}:accept", "sc:ch:999:decline", "sc:ch:1:explode",
            f"sc:acc:{HUGE}", "sc:acc:999",
            f"sc:st:{HUGE}:panini-2016:{HUGE}:{HUGE}", f"sc:st:{w.guild.id}:nope:1:0",
            f"sc:st:{w.guild.id}:panini-2016:999:5",
            "", "sc:", "x" * 100, "sc:opt:" + "9" * 90,
        ]
        # the league opens a server's first season when its table is first asked for
        await w.fake.slash(w.carol, w.general, "standings")
        before = snapshot(w, live, over)
        for custom_id in forged:
            for user in (decider, other, w.carol) if claimed(custom_id) else (decider,):
                result = await forge(w, user, w.games.id, custom_id)
                assert_clear_answer(result, custom_id)
            now = snapshot(w, live, over)
            changed = [t for t in TABLES if now["stored"][t] != before["stored"][t]]
            assert now == before, (custom_id, changed, [now["stored"][t] for t in changed])
        # selects: out-of-range, negative and non-numeric values, other people's selects
        for custom_id in (f"sc:sel:{live.id}:{seq}:{token}:0:0", f"sc:sel:{over.id}:0:{token}:0:0",
                          f"sc:sel:{HUGE}:{seq}:{token}:0:0",
                          f"sc:sel:{live.id}:{seq + 5}:{token}:0:0",
                          f"sc:sel:{live.id}:{seq}:00000000:0:0", f"sc:sel:{live.id}:{seq}:0:0"):
            for values in (["-1"], [str(n)], ["abc"], [str(HUGE)], [""], []):
                for user in (decider, other):
                    result = await forge(w, user, w.games.id, custom_id, values)
                    assert_clear_answer(result, custom_id)
        assert snapshot(w, live, over) == before

        # slash commands with odd arguments, from a player, a stranger and in odd places
        odd: list[tuple[FakeUser, Any, str, dict[str, Any]]] = [
            (w.alice, w.general, "deck show", {"name": "\x00" + "x" * 200}),
            (w.alice, w.general, "deck export", {"name": "🐉" * 50}),
            (w.carol, w.general, "deck delete", {"name": "Goku"}),
            (w.alice, w.general, "deck delete", {"name": ""}),
            (w.carol, w.games, "play queue", {"deck": "'; DROP TABLE decks; --"}),
            (w.carol, w.games, "play practice", {"deck": " "}),
            (w.alice, w.games, "play practice", {"deck": "Goku"}),  # already playing
            (w.alice, w.games, "play challenge", {"opponent": w.alice, "deck": "Goku"}),
            (w.carol, w.games, "play challenge", {"opponent": w.bob, "deck": "nothing"}),
            (w.carol, w.games, "play leave", {}),
            (w.carol, live.thread_id or 0, "game concede", {}),
            (w.carol, w.general, "game status", {}),
            (w.carol, w.general, "hand", {}),
            (w.alice, over.thread_id or 0, "game concede", {}),
            (w.carol, w.general, "card show", {"name": "\u202e" + "z" * 300}),
            (w.carol, w.general, "card search", {"words": "%_*?" * 20}),
            (w.carol, w.general, "standings", {"season": DISCORD_MAX_INT}),
            (w.carol, w.general, "standings", {"season": -5}),
            (w.carol, w.general, "history", {"user": w.dave}),
            (w.carol, w.general, "profile", {"user": w.carol}),
            (w.carol, live.thread_id or 0, "judge rollback", {"to": 0, "reason": "x"}),
            (w.carol, live.thread_id or 0, "judge award", {"reason": "x", "draw": True}),
            (w.alice, w.general, "dispute", {"reason": "x" * 1000}),
        ]
        for user, channel, name, options in odd:
            try:
                result = await w.fake.slash(user, channel, name, options)
            except (PermissionError, LookupError, ValueError, TypeError) as exc:
                # the fake refuses what Discord's client would not send (hidden command,
                # an option out of its declared range, a thread the user cannot see)
                assert str(exc), name
                continue
            assert result.error is None, (name, options, result.error)
            texts = [m for m in result.messages if m.text().strip()]
            assert texts and all(m.ephemeral for m in texts), (name, options, result)
            assert not any("Something went wrong" in m.text() for m in texts), (name, texts)
        after = snapshot(w, live, over)
        assert after == before, "odd commands changed something stored"
        assert errors_logged(caplog) == []


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.lists(st.one_of(
    st.integers(min_value=-(2**80), max_value=2**80).map(str),
    st.text(alphabet="0123456789-:abc٣ ", max_size=12),
), min_size=1, max_size=5))
def test_any_decision_id_parses_safely(parts: list[str]) -> None:
    """The dynamic items' templates only ever hand their constructors whole numbers that
    int() accepts (the service then refuses unknown matches), whatever the id says."""
    from bot.ui import items

    custom_id = "sc:opt:" + ":".join(parts)
    template: re.Pattern[str] = items.DecisionButton.__discord_ui_compiled_template__
    match = template.fullmatch(custom_id)
    if match is not None:
        # \\d also accepts other scripts' digits ("٣"); int() reads them as the same number,
        # so such an id means what its ASCII twin means, nothing more
        numbers = {name: value for name, value in match.groupdict().items() if name != "token"}
        assert all(int(group) >= 0 for group in numbers.values())
        assert re.fullmatch(r"[0-9a-f]{8}", match["token"])
