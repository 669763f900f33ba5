"""Model states and being Thrown ("Model States", "THROWN / KNOCKBACK RESOLUTION",
"Impactful", "Board Edge (Out of Bounds)", "Falling")."""

from __future__ import annotations

import pytest

from engine.primetime import attacks, states
from engine.primetime.data import Technique, TerrainPiece
from engine.primetime.geometry import Base, throw
from engine.primetime.state import Activation
from tests.primetime.helpers import (
    activate,
    answer,
    by_name,
    clear_table,
    dice,
    duel,
    empty_table,
    place,
    to_activation,
)


def _impact(monkeypatch: pytest.MonkeyPatch, *rolls: int):  # type: ignore[no-untyped-def]
    """Goku's Super Saiyan Dragon Fist Flurry (Impactful) at Cell, on a critical."""
    monkeypatch.undo()  # real dice for the set-up
    game = to_activation()
    clear_table(game)
    goku = place(game, "goku", 15, 10)
    goku.tier = 1
    cell = place(game, "cell", 15, 11.5)
    game.state.players[goku.owner].bk = 15
    flurry = next(t for t in attacks.techniques(game, goku) if t.name == "Dragon Fist Flurry")
    dice(monkeypatch, *rolls)
    return game, goku, cell, flurry


def test_impactful_throws_4_inches_away_and_staggers(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Impactful | On Critical Success: target Thrown 4", takes collision DMG, gains
    # Staggered."
    game, goku, cell, flurry = _impact(monkeypatch, 20)  # 20 + 6 = 26 >= 12 + 10
    attacks.attack(game, goku, flurry, cell)
    assert cell.x == 15 and cell.y == pytest.approx(15.5, abs=0.02)
    assert cell.states == ["staggered"] and cell.hp == 5 - (4 - 1)


def test_a_throw_stops_at_a_model_and_at_terrain(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Collision with a Model: Thrown model: stops immediately. Takes 1 DMG"; "Collision
    # with Terrain: ... Takes 1 DMG ... Terrain: degrades one step."
    game, goku, cell, flurry = _impact(monkeypatch, 20, 1)  # Reflex Save: 1 + RFX 11 < 14
    buu = place(game, "majin-buu", 15, 14)
    attacks.attack(game, goku, flurry, cell)
    assert cell.y == pytest.approx(14 - 2 * game.base(cell).radius, abs=0.02)
    assert cell.hp == 5 - 3 - 1
    assert buu.hp == 4  # failed its Reflex Save
    game, goku, cell, flurry = _impact(monkeypatch, 20)
    wall = {"name": "rock", "x": 13, "y": 14, "width": 4, "depth": 1, "level": 0}
    game.state.terrain = [TerrainPiece.model_validate(wall)]
    attacks.attack(game, goku, flurry, cell)
    assert cell.y == pytest.approx(14 - game.base(cell).radius, abs=0.02)
    assert game.state.terrain[0].state == "damaged"


def test_a_throw_stops_at_the_board_edge() -> None:
    # "The model stops at the board edge ... fully on the board. The model gains Staggered"
    game = to_activation()
    clear_table(game)
    cell = place(game, "cell", 25, 28)
    states.thrown(game, cell, (25, 26), 4)
    assert cell.y == pytest.approx(30 - game.base(cell).radius, abs=0.02)
    assert cell.states == ["staggered"] and cell.hp == 5


def test_staggered_allows_only_brace_until_its_next_activation_ends() -> None:
    # "Staggered | Can only use Brace Z-Reaction (cannot use Clash or Z-Evasion) | Until
    # end of their next activation"
    game, goku, cell = duel()
    states.stagger(game, cell)
    activate(game, goku)
    strike = next(o.id for o in game.pending.options  # type: ignore[union-attr]
                  if o.label == "Basic Strike at Cell")  # fmt: skip
    answer(game, strike)
    assert [o.id for o in game.pending.options] == ["none", "brace"]  # type: ignore[union-attr]
    answer(game, "none")
    activate(game, cell)
    assert cell.states == ["staggered"]
    answer(game, "end")
    assert cell.states == []


def test_a_staggered_flyer_saves_or_falls(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Staggered while flying: Roll D20 + FOC ≥ 14 save. Failure = fall to Ground"
    game = to_activation()
    goku, vegeta = by_name(game, "goku"), by_name(game, "vegeta")
    goku.level = vegeta.level = 2
    dice(monkeypatch, 10, 5)  # Goku 10 + 4 = 14: stays; Vegeta 5 + 5 = 10: falls
    states.stagger(game, goku)
    states.stagger(game, vegeta)
    assert (goku.level, goku.hp) == (2, 7)
    assert (vegeta.level, vegeta.hp) == (0, 5)


def test_an_impactful_knock_back_in_the_air_may_be_a_fall(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Thrown/Impactful While Flying: Opposing player may declare the knock-back resolves
    # as a fall (fall DMG + attack DMG both apply)."; PT-41
    kick = Technique(name="Kick", kind="melee", range=1, damage=3, keywords=["Impactful"])
    for choice, hp, y in (("fall", 7 - 2 - 1, 11.5), ("throw", 7 - 2, 15.5)):
        game = empty_table()
        goku = place(game, "goku", 15, 11.5)
        goku.level = 1
        eighteen = place(game, "android-18", 15, 10)
        dice(monkeypatch, 20, 20)  # a critical; then the flying save for Staggered
        game.state.active = Activation(model=eighteen.uid)
        game.then(("action", {}))  # Android 18's activation goes on after the knock-back
        attacks.attack(game, eighteen, kick, goku)
        decision = game.pending
        assert decision is not None and decision.kind == "knockback"
        assert decision.player == eighteen.owner  # the opposing player declares
        answer(game, choice)
        assert goku.hp == hp and goku.y == pytest.approx(y) and "staggered" in goku.states
        assert goku.level == (0 if choice == "fall" else 1)
        monkeypatch.undo()  # the next game rolls its own dice


def test_a_knocked_back_flyer_travels_the_full_distance_then_recovers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Flying Collision: A knocked-back airborne model travels its full knock-back
    # distance. After resolving, it must spend 1 action recovering altitude before it can
    # act normally (move, attack, Power-Up, etc.) that activation." (PT-46)
    kick = Technique(name="Kick", kind="melee", range=1, damage=3, keywords=["Impactful"])
    game = empty_table()
    goku = place(game, "goku", 15, 11.5)
    goku.level = 1
    eighteen = place(game, "android-18", 15, 10)
    cell = place(game, "cell", 15, 14)  # on the Ground, under the throw's path
    dice(monkeypatch, 20, 20)  # a critical; then the flying save for Staggered
    game.state.active = Activation(model=eighteen.uid)
    game.then(("action", {}))
    attacks.attack(game, eighteen, kick, goku)
    answer(game, "throw")
    assert goku.y == pytest.approx(15.5) and goku.level == 1  # passed over Cell: 4"
    assert cell.hp == game.tier(cell).hp
    activate(game, goku)
    assert [o.id for o in game.pending.options] == ["recover", "end"]  # type: ignore[union-attr]
    answer(game, "recover")
    assert game.state.active is not None and game.state.active.actions == 1
    assert "move" in [o.id for o in game.pending.options]  # type: ignore[union-attr]
    assert any(e.kind == "recover" for e in game.events)


def test_a_thrown_model_collides_only_with_a_model_at_its_level() -> None:
    # "It contacts another model (collision)"; PT-46: a model at another altitude band is
    # above or below the path
    mover = Base(10, 10, 0.6, level=1)
    for level, stopped in ((1, "model"), (0, None), (2, None)):
        path = throw(mover, (10, 8), 4, [Base(10, 12, 0.6, level)], [])
        assert path.stopped_by == stopped


def test_a_throw_over_a_model_never_ends_on_its_base() -> None:
    # PT-46: passing over a model at another level, the thrown base comes to rest clear
    mover = Base(10, 10, 0.6, level=1)
    below = Base(10, 14, 0.6, level=0)
    path = throw(mover, (10, 8), 4, [below], [])  # the full 4" would end on it
    assert path.stopped_by is None and path.to[1] == pytest.approx(12.8, abs=0.02)
