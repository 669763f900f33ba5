"""The states that hold a model ("Model States": Bound, Petrified, Showboating (Yamcha),
Confection (Chocolate)): what each forbids, breaking free, a Confection eaten or
reverting, and the `state` effect of techniques and cards. Rulings PT-49, PT-50, PT-52."""

from __future__ import annotations

import pytest

from engine.primetime import attacks, lasting
from engine.primetime.ascension import sk_tax
from engine.primetime.damage import harm
from engine.primetime.data import StateEffect
from engine.primetime.game import PrimeTimeGame
from engine.primetime.rounds import can_activate, score_objectives
from engine.primetime.state import ModelState
from engine.primetime.view import view
from tests.primetime.helpers import activate, answer, declare, dice, duel, place


def _ids(game: PrimeTimeGame) -> list[str]:
    assert game.pending is not None
    return [o.id for o in game.pending.options]


def _hold(game: PrimeTimeGame, source: ModelState, target: ModelState, name: str) -> None:
    lasting.apply(game, source, target, StateEffect.model_validate({"name": name}))


def _attack(game: PrimeTimeGame, attacker: ModelState, target: ModelState) -> None:
    """`attacker` takes its first technique's attack at `target` (its BK paid)."""
    game.state.players[attacker.owner].bk = 15
    activate(game, attacker)
    answer(game, f"attack:0:{target.uid}")


