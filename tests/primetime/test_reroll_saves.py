"""The Tactical Re-roll of saves rolled in the middle of another resolution, and of the shot
at a Saibaman ("Tactical Re-roll | 1 WT | Immediately after a roll | Re-roll one failed D20
roll (attack, save, Power-Up, Stamina Check). Must accept the new result. Cannot re-roll a
re-roll."; PT-42, PT-66)."""

from __future__ import annotations

import pytest

from engine.primetime import reroll
from engine.primetime.game import PrimeTimeGame
from engine.primetime.state import ModelState
from tests.primetime.helpers import activate, answer, clear_table, dice, place, to_activation
from tests.primetime.test_saibamen import put, table, token_at


def _pick(game: PrimeTimeGame, label: str) -> None:
    decision = game.pending
    assert decision is not None
    answer(game, next(o.id for o in decision.options if o.label == label))


def _asked_reroll(game: PrimeTimeGame, m: ModelState) -> None:
    decision = game.pending
    assert decision is not None and decision.kind == "reroll"
    assert decision.player == m.owner


def _thrown_into_a_friend(monkeypatch: pytest.MonkeyPatch, *rolls: int,
                          ) -> tuple[PrimeTimeGame, ModelState, ModelState]:  # fmt: skip
    """Goku's Dragon Fist Flurry (Impactful) lands a critical on Cell, who is thrown 4"
    into Vegeta (Super Saiyan: RFX 9), Goku's friend: Vegeta's Reflex Save."""
    game = to_activation()
    clear_table(game)
    goku = place(game, "goku", 15, 10)
    goku.tier = 1
    cell = place(game, "cell", 15, 11.5)
    vegeta = place(game, "vegeta", 15, 14)
    vegeta.tier = 1
    game.state.players[goku.owner].bk = 15
    activate(game, goku)
    _pick(game, "Dragon Fist Flurry at Cell")
    dice(monkeypatch, *rolls)
    answer(game, "none")  # Cell's Z-Reaction
    return game, cell, vegeta


def test_a_failed_reflex_save_of_the_active_players_model_may_be_rerolled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Hit model: rolls D20 + RFX ≥ 14 (Reflex Save). On failure: takes 1 DMG."; PT-66
    game, cell, vegeta = _thrown_into_a_friend(monkeypatch, 20, 1)  # crit; save 1 + RFX 9
    _asked_reroll(game, vegeta)
    # the outcome and the rest of the throw (Staggered) wait for the answer
    assert vegeta.hp == 7 and "staggered" not in cell.states
    wt = game.state.players[vegeta.owner].wt
    reloaded = PrimeTimeGame.from_json(game.to_json(), game.pool)  # a JSON state
    dice(monkeypatch, 5)  # 5 + RFX 9 = 14: saved, and the new result stands
    answer(reloaded, "reroll")
    saved = reloaded.model(vegeta.uid)
    assert saved.hp == 7 and reloaded.state.players[vegeta.owner].wt == wt - 1
    assert "staggered" in reloaded.model(cell.uid).states
    assert reloaded.pending is not None and reloaded.pending.kind == "action"
    assert reroll.GUARD not in [task.kind for task in reloaded.state.tasks]
    answer(game, "keep")
    assert vegeta.hp == 6 and "staggered" in cell.states
    assert game.state.players[vegeta.owner].wt == wt


def test_a_failed_save_of_the_opponents_model_is_not_offered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # PT-42: WT only in its owner's own activation; PT-66
    game = to_activation()
    clear_table(game)
    goku = place(game, "goku", 15, 10)
    goku.tier = 1
    cell = place(game, "cell", 15, 11.5)
    buu = place(game, "majin-buu", 15, 14)  # Cell's friend
    game.state.players[goku.owner].bk = 15
    activate(game, goku)
    _pick(game, "Dragon Fist Flurry at Cell")
    dice(monkeypatch, 20, 1)
    answer(game, "none")
    assert game.pending is not None and game.pending.kind == "action"
    assert buu.hp == 4 and "staggered" in cell.states


