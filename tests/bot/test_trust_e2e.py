"""Issue 13, tried as a hostile player would against the real bot and the fake Discord:
authority lives with the match, hidden zones cannot be probed, a player never holds two
live matches, stale components are refused, and a refusal never touches a shared message.
Each test failed on the main branch before its fix."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from bot.db import Database
from bot.services.matches import LiveMatch
from tests.bot.e2e import FRIEZA, GOKU, World, board, hand_message, play_decision, world
from tests.bot.test_discord_e2e import configure, register_by_form
from tests.bot.test_judges_e2e import setup_judges
from tests.bot.test_judges_e2e import start_match as judged_match
from tests.bot.test_manual_e2e import manual_table
from tests.fakediscord import FakeUser, RecordedMessage, async_test
from tests.fakediscord.client import InteractionResult
from tests.fakediscord.model import MENTION_EVERYONE


async def queue_match(w: World, first: FakeUser, second: FakeUser) -> LiveMatch:
    """`first` and `second` register decks and are paired by the queue."""
    await register_by_form(w, first, "Goku", GOKU)
    await register_by_form(w, second, "Frieza", FRIEZA)
    await w.fake.slash(first, w.games, "play queue", {"deck": "Goku", "mode": "ranked"})
    paired = await w.fake.slash(second, w.games, "play queue",
                                {"deck": "Frieza", "mode": "ranked"})
    assert "is on" in paired.text(), paired.text()
    bot = w.running()
    match_id = (await bot.matches.active_ids())[-1]
    match = await bot.matches.get(match_id)
    await bot.notifier.settle()
    return match


@async_test(timeout=90)
async def test_judge_authority_lives_in_the_matchs_own_server(tmp_path: Path) -> None:
    """Defect 1: a player who owns another server cannot judge their own match from there
    (view the opponent's hand, read the Life Deck order, award themselves a ranked win);
    a judge who plays in a match cannot judge it."""
    async with world(tmp_path) as w, w.start_bot(global_commands=True) as bot:
        await configure(w)
        match = await queue_match(w, w.alice, w.bob)
        # Alice owns a server of her own, with a thread in it
        lair = w.fake.add_guild("Alice's Lair", owner=w.alice)
        lounge = w.fake.add_text_channel(lair, "lounge")
        den = w.fake.add_thread(lounge, "den", owner=w.alice)
        await w.fake.wait_until(lambda: bot.get_channel(den.id) is not None)
        bob_seat = match.seat_of(w.bob.id)
        assert bob_seat is not None
        bob_hand = {match.game.name(iid) for iid in match.game.player(bob_seat).hand}
        attempts: list[tuple[str, dict[str, object]]] = [
            ("judge view", {}), ("judge log", {}),
            ("judge award", {"winner": w.alice, "reason": "I win"}),
            ("judge view", {"match": match.id}),
            ("judge award", {"winner": w.alice, "reason": "I win", "match": match.id}),
            ("judge void", {"reason": "bored", "match": match.id}),
        ]
        for name, options in attempts:
            for channel in (den.id, lounge.id):
                tried = await w.fake.slash(w.alice, channel, name, options)
                text = tried.text()
                assert not [m for m in tried.messages if m.attachment_names()], (name, text)
                assert not [card for card in bob_hand if card in text], (name, text)
                assert "Done" not in text, (name, text)
        assert match.active and len(await bot.judges.audit_entries(match.id)) == 0
        row = await bot.db.fetchone("SELECT status, winner FROM matches WHERE id=?",
                                    (match.id,))
        assert row is not None and tuple(row) == ("active", None)

        # the admin (Manage Server) judges in this server, but not a match they play in
        practice = await register_by_form(w, w.admin, "Goku", GOKU)
        assert "Saved" in practice
        await w.fake.slash(w.admin, w.games, "play practice", {"deck": "Goku"})
        own = await bot.matches.active_match_of(w.admin.id)
        assert own is not None and own.thread_id is not None
        await bot.notifier.settle()
        mine = await w.fake.slash(w.admin, own.thread_id, "judge view")
        assert "you play in it" in mine.text() and not mine.messages[0].attachment_names()
        # ... and judges a match they do not play in, by its thread or by its id
        by_id = await w.fake.slash(w.admin, w.games, "judge view", {"match": match.id})
        assert by_id.messages and by_id.messages[0].attachment_names(), by_id.text()


@async_test(timeout=120)
async def test_disputes_reach_the_judges_of_the_matchs_own_server(tmp_path: Path) -> None:
    """Defect 1, for players: /dispute works on the match of the thread it is typed in,
    never on the caller's match from another server's thread (whose judges would be
    called about a match they cannot see), and a dispute picked in a DM (no server)
    still pauses the match and calls its own server's judges."""
    async with world(tmp_path) as w, w.start_bot(global_commands=True) as bot:
        table = await manual_table(w, bot)
        match = table.match
        # the player owns a server with judges of its own
        lair = w.fake.add_guild("Lair", owner=table.player)
        lounge = w.fake.add_text_channel(lair, "lounge")
        lair_desk = w.fake.add_text_channel(lair, "lair-judges")
        lair_role = w.fake.add_role(lair, "Lair judges")
        den = w.fake.add_thread(lounge, "den", owner=table.player)
        await w.fake.wait_until(lambda: bot.get_channel(den.id) is not None)
        configured = await w.fake.slash(table.player, lounge, "config judges",
                                        {"role": lair_role, "channel": lair_desk})
        assert "Disputes are announced" in configured.text()
        elsewhere = await w.fake.slash(table.player, den, "dispute", {"reason": "look here"})
        assert "inside the match's thread" in elsewhere.text()
        assert not match.paused
        assert w.fake.messages_in(lair_desk) == []

        # the opponent disputes the hand resolution from the select in their DM
        await table.click("Done")
        confirm = match.pending
        assert confirm is not None and confirm.kind == "manual_confirm"
        dm = hand_message(w, table.opponent, match)
        assert dm is not None
        index = next(i for i, o in enumerate(confirm.options) if o.id == "dispute")
        select = next(c for c in dm.custom_ids() if c.startswith(f"sc:sel:{match.id}:"))
        picked = await w.fake.select(table.opponent, dm, select, [str(index)])
        assert picked.error is None
        await w.fake.wait_until(lambda: match.paused)
        call = await w.fake.wait_for(
            lambda m: m.channel_id == table.desk.id and "Dispute" in m.text())
        assert "resolved by hand" in call.text()
        assert w.fake.messages_in(lair_desk) == []


@async_test(timeout=120)
async def test_resolving_by_hand_cannot_probe_hidden_zones(tmp_path: Path) -> None:
    """Defect 2: moving a named card from the opponent's hand or Life Deck answered "no
    card named X in hand" privately, so names could be tried until the hand was known.
    Now a zone hidden from the player is never searched by name: the answer is the same
    whatever it holds, and the move takes the top card (Life Deck) or a random one (hand)."""
    async with world(tmp_path) as w, w.start_bot() as bot:
        table = await manual_table(w, bot)
        match, thread = table.match, table.match.thread_id or 0
        seat = match.seat_of(table.opponent.id) or 0

        def opponent() -> Any:  # each stored change replaces match.game: read it afresh
            return match.game.player(seat)

        theirs = opponent()
        held = match.game.name(theirs.hand[0])
        absent = "Goku, Hopeful Fighter"
        assert absent not in {match.game.name(iid) for iid in (*theirs.hand, *theirs.life)}
        answers = []
        for source in ("hand", "life_top", "life_bottom"):
            for name in (held, absent):
                tried = await w.fake.slash(table.player, thread, "resolve", {
                    "what": "move", "whose": "opponent", "card": name, "source": source,
                    "destination": "discard"})
                answers.append(tried.text().replace(name, "<name>"))
            assert answers[-1] == answers[-2], answers[-2:]
            assert "hidden from you" in answers[-1]
        assert theirs.discard == []
        decisions = len(match.record.decisions)
        # without a name: the top card of their Life Deck, a random card of their hand
        top = theirs.life[-1]
        moved = await w.fake.slash(table.player, thread, "resolve", {
            "what": "move", "whose": "opponent", "source": "life_top",
            "destination": "discard"})
        assert "By hand" in moved.text() and opponent().discard == [top]
        hand = len(opponent().hand)
        moved = await w.fake.slash(table.player, thread, "resolve", {
            "what": "move", "whose": "opponent", "source": "hand", "destination": "discard"})
        assert "By hand" in moved.text() and len(opponent().hand) == hand - 1
        assert len(match.record.decisions) == decisions + 2


@async_test(timeout=120)
async def test_one_live_match_per_player_through_discord(tmp_path: Path) -> None:
    """Defect 3 end to end: a queue entry does not outlive a practice match, and two
    challenges accepted at the same moment start one match; the other is told why."""
    async with world(tmp_path) as w, w.start_bot() as bot:
        await configure(w)
        for user in (w.alice, w.bob, w.carol):
            await register_by_form(w, user, "Goku", GOKU)
        waiting = await w.fake.slash(w.alice, w.games, "play queue", {"deck": "Goku"})
        assert "is looking for" in waiting.text()
        practice = await w.fake.slash(w.alice, w.games, "play practice", {"deck": "Goku"})
        assert "Practice against the AI" in practice.text()
        queued = await w.fake.slash(w.bob, w.games, "play queue", {"deck": "Goku"})
        assert "is looking for" in queued.text(), queued.text()
        await w.fake.slash(w.bob, w.games, "play leave")
        # Alice and Carol both challenge Bob; he accepts both at once
        practising = await bot.matches.active_match_of(w.alice.id)
        assert practising is not None
        await bot.matches.concede(practising.id, w.alice.id)
        messages = []
        for user in (w.carol, w.alice):
            asked = await w.fake.slash(user, w.games, "play challenge",
                                       {"opponent": w.bob, "deck": "Goku"})
            assert isinstance(asked.response, RecordedMessage), asked.text()
            messages.append(asked.response)
        clicks = await asyncio.gather(*(
            w.fake.click(w.bob, message, f"sc:ch:{number}:accept")
            for number, message in enumerate(messages, start=1)))
        await bot.notifier.settle()
        texts = [c.text() for c in clicks]
        assert sum("already playing" in t for t in texts) == 1, texts
        live = await bot.matches.active_ids()
        assert len(live) == 1


@async_test(timeout=120)
async def test_a_choice_made_before_a_rollback_is_refused_after_it(tmp_path: Path) -> None:
    """Defect 4: a rollback reuses decision numbers, so a /hand select shown before it
    applied whatever option had that index afterwards. A component names the exact
    decision it was made for (its branch and content), and a stale one is refused."""
    async with world(tmp_path) as w, w.start_bot():
        jules, _ = await setup_judges(w)
        match = await judged_match(w)
        for _ in range(4):
            await play_decision(w, match)
        decision = match.pending
        assert decision is not None
        seq = decision.seq
        decider = w.users[match.players[decision.player] or 0]
        shown = await w.fake.slash(decider, match.thread_id or 0, "hand")
        old = shown.response
        assert isinstance(old, RecordedMessage)
        select = next(c for c in old.custom_ids() if c.startswith(f"sc:sel:{match.id}:"))
        for _ in range(2):
            await play_decision(w, match)
        back = await w.fake.slash(jules, w.games, "judge rollback",
                                  {"to": seq, "reason": "replay the combat", "match": match.id})
        assert "Rolled back" in back.text(), back.text()
        assert match.pending is not None and match.pending.seq == seq
        count = len(match.record.decisions)
        component = old.component(select)
        assert component is not None
        value = component["options"][0]["value"]
        stale = await w.fake.select(decider, old, select, [value])
        assert "earlier decision" in stale.text(), stale.text()
        assert len(match.record.decisions) == count


def said(result: InteractionResult) -> str:
    """Everything an interaction showed its user: replies, and the message it edited."""
    edited = result.response if result.response_type == 7 else None
    parts = [result.text()] + ([edited.text()] if isinstance(edited, RecordedMessage) else [])
    return "\n".join(part for part in parts if part)


async def refuse_writes(db: Database, table: str) -> None:
    """Make every insert into `table` fail as a full disk would, until `allow_writes`."""
    async with db.write() as conn:
        await conn.execute(f"CREATE TRIGGER test_refuse_{table} BEFORE INSERT ON {table} "
                           "BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END")


async def allow_writes(db: Database, table: str) -> None:
    async with db.write() as conn:
        await conn.execute(f"DROP TRIGGER test_refuse_{table}")


@async_test(timeout=90)
async def test_a_concession_that_was_not_saved_is_not_confirmed(tmp_path: Path) -> None:
    """Defect 5: with the database unable to write, concede answered "You conceded. Good
    game!" and nothing was stored. A confirmation comes only after the commit."""
    async with world(tmp_path) as w, w.start_bot() as bot:
        await configure(w)
        await register_by_form(w, w.alice, "Goku", GOKU)
        await w.fake.slash(w.alice, w.games, "play practice", {"deck": "Goku"})
        match = await bot.matches.active_match_of(w.alice.id)
        assert match is not None and match.thread_id is not None
        await bot.notifier.settle()
        confirm = await w.fake.slash(w.alice, match.thread_id, "game concede")
        assert isinstance(confirm.response, RecordedMessage)
        await refuse_writes(bot.db, "match_decisions")
        refused = said(await w.fake.click(w.alice, confirm.response, f"sc:concede:{match.id}"))
        assert "You conceded" not in refused and "nothing changed" in refused, refused
        assert match.active
        row = await bot.db.fetchone("SELECT status FROM matches WHERE id=?", (match.id,))
        assert row is not None and row[0] == "active"
        await allow_writes(bot.db, "match_decisions")
        again = said(await w.fake.click(w.alice, confirm.response, f"sc:concede:{match.id}"))
        assert "You conceded" in again and not match.active


@async_test(timeout=90)
async def test_a_forged_press_never_edits_the_shared_board(tmp_path: Path) -> None:
    """Defect 10: a concede button forged onto the public board, pressed by a stranger
    (refused) or by a player (accepted), answered by editing the pressed message, which
    blanked the board for everyone. Whatever the outcome, the answer is ephemeral."""
    async with world(tmp_path) as w, w.start_bot() as bot:
        await configure(w)
        match = await queue_match(w, w.alice, w.bob)
        announcement = next(m for m in reversed(w.fake.messages_in(w.games))
                            if f"sc:watch:{match.id}" in m.custom_ids())
        await w.fake.click(w.carol, announcement, f"sc:watch:{match.id}")  # a spectator
        shared = board(w, match)
        forged = {"type": 1, "components": [
            {"type": 2, "style": 4, "label": "Concede", "custom_id": f"sc:concede:{match.id}"}]}
        stored = w.fake.state.messages[shared.id]  # what a tampered client claims it shows
        stored.components.append(forged)
        stored.latest.components.append(forged)
        content, version = shared.text(), shared.version
        for presser in (w.carol, w.alice):
            pressed = await w.fake.click(presser, shared.id, f"sc:concede:{match.id}")
            assert pressed.messages and all(m.ephemeral for m in pressed.messages), pressed
            await bot.notifier.settle()
            if presser is w.carol:
                assert board(w, match).version == version and match.active
        assert not match.active and "You conceded" in said(pressed)
        assert "You conceded" not in board(w, match).text() and content


HOSTILE = "@everyone @here <@&{role}> <@{carol}> look!"


@async_test(timeout=120)
async def test_text_written_by_a_player_pings_nobody(tmp_path: Path) -> None:
    """Defect 7: a player's /dispute reason was posted with its mentions parsed, so
    "@everyone", a role or a user mention in it pinged them; judge announcements and the
    notifier's messages left everyone and roles on. The fake Discord now works out whom
    each message pings as Discord does; the bot pings exactly the people it means to."""
    async with world(tmp_path) as w, w.start_bot() as bot:
        # a server where the bot may mention everyone and the judge role is pingable
        w.fake.set_role_permissions(w.fake.bot_role(w.guild), MENTION_EVERYONE)
        role = w.fake.add_role(w.guild, "Judges", mentionable=True)
        jules = w.fake.add_user("jules")
        w.fake.add_member(w.guild, jules, roles=[role])
        w.users[jules.id] = jules
        desk = w.fake.add_text_channel(w.guild, "judges")
        await w.fake.slash(w.admin, w.general, "config judges", {"role": role, "channel": desk})
        await configure(w)
        match = await queue_match(w, w.alice, w.bob)
        thread = match.thread_id or 0
        hostile = HOSTILE.format(role=role.id, carol=w.carol.id)
        start = w.fake.mark()
        disputed = await w.fake.slash(w.alice, thread, "dispute", {"reason": hostile})
        assert "The match is paused" in disputed.text()
        call = await w.fake.wait_for(lambda m: m.channel_id == desk.id, after=start)
        await w.fake.click(jules, call, f"sc:watch:{match.id}")
        await w.fake.slash(jules, thread, "judge resume", {"reason": hostile})
        await bot.notifier.settle()
        since = [p for p in w.fake.pings() if w.fake.state.records.index(p.message) >= start]
        pinged = {(p.message.channel_id, p.user_id) for p in since}
        everyone = [p.message.text() for p in since if p.message.mention_everyone]
        assert everyone == [], everyone
        assert (desk.id, jules.id) in pinged  # the judges are called, by their role
        assert not [p for p in since if p.user_id == w.carol.id], "carol was pinged"
        assert not [p for p in since if p.user_id == jules.id and p.message.channel_id != desk.id]
        players = {w.alice.id, w.bob.id}
        assert {user for channel, user in pinged if channel == thread} <= players


USER_FETCH = r"^GET /users/\{"


@async_test(timeout=180)
async def test_player_names_are_kept_not_fetched_on_every_board(tmp_path: Path) -> None:
    """Defect 11: player names were fetched (GET /users/{id}, no cache) on every board
    render: 37% of all requests, spending the rate limit board edits need. The bot keeps
    the names it sees (each interaction carries the user's name in that server) and
    refreshes them when they change."""
    async with world(tmp_path) as w, w.start_bot():
        await configure(w)
        match = await queue_match(w, w.alice, w.bob)
        for _ in range(20):
            await play_decision(w, match)
        fetched = w.fake.request_counts(USER_FETCH)
        assert sum(fetched.values()) == 0, fetched
        # a new name shows on the next board
        member = w.fake.state.guilds[w.guild.id].members[w.alice.id]
        member.nick = "Alice the Brave"
        await w.fake.slash(w.alice, match.thread_id or 0, "game status")
        await play_decision(w, match)
        assert w.running().names.get(w.guild.id, w.alice.id) == "Alice the Brave"
        assert sum(w.fake.request_counts(USER_FETCH).values()) == 0
