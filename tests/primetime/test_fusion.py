"""Fusion Dance ("FUSION MECHANICS")."""

from __future__ import annotations

import pytest

from engine.primetime.damage import harm
from engine.primetime.fusion import defusions
from engine.primetime.game import PrimeTimeGame
from engine.primetime.state import ModelState
from tests.primetime.helpers import answer, by_name, clear_table, dice, place, to_activation


def _to_the_dance() -> tuple[PrimeTimeGame, ModelState, ModelState, ModelState]:
    """Goku and Vegeta 2" apart; round 1 passed; the Z-Fighters asked about a Fusion."""
    game = to_activation()
    clear_table(game)
    goku, vegeta = place(game, "goku", 10, 10), place(game, "vegeta", 13.5, 10)
    goku.tier, goku.sk, vegeta.sk = 1, 2, 3
    while game.pending is not None and game.pending.kind != "fusion":
        decision = game.pending
        answer(game, {"activate": "pass", "ascension": "done"}.get(decision.kind)
               or decision.options[0].id)  # fmt: skip
    return game, goku, vegeta, by_name(game, "gogeta")


def _to_activation(game: PrimeTimeGame, monkeypatch: pytest.MonkeyPatch) -> None:
    """Real dice again, and on to the Activation Phase without Ascensions."""
    monkeypatch.undo()
    while game.state.phase != "activation":
        decision = game.pending
        assert decision is not None
        answer(game, {"ascension": "done", "fusion": "no"}.get(decision.kind)
               or decision.options[0].id)  # fmt: skip


def test_a_fusion_dance_forms_the_fused_model_at_the_activation_phase(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Roll D20 ≥ 11 ... place Fused model at start of that round's Activation Phase";
    # "Starting Tier: Average ... rounded down"; "Starting SK: Sum ... up to the Fused
    # model's SK cap"; "Starting HP: ... current-tier HP maximum"; "Counts as 1 order"
    game, goku, vegeta, gogeta = _to_the_dance()
    dice(monkeypatch, 11)
    answer(game, f"dance:{gogeta.uid}")
    assert gogeta.status == "unformed"
    _to_activation(game, monkeypatch)
    assert (goku.status, vegeta.status, gogeta.status) == ("fused", "fused", "active")
    assert (gogeta.x, gogeta.y) == (11.75, 10)
    assert gogeta.tier == 0 and gogeta.hp == 10
    assert gogeta.sk == goku.sk + vegeta.sk
    z = game.state.players[gogeta.owner]
    assert z.orders == 3  # 4 models, 3 on the table: Gohan, Krillin, Gogeta
    if game.pending is not None and game.pending.player != gogeta.owner:
        answer(game, "pass")
    answer(game, f"model:{gogeta.uid}")
    assert game.state.active is not None and game.state.active.actions == 3


def test_defusion_returns_the_components_at_half_hp(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Both components return at ½ starting HP each (rounded up), placed at the Fused
    # model's last position"; "pre-fusion tier and with 0 SK"
    game, goku, vegeta, gogeta = _to_the_dance()
    dice(monkeypatch, 20)
    answer(game, f"dance:{gogeta.uid}")
    _to_activation(game, monkeypatch)
    tier = goku.tier
    defusions(game)  # as at the end of the round's Cleanup (until: this round)
    assert gogeta.status == "unformed" and gogeta.x is None
    assert (goku.status, goku.hp, goku.sk, goku.tier) == ("active", 4, 0, tier)
    assert (vegeta.status, vegeta.hp) == ("active", 4)
    assert (goku.x, goku.y) != (vegeta.x, vegeta.y)


def test_a_kod_fused_model_defuses(monkeypatch: pytest.MonkeyPatch) -> None:
    # "If the Fused model was KO'd: defusion still triggers at that position"
    game, goku, vegeta, gogeta = _to_the_dance()
    dice(monkeypatch, 20)
    answer(game, f"dance:{gogeta.uid}")
    _to_activation(game, monkeypatch)
    gogeta.dazes = 1
    harm(game, gogeta, 99)
    assert gogeta.status == "unformed"
    assert goku.status == vegeta.status == "active"


def test_a_misfusion_exhausts_both_for_good(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Misfusion (roll ≤ 10): ... Both components immediately gain Exhausted. This Fusion
    # Dance pair cannot attempt fusion again this game."; "Exhausted: cannot spend BK;
    # -2 MOV"
    from engine.primetime.activation import move_value
    from engine.primetime.attacks import affordable, techniques

    game, goku, vegeta, gogeta = _to_the_dance()
    dice(monkeypatch, 10)
    answer(game, f"dance:{gogeta.uid}")
    assert goku.states == vegeta.states == ["exhausted"]
    assert gogeta.misfused and gogeta.status == "unformed"
    kamehameha = next(t for t in techniques(game, goku) if t.bk)
    assert not affordable(game, goku, kamehameha)
    assert move_value(game, goku, 0) == game.tier(goku).move1 - 2


def test_potara_costs_1_wt_forms_next_round_and_lasts_two(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Potara Earrings: Cost: 1 WT. No roll required. Components still act normally this
    # round. Fusion activates at the start of the following round's Activation Phase.
    # Duration: 2 full rounds."
    game, goku, _, gogeta = _to_the_dance()
    wt = game.state.players[gogeta.owner].wt
    answer(game, f"potara:{gogeta.uid}")
    assert game.state.players[gogeta.owner].wt == wt - 1
    declared = game.state.round
    assert (gogeta.forms, gogeta.until) == (declared + 1, declared + 2)
    _to_activation(game, monkeypatch)
    assert gogeta.status == "unformed" and goku.status == "active"  # acts normally
    while game.state.round == declared or game.state.phase != "activation":
        decision = game.pending
        assert decision is not None
        answer(game, {"activate": "pass", "ascension": "done", "fusion": "no"}.get(
            decision.kind) or decision.options[0].id)  # fmt: skip
    assert (game.model(gogeta.uid).status, game.model(goku.uid).status) == ("active", "fused")