def test_a_failed_flying_save_against_staggered_may_be_rerolled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Staggered while flying: Roll D20 + FOC ≥ 14 save. Failure = fall to Ground"; Goku,
    # flying in his own activation, knocked back by Cell's Impactful attack (PT-41, PT-66)
    # the re-roll saves; the re-roll fails again and stands (no second question); kept
    for choice, again, level, hp in (("reroll", 15, 2, 7), ("reroll", 2, 0, 7 - 2),
                                     ("keep", 15, 0, 7 - 2)):  # fmt: skip
        monkeypatch.undo()
        game = to_activation()
        clear_table(game)
        goku = place(game, "goku", 15, 10)
        cell = place(game, "cell", 15, 8.5)
        goku.level = 2
        activate(game, goku)
        game.state.pending = None
        game.then(("knocked", {"attacker": cell.uid, "target": goku.uid, "choice": "throw"}),
                  ("action", {}))  # fmt: skip
        dice(monkeypatch, 1, again)  # 1 + FOC 4 = 5: fails; the re-roll again + 4
        game.run()
        _asked_reroll(game, goku)
        assert goku.level == 2
        answer(game, choice)
        assert (goku.level, goku.hp) == (level, hp), (choice, again)
        assert game.pending is not None and game.pending.kind == "action"


def _chocolate_clash(monkeypatch: pytest.MonkeyPatch, *rolls: int,
                     ) -> tuple[PrimeTimeGame, ModelState]:  # fmt: skip
    """Goku's Energy Blast at Buu, who Clashes with its Chocolate Beam and wins: Goku saves
    against becoming a Confection (FOC ≥ 16) in his own activation."""
    monkeypatch.undo()
    game = to_activation()
    clear_table(game)
    goku = place(game, "goku", 15, 10)
    buu = place(game, "majin-buu", 15, 15)
    game.state.players[goku.owner].bk = 5
    game.state.players[buu.owner].bk = 8
    activate(game, goku)
    _pick(game, "Energy Blast at Majin Buu")
    dice(monkeypatch, *rolls)
    clash = next(o.id for o in game.pending.options  # type: ignore[union-attr]
                 if "Chocolate Beam" in o.label)  # fmt: skip
    answer(game, clash)
    return game, goku


def test_a_failed_save_against_a_techniques_state_may_be_rerolled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Chocolate Beam": state {name: confection, save: foc, at: 16} (docs/primetime-data.md)
    game, goku = _chocolate_clash(monkeypatch, 5, 10, 3, 15)  # Clash 9 against 14
    _asked_reroll(game, goku)
    assert goku.states == []
    answer(game, "reroll")  # 15 + FOC 4 = 19: resisted
    assert goku.states == []
    assert game.pending is not None and game.pending.kind == "action"
    game, goku = _chocolate_clash(monkeypatch, 5, 10, 3)
    answer(game, "keep")
    assert goku.states == ["confection"]


def test_a_rerolls_decision_asked_over_is_asked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    # PT-66: Buu wins the Clash by 10 or more and is offered Clash Momentum right after
    # Goku's failed save; the re-roll's question comes back once that is answered
    game, goku = _chocolate_clash(monkeypatch, 1, 20, 3, 15)  # Clash 5 against 24
    assert game.pending is not None and game.pending.kind == "momentum"
    answer(game, "none")
    _asked_reroll(game, goku)
    answer(game, "reroll")
    assert goku.states == [] and game.pending is not None and game.pending.kind == "action"


def test_a_missed_shot_at_a_saibaman_may_be_rerolled(monkeypatch: pytest.MonkeyPatch) -> None:
    # "any model may target a Saibaman with a ranged attack. RFX 8. On hit: Remove the
    # Saibaman immediately."; a failed attack roll (PT-42, PT-66)
    game = table()
    krillin = put(game, "krillin", 1, 15, 12)  # FOC 4
    t = token_at(game, 15, 16)
    activate(game, krillin)
    wt = game.state.players[krillin.owner].wt
    dice(monkeypatch, 1, 4)  # 1 + 4 = 5: a miss; the re-roll 4 + 4 = 8: a hit
    answer(game, f"shoot:2:{t.id}")
    _asked_reroll(game, krillin)
    assert t in game.state.tokens
    answer(game, "reroll")
    assert game.state.tokens == [] and game.state.players[krillin.owner].wt == wt - 1
    assert game.pending is not None and game.pending.kind == "action"
    assert not reroll.can_reroll(game, krillin)  # one WT Action per activation
