"""A whole 8-player Swiss event with a top 4 through the fake Discord (tests/fakediscord)
with the real bot: seven sign up, an eighth enters late and gets a judge's bye, one
match of round 1 runs out of time (a draw, ruling 368), a judge fixes a result of round 2,
a player drops before round 3, the bot restarts between rounds, and the top 4 plays out to
a champion. The players of the test end the Swiss and semi-final matches the way a player
can (conceding in the thread, to be quick) and play the final out decision by decision
(board buttons and DM selects); every result comes from the referee. The standings and
tiebreakers are checked against a hand computation written below."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from bot.app import ScouterBot
from bot.services.tournaments import Table, Tournament
from tests.bot.e2e import FRIEZA, GOKU, VEGETA, LeakChecker, World, world
from tests.bot.test_discord_e2e import configure, finish, register_by_form
from tests.fakediscord import FakeUser, RecordedMessage, async_test

SEED = 2026  # the event's seed: it fixes every pairing below
DECKS = (GOKU, FRIEZA, VEGETA)
F = Fraction

# The hand computation of the final Swiss standings. Results (players by number):
#   R1: 6-2 drawn at time; 7 beat 4; 5 beat 3; 1 bye (pairing); 8 bye (judge, late entry)
#   R2: 5 beat 7 (a judge's fix: 5 had conceded by mistake); 8 beat 1; 6 beat 3; 4 beat 2
#   (3 drops)  R3: 8 beat 5; 7 beat 6; 4 beat 1; 2 bye
# Match-win % = points / (3 x matches, byes included): 1: 3/9, 2: 4/9, 3: 0/6, 4: 6/9,
# 5: 6/9, 6: 4/9, 7: 6/9, 8: 9/9. OMW averages the opponents' (byes left out), each at least
# 1/3: 1: (8, 4) = (1 + 2/3)/2 = 5/6; 2: (6, 4) = (4/9 + 6/9)/2 = 5/9; 3: (5, 6) = 5/9;
# 4: (7, 2, 1) = (6 + 4 + 3)/27 = 13/27; 5: (3, 7, 8) = (3 + 6 + 9)/27 = 2/3 (3's 0 counts
# as 1/3); 6: (2, 3, 7) = (4 + 3 + 6)/27 = 13/27; 7: (4, 5, 6) = 16/27; 8: (1, 5) = 1/2.
# A match is one game, so GW% = match-win % and OGW% = OMW%. Order: points, then OMW
# (5 > 7 > 4 on 6 points; 2 > 6 on 4).
HAND_COMPUTED = [
    (8, "3-0", 9, F(1, 2), F(1), F(1, 2)),
    (5, "2-1", 6, F(2, 3), F(2, 3), F(2, 3)),
    (7, "2-1", 6, F(16, 27), F(2, 3), F(16, 27)),
    (4, "2-1", 6, F(13, 27), F(2, 3), F(13, 27)),
    (2, "1-1-1", 4, F(5, 9), F(4, 9), F(5, 9)),
    (6, "1-1-1", 4, F(13, 27), F(4, 9), F(13, 27)),
    (1, "1-2", 3, F(5, 6), F(1, 3), F(5, 6)),
    (3, "0-2", 0, F(5, 9), F(0), F(5, 9)),
]


async def concede(w: World, bot: ScouterBot, loser: FakeUser, match_id: int) -> None:
    """`loser` ends the match the way a player does: /game concede in its thread."""
    match = await bot.matches.get(match_id)
    confirm = await w.fake.slash(loser, match.thread_id or 0, "game concede")
    assert isinstance(confirm.response, RecordedMessage), confirm.text()
    done = await w.fake.click(loser, confirm.response, f"sc:concede:{match_id}")
    assert done.error is None, done.error
    await bot.notifier.settle()
    assert not match.active


async def play_round(w: World, bot: ScouterBot, event: Tournament, players: dict[int, FakeUser],
                     loses: list[int], skip: int | None = None) -> list[Table]:
    """End every match of the round in play: at each table the player listed first in
    `loses` concedes (the other wins); the match of `skip` is left running."""
    tables = await bot.tournaments.tables(event.id, event.round)
    for table in tables:
        if table.match_id is None or table.match_id == skip:
            continue
        first, second = table.players
        assert second is not None
        loser = first if loses.index(first) < loses.index(second) else second
        await concede(w, bot, players[loser], table.match_id)
    return await bot.tournaments.tables(event.id, event.round)


def fakes(w: World) -> list[FakeUser]:
    users = []
    for number in range(1, 9):
        user = w.fake.add_user(f"player{number}")
        w.fake.add_member(w.guild, user)
        w.users[user.id] = user
        users.append(user)
    return users


@async_test(timeout=900)
async def test_an_eight_player_swiss_event_with_a_top_4(tmp_path: Path) -> None:
    async with world(tmp_path) as w:
        people = fakes(w)
        by_id = {u.id: u for u in people}
        async with w.start_bot() as bot:
            bot.tournaments.new_seed = lambda: SEED
            await configure(w)
            for index, user in enumerate(people):
                saved = await register_by_form(w, user, "Mine", DECKS[index % 3])
                assert "Saved" in saved, saved
            refused = await w.fake.slash(people[0], w.games, "tournament create",
                                         {"name": "Kami Cup"})
            assert refused.ephemeral and "Only this server's judges" in refused.text()
            created = await w.fake.slash(w.admin, w.games, "tournament create",
                                         {"name": "Kami Cup", "rounds": 3, "cut": 4,
                                          "minutes": 50})
            assert "Kami Cup" in created.text() and "#1" in created.text(), created.text()
            for user in people[:7]:
                joined = await w.fake.slash(user, w.games, "tournament join", {"deck": "Mine"})
                assert "joined" in joined.text(), joined.text()
            twice = await w.fake.slash(people[0], w.games, "tournament join", {"deck": "Mine"})
            assert twice.ephemeral and "already signed up" in twice.text()

            clock = [1_000_000.0]
            bot.tournaments.clock = lambda: clock[0]
            number = {u.id: n for n, u in enumerate(people, start=1)}  # player1 is 1

            def seats(tables: list[Table]) -> list[tuple[int, int | None]]:
                return [(number[t.players[0]], number.get(t.players[1] or 0)) for t in tables]

            def results(tables: list[Table]) -> list[tuple[tuple[int, int | None],
                                                           int | None, str]]:
                return [(seats([t])[0], t.winner, t.how) for t in tables]

            # --- round 1: seven players, so a bye; player8 enters late ---
            started = await w.fake.slash(w.admin, w.games, "tournament round")
            assert started.ephemeral and "Round 1" in started.text(), started.text()
            event = await bot.tournaments.get(1, w.guild.id)
            tables = await bot.tournaments.tables(event.id, 1)
            assert seats(tables) == [(6, 2), (4, 7), (5, 3), (1, None)]  # the seed's pairing
            notrun = await w.fake.slash(people[0], w.games, "tournament round")
            assert notrun.ephemeral and "Only this server's judges" in notrun.text()
            late = await w.fake.slash(people[7], w.games, "tournament join", {"deck": "Mine"})
            assert "late entry" in late.text(), late.text()
            bye = await w.fake.slash(w.admin, w.games, "tournament bye",
                                     {"player": people[7], "reason": "late entry"})
            assert bye.text() == "Done.", bye.text()
            order = list(range(1, 9))  # the lower number loses, unless said otherwise
            ids = [people[n - 1].id for n in order]
            tables = await play_round(w, bot, event, by_id, ids, skip=tables[0].match_id)
            clock[0] += 51 * 60  # the round's 50 minutes are up: the last match is drawn
            cog: Any = bot.get_cog("TournamentCog")  # its module is loaded as an extension
            await cog.clock_tick()
            tables = await bot.tournaments.tables(event.id, 1)
            assert results(tables) == [((6, 2), None, "time"), ((4, 7), 1, "concede"),
                                       ((5, 3), 0, "concede"), ((1, None), None, "bye"),
                                       ((8, None), None, "bye")]
            said = w.fake.messages_in(w.games)
            assert any("Time in round 1" in m.text() and "ruling 368" in m.text()
                       for m in said)
            assert any("Round 1 of **Kami Cup** is complete" in m.text() for m in said)
            early = await w.fake.slash(w.admin, w.games, "tournament standings")
            assert "**3-0 makes top 4** whatever else happens." in early.text()
            # --- round 2: eight players; a judge fixes a result; player3 drops ---
            started = await w.fake.slash(w.admin, w.games, "tournament round")
            assert "Round 2" in started.text(), started.text()
            event = await bot.tournaments.get(1, w.guild.id)
            closed = await w.fake.slash(w.carol, w.games, "tournament join", {"deck": "x"})
            assert closed.ephemeral and "Sign-ups for Kami Cup are closed" in closed.text()
            tables = await play_round(w, bot, event, by_id, ids)
            assert results(tables) == [((7, 5), 0, "concede"), ((8, 1), 0, "concede"),
                                       ((6, 3), 0, "concede"), ((2, 4), 1, "concede")]
            first = tables[0]
            winner = first.players[first.winner or 0]
            assert winner is not None
            loser = first.players[1 - (first.winner or 0)]
            assert loser is not None
            fixed = await w.fake.slash(w.admin, w.games, "tournament fix", {
                "player": by_id[loser], "result": "win", "round": 2,
                "reason": "conceded by mistake; both players agree"})
            assert fixed.text() == "Done.", fixed.text()
            tables = await bot.tournaments.tables(event.id, 2)
            assert results(tables)[0] == ((7, 5), 1, "judge")  # player5 wins table 1
            assert (await bot.matches.get(tables[0].match_id or 0)).winner == 1  # the match too
            audit = [(r[1], r[3]) for r in await bot.tournaments.audited(event)]
            assert ("event-fix", "conceded by mistake; both players agree") in audit
            assert ("event-bye", "late entry") in audit
            assert [a for a, _ in audit].count("event-round") == 2
            dropped = await w.fake.slash(people[2], w.games, "tournament drop")
            assert "dropped" in dropped.text(), dropped.text()
        # --- the bot restarts between rounds: the event is stored ---
        async with w.start_bot() as bot:
            event = await bot.tournaments.get(1, w.guild.id)
            bot.tournaments.clock = lambda: clock[0]
            started = await w.fake.slash(w.admin, w.games, "tournament round")
            assert "Round 3" in started.text(), started.text()
            event = await bot.tournaments.get(1, w.guild.id)
            # round 3 is paired on round 2's results: none is rolled back (ruling 374)
            closed_table = (await bot.tournaments.tables(event.id, 2))[1]
            refused = await w.fake.slash(w.admin, w.games, "judge rollback", {
                "to": 0, "reason": "misclick", "match": closed_table.match_id})
            assert refused.ephemeral and "round 2 of Kami Cup, and that round is closed" in (
                refused.text()) and "/tournament fix" in refused.text(), refused.text()
            tables = await play_round(w, bot, event, by_id, ids)
            # player3 dropped: seven play, and the bye goes to player2 (lowest-ranked
            # without one: player3 is out, player1 and player8 had theirs)
            assert results(tables) == [((8, 5), 0, "concede"), ((6, 7), 1, "concede"),
                                       ((1, 4), 1, "concede"), ((2, None), None, "bye")]
            rows = await bot.tournaments.standings(event)
            assert [(number[r.player], r.record, r.points, r.omw, r.gw, r.ogw)
                    for r in rows] == HAND_COMPUTED
            shown = await w.fake.slash(w.carol, w.games, "tournament standings")
            assert shown.ephemeral
            message = next(m for m in shown.messages if m.attachment_names())
            assert message.attachment("event.png").startswith(b"\x89PNG")
            lines = [line for line in message.text().splitlines() if "<@" in line]
            assert lines[0].endswith(f"<@{people[7].id}> · 3-0 · 9 · 50.0% · 100.0% · 50.0%")
            assert f"<@{people[2].id}> (dropped) · 0-2 · 0" in message.text()
            assert "Can no longer make the cut" in message.text()
            # --- the top 4 ---
            # seeded by the standings: 1 v 4 (player8 v player4), 2 v 3 (player5 v player7)
            started = await w.fake.slash(w.admin, w.games, "tournament round")
            assert "Top cut, round 4" in started.text(), started.text()
            event = await bot.tournaments.get(1, w.guild.id)
            assert results(await play_round(w, bot, event, by_id, ids)) == [
                ((8, 4), 0, "concede"), ((5, 7), 1, "concede")]
            # the final is played out, decision by decision, by the test's two players
            started = await w.fake.slash(w.admin, w.games, "tournament round")
            assert "Top cut, round 5" in started.text(), started.text()
            final = (await bot.tournaments.tables(1, 5))[0]
            assert seats([final]) == [(8, 7)]
            match = await bot.matches.get(final.match_id or 0)
            await finish(w, match, LeakChecker(w))
            assert match.win_reason not in ("concede", "judge", "time")  # won in play
            final = (await bot.tournaments.tables(1, 5))[0]
            assert final.done and final.how == match.win_reason
            champion = final.players[final.winner or 0]
            over = await w.fake.slash(w.admin, w.games, "tournament round")
            assert f"is over. Winner: <@{champion}>" in over.text(), over.text()
            assert (await bot.tournaments.get(1, w.guild.id)).stage == "done"
