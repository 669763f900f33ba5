"""Z-Reactions ("Z-REACTIONS"): declared by the target's player after the attack is
announced, before any dice; Z-Evasion, Brace and Clash."""

from __future__ import annotations

import math

import pytest

from engine.primetime import attacks, clash
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
    assert "Brace: d20 15 +4 FOC -6 Brace = 13 against 15: failed." in [e.text for e in game.events]
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
    rolls = [e.text for e in game.events if e.kind == "clash_roll"]  # shown with modifiers
    assert rolls == ["Goku (Basic Strike): d20 5 +5 IMP = 10.",
                     "Cell (Tail Drain): d20 9 +5 IMP = 14."], rolls


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


def test_hp_burn_pays_missing_bk_for_a_clash_without_momentum(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "HP Burn for Clash: When declaring a Clash but lacking sufficient BK, a model may pay
    # 1 HP per missing BK (maximum 2 HP)"; "Clashes initiated by spending HP cannot
    # trigger Clash Momentum"; PT-34: never the last HP
    game = to_activation()
    game.state.players[0].bk = 0  # Cell's player
    goku_uid, cell_uid = _strike(game)
    cell = game.model(cell_uid)
    decision = game.pending
    assert decision is not None
    ids = [o.id for o in decision.options]
    assert "burn:0" in ids and "clash:0" not in ids  # Tail Drain: 1 BK short
    assert "clash:1" in ids  # Basic Strike costs nothing
    dice(monkeypatch, 1, 20)  # Goku 1 + 5 = 6; Cell 20 + 5 = 25: a 19-point win
    answer(game, "burn:0")
    assert cell.hp == 4 and game.state.players[cell.owner].bk == 1  # 0, then Dominance
    assert game.model(goku_uid).hp == 7 - 2  # Tail Drain 3 - RES 1
    assert game.pending is not None and game.pending.kind != "momentum"
    cell.hp = 1
    assert not clash.burnable(game, cell, attacks.techniques(game, cell)[0])


def test_clash_momentum_gives_a_free_attack_that_does_not_chain(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Clash Momentum (Crit): ... Gain a free Basic Strike or Energy Blast against the
    # same target ... the target may declare Z-Reactions ... cannot chain into another
    # Clash Momentum"
    game = to_activation()
    goku_uid, cell_uid = _strike(game)
    cell, goku = game.model(cell_uid), game.model(goku_uid)
    dice(monkeypatch, 1, 20, 10)
    answer(game, "clash:1")  # Basic Strike: Cell wins 25 to 6
    assert goku.hp == 7 - 1
    decision = game.pending
    assert decision is not None and decision.kind == "momentum"
    assert decision.player == cell.owner
    answer(game, next(o.id for o in decision.options if "Basic Strike" in o.label))
    decision = game.pending
    assert decision is not None and decision.kind == "z_reaction"
    assert decision.player == goku.owner  # "the target may declare Z-Reactions"
    answer(game, "none")  # 10 + IMP 5 = 15 against RFX 13
    assert goku.hp == 7 - 2
    assert game.pending is not None and game.pending.kind == "action"


def test_a_clash_against_a_momentum_attack_has_no_momentum(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "The free attack cannot chain into another Clash Momentum — one trigger per Clash"
    game = to_activation()
    goku_uid, cell_uid = _strike(game)
    dice(monkeypatch, 1, 20, 1, 20)  # Cell wins the Clash; Goku wins the next one
    answer(game, "clash:1")
    decision = game.pending
    assert decision is not None and decision.kind == "momentum"
    answer(game, next(o.id for o in decision.options if "Basic Strike" in o.label))
    answer(game, next(o.id for o in game.pending.options  # type: ignore[union-attr]
                      if o.label.startswith("Clash with Basic Strike")))  # Goku 25 to 6
    assert game.model(goku_uid).hp == 7 - 1 and game.model(cell_uid).hp == 5 - 1
    assert game.pending is not None and game.pending.kind == "action"
