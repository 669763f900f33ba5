"""A climber thrown off its piece ("Climbing (Non-Flying Models)": "no mid-air stops";
"Fly keyword: Required to voluntarily change altitude. Ground-bound models cannot go
airborne except via Climb"; "Falling ... Take 1 DMG per level fallen"). Ruling PT-44."""

from __future__ import annotations

from engine.primetime import states
from engine.primetime.data import TerrainPiece
from engine.primetime.roster import sample_roster
from tests.primetime.helpers import empty_table, place

CAST = [sample_roster("Babidi's Forces"), sample_roster("Z-Fighters")]
ROCK = TerrainPiece.model_validate({"name": "rock", "x": 14, "y": 12, "width": 5,
                                    "depth": 4, "level": 0})  # fmt: skip


def test_a_climber_thrown_off_its_piece_falls_to_the_ground() -> None:
    game = empty_table(CAST)
    game.state.terrain = [ROCK]
    babidi = place(game, "babidi", 16, 13)
    babidi.level = 1  # climbed onto the rock (PT-44)
    hp = babidi.hp
    states.thrown(game, babidi, (16, 12), 1)  # to (16, 14): still on top of the rock
    assert (babidi.level, babidi.hp) == (1, hp)
    assert states.RECOVERING not in babidi.states  # no flight to recover
    states.thrown(game, babidi, (16, 12), 4)  # to (16, 18): off the rock
    assert babidi.y == 18 and babidi.level == 0 and babidi.hp == hp - 1  # 1 level, no RES
    assert states.RECOVERING not in babidi.states
    assert any(e.kind == "fall" and "thrown off" in e.text for e in game.events)
