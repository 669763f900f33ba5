"""A card the engine cannot read, end to end: an admin imports it, a match is played with
it, its player plays it from their DM, makes the change it calls for with /resolve and
confirms; the opponent disputes from the board, which pauses the match and calls the
judges."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from bot.app import ScouterBot
from bot.services.matches import LiveMatch
from engine.panini.decklist import Deck
from tests.bot.e2e import GOKU, World, board, hand_message, world
from tests.bot.test_discord_e2e import configure
from tests.bot.test_judges_e2e import setup_judges
from tests.fakediscord import FakeChannel, FakeUser, async_test

RITES = json.dumps({"set": "Strange Rites", "cards": [
    {"name": "Odd Ritual", "type": "event", "text": "Chant until the moon listens."},
]}).encode()


@dataclass
class ManualTable:
    """A match whose player is resolving Odd Ritual by hand (decision kind "manual")."""

    match: LiveMatch
    player: FakeUser  # resolving their card
    opponent: FakeUser
    desk: FakeChannel  # the judges' channel
    click: Callable[[str], Awaitable[None]]  # the deciding player presses a board button


async def manual_table(w: World, bot: ScouterBot) -> ManualTable:
    """Import a card the engine cannot read, start a match of it and play it from the DM
    up to the moment its player resolves it by hand."""
    await configure(w)
    _, desk = await setup_judges(w)
    imported = await w.fake.slash(w.admin, w.general, "cards import",
                                  {"file": ("rites.json", RITES)})
    assert "1 manual" in imported.text(), imported.text()
    shown = await w.fake.slash(w.alice, w.general, "card show", {"name": "Odd Ritual"})
    assert "Chant until the moon listens." in shown.text()
    assert "by hand" in shown.text()

    goku = bot.decks.compile("Goku", GOKU)[0]
    rites = Deck("Rites", goku.main_personality, goku.mastery, ("Odd Ritual",) * 60)
    match = await bot.matches.create(
        guild_id=w.guild.id, channel_id=w.games.id, mode="casual",
        ruleset="panini-2016", players=(w.alice.id, w.bob.id), decks=(rites, rites),
        deck_versions=(None, None), seed=1)
    channel = bot.get_channel(w.games.id)
    await bot.notifier.open_match(match, channel)  # type: ignore[arg-type]
    await bot.notifier.settle()
    users = {w.alice.id: w.alice, w.bob.id: w.bob}

    async def click(label: str) -> None:
        decision = match.pending
        assert decision is not None
        index = next(i for i, o in enumerate(decision.options) if o.label.startswith(label))
        user = users[match.players[decision.player] or 0]
        before = board(w, match).version
        button = next(c for c in board(w, match).custom_ids()
                      if c.startswith(f"sc:opt:{match.id}:") and c.endswith(f":{index}"))
        result = await w.fake.click(user, board(w, match), button)
        assert result.error is None
        await w.fake.wait_until(lambda: board(w, match).version > before)
        await bot.notifier.settle()

    await click("Finish planning")
    await click("Declare combat")
    decision = match.pending
    assert decision is not None and decision.kind == "combat_action"
    player = users[match.players[decision.player] or 0]
    opponent = w.bob if player is w.alice else w.alice
    # the card names a card in hand: it is chosen in the DM, never on the board
    assert "Play Odd Ritual" not in board(w, match).text()
    dm = hand_message(w, player, match)
    assert dm is not None
    index = next(i for i, o in enumerate(decision.options) if o.label == "Play Odd Ritual")
    select = next(c for c in dm.custom_ids() if c.startswith(f"sc:sel:{match.id}:"))
    await w.fake.select(player, dm, select, [str(index)])
    await w.fake.wait_until(lambda: match.pending is not None
                            and match.pending.kind == "manual")
    await bot.notifier.settle()
    said = await w.fake.wait_for(lambda m: "resolves by hand what Odd Ritual says" in m.text()
                                 and m.channel_id == match.thread_id)
    assert "Chant until the moon listens." in said.text()
    return ManualTable(match, player, opponent, desk, click)


@async_test(timeout=90)
async def test_a_card_resolved_by_hand_and_disputed(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.start_bot() as bot:
        table = await manual_table(w, bot)
        match, player, opponent, click = table.match, table.player, table.opponent, table.click
        desk = table.desk

        thread = match.thread_id or 0
        refused = await w.fake.slash(opponent, thread, "resolve", {"what": "draw", "value": 1})
        assert "only when the game waits for you" in refused.text()
        hand = len(match.game.player(match.seat_of(player.id) or 0).hand)
        drew = await w.fake.slash(player, thread, "resolve", {"what": "draw", "value": 1})
        assert "By hand: " in drew.text() and drew.ephemeral
        assert len(match.game.player(match.seat_of(player.id) or 0).hand) == hand + 1
        await bot.notifier.settle()
        await click("Done")
        confirm = match.pending
        assert confirm is not None and confirm.kind == "manual_confirm"
        await click("Dispute")
        assert match.paused
        call = await w.fake.wait_for(lambda m: m.channel_id == desk.id and "Dispute" in m.text())
        assert "resolved by hand" in call.text()
        rows = await bot.db.fetchall(
            "SELECT source, option FROM match_decisions WHERE match_id=? ORDER BY seq",
            (match.id,))
        assert [row[0] for row in rows if row[1].startswith("@adjust:")] == ["player"]
