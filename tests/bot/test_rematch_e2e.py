"""Rematch and Show the log under a finished match, through the fake Discord with the real
bot: a stranger's press is refused; one player's press waits (a second press by them is
told so); the opponent's press starts the rematch with the same decks, ruleset and mode in
a new thread; a press after that is stale and starts nothing. Show the log gives the
match's public events to whoever presses."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import pytest

from bot.ui.rematch import RematchRefused, rematch
from engine.panini.decklist import Deck
from tests.bot.e2e import board, world
from tests.bot.test_league_e2e import ranked_concession
from tests.fakediscord import RecordedMessage, async_test


@async_test(timeout=120)
async def test_rematch_needs_both_players_and_starts_once(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.start_bot() as bot:
        first = await ranked_concession(w, bot)  # alice beat bob, ranked, bob conceded
        assert first.thread_id is not None
        result = next(m for m in reversed(w.fake.messages_in(first.thread_id))
                      if "sc:rm:1" in m.custom_ids())
        assert "sc:log:1" in result.custom_ids()

        log = await w.fake.click(w.bob, result, "sc:log:1")
        assert log.ephemeral and "conced" in log.text().lower(), log.text()

        # A stranger does not even see the private thread; were it shown (a public thread),
        # the press is refused all the same.
        with pytest.raises(PermissionError, match="carol cannot see"):
            await w.fake.click(w.carol, result, "sc:rm:1")
        with pytest.raises(RematchRefused, match="Only the two players"):
            await rematch(bot, first, w.carol.id)
        asked = await w.fake.click(w.bob, result, "sc:rm:1")
        assert asked.ephemeral and f"when <@{w.alice.id}> presses Rematch too" in asked.text()
        again = await w.fake.click(w.bob, result, "sc:rm:1")
        assert "You asked already" in again.text()
        assert await bot.matches.active_match_of(w.bob.id) is None  # nothing started yet

        started = await w.fake.click(w.alice, result, "sc:rm:1")
        assert "Match #2 is on" in started.text(), started.text()
        second = await bot.matches.get(2)
        assert second.active and second.players == first.players
        assert second.mode == "ranked" and second.ruleset == first.ruleset
        assert all(isinstance(d, Deck) for d in (*first.decks, *second.decks))
        assert [cast(Deck, d).main_personality for d in second.decks] == \
            [cast(Deck, d).main_personality for d in first.decks]
        assert second.thread_id not in (None, first.thread_id)
        await bot.notifier.settle()
        footer = board(w, second).embeds[0]["footer"]["text"]
        assert "· /rules " in footer, footer  # the board points at the glossary

        stale = await w.fake.click(w.bob, result, "sc:rm:1")
        assert "already started: match #2" in stale.text()
        assert await bot.matches.active_ids() == [2]
        assert isinstance(result, RecordedMessage)
