"""Beam rules beyond the path ("BEAM ATTACKS — FULL RULES"): the Detonation of a Beam vs
Beam tie, Planet-Shaker's Blast ("KEYWORD GLOSSARY")."""

from __future__ import annotations

import pytest

from engine.primetime import attacks, clash
from engine.primetime.data import Technique, TerrainPiece
from tests.primetime.helpers import dice, empty_table, place

BEAM = Technique(name="Test Beam", kind="beam", range=18, damage=6, keywords=["Beam"])
SHAKER = Technique(name="Test Shaker", kind="beam", range=18, damage=3,
                   keywords=["Beam", "Planet-Shaker"])  # fmt: skip


def test_a_beam_tie_detonates_at_the_midpoint(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Beam vs. Beam Tie — Detonation": "All models within 3" of the midpoint take 2 DMG
    # automatically — this is Undeniable" (PT-33: no RES); "All terrain within 3" of the
    # midpoint degrades one step"; "Both models gain 1 SK"; neither beam deals damage
    game = empty_table()
    goku = place(game, "goku", 15, 10)
    cell = place(game, "cell", 15, 14)  # midpoint (15, 12): both bases within 3"
    near = place(game, "android-18", 17, 12)
    far = place(game, "android-17", 25, 12)
    game.state.terrain = [TerrainPiece(name="rock", x=12, y=11, width=1, depth=1)]
    goku.sk = cell.sk = 0
    dice(monkeypatch, 12, 13)  # Goku 12 + FOC 4 = 16; Cell 13 + FOC 4 = 17: no tie
    clash.clash(game, goku, BEAM, cell, BEAM)
    assert not any(e.kind == "detonation" for e in game.events)
    goku.hp = 7
    dice(monkeypatch, 12, 12)  # 16 against 16
    clash.clash(game, goku, BEAM, cell, BEAM)
    assert (goku.hp, cell.hp, near.hp, far.hp) == (5, 3, 4, 6)
    assert goku.sk == cell.sk == 1 and game.state.terrain[0].state == "damaged"


def test_planet_shaker_blasts_3_inches_on_a_critical_from_above(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Planet-Shaker | Beam fired from higher to lower altitude. On Critical Success:
    # triggers Blast [3"] at point of impact."
    game = empty_table()
    goku = place(game, "goku", 15, 5)
    cell = place(game, "cell", 15, 15)
    aside = place(game, "android-18", 18, 15)  # 3" centre to centre: within 3" edge to edge
    dice(monkeypatch, 20)  # 20 + FOC 4 = 24 >= RFX 12 + 10
    attacks.attack(game, goku, SHAKER, cell)  # same level: no Blast
    assert aside.hp == 6
    goku.level = 1
    dice(monkeypatch, 20)
    attacks.attack(game, goku, SHAKER, cell)
    assert aside.hp == 5  # 1 splash
    dice(monkeypatch, 12)  # a plain hit: no Blast
    cell.hp = 5
    attacks.attack(game, goku, SHAKER, cell)
    assert aside.hp == 5
