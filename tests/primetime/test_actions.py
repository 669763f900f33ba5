"""Actions in an activation: the "MOVEMENT SYSTEM" (1st and 2nd Move, the 2-move cap),
Charge ("Charge Restriction"), Ki Assault, the attack roll, damage, Daze, KO and
Dissolution ("DISSOLUTION THRESHOLD"), Power-Up and Android Recharge."""

from __future__ import annotations

import math

import pytest

from engine.primetime import attacks, damage
from engine.primetime.game import PrimeTimeGame
from engine.primetime.options import parse_point
from tests.primetime.helpers import (
    activate as _activate,
)
from tests.primetime.helpers import (
    answer,
    by_name,
    clear_table,
    duel,
    place,
    start_move,
    to_activation,
)
from tests.primetime.helpers import (
    dice as _dice,
)


def _ids(game: PrimeTimeGame) -> list[str]:
    assert game.pending is not None
    return [o.id for o in game.pending.options]


def test_the_first_move_uses_the_1st_value_the_second_the_2nd_then_no_more() -> None:
    # "the first uses the 1st Move value; the second uses the 2nd Move value"; "Hard
    # cap: 2 movement actions per activation"
    game = to_activation()
    clear_table(game)
    goku = place(game, "goku", 15, 10)  # 1st Move 8, 2nd Move 4
    _activate(game, goku)
    start_move(game)
    points = [parse_point(i) for i in _ids(game)]
    assert max(math.hypot(p[0] - 15, p[1] - 10) for p in points if p) == pytest.approx(8)
    answer(game, "at:15,18")
    assert (goku.x, goku.y) == (15, 18)
    game.state.active.actions = 2  # type: ignore[union-attr]  # a free action's worth
    start_move(game)
    points = [parse_point(i) for i in _ids(game)]
    assert max(math.hypot(p[0] - 15, p[1] - 18) for p in points if p) == pytest.approx(4)
    answer(game, "at:15,22")
    assert "move" not in _ids(game)


def test_a_move_answered_off_the_grid_is_checked() -> None:
    game = to_activation()
    clear_table(game)
    goku = place(game, "goku", 15, 10)
    place(game, "cell", 15, 14)
    _activate(game, goku)
    start_move(game)
    decision = game.pending
    assert decision is not None
    before = game.to_json()
    # PT-4: 8" straight, but the way round Cell is longer; too far; no point; off the board
    for bad in ("at:15,18", "at:15,19", "at:nowhere", "at:0.2,10"):
        assert not game.apply(decision.player, bad, decision.seq).ok, bad
    assert game.to_json() == before
    assert "too far around" in game.apply(decision.player, "at:15,18", decision.seq).reason
    assert game.apply(decision.player, "at:19.25,13.5", decision.seq).ok
    assert (goku.x, goku.y) == (19.25, 13.5)


def test_a_charge_must_end_within_1_inch_of_its_target() -> None:
    # "Charge ... requires the model to end movement in melee range (within 1") of the
    # target. If the model cannot reach melee range ... Charge cannot be declared."
    game = to_activation()
    clear_table(game)
    goku = place(game, "goku", 15, 5)
    # 11" centre to centre: 8" of Move leaves 3", over 1" + two base radii (2.38")
    cell = place(game, "cell", 15, 16)
    _activate(game, goku)
    at_cell = [i for i in _ids(game) if i.startswith("charge:") and i.endswith(f":{cell.uid}")]
    assert at_cell == []
    cell.y = 15
    _activate(game, goku)
    charge = next(i for i in _ids(game) if i.startswith("charge:") and i.endswith(f":{cell.uid}"))
    answer(game, charge)
    base = game.base(cell)
    for option in game.pending.options:  # type: ignore[union-attr]
        point = parse_point(option.id)
        assert point is not None
        assert math.hypot(point[0] - base.x, point[1] - base.y) <= 1 + 2 * base.radius + 1e-9


def test_ki_assault_moves_half_and_never_fires_a_beam() -> None:
    # "Ki Assault: Move up to half current Move value ... rounded down + ranged non-Beam
    # attack"; "Cannot use Beam attacks"
    game = to_activation()
    clear_table(game)
    gohan = place(game, "gohan-kid", 15, 5)  # 1st Move 7: Ki Assault 3"
    place(game, "cell", 15, 20)  # Masenko 12": needs to be within 3" of 12" + bases
    _activate(game, gohan)
    assert any(i.startswith("ki_assault:") for i in _ids(game))
    goku = place(game, "goku", 25, 5)
    _activate(game, goku)
    names = [o.label for o in game.pending.options]  # type: ignore[union-attr]
    assert not any(n.startswith("Ki Assault: Kamehameha") for n in names)


