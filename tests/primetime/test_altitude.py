"""Altitude ("ALTITUDE & FLIGHT"): changing level with a Move, once per activation, flying
over lower terrain, the Dive Bonus, falling when Dazed, and objective control."""

from __future__ import annotations

import pytest

from engine.primetime import attacks, damage
from engine.primetime.data import TerrainPiece
from tests.primetime.helpers import (
    activate,
    answer,
    by_name,
    clear_table,
    dice,
    duel,
    place,
    to_activation,
)


def _wall(level: int) -> TerrainPiece:
    return TerrainPiece.model_validate({"name": "wall", "x": 5, "y": 12, "width": 20,
                                        "depth": 1, "level": level})  # fmt: skip


def test_a_flyer_changes_altitude_once_per_activation_with_a_move() -> None:
    # "A model may change altitude once per activation"; "A model may move horizontally
    # and change altitude in the same action"; "Fly keyword: Required"
    game = to_activation()
    clear_table(game)
    goku = place(game, "goku", 15, 8)
    activate(game, goku)
    answer(game, "move")
    decision = game.pending
    assert decision is not None and decision.kind == "altitude"
    assert [o.id for o in decision.options] == ["level:0", "level:1", "level:2"]
    answer(game, "level:2")
    assert goku.level == 2
    answer(game, "at:15,14")  # over the low ground, 6"
    answer(game, "move")
    assert game.pending is not None and game.pending.kind == "destination"  # no 2nd change


def test_a_ground_model_goes_around_what_a_flyer_passes_over() -> None:
    # "LINE OF SIGHT / Altitude Levels": a hovering model clears level-0 terrain (PT-17)
    game = to_activation()
    clear_table(game)
    game.state.terrain = [_wall(0)]
    goku = place(game, "goku", 15, 10)
    activate(game, goku)
    answer(game, "move")
    answer(game, "level:0")
    assert "at:15,15" not in [o.id for o in game.pending.options]  # type: ignore[union-attr]
    activate(game, goku)
    answer(game, "move")
    answer(game, "level:1")
    answer(game, "at:15,15")
    assert (goku.y, goku.level) == (15, 1)


def test_the_dive_bonus(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Attacking a target at a lower altitude level grants +2 FOC or IMP on that attack."
    game, goku, cell = duel()
    goku.level = 1
    dice(monkeypatch, 5)
    strike = next(t for t in attacks.techniques(game, goku) if t.name == "Basic Strike")
    attacks.attack(game, goku, strike, cell)
    assert any("d20 5 +5 IMP +2 dive = 12 against RFX 12: hit." in e.text
               for e in game.events)  # fmt: skip


def test_a_model_dazed_in_the_air_falls_to_the_ground() -> None:
    # "Dazed while elevated: Fall to Ground automatically." (PT-18)
    game = to_activation()
    goku = by_name(game, "goku")
    goku.level = 2
    damage.harm(game, goku, 20)
    assert (goku.status, goku.level, goku.hp) == ("dazed", 0, 0)
    assert any(e.kind == "fall" for e in game.events)
