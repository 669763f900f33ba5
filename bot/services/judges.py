"""Disputes and judges: a player pauses a match with a dispute; a judge looks, reads the
log, rolls back, corrects, awards, voids or resumes. Every judge action lands in the
append-only audit log (who, when, what, why) before anyone is told."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.db import Database, Row
from bot.db_batch import Statement
from bot.services.matches import LiveMatch, MatchService, Result, execute_all

MAX_REASON = 500


class JudgeError(ValueError):
    """A judge request that cannot be done; the message says why."""


@dataclass(frozen=True)
class AuditEntry:
    actor_id: int
    action: str
    detail: dict[str, Any]
    reason: str
    created_at: float


class JudgeService:
    def __init__(
        self,
        db: Database,
        matches: MatchService,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.db = db
        self.matches = matches
        self.clock = clock

    async def audit(
        self, match: LiveMatch, actor_id: int, action: str, detail: dict[str, Any], reason: str
    ) -> None:
        """Record a look (view, log) before anything is shown."""
        async with self.db.write() as conn:
            await execute_all(conn, [self.audit_entry(match, actor_id, action, detail, reason)])

    def audit_entry(self, match: LiveMatch, actor_id: int, action: str,
                    detail: dict[str, Any], reason: str) -> Statement:
        """The audit row of an action, to commit in the action's own transaction: an
        action is never taken without its entry, nor an entry written for one not taken."""
        return (
            "INSERT INTO audit_log (guild_id, match_id, actor_id, action, detail, reason,"
            " created_at) VALUES (?,?,?,?,?,?,?)",
            [(match.guild_id, match.id, actor_id, action,
              json.dumps(detail, sort_keys=True), reason, self.clock())],
        )

    async def audit_entries(self, match_id: int) -> list[AuditEntry]:
        rows = await self.db.fetchall(
            "SELECT actor_id, action, detail, reason, created_at FROM audit_log"
            " WHERE match_id=? ORDER BY id",
            (match_id,),
        )
        return [AuditEntry(r[0], r[1], json.loads(r[2]), r[3], r[4]) for r in rows]

    # --- disputes ---
    async def open_dispute(self, match: LiveMatch, user_id: int, reason: str) -> None:
        reason = _reason(reason)
        if match.seat_of(user_id) is None:
            raise JudgeError("Only the players of this match can open a dispute about it.")
        if not match.active:
            raise JudgeError("This match is over. Ask a judge directly if its result is wrong.")
        if match.paused:
            raise JudgeError("This match is already paused for a dispute; a judge is coming.")
        await self.matches.set_paused(match.id, True, also=[
            ("INSERT INTO disputes (match_id, opened_by, reason, opened_at) VALUES (?,?,?,?)",
             [(match.id, user_id, reason, self.clock())]),
            self.audit_entry(match, user_id, "dispute", {}, reason),
        ])

    async def open_disputes(self, match_id: int) -> list[Row]:
        return await self.db.fetchall(
            "SELECT id, opened_by, reason FROM disputes WHERE match_id=? AND closed_at IS NULL",
            (match_id,),
        )

    async def resume(self, match: LiveMatch, judge_id: int, reason: str) -> None:
        reason = _reason(reason)
        if not match.active:
            raise JudgeError("This match is over; there is nothing to resume.")
        await self.matches.set_paused(match.id, False, also=[
            ("UPDATE disputes SET closed_by=?, closed_at=? WHERE match_id=?"
             " AND closed_at IS NULL", [(judge_id, self.clock(), match.id)]),
            self.audit_entry(match, judge_id, "resume", {}, reason),
        ])

    # --- looking ---
    async def full_view(self, match: LiveMatch, judge_id: int) -> str:
        """Both players' views, hands included: for the judge's eyes only (ephemeral)."""
        await self.audit(match, judge_id, "view", {}, "looked at the full state")
        parts = []
        for seat in (0, 1):
            board = match.family.full_view(match.game, seat)
            parts.append(f"--- as Player {seat + 1} sees it ---\n{board}")
        return "\n\n".join(parts)

    async def decision_log(self, match: LiveMatch, judge_id: int) -> tuple[str, str]:
        """The match's decisions in words (with who answered and how), and the match as a
        scenario file that reproduces it offline."""
        await self.audit(match, judge_id, "log", {}, "downloaded the decision log")
        rows = await self.db.fetchall(
            "SELECT seq, actor_id, source, created_at FROM match_decisions"
            " WHERE match_id=? AND epoch=? ORDER BY seq",
            (match.id, match.epoch),
        )
        words = match.family.described(match.game, match.record)
        lines = [f"Match #{match.id} ({match.mode}, {match.ruleset}, seed {match.seed}); "
                 f"branch {match.epoch}. Decision: who and how -> what."]
        for row, text in zip(rows, words, strict=True):
            actor = {"player": f"<@{row[1]}>", "ai": "AI", "timeout": "timer",
                     "judge": f"judge <@{row[1]}>"}.get(row[2], row[2])
            stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(row[3]))
            lines.append(f"{row[0] + 1:>4}. {stamp} UTC  {actor:<24} {text}")
        for entry in await self.audit_entries(match.id):
            stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(entry.created_at))
            lines.append(f"audit {stamp} UTC <@{entry.actor_id}> {entry.action} "
                         f"{json.dumps(entry.detail)}: {entry.reason}")
        scenario = match.family.record_file(match.game, match.record, f"Match #{match.id}")
        return "\n".join(lines) + "\n", scenario

    # --- changing ---
    async def rollback(self, match: LiveMatch, judge_id: int, to: int, reason: str) -> list[str]:
        """Continue from after decision `to`; returns the undone decisions in words."""
        reason = _reason(reason)
        undone = match.family.described(match.game, match.record)[to:]
        entry = self.audit_entry(match, judge_id, "rollback", {"to": to, "undone": undone},
                                 reason)
        try:
            await self.matches.rollback(match.id, to, also=[entry])
        except ValueError as exc:
            raise JudgeError(f"Cannot roll back to decision {to}: {exc}.") from None
        return undone

    async def adjust(self, match: LiveMatch, judge_id: int, seat: int,
                     change: dict[str, Any], reason: str) -> str:
        reason = _reason(reason)
        entry = self.audit_entry(match, judge_id, "adjust", {"seat": seat, **change}, reason)
        result: Result = await self.matches.correct(match.id, judge_id, seat, change,
                                                    also=[entry])
        if not result.ok:
            raise JudgeError(result.message)
        return result.message

    async def award(self, match: LiveMatch, judge_id: int, winner: int | None,
                    reason: str) -> None:
        """`winner` 0 or 1 wins; None is a draw."""
        reason = _reason(reason)
        if match.status == "void":
            raise JudgeError("This match is void; it cannot be awarded.")
        entry = self.audit_entry(match, judge_id, "award",
                                 {"winner": winner, "draw": winner is None}, reason)
        await self.matches.settle(match.id, "finished", winner,
                                  "judge" if winner is not None else "draw", also=[entry])

    async def void(self, match: LiveMatch, judge_id: int, reason: str) -> None:
        reason = _reason(reason)
        if match.status == "void":
            raise JudgeError("This match is already void.")
        await self.matches.settle(match.id, "void", None, "void",
                                  also=[self.audit_entry(match, judge_id, "void", {}, reason)])


def _reason(reason: str) -> str:
    reason = " ".join(reason.split())
    if not reason:
        raise JudgeError("Say why: every judge action and dispute keeps its reason.")
    if len(reason) > MAX_REASON:
        raise JudgeError(f"Keep the reason under {MAX_REASON} characters.")
    return reason
