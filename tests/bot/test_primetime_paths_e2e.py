"""DBZ: Prime Time's Move to coordinates against the fake Discord shows the move's path
round what stands in the way (ruling PT-4) before the player confirms: the preview's map
draws the bends, its text and the log give the distance paid."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.services.matches import LiveMatch
from bot.ui import primetime_moves
from engine.primetime import activation, engagement
from engine.primetime.options import parse_point
from engine.primetime.paths import Route
from renderers.primetime_map import MapHighlight, render_primetime_map
from tests.bot.e2e import World, world
from tests.bot.test_primetime_e2e import (
    MAX_STEPS,
    confirm,
    move_by_coordinates,
    play_pt_decision,
    pt_challenge,
    to_point_decision,
)
from tests.fakediscord import RecordedMessage, async_test


def spy_on_highlights(monkeypatch: pytest.MonkeyPatch) -> list[MapHighlight]:
    """Every highlight the preview's map is drawn with, drawn as before."""
    seen: list[MapHighlight] = []
    draw = render_primetime_map

    def spy(view: dict[str, Any], labels: Any, highlight: MapHighlight) -> bytes:
        seen.append(highlight)
        return draw(view, labels, highlight)

    monkeypatch.setattr(primetime_moves, "render_primetime_map", spy)
    return seen


def bent_destination(match: LiveMatch) -> tuple[tuple[float, float], Route] | None:
    """An offered destination the active model reaches only round something."""
    decision, game = match.pending, match.game
    assert decision is not None and game.state.active is not None
    m = game.model(game.state.active.model)
    if engagement.engaged(game, m):  # the free strike comes first: not this one
        return None
    for option in decision.options:
        point = parse_point(option.id)
        way = None if point is None else activation.route(game, m, decision.resume.args[
            "mode"], point)  # fmt: skip
        if point is not None and way is not None and not way.straight:
            return point, way
    return None


async def to_bent_move(w: World, match: LiveMatch) -> tuple[tuple[float, float], Route]:
    for _ in range(MAX_STEPS):
        await to_point_decision(w, match, "destination")
        found = bent_destination(match)
        if found is not None:
            return found
        await play_pt_decision(w, match)
    raise AssertionError("no move round an obstacle")


@async_test(timeout=600)
async def test_the_preview_draws_the_path_round_an_obstacle_and_the_move_is_confirmed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    highlights = spy_on_highlights(monkeypatch)
    async with world(tmp_path) as w, w.start_bot() as bot:
        match = await pt_challenge(w, bot, 0)
        (x, y), way = await to_bent_move(w, match)
        before, count = match.game.to_json(), len(match.record.decisions)
        active = match.game.state.active
        assert active is not None
        uid = active.model
        preview = await move_by_coordinates(w, match, x, y)
        assert isinstance(preview, RecordedMessage), preview
        assert f'(the white line, a {way.cost:.1f}" path)' in preview.text(), preview.text()
        assert match.game.to_json() == before  # a preview changes nothing
        drawn = highlights[-1]
        assert drawn.path == way.waypoints[1:] and len(drawn.path) > 1  # the bends, the end
        assert drawn.distance == pytest.approx(way.cost) and drawn.model == uid
        assert "Done" in await confirm(w, match, preview)
        await w.fake.wait_until(lambda: len(match.record.decisions) == count + 1)
        model = match.game.model(uid)
        assert (model.x, model.y) == (x, y)
        moved = [e.text for e in match.public_log if e.kind == "move"]
        assert moved and f'({way.cost:.1f}" of MOV, around obstacles)' in moved[-1], moved
