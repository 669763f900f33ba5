"""Babidi's Corrupt ("CORRUPT — BABIDI'S CORRUPTION MECHANIC", "Majin (state)"): the
action, the Compulsion Check and its compelled attack, Release, and Babidi KO'd.
Ruling PT-35."""

from __future__ import annotations

import pytest

from engine.primetime.damage import harm
from engine.primetime.game import PrimeTimeGame
from engine.primetime.roster import sample_roster
from engine.primetime.state import ModelState
from engine.primetime.view import view
from tests.primetime.helpers import activate, answer, declare, dice, empty_table, place

CAST = [sample_roster("Babidi's Forces"), sample_roster("Z-Fighters")]


def _table() -> tuple[PrimeTimeGame, ModelState, ModelState]:
    """Babidi at (15, 10) with 2 SK, Goku 4" away at (15, 15.4), an empty table."""
    game = empty_table(CAST)
    babidi = place(game, "babidi", 15, 10)
    babidi.sk = 2
    return game, babidi, place(game, "goku", 15, 15.4)


def _ids(game: PrimeTimeGame) -> list[str]:
    assert game.pending is not None
    return [o.id for o in game.pending.options]


def test_corrupt_rolls_spr_against_spr_plus_10_for_2_sk(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Corrupt ... (1 action, 2 SK)"; "Range: 6". Must have LoS."; "Roll: D20 + SPR vs
    # target's SPR + 10"; "On failure: no effect."
    game, babidi, goku = _table()
    far = place(game, "vegeta", 25, 25)
    activate(game, babidi)
    assert f"corrupt:{goku.uid}" in _ids(game) and f"corrupt:{far.uid}" not in _ids(game)
    dice(monkeypatch, 7)  # 7 + SPR 6 = 13 < SPR 4 + 10
    answer(game, f"corrupt:{goku.uid}")
    assert goku.majin is None and babidi.sk == 0
    assert not any(i.startswith("corrupt:") for i in _ids(game))  # once, and no SK left
    babidi.sk = 2
    activate(game, babidi)
    dice(monkeypatch, 8)  # 8 + 6 = 14 = 4 + 10: PT-35, meeting it succeeds
    answer(game, f"corrupt:{goku.uid}")
    assert goku.majin == babidi.uid
    seen = next(m for m in view(game, None)["models"] if m["uid"] == goku.uid)
    assert seen["states"] == ["majin"]  # the table shows it


def test_a_failed_compulsion_check_attacks_the_nearest_friend(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Failure (below 15) | Must immediately use their best affordable attack (highest BK
    # cost they can pay) against the nearest friendly model within 6". Counts as their
    # first action."; "Z-Reactions ... fire as if they were an opponent"; Majin: "+1 BK"
    game, babidi, goku = _table()
    gohan = place(game, "gohan-kid", 16.4, 15.4)  # in Goku's melee reach
    place(game, "vegeta", 20, 15.4)  # within 6" too, but farther
    goku.majin = babidi.uid
    game.state.players[goku.owner].bk = 2
    game.state.players[babidi.owner].bk = 0
    dice(monkeypatch, 5, 15)  # the check: 5 + FOC 4 = 9; the attack: 15 + IMP 5 = 20
    declare(game, goku)
    answer(game, "keep")  # no Tactical Re-roll of the failed check (PT-54)
    decision = game.pending
    assert decision is not None and decision.kind == "z_reaction"
    assert decision.player == gohan.owner  # Gohan's own player answers
    answer(game, "none")
    # its costliest that reaches Gohan: Dragon Fist Flurry (1 BK, listed before Energy
    # Blast's 1 BK; Kamehameha's 3 BK cannot be paid): 3 damage - RES 0
    assert gohan.hp == 5 - 3 and game.state.players[goku.owner].bk == 1
    assert game.state.players[babidi.owner].bk == 1
    assert game.state.active is not None and game.state.active.actions == 1


def test_a_critical_compulsion_check_frees_it_for_good(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Critical Success (25+) | Majin state removed permanently. Babidi cannot Corrupt
    # this model again this game."; "Success (15-24) | Resists this activation."
    game, babidi, goku = _table()
    vegeta = place(game, "vegeta", 15, 18)  # Goku, its friend, is within 6"
    vegeta.majin = babidi.uid
    dice(monkeypatch, 10)  # 10 + FOC 5 = 15: resists
    declare(game, vegeta)
    assert vegeta.majin == babidi.uid and game.pending is not None
    assert game.pending.kind == "action"
    dice(monkeypatch, 20)  # 25
    vegeta.activations = 0
    declare(game, vegeta)
    assert vegeta.majin is None and vegeta.pure
    activate(game, babidi)
    assert f"corrupt:{vegeta.uid}" not in _ids(game) and f"corrupt:{goku.uid}" in _ids(game)


def test_release_is_free_and_babidi_kod_frees_all() -> None:
    # "Babidi may voluntarily end Corrupt on any model as a free action during his
    # activation."; "Babidi KO'd: all Majin states ... are immediately removed."
    game, babidi, goku = _table()
    vegeta = place(game, "vegeta", 20, 18)
    goku.majin = vegeta.majin = babidi.uid
    activate(game, babidi)
    answer(game, f"release:{goku.uid}")
    assert goku.majin is None and game.state.active is not None
    assert game.state.active.actions == 2 and game.state.active.free == 1
    babidi.dazes = 1
    harm(game, babidi, 9)
    assert babidi.status == "ko" and vegeta.majin is None


def test_a_failed_compulsion_check_may_be_rerolled_once_for_1_wt(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Tactical Re-roll | 1 WT | Immediately after a roll | Re-roll one failed D20 roll
    # (attack, save, Power-Up, Stamina Check). Must accept the new result. Cannot re-roll
    # a re-roll."; "Re-roll Stacking" (PT-54: the Compulsion Check is a save)
    game, babidi, goku = _table()
    place(game, "gohan-kid", 16.4, 15.4)
    goku.majin = babidi.uid
    wt = game.state.players[goku.owner].wt
    dice(monkeypatch, 5, 6)  # 9, then the re-roll: 6 + FOC 4 = 10, failed again
    declare(game, goku)
    assert game.pending is not None and game.pending.kind == "reroll"
    answer(game, "reroll")
    assert game.state.players[goku.owner].wt == wt - 1
    assert game.pending is not None and game.pending.kind == "z_reaction"  # compelled
    assert any("re-rolled Compulsion Check: d20 6" in e.text for e in game.events)


def test_the_majin_brand_never_rolls_is_never_released_and_outlives_babidi(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Majin Brand (Command Ability): Babidi's once-per-game Command applies a permanent
    # Majin state that cannot be broken by Compulsion Check. The branded model never
    # rolls"; "Majin Brand: ... Cannot be dispelled by Babidi's Release or Compulsion
    # Check Critical Success."; "Babidi KO'd: all Majin states (except Majin Brand) are
    # immediately removed." (PT-53)
    game, babidi, goku = _table()
    vegeta = place(game, "vegeta", 20, 18)
    vegeta.majin = babidi.uid
    activate(game, babidi)
    answer(game, "command:game")
    answer(game, f"model:{goku.uid}")
    assert goku.majin == babidi.uid and goku.brand
    assert f"release:{goku.uid}" not in _ids(game) and f"release:{vegeta.uid}" in _ids(game)
    seen = next(m for m in view(game, None)["models"] if m["uid"] == goku.uid)
    assert seen["states"] == ["majin brand"]
    place(game, "gohan-kid", 16.4, 15.4)  # a friend within 6": still no check
    dice(monkeypatch)  # no die may be rolled
    declare(game, goku)
    assert game.pending is not None and game.pending.kind == "action"
    babidi.dazes = 1
    harm(game, babidi, 9)
    assert babidi.status == "ko" and vegeta.majin is None and goku.majin == babidi.uid
