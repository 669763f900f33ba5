"""Attack keywords ("KEYWORD GLOSSARY", "BEAM ATTACKS — FULL RULES", "Cover
Degradation"): Beam Collateral and terrain, Blast splash and terrain, Piercing."""

from __future__ import annotations

import pytest

from engine.primetime import attacks
from engine.primetime.data import Technique, TerrainPiece
from engine.primetime.game import PrimeTimeGame
from engine.primetime.state import ModelState
from tests.primetime.helpers import clear_table, dice, place, to_activation


def _technique(game: PrimeTimeGame, m: ModelState, name: str) -> Technique:
    game.state.players[m.owner].bk = 15
    return next(t for t in attacks.techniques(game, m) if t.name == name)


def _wall(y: float, level: int = 1, width: float = 20, x: float = 15) -> TerrainPiece:
    """A wall 1" deep centred on `x`."""
    return TerrainPiece.model_validate({"name": "wall", "x": x - width / 2, "y": y,
                                        "width": width, "depth": 1, "level": level})


def test_beam_collateral_strikes_the_path_on_a_miss_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Collateral: All non-primary target models in the beam's path take Collateral
    # damage automatically (no save). Half the technique's base DMG rounded up."; "applies
    # on hit, miss, or dodge"; PT-19: less RES
    game = to_activation()
    clear_table(game)
    goku = place(game, "goku", 15, 5)
    cell = place(game, "cell", 15, 12)
    behind = place(game, "android-18", 15.6, 18)  # its base reaches into the 1" template
    aside = place(game, "android-17", 18, 18)
    kamehameha = _technique(game, goku, "Kamehameha")  # 4 damage: collateral 2
    dice(monkeypatch, 1)
    attacks.attack(game, goku, kamehameha, cell)
    assert cell.hp == 5
    assert (behind.hp, aside.hp) == (5, 6)  # 2 - RES 1


def test_a_beam_stops_at_terrain_and_breaks_it_on_a_critical(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Terrain Contact: Beam stops at terrain. On Critical Success, that terrain degrades
    # one step."
    game = to_activation()
    clear_table(game)
    game.state.terrain = [_wall(15, width=3)]  # Small: it does not hide Cell
    goku = place(game, "goku", 15, 5)
    cell = place(game, "cell", 15, 12)
    sheltered = place(game, "android-18", 15, 19)
    kamehameha = _technique(game, goku, "Kamehameha")
    dice(monkeypatch, 20)  # 20 + FOC 4 = 24 >= RFX 12 + 10
    attacks.attack(game, goku, kamehameha, cell)
    assert sheltered.hp == 6
    assert game.state.terrain[0].state == "damaged"


def test_a_blast_splashes_1_and_breaks_terrain_within_reach(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Blast [X"] | Primary target hit + 1 Splash DMG to all within X". All terrain within
    # X" degrades one step."
    game = to_activation()
    clear_table(game)
    game.state.terrain = [_wall(14, level=0, width=3), _wall(20, level=0, width=3)]
    a17 = place(game, "android-17", 15, 5)
    goku = place(game, "goku", 15, 12)
    krillin = place(game, "krillin", 16.5, 13.5)
    far = place(game, "vegeta", 22, 12)
    blitz = _technique(game, a17, "Power Blitz")  # Blast 2, 3 damage
    dice(monkeypatch, 15)
    attacks.attack(game, a17, blitz, goku)
    assert (goku.hp, krillin.hp, far.hp) == (5, 4, 7)
    assert [t.state for t in game.state.terrain] == ["damaged", "intact"]


def test_piercing_reduces_cover_one_step(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Piercing | Reduce defender's effective cover by one step for this attack only."
    game = to_activation()
    clear_table(game)
    game.state.terrain = [_wall(13.5, level=0, width=6)]
    krillin = place(game, "krillin", 15, 5)
    cell = place(game, "cell", 15, 15.2)
    disc = _technique(game, krillin, "Destructo Disc")
    dice(monkeypatch, 8)
    attacks.attack(game, krillin, disc, cell)
    assert any("d20 8 +4 FOC -2 cover = 10" in e.text for e in game.events)


def test_absorb_reduces_a_hit_but_not_below_1(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Absorb X | Reduce damage from this source by X (minimum 1)." (Buu: Absorb 1)
    game = to_activation()
    clear_table(game)
    goku = place(game, "goku", 15, 10)
    buu = place(game, "majin-buu", 15, 11.5)
    flurry = _technique(game, goku, "Dragon Fist Flurry")  # 3 damage - RES 1 - Absorb 1
    strike = _technique(game, goku, "Basic Strike")  # 2 - RES 1 = 1: stays 1
    dice(monkeypatch, 10, 10)
    attacks.attack(game, goku, flurry, buu)
    assert buu.hp == 4
    attacks.attack(game, goku, strike, buu)
    assert buu.hp == 3
