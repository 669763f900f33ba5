"""Wish Tokens ("COMMAND TOKEN (WT) ECONOMY"): Re-Entry."""

from __future__ import annotations

import pytest

from engine.primetime import reroll
from engine.primetime.damage import harm
from engine.primetime.game import PrimeTimeGame
from engine.primetime.state import ModelState
from tests.primetime.helpers import activate, answer, dice, duel, to_activation


def _ko(game: PrimeTimeGame) -> ModelState:
    """The deciding player's first model, KO'd."""
    assert game.pending is not None
    player = game.pending.player
    m = next(m for m in game.state.models if m.owner == player)
    m.dazes = 1
    harm(game, m, 20)
    assert m.status == "ko"
    # ask again, now that it is gone
    game.state.pending = None
    game.then(("next_activation", {}))
    game.run()
    return m


def test_re_entry_returns_a_kod_model_at_its_edge_for_1_wt() -> None:
    # "Re-Entry | 1 WT | Between activations | Return a KO'd model at full starting HP at
    # your deployment edge. All states cleared."
    game = to_activation()
    m = _ko(game)
    player = game.state.players[m.owner]
    assert f"reenter:{m.uid}" in [o.id for o in game.pending.options]  # type: ignore[union-attr]
    answer(game, f"reenter:{m.uid}")
    decision = game.pending
    assert decision is not None and decision.kind == "reentry_at"
    radius = game.character(m).tiers[0].base / 25.4 / 2
    edge = radius if player.side == 0 else 30 - radius
    answer(game, decision.options[0].id)
    assert (m.status, m.hp, m.dazes) == ("active", game.starting_hp(m), 0)
    assert m.y == pytest.approx(edge)
    assert player.wt == 2
    assert game.pending is not None and game.pending.kind == "activate"  # between activations


def test_no_re_entry_without_wt() -> None:
    # "Fixed pool: 3 WT per game. No regeneration."
    game = to_activation()
    assert game.pending is not None
    game.state.players[game.pending.player].wt = 0
    m = _ko(game)
    decision = game.pending
    assert decision is not None
    assert f"reenter:{m.uid}" not in [o.id for o in decision.options]


def test_extra_activation_buys_an_order_for_2_wt_once_a_turn() -> None:
    # "Extra Activation | 2 WT | Start of your activation turn | Add +1 activation to your
    # Order Pool this round."; "One WT Action per activation"
    game = to_activation()
    decision = game.pending
    assert decision is not None and decision.kind == "activate"
    player = game.state.players[decision.player]
    orders = player.orders
    assert "extra" in [o.id for o in decision.options]
    answer(game, "extra")
    assert player.wt == 1 and player.orders == orders + 1
    decision = game.pending
    assert decision is not None and decision.kind == "activate"
    assert "extra" not in [o.id for o in decision.options]


def test_a_failed_attack_roll_may_be_rerolled_once_for_1_wt(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Tactical Re-roll | 1 WT | Immediately after a roll | Re-roll one failed D20 roll
    # (attack, save, Power-Up, Stamina Check). Must accept the new result. Cannot re-roll
    # a re-roll."; "One WT Action per activation"
    game, goku, cell = duel()
    activate(game, goku)
    answer(game, next(o.id for o in game.pending.options  # type: ignore[union-attr]
                      if o.label == "Basic Strike at Cell"))  # fmt: skip
    dice(monkeypatch, 1, 2)
    answer(game, "none")  # 1 + IMP 5 = 6: a miss
    decision = game.pending
    assert decision is not None and decision.kind == "reroll"
    assert decision.player == goku.owner
    answer(game, "reroll")  # 2 + 5 = 7: a miss again, and no second re-roll
    assert game.state.players[goku.owner].wt == 2 and cell.hp == 5
    assert game.pending is not None and game.pending.kind == "action"
    assert not reroll.can_reroll(game, goku)  # one WT action per activation


def test_a_failed_power_up_may_be_rerolled(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Re-roll one failed D20 roll (... Power-Up ...)"
    game, goku, _ = duel()
    player = game.state.players[goku.owner]
    player.bk = 0
    activate(game, goku)
    dice(monkeypatch, 3, 15)  # 3 + SPR 4 = 7: under 15; then 15 + 4 = 19
    answer(game, "power_up")
    assert game.pending is not None and game.pending.kind == "reroll"
    answer(game, "reroll")
    assert player.bk == 2 and goku.sk == 1 and player.wt == 2
