"""A Clash's winning technique resolves with its keywords (PT-68): "Clash Resolution &
Ties": "Higher total wins — that model's attack resolves, the loser's attack fails";
"Clash Momentum (Crit)": a win by 10 or more is the Clash's Critical Success."""

from __future__ import annotations

import pytest

from engine.primetime import attacks, clash, states
from engine.primetime.data import Technique
from engine.primetime.game import PrimeTimeGame
from engine.primetime.state import ModelState
from tests.primetime.helpers import dice, duel, place


def _technique(game: PrimeTimeGame, m: ModelState, name: str) -> Technique:
    return next(t for t in attacks.techniques(game, m) if t.name == name)


def _cell_strikes_goku(game: PrimeTimeGame, cell: ModelState, goku: ModelState,
                       answer: str) -> None:  # fmt: skip
    for player in game.state.players:
        player.bk = 10
    clash.clash(game, cell, _technique(game, cell, "Tail Drain"), goku,
                _technique(game, goku, answer))  # fmt: skip


def test_a_winning_beam_strikes_its_path_and_a_winning_blast_splashes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # BEAM ATTACKS: "Collateral applies on hit, miss, or dodge — the beam always travels
    # its full path"; Blast: "Primary target hit + 1 Splash DMG to all within X""; a tie
    # has "No 'on hit' effects", a win resolves the attack with them (PT-68)
    game, goku, cell = duel()
    behind = place(game, "android-18", 15, 14)  # on the Beam's line past Cell
    hp = behind.hp
    dice(monkeypatch, 3, 12)  # Cell 3 + IMP 5 = 8; Goku 12 + FOC: wins by less than 10
    _cell_strikes_goku(game, cell, goku, "Kamehameha")
    collateral = [e.text for e in game.events if e.kind == "collateral"]
    assert collateral and "Android 18" in collateral[0]
    assert behind.hp < hp
    monkeypatch.undo()  # real dice for the next set-up
    game, goku, cell = duel()
    gohan = place(game, "gohan-kid", 15, 8.5)
    gohan.tier = 1  # Masenko is Blast 2 on Gohan's T1
    near = place(game, "android-17", 16.5, 12)  # within 2" of Cell's base
    hp = near.hp
    dice(monkeypatch, 3, 12)
    for player in game.state.players:
        player.bk = 10
    clash.clash(game, cell, _technique(game, cell, "Tail Drain"), gohan,
                _technique(game, gohan, "Masenko"))  # fmt: skip
    assert near.hp == hp - 1  # the splash: 1, no RES


def test_impactful_throws_the_loser_only_on_a_10_point_win(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Impactful: "On Critical Success: target Thrown 4", takes collision DMG, gains
    # Staggered"; a Clash's Critical Success is a win by 10 or more (PT-68)
    game, goku, cell = duel()
    goku.tier = 1  # Dragon Fist Flurry (Impactful) is on Goku's T1
    dice(monkeypatch, 3, 9)  # Cell 8; Goku 9 + IMP: wins by less than 10
    _cell_strikes_goku(game, cell, goku, "Dragon Fist Flurry")
    assert (cell.x, cell.y) == (15, 11.5) and states.STAGGERED not in cell.states
    monkeypatch.undo()
    game, goku, cell = duel()
    goku.tier = 1
    dice(monkeypatch, 1, 20)  # Cell 6; Goku 20 + IMP: wins by 10 or more
    _cell_strikes_goku(game, cell, goku, "Dragon Fist Flurry")
    assert cell.y is not None and cell.y > 11.5 + 3.9 and states.STAGGERED in cell.states
