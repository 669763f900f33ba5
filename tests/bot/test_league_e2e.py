"""The league through the fake Discord (tests/fakediscord), with the real bot: a ranked
match (conceded, to be quick) rates both players and /standings, /profile and /history show
it; a season ends with its final standings posted and the next starts empty; only server
admins run /league season; a long table pages with buttons that work after a restart."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.app import ScouterBot
from bot.services.matches import LiveMatch
from tests.bot.e2e import FRIEZA, GOKU, World, world
from tests.bot.test_discord_e2e import configure, register_by_form
from tests.fakediscord import FakeUser, RecordedMessage, async_test

MATCH_DECKS = json.dumps([
    {"name": "Goku", "main_personality": ["Goku, Hopeful Fighter"], "mastery": "m",
     "life_deck": []},
] * 2)


async def ranked_concession(w: World, bot: ScouterBot) -> LiveMatch:
    """Alice and Bob queue for a ranked match; Bob concedes it at once."""
    await configure(w)
    assert "Saved" in await register_by_form(w, w.alice, "Goku", GOKU)
    assert "Saved" in await register_by_form(w, w.bob, "Frieza", FRIEZA)
    waiting = await w.fake.slash(w.alice, w.games, "play queue",
                                 {"deck": "Goku", "mode": "ranked"})
    assert "ranked panini-2016 opponent" in waiting.text()
    paired = await w.fake.slash(w.bob, w.games, "play queue",
                                {"deck": "Frieza", "mode": "ranked"})
    assert "Match #1 is on" in paired.text(), paired.text()
    match = await bot.matches.get(1)
    await bot.notifier.settle()
    confirm = await w.fake.slash(w.bob, match.thread_id or 0, "game concede")
    assert isinstance(confirm.response, RecordedMessage)
    done = await w.fake.click(w.bob, confirm.response, "sc:concede:1")
    assert isinstance(done.response, RecordedMessage)
    assert "You conceded" in done.response.text()
    await bot.notifier.settle()
    assert not match.active and match.winner == 0
    return match


def rating_of(text: str, user: FakeUser) -> str:
    """The rating shown next to a player on a standings line ("... <@id> · **1137?** ...")."""
    line = next(line for line in text.splitlines() if f"<@{user.id}>" in line)
    return line.split("**")[1]


@async_test(timeout=30)
async def test_a_ranked_match_rates_both_players_and_the_league_shows_it(
    tmp_path: Path
) -> None:
    async with world(tmp_path) as w, w.start_bot() as bot:
        nothing = await w.fake.slash(w.carol, w.general, "standings")
        assert nothing.ephemeral and "No ranked panini-2016 match" in nothing.text()
        assert "Season 1" in nothing.text()
        mine = await w.fake.slash(w.alice, w.general, "profile")
        assert mine.ephemeral and "You have not played any match" in mine.text()

        await ranked_concession(w, bot)
        shown = await w.fake.slash(w.carol, w.general, "standings")
        assert shown.ephemeral and shown.error is None
        message = next(m for m in shown.messages if m.attachment_names())
        text = message.text()
        assert text.index(f"<@{w.alice.id}>") < text.index(f"<@{w.bob.id}>")
        alice, bob = rating_of(text, w.alice), rating_of(text, w.bob)
        assert alice.endswith("?") and bob.endswith("?")  # provisional after one match
        assert int(alice[:-1]) > 1000 > int(bob[:-1])
        assert "1W 0L" in text and "0W 1L" in text and "W1" in text and "L1" in text
        assert message.attachment("standings.png").startswith(b"\x89PNG")
        assert not [c for c in message.custom_ids() if c.startswith("sc:st:")]  # one page

        profile = await w.fake.slash(w.carol, w.general, "profile", {"user": w.alice})
        assert profile.ephemeral
        text = profile.text()
        assert "Rating · panini-2016" in text and f"**{alice[:-1]}** (provisional)" in text
        assert "rank 1 of 2" in text and "Goku (1 of 1 matches)" in text
        assert f"vs <@{w.bob.id}>" in text and "**Won** · concession" in text

        history = await w.fake.slash(w.bob, w.general, "history")
        assert history.ephemeral
        text = history.text()
        assert "**ranked** panini-2016" in text and f"vs <@{w.alice.id}>" in text
        assert "**Lost** · concession" in text
        assert f"1000 → {bob[:-1]} ({int(bob[:-1]) - 1000:+d})" in text

        # bad input: clear, private, and nothing changes
        before = await bot.db.fetchall("SELECT * FROM ratings")
        robot = await w.fake.slash(w.alice, w.general, "profile", {"user": w.fake.bot_user})
        assert robot.ephemeral and "is a bot and plays no matches" in robot.text()
        stranger = await w.fake.slash(w.alice, w.general, "history", {"user": w.carol})
        assert stranger.ephemeral and "has not played any match" in stranger.text()
        unknown = await w.fake.slash(w.alice, w.general, "standings", {"season": 5})
        assert unknown.ephemeral and "There is no season 5 in this server" in unknown.text()
        other = await w.fake.slash(w.alice, w.general, "standings", {"ruleset": "panini-2014"})
        assert other.ephemeral and "No ranked panini-2014 match" in other.text()
        typed = await w.fake.autocomplete(w.alice, w.general, "standings", focused="season",
                                          value="")
        assert [c["value"] for c in typed.choices or []] == [1]
        assert "Season 1 (current)" in (typed.choices or [{}])[0]["name"]
        assert [tuple(r) for r in await bot.db.fetchall("SELECT * FROM ratings")] == [
            tuple(r) for r in before]


@async_test(timeout=30)
async def test_a_season_ends_with_final_standings_and_the_next_starts_empty(
    tmp_path: Path
) -> None:
    async with world(tmp_path) as w, w.start_bot() as bot:
        await ranked_concession(w, bot)
        # a non-admin: Discord hides the command from them...
        with pytest.raises(PermissionError, match="hidden from alice"):
            await w.fake.slash(w.alice, w.general, "league season end")
        # ...and if a server shows it to everyone (Integrations settings), the bot refuses
        command = w.fake.find_command("league", w.general)
        required = command.payload.pop("default_member_permissions")
        refused = await w.fake.slash(w.alice, w.general, "league season end")
        assert refused.ephemeral and "Only server admins" in refused.text()
        refused = await w.fake.slash(w.alice, w.general, "league season start",
                                     {"name": "Mine"})
        assert refused.ephemeral and "Nothing changed" in refused.text()
        command.payload["default_member_permissions"] = required
        assert [s.number for s in await bot.league.seasons(w.guild.id)] == [1]

        ended = await w.fake.slash(w.admin, w.general, "league season end")
        assert ended.error is None and not ended.ephemeral
        post = next(m for m in ended.messages if m.attachment_names())
        assert post.channel_id == w.general.id
        text = post.text()
        assert "**Season 1** is over! Final standings" in text
        assert text.index(f"<@{w.alice.id}>") < text.index(f"<@{w.bob.id}>")
        assert "**Season 2** starts now" in text and "final standings" in text
        assert post.attachment("standings-panini-2016.png").startswith(b"\x89PNG")

        fresh = await w.fake.slash(w.bob, w.general, "standings")
        assert fresh.ephemeral and "No ranked panini-2016 match" in fresh.text()
        assert "Season 2" in fresh.text()
        past = await w.fake.slash(w.bob, w.general, "standings", {"season": 1})
        assert f"<@{w.alice.id}>" in past.text() and "final standings" in past.text()
        profile = await w.fake.slash(w.alice, w.general, "profile")
        assert "No ranked match in Season 2 yet" in profile.text()

        again = await w.fake.slash(w.admin, w.general, "league season end")
        assert again.ephemeral and "Season 2 has no rated match yet" in again.text()
        assert "Nothing changed" in again.text()
        blank = await w.fake.slash(w.admin, w.general, "league season start", {"name": "   "})
        assert blank.ephemeral and "needs a name" in blank.text()
        assert [s.number for s in await bot.league.seasons(w.guild.id)] == [1, 2]
        named = await w.fake.slash(w.admin, w.general, "league season start",
                                   {"name": "Spring 2026"})
        assert not named.ephemeral
        assert "Season 2 ended without any rated match" in named.text()
        assert "**Season 3: Spring 2026** starts now" in named.text()
        typed = await w.fake.autocomplete(w.bob, w.general, "standings", focused="season",
                                          value="spring")
        assert [c["value"] for c in typed.choices or []] == [3]


@async_test(timeout=40)
async def test_a_long_table_pages_with_buttons_that_work_after_a_restart(
    tmp_path: Path
) -> None:
    async with world(tmp_path) as w:
        players = [w.fake.add_user(f"fighter{n:02}") for n in range(13)]
        for user in players:
            w.fake.add_member(w.guild, user)
        async with w.start_bot() as bot:
            # stored results (as the match service leaves them), rated as they finish
            for n, user in enumerate(players):
                opponent = players[(n + 1) % len(players)]
                async with bot.db.write() as conn:
                    cursor = await conn.execute(
                        "INSERT INTO matches (guild_id, channel_id, ruleset, seed, mode,"
                        " player0_id, player1_id, decks_json, status, winner, win_reason,"
                        " created_at, finished_at, decision_since) VALUES"
                        " (?,?,?,?,'ranked',?,?,?,'finished',0,'survival',?,?,?)",
                        (w.guild.id, w.games.id, "panini-2016", n, user.id, opponent.id,
                         MATCH_DECKS, 1000.0 + n, 1000.0 + n, 1000.0 + n))
                assert cursor.lastrowid is not None
                assert await bot.league.rate_match(cursor.lastrowid)
            shown = await w.fake.slash(w.carol, w.general, "standings")
            first = next(m for m in shown.messages if m.attachment_names())
            assert "page 1 of 2" in first.text() and "13 players" in first.text()
            assert first.text().count("<@") == 10
            buttons = [c for c in first.custom_ids() if c.startswith("sc:st:")]
            previous, following = buttons
            assert first.component(previous)["disabled"]  # type: ignore[index]
            turned = await w.fake.click(w.carol, first, following)
            assert turned.error is None
            await w.fake.wait_until(lambda: "page 2 of 2" in w.fake.state.messages[
                first.id].latest.text())
            second = w.fake.state.messages[first.id].latest
            assert second.text().count("<@") == 3 and "`#11`" in second.text()
            assert second.attachment("standings.png") != first.attachment("standings.png")

        async with w.start_bot():  # a new process: the same buttons still work
            back = next(c for c in second.custom_ids() if c.startswith("sc:st:"))
            await w.fake.click(w.carol, second, back)
            await w.fake.wait_until(lambda: "page 1 of 2" in w.fake.state.messages[
                first.id].latest.text())
            # the final standings post pages privately, leaving the post as it is
            ended = await w.fake.slash(w.admin, w.general, "league season end")
            post = next(m for m in ended.messages if m.attachment_names())
            more = [c for c in post.custom_ids() if c.startswith("sc:st:")]
            assert len(more) == 1 and "Next" in post.text()
            private = await w.fake.click(w.bob, post, more[0])
            assert private.ephemeral and "page 2 of 2" in private.text()
            latest = w.fake.state.messages[post.id].latest
            assert latest.version == post.version and "page 1 of 2" in latest.text()
