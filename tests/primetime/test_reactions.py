"""Z-Reactions ("Z-REACTIONS"): declared by the target's player after the attack is
announced, before any dice; Z-Evasion, Brace and Clash."""

from __future__ import annotations

import math

import pytest

from engine.primetime.game import PrimeTimeGame
from engine.primetime.options import parse_point
from engine.primetime.state import ModelState
from tests.primetime.helpers import activate, answer, clear_table, dice, place, to_activation


def _strike(game: PrimeTimeGame) -> tuple[int, int]:
    """Goku next to Cell declares a Basic Strike; Cell's player is asked to react."""
    clear_table(game)
    goku = place(game, "goku", 15, 10)
    cell = place(game, "cell", 15, 11.5)
    activate(game, goku)
    decision = game.pending
    assert decision is not None
    strike = next(o.id for o in decision.options
                  if o.label == "Basic Strike at Cell")  # fmt: skip
    answer(game, strike)
    return goku.uid, cell.uid


def test_the_target_declares_before_the_dice() -> None:
    # "Declare after the attacker announces their action but before any dice are rolled."
    game = to_activation()
    _, cell = _strike(game)
    decision = game.pending
    assert decision is not None and decision.kind == "z_reaction"
    assert decision.player == game.model(cell).owner
    assert [o.id for o in decision.options][:3] == ["none", "evade", "brace"]
    # "Clash | Per technique BK cost": Cell's techniques that reach Goku
    # (Tail Drain, Basic Strike, Energy Blast)
    clashes = [o.id for o in decision.options if o.id.startswith("clash:")]
    assert clashes == ["clash:0", "clash:1", "clash:2"]
    assert not any(e.kind == "attack" for e in game.events)  # no roll yet


def test_a_z_evasion_negates_the_damage_gains_bk_and_moves_2(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Z-Evasion | 0 BK | Defender rolls D20 + FOC vs attacker's attack total | All damage
    # negated. Move 2". Gain +1 BK."; PT-14: meeting the total is enough
    game = to_activation()
    _, cell_uid = _strike(game)
    cell = game.model(cell_uid)
    bk = game.state.players[cell.owner].bk
    dice(monkeypatch, 10, 11)  # Goku 10 + 5 = 15; Cell 11 + FOC 4 = 15
    answer(game, "evade")
    assert cell.hp == 5 and game.state.players[cell.owner].bk == bk + 1
    decision = game.pending
    assert decision is not None and decision.kind == "evade_to"
    for option in decision.options[1:]:
        point = parse_point(option.id)
        assert point is not None and math.hypot(point[0] - 15, point[1] - 11.5) <= 2
    answer(game, "at:17,11.5")
    assert (cell.x, cell.y) == (17, 11.5)
    assert game.pending is not None and game.pending.kind == "action"  # Goku carries on


def test_a_failed_brace_still_adds_1_res(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Brace | Attempt Z-Evasion at -6 to your roll. | If Z-Evasion fails: RES +1"
    game = to_activation()
    _, cell_uid = _strike(game)
    cell = game.model(cell_uid)
    dice(monkeypatch, 10, 15)  # Goku 15; Cell 15 + 4 - 6 = 13
    answer(game, "brace")
    assert "Brace: d20 15 = 13 against 15: failed." in [e.text for e in game.events]
    assert cell.hp == 5  # 2 damage - (RES 1 + 1)


def test_no_reaction_takes_the_hit(monkeypatch: pytest.MonkeyPatch) -> None:
    game = to_activation()
    _, cell_uid = _strike(game)
    dice(monkeypatch, 10)
    answer(game, "none")
    assert game.model(cell_uid).hp == 4


def _clashing() -> tuple[PrimeTimeGame, ModelState, ModelState]:
    """A game where Cell's player is asked to react to Goku's Basic Strike."""
    game = to_activation()
    goku, cell = _strike(game)
    return game, game.model(goku), game.model(cell)


def test_a_clash_won_by_the_target_strikes_the_attacker(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Clash: Both players roll D20 + attack skill. Highest total wins — loser's attack
    # negated."; "Higher total wins — that model's attack resolves"
    game, goku, cell = _clashing()
    dice(monkeypatch, 5, 9)  # Goku 5 + IMP 5 = 10; Cell (Tail Drain) 9 + IMP 5 = 14
    answer(game, "clash:0")
    assert (goku.hp, cell.hp) == (7 - (3 - 1), 5)
    assert goku.sk == 0  # won by 4: no Dominance


def test_a_clash_tie_fails_both_and_a_10_point_win_dominates(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "On a tie (equal totals): neither player wins. Both attacks fail."; "Clash 10+ SK
    # Reward", "Clash Momentum: Gain 1 BK" (PT-20)
    game, goku, cell = _clashing()
    dice(monkeypatch, 9, 9)
    answer(game, "clash:1")  # Basic Strike against Basic Strike: 14 all
    assert (goku.hp, cell.hp) == (7, 5)
    monkeypatch.undo()  # real dice for the next set-up
    game2, goku, cell = _clashing()
    bk = game2.state.players[goku.owner].bk
    dice(monkeypatch, 20, 5)  # 25 against 10
    answer(game2, "clash:1")
    assert (goku.sk, cell.hp) == (1 + 1, 4)  # Dominance 1, then Saiyan Rage 1
    assert game2.state.players[goku.owner].bk == bk + 1
