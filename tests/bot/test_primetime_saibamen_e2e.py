"""Saibamen in a Prime Time match against the fake Discord (tests/fakediscord): Alice's
Saiyans deploy a Saibaman by coordinates from the board (a point out of range refused
with the engine's reason, changing nothing), and the token is on the next board's map and
counted in its text, for Alice's side only."""

from __future__ import annotations

from pathlib import Path

from bot.services.primetime_rosters import roster_text
from engine.primetime.options import parse_point
from engine.primetime.roster import sample_roster
from tests.bot.e2e import board, challenge_accepted, world
from tests.bot.test_discord_e2e import configure, register_by_form
from tests.bot.test_primetime_e2e import (
    CELL_GAMES,
    confirm,
    move_by_coordinates,
    to_point_decision,
)
from tests.fakediscord import RecordedMessage, async_test

SAIYANS = roster_text(sample_roster("Saiyans"))


@async_test(timeout=600)
async def test_a_saibaman_is_deployed_by_coordinates_and_drawn(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.start_bot():
        await configure(w)
        saved = await register_by_form(w, w.alice, "S", SAIYANS)
        assert "Saved **S** (version 1)" in saved, saved
        filed = await w.fake.slash(w.bob, w.general, "deck register",
                                   {"file": ("cell.yaml", CELL_GAMES.encode())})
        assert "Saved **cell**" in filed.text(), filed.text()
        match = await challenge_accepted(w, "S", "prime-time")
        await to_point_decision(w, match, "saibaman_at")
        decision = match.pending
        assert decision is not None and match.players[decision.player] == w.alice.id
        deployer = match.game.model(decision.resume.args["model"])
        assert deployer.x is not None and deployer.y is not None
        before, count = match.game.to_json(), len(match.record.decisions)
        far = 30 - deployer.y if abs(30 - 2 * deployer.y) > 10 else 0.0
        refused = await move_by_coordinates(w, match, deployer.x, far)
        assert isinstance(refused, str) and "Saibaman is placed within" in refused, refused
        assert match.game.to_json() == before and len(match.record.decisions) == count
        point = parse_point(decision.options[0].id)
        assert point is not None
        board_before = board(w, match)
        preview = await move_by_coordinates(w, match, *point)
        assert isinstance(preview, RecordedMessage), preview
        assert "Done" in await confirm(w, match, preview)
        await w.fake.wait_until(lambda: len(match.record.decisions) == count + 1)
        assert [(t.x, t.y) for t in match.game.state.tokens] == [point]
        await w.fake.wait_until(lambda: board(w, match).version > board_before.version)
        assert board(w, match).attachment_names()  # the map, drawn with the token
        seat = decision.player
        before = [f["value"] for f in board_before.embeds[0]["fields"][:2]]
        sides = [f["value"] for f in board(w, match).embeds[0]["fields"][:2]]
        assert sides[seat].endswith(" · 1 Saibaman on the table"), sides
        assert "Saibam" not in sides[1 - seat] and not any("Saibam" in s for s in before)
