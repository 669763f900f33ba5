"""Issue 13, defect 5 for judges and disputes: an action and its audit entry commit in one
transaction. With the audit log unable to take the entry, the action is not taken either,
so "nothing was changed" stays true."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from bot.db import Database
from bot.services.judges import JudgeError, JudgeService
from tests.bot.test_services import ALICE, BOB, FRIEZA, GOKU, run, services

JUDGE = 900


async def refuse(db: Database, table: str) -> None:
    async with db.write() as conn:
        if db.dialect == "postgresql":
            await conn.execute("CREATE OR REPLACE FUNCTION test_refuse() RETURNS trigger"
                               " LANGUAGE plpgsql AS $$ BEGIN"
                               " RAISE EXCEPTION 'database or disk is full'"
                               " USING ERRCODE = 'integrity_constraint_violation'; END $$")
            await conn.execute(f"CREATE TRIGGER test_refuse BEFORE INSERT ON {table}"
                               " FOR EACH ROW EXECUTE FUNCTION test_refuse()")
            return
        await conn.execute(f"CREATE TRIGGER test_refuse BEFORE INSERT ON {table} "
                           "BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END")


async def stored(db: Database, match_id: int) -> dict[str, Any]:
    match = await db.fetchone("SELECT status, winner, paused, epoch FROM matches WHERE id=?",
                              (match_id,))
    assert match is not None
    counts = {table: (await db.fetchone(f"SELECT count(*) FROM {table}"))[0]  # type: ignore[index]
              for table in ("disputes", "audit_log", "match_decisions")}
    return {"match": tuple(match), **counts}


@run
async def test_every_judge_action_commits_with_its_audit_entry(db: Database, tmp: Any) -> None:
    decks, matches, _lobby, _ = services(db)
    judges = JudgeService(db, matches)
    await decks.register(ALICE, "Goku", GOKU)
    await decks.register(BOB, "Frieza", FRIEZA)
    match = await matches.create(
        guild_id=1, channel_id=2, mode="ranked", ruleset="panini-2016", players=(ALICE, BOB),
        decks=((await decks.latest(ALICE, "Goku")).deck, (await decks.latest(BOB, "Frieza")).deck),
        deck_versions=(None, None), seed=11)
    for _ in range(6):
        decision = match.pending
        assert decision is not None
        user = match.players[decision.player]
        assert user is not None and (await matches.decide(match.id, user, decision.seq, 0)).ok
    await judges.open_dispute(match, ALICE, "check this")  # works: paused, audited
    await refuse(db, "audit_log")
    before = await stored(db, match.id)
    actions = [
        judges.resume(match, JUDGE, "ruled"),
        judges.rollback(match, JUDGE, 2, "undo"),
        judges.adjust(match, JUDGE, 0, {"kind": "anger", "value": 2}, "fix"),
        judges.award(match, JUDGE, 0, "left"),
        judges.void(match, JUDGE, "wrong decks"),
    ]
    for action in actions:
        with pytest.raises((sqlite3.IntegrityError, JudgeError)):  # a correction says so
            await action
        assert await stored(db, match.id) == before
        assert match.paused and match.active and len(match.record.decisions) == 6
    async with db.write() as conn:
        on = " ON audit_log" if db.dialect == "postgresql" else ""  # PostgreSQL names the table
        await conn.execute(f"DROP TRIGGER test_refuse{on}")
    await judges.resume(match, JUDGE, "ruled")
    await refuse(db, "audit_log")
    before = await stored(db, match.id)
    with pytest.raises(sqlite3.IntegrityError, match="disk is full"):
        await judges.open_dispute(match, BOB, "again")
    assert await stored(db, match.id) == before and not match.paused