def test_an_attack_shows_its_roll_and_deals_damage_less_res(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # PT-1: D20 + IMP (melee) or FOC (ranged) against RFX; PT-2: damage less RES
    game, goku, cell = duel()
    _dice(monkeypatch, 7)
    strike = next(t for t in attacks.techniques(game, goku) if t.name == "Basic Strike")
    attacks.attack(game, goku, strike, cell)
    texts = [e.text for e in game.events]
    assert texts[-3:-1] == ["Goku: Basic Strike at Cell: d20 7 +5 IMP = 12 against RFX 12: hit.",
                          "Cell takes 1 damage (2 - RES 1)."]  # fmt: skip
    assert cell.hp == 4
    _dice(monkeypatch, 6)
    attacks.attack(game, goku, strike, cell)
    assert cell.hp == 4 and game.events[-1].text.endswith("miss.")
    _dice(monkeypatch, 17)
    attacks.attack(game, goku, strike, cell)
    assert any("= 22 against RFX 12: critical hit." in e.text for e in game.events)


def test_bk_is_paid_and_cover_is_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Terrain States: Intact: Heavy Cover: attacker rolls at -4"
    game = to_activation()
    clear_table(game)
    wall = {"name": "wall", "x": 10, "y": 14, "width": 10, "depth": 0.5}
    from engine.primetime.data import TerrainPiece
    game.state.terrain = [TerrainPiece.model_validate(wall)]
    gohan = place(game, "gohan-kid", 15, 5)
    cell = place(game, "cell", 15, 15.5)
    masenko = next(t for t in attacks.techniques(game, gohan) if t.name == "Masenko")
    bk = game.state.players[gohan.owner].bk
    _dice(monkeypatch, 10)
    attacks.attack(game, gohan, masenko, cell)
    assert game.state.players[gohan.owner].bk == bk - 2
    assert "d20 10 +4 FOC -4 cover = 10 against RFX 12: miss" in game.events[-1].text


def test_zero_hp_dazes_then_kos(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Dazed: HP reached 0 (1st time)"; "KO'd: HP reached 0 (2nd time). Removed from board."
    game = to_activation()
    krillin = by_name(game, "krillin")
    damage.harm(game, krillin, 9)
    assert (krillin.status, krillin.hp) == ("dazed", 0)
    assert krillin not in game.enemies(by_name(game, "cell"))  # "invulnerable"
    krillin.status, krillin.hp = "active", 3
    damage.harm(game, krillin, 3)
    assert (krillin.status, krillin.x) == ("ko", None)


def test_a_hit_at_the_dissolution_threshold_removes_cell_from_play() -> None:
    # "If damage from a single attack >= Dissolution Threshold: The model is Removed from
    # Play"; below it, normal Daze/KO rules apply
    game = to_activation()
    cell = by_name(game, "cell")  # Imperfect: threshold 5, HP 5
    damage.harm(game, cell, 4)
    assert (cell.status, cell.hp) == ("active", 1)
    damage.harm(game, cell, 5)
    assert cell.status == "removed"


def test_saiyan_rage_gives_sk_for_damage_up_to_3_a_round() -> None:
    # "Saiyan Rage — 1 SK per 1 DMG dealt (post-RES) ... Capped at 3 SK per unit per round"
    game = to_activation()
    goku = by_name(game, "goku")
    damage.rage(game, goku, 2)
    damage.rage(game, goku, 2)
    assert (goku.sk, goku.rage) == (3, 3)
    cell = by_name(game, "cell")
    damage.rage(game, cell, 2)
    assert cell.sk == 0


def test_power_up_and_recharge(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Power-Up: +1 BK floor; D20 + SPR >= 15: +2 BK total + 1 SK; >= 25: +4 BK + 2 SK";
    # "Android Recharge: D20 + FOC >= 15: +3 BK, else +1 BK"
    from engine.primetime.activation import power_up, recharge
    game = to_activation()
    goku, a18 = by_name(game, "goku"), by_name(game, "android-18")
    for player in game.state.players:
        player.bk = 0
    _dice(monkeypatch, 3, 11, 20)
    power_up(game, goku)  # 3 + SPR 4 = 7
    power_up(game, goku)  # 15
    power_up(game, goku)  # 24
    assert (game.state.players[goku.owner].bk, goku.sk) == (1 + 2 + 2, 2)
    _dice(monkeypatch, 10, 11)
    recharge(game, a18)  # 10 + FOC 4 = 14
    recharge(game, a18)  # 15
    assert game.state.players[a18.owner].bk == 1 + 3


def test_the_last_one_standing_gets_2_on_every_roll(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Last One Standing: If a player is reduced to a single non-Dazed model on the board
    # ..., that model gains +2 to all D20 rolls (attacks, saves, Clashes, Power-Up, etc.)"
    from engine.primetime.activation import power_up
    game = to_activation()
    clear_table(game)
    cell = place(game, "cell", 15, 11.5)
    goku = place(game, "goku", 15, 10)
    for m in game.state.models:
        if m.owner == cell.owner and m is not cell:
            m.status = "dazed"
    strike = next(t for t in attacks.techniques(game, cell) if t.name == "Basic Strike")
    _dice(monkeypatch, 4, 9)
    attacks.attack(game, cell, strike, goku)
    assert any("d20 4 +5 IMP +2 last standing = 11 against RFX 13: miss." in e.text
               for e in game.events)  # fmt: skip
    power_up(game, cell)  # 9 + SPR 4 + 2 = 15
    assert cell.sk == 1


def test_an_illegal_declaration_is_refused_and_changes_nothing() -> None:
    # "Illegal Action Forfeit: If a player declares an action they cannot legally
    # perform ... the action is forfeit." PT-40: only legal actions are offered; any other
    # answer is refused with its reason and the state is unchanged
    game = to_activation()
    decision = game.pending
    assert decision is not None
    before = game.to_json()
    for wrong in ("attack:0:99", "charge:0:0", "card:7"):
        outcome = game.apply(decision.player, wrong, decision.seq)
        assert not outcome.ok and outcome.reason
    assert not game.apply(decision.player, decision.options[0].id, decision.seq - 1).ok
    assert game.to_json() == before
