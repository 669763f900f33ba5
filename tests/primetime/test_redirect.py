"""Attacks that go on with their roll already made: Beam Cascade ("Beam Cascade (Dodge
Continuation)") and Ranged Deflect ("Critical Evasion — Deflect"). Ruling PT-36."""

from __future__ import annotations

import pytest

from engine.primetime.game import PrimeTimeGame
from engine.primetime.state import ModelState
from tests.primetime.helpers import activate, answer, dice, empty_table, place


def _fire(game: PrimeTimeGame, attacker: ModelState, label: str) -> None:
    game.state.players[attacker.owner].bk = 10
    activate(game, attacker)
    assert game.pending is not None
    answer(game, next(o.id for o in game.pending.options if o.label == label))


def _kind(game: PrimeTimeGame) -> str:
    assert game.pending is not None
    return game.pending.kind


def test_an_evaded_beam_cascades_on_to_the_nearest_model_behind(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "The nearest model behind the original target in the beam's line becomes the new
    # primary target"; "uses the original attacker's roll total (no new roll). Cascade
    # damage = original attack damage"; the new target "rolls at -6"; collateral for the
    # rest of the path
    game = empty_table()
    goku = place(game, "goku", 15, 5)
    cell = place(game, "cell", 15, 12)
    eighteen = place(game, "android-18", 15, 18)
    seventeen = place(game, "android-17", 15, 24)
    _fire(game, goku, "Kamehameha at Cell")
    dice(monkeypatch, 15, 16, 13)  # Goku 15 + 4 = 19; Cell 16 + 4 = 20; 18: 13 + 4 - 6
    answer(game, "evade")
    assert cell.hp == 5 and seventeen.hp == 6 - (2 - 1)  # Collateral 2 - RES 1
    assert _kind(game) == "evade_to"
    answer(game, "stay")
    decision = game.pending
    assert decision is not None and decision.kind == "z_reaction"
    assert decision.player == eighteen.owner and "d20 -2 against 19" in decision.options[1].label
    answer(game, "evade")  # 13 + FOC 4 - 6 = 11 < 19: hit
    assert eighteen.hp == 6 - (4 - 1)  # the Kamehameha's own damage, no Collateral on top
    assert seventeen.hp == 5  # "A beam can cascade at most once"
    assert _kind(game) == "action"


def test_a_critical_evasion_of_a_ranged_attack_may_redirect_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Ranged Deflect: The attack is redirected. The defender takes no damage and may
    # redirect the attack to any valid target within 6" using the original attack total.
    # The new target may declare Z-Reactions normally."
    game = empty_table()
    goku = place(game, "goku", 15, 8)
    cell = place(game, "cell", 15, 12)
    gohan = place(game, "gohan-kid", 19, 12)
    place(game, "vegeta", 27, 27)  # out of the 6"
    _fire(game, goku, "Energy Blast at Cell")
    dice(monkeypatch, 10, 20)  # Goku 10 + 4 = 14; Cell 20 + 4 = 24: beaten by 10
    answer(game, "evade")
    answer(game, "stay")
    decision = game.pending
    assert decision is not None and decision.kind == "deflect"
    assert [o.id for o in decision.options] == ["none", f"model:{goku.uid}",
                                                f"model:{gohan.uid}"]  # fmt: skip
    answer(game, f"model:{gohan.uid}")
    assert _kind(game) == "z_reaction"
    answer(game, "none")  # 14 against Gohan's RFX 12: hit
    assert cell.hp == 5 and gohan.hp == 5 - 2