def test_bound_cannot_move_or_z_react_but_may_act(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Bound | ... Cannot move, cannot change altitude, cannot declare Z-Reactions. May
    # still act (spend actions on attacks, Power-Up, etc.) if able."
    game, goku, cell = duel()
    _hold(game, cell, goku, "bound")
    activate(game, goku)
    ids = _ids(game)
    assert "move" not in ids and not any(i.startswith(("charge:", "ki_assault:")) for i in ids)
    assert f"attack:0:{cell.uid}" in ids and "power_up" in ids and "break:bound" in ids
    dice(monkeypatch, 1, 10)  # Cell's strike at Goku: 1 + IMP 6 misses; 10 + 6 = 16 hits
    _attack(game, cell, goku)  # no Z-Reaction is asked: the miss may take the re-roll
    assert game.pending is not None and game.pending.kind == "reroll"
    answer(game, "reroll")
    assert goku.hp < 7


def test_breaking_free_of_bound_is_1_action_at_d20_imp_14(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Break free: spend 1 action, D20 + IMP ≥ 14."
    game, goku, cell = duel()
    _hold(game, cell, goku, "bound")
    activate(game, goku)
    dice(monkeypatch, 8)  # 8 + IMP 5 = 13: still held
    answer(game, "break:bound")
    assert "bound" in goku.states and game.state.active is not None
    assert game.state.active.actions == 1 and "break:bound" not in _ids(game)  # PT-13
    activate(game, goku)
    dice(monkeypatch, 9)  # 14: free
    answer(game, "break:bound")
    assert "bound" not in goku.states and "move" in _ids(game)


def test_petrified_spends_no_sk_takes_1_more_damage_and_breaks_free_at_13(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Petrified | ... Cannot move, cannot declare Z-Reactions, cannot spend SK. Incoming
    # damage +1. Break free: spend 1 action, D20 + IMP ≥ 13. Babidi bond reduces
    # break-free to ≥ 10."
    game, goku, cell = duel()
    goku.sk = 2
    game.state.players[goku.owner].hand = ["goku-instant-transmission"]  # 1 SK
    _hold(game, cell, goku, "petrified")
    activate(game, goku)
    assert "card:0" not in _ids(game) and "move" not in _ids(game)
    assert "break:petrified" in _ids(game)
    harm(game, goku, 2)
    assert goku.hp == 7 - 3
    goku.majin = cell.uid  # PT-50: a Majin model has the Babidi bond
    activate(game, goku)
    dice(monkeypatch, 5)  # 5 + IMP 5 = 10
    answer(game, "break:petrified")
    assert "petrified" not in goku.states


def test_the_held_states_outlast_cleanup_and_leave_with_a_dazed_return() -> None:
    # "Until broken free" (Bound), "Until broken free or KO'd" (Petrified); Cleanup clears
    # "Exhausted/Overloaded/Staggered" and "until end of round"; Dazed: "During the
    # Cleanup Phase: auto-return ... All states cleared." (PT-49)
    game, goku, cell = duel()
    _hold(game, cell, goku, "bound")
    goku.states.append("staggered")
    _hold(game, goku, cell, "petrified")
    cell.status = "dazed"
    lasting.cleanup(game, goku)
    lasting.cleanup(game, cell)
    assert goku.states == ["bound"] and cell.states == []


def test_showboating_forbids_z_reactions_doubles_oc_until_its_next_activation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Showboating (Yamcha) | Cannot Z-React until next activation. OC value doubles
    # while active. | Until next activation"
    game, goku, cell = duel()
    game.state.players[goku.owner].hand = ["showboat"]
    activate(game, goku)
    answer(game, "card:0")  # an instant: a free action
    assert goku.states == ["showboating"]
    assert game.state.active is not None and game.state.active.actions == 2
    game.state.missions[0] = "hold-the-line"  # one objective at (15, 15): both within 3"
    goku.y, cell.y = 12, 18
    score_objectives(game)
    assert game.state.round_winners == [goku.owner]  # OC 2 against 1
    cell.y = 13.5  # in melee reach again
    dice(monkeypatch, 19)
    _attack(game, cell, goku)
    assert game.pending is None or game.pending.kind != "z_reaction"
    game.state.players[goku.owner].orders = 1
    declare(game, goku)
    assert goku.states == []


def test_chocolate_beam_makes_a_confection_on_a_failed_foc_16(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Confection (Chocolate) | Applied by Buu's Chocolate Beam (FOC check ≥ 16,
    # failure). ... cannot act, cannot declare Z-Reactions, cannot move."
    game, goku, _ = duel()
    buu = place(game, "majin-buu", 15, 4)
    beam = attacks.techniques(game, buu)[0]
    assert beam.name == "Chocolate Beam" and beam.state is not None
    dice(monkeypatch, 12, 11)  # the beam: 12 + FOC 4 = 16 against RFX 13; Goku: 11 + 4 = 15
    _attack(game, buu, goku)
    answer(game, "none")  # Goku's Z-Reaction
    assert goku.states == ["confection"] and goku.applied_by["confection"] == buu.uid
    assert not can_activate(game, goku)
    seen = next(m for m in view(game, None)["models"] if m["uid"] == goku.uid)
    assert seen["states"] == ["confection"]
    dice(monkeypatch, 12, 12)  # again; Goku: 12 + FOC 4 = 16: resisted
    goku.states.clear()
    _attack(game, buu, goku)
    answer(game, "none")
    assert goku.states == []


def test_buu_eats_a_confection_within_1_inch_as_a_free_action() -> None:
    # "Buu may eat the confection as a free action (model is Removed from Play)." (PT-52)
    game, goku, cell = duel()
    buu = place(game, "majin-buu", 16.5, 8.6)
    _hold(game, buu, goku, "confection")
    activate(game, buu)
    assert f"eat:{goku.uid}" in _ids(game)
    answer(game, f"eat:{goku.uid}")
    assert goku.status == "removed" and game.state.active is not None
    assert game.state.active.actions == 2 and game.state.active.free == 1
    activate(game, cell)  # only the Buu who made it eats it
    assert not any(i.startswith("eat:") for i in _ids(game))


def test_a_confection_reverts_at_the_end_of_the_next_round() -> None:
    # "If Buu does not eat by end of the next round: target reverts."; FAQ: "Until Buu
    # eats the confection or until the end of the NEXT round (not the current round)."
    game, goku, cell = duel()
    _hold(game, cell, goku, "confection")
    lasting.cleanup(game, goku)  # this round's Cleanup
    assert goku.states == ["confection"]
    game.state.round += 1
    lasting.cleanup(game, goku)
    assert goku.states == [] and can_activate(game, goku)


def test_ki_shackles_binds_an_enemy_with_the_card_state_effect() -> None:
    # "Bound | Applied by Guldo's Psychic Bind and similar effects." (our card)
    game, goku, cell = duel()
    cell.sk = 1
    game.state.players[cell.owner].hand = ["ki-shackles"]
    activate(game, cell)
    answer(game, "card:0")
    answer(game, f"model:{goku.uid}")
    assert goku.states == ["bound"] and cell.sk == 0


def test_a_petrified_model_cannot_pay_the_sk_tax() -> None:
    # "Petrified | ... cannot spend SK"; "SK Tax — Each ascending model pays their tier's
    # SK Tax ... Cannot pay → descend." (PT-50)
    game, goku, cell = duel()
    goku.tier, goku.sk = 1, 3
    _hold(game, cell, goku, "petrified")
    sk_tax(game, {})
    assert goku.tier == 0 and goku.sk == 3
