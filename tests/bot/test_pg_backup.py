"""A PostgreSQL backup and its restore (docs/operations.md, "Backup and restore" on
PostgreSQL): `pg_dump -Fc` taken while the bot plays, restored with `pg_restore` into a new
database, and the bot started on it. It resumes the match where the dump has it (the
decisions made after the dump are gone, and the board is drawn back to the dump's
decision), the players play on from there, and a new match never reuses an id."""

from __future__ import annotations

from pathlib import Path

from bot.db import Database
from bot.services.matches import MatchService
from engine.panini.cards import load_pool
from tests.bot.e2e import FRIEZA, GOKU, world
from tests.bot.test_crash_safety import stored
from tests.bot.test_discord_e2e import configure, register_by_form
from tests.bot.test_shards_postgres import board_shows, play
from tests.fakediscord import async_test
from tests.pg import Server

BEFORE, AFTER = 6, 4  # decisions before the dump, and after it (which the restore undoes)


@async_test(timeout=240)
async def test_a_pg_dump_restored_into_a_new_database_resumes_the_match(
        tmp_path: Path, postgres_server: Server) -> None:
    url = postgres_server.new_database()
    dump = tmp_path / "scouter.dump"
    async with world(tmp_path, database=url) as w:
        async with w.start_bot():
            await configure(w)
            for user, deck in ((w.alice, GOKU), (w.bob, FRIEZA)):
                assert "Saved" in await register_by_form(w, user, "Deck", deck)
            for user in (w.alice, w.bob):
                await w.fake.slash(user, w.games, "play queue", {"deck": "Deck"})
            source_db = await Database.open(url)
            try:
                source = MatchService(source_db, load_pool())
                (match_id,) = await source.active_ids()
                thread = (await stored(source, match_id)).thread_id or 0
                dumped = await play(w, source, match_id, thread, BEFORE)
                saved = (await stored(source, match_id)).game.to_json()
                postgres_server.dump(url, dump)  # while the bot runs: one snapshot
                assert await play(w, source, match_id, thread, AFTER) >= dumped + AFTER
            finally:
                await source_db.close()

        # Every bot stopped, the dump restored into a new database, the bot started on it.
        w.database_url = postgres_server.restore(dump)
        restored_db = await Database.open(w.database_url)
        try:
            restored = MatchService(restored_db, load_pool())
            assert await restored.active_ids() == [match_id]
            match = await stored(restored, match_id)
            assert len(match.record.decisions) == dumped
            assert match.game.to_json() == saved
            async with w.start_bot():
                await board_shows(w, match_id, thread, dumped)  # drawn back to the dump's
                assert await play(w, restored, match_id, thread, AFTER) >= dumped + AFTER
            # The dump carries the id sequences: a new match takes a new id.
            row = await restored_db.fetchone(
                "SELECT nextval(pg_get_serial_sequence('matches', 'id'))")
            assert row is not None and row[0] > match_id
        finally:
            await restored_db.close()
