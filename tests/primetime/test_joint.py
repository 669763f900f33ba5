"""Joint Attack ("KEYWORD GLOSSARY": "Passive pair synergy that fires when conditions are
met. Both models must be non-Dazed and in roster, and neither may be Staggered or Bound.");
the pair's card is data (PT-58)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from engine.primetime import held, joint
from engine.primetime.data import DataError
from engine.primetime.game import PrimeTimeGame
from engine.primetime.pool import read_import, sample_pool, with_imports
from engine.primetime.state import ModelState
from tests.primetime.helpers import activate, answer, dice, duel, place

BASIC_STRIKE = 2  # Goku's techniques: Kamehameha, Dragon Fist Flurry, Basic Strike, ...


def strike(game: PrimeTimeGame, attacker: ModelState, target: ModelState,
           monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """Basic Strike (2 damage) that hits, the target making no Z-Reaction."""
    dice(monkeypatch, *[15] * 6)
    activate(game, attacker)
    answer(game, f"attack:{BASIC_STRIKE}:{target.uid}")
    while game.pending is not None and game.pending.kind != "action":
        answer(game, "none")


def test_a_hit_with_the_partner_near_the_enemy_fires_it_once_a_round(
        monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    # the sample Father-Son Combo: a hit by Goku or Gohan (Kid) on an enemy within 3" of
    # the other: 2 more damage (RES applies) and Staggered, once a round
    game, goku, cell = duel()  # Cell: 5 HP, RES 1
    place(game, "gohan-kid", 17, 12)
    strike(game, goku, cell, monkeypatch)
    assert cell.hp == 5 - (2 - 1) - (2 - 1)
    assert "staggered" in cell.states
    assert game.state.players[goku.owner].joints == ["father-son-combo"]
    strike(game, goku, cell, monkeypatch)  # once a round
    assert cell.hp == 3 - 1


@pytest.mark.parametrize("case", ["far", "staggered", "bound", "dazed"])
def test_it_needs_the_partner_near_and_neither_dazed_staggered_nor_bound(
        case: str, monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    # "Both models must be non-Dazed and in roster, and neither may be Staggered or Bound."
    game, goku, cell = duel()
    gohan = place(game, "gohan-kid", *((25, 25) if case == "far" else (17, 12)))
    if case in ("staggered", held.BOUND):
        gohan.states.append(case)
    elif case == "dazed":
        gohan.status = "dazed"
    strike(game, goku, cell, monkeypatch)
    assert cell.hp == 5 - 1 and "staggered" not in cell.states
    assert game.state.players[goku.owner].joints == []


def test_the_sample_loads_and_a_bad_file_is_refused_naming_entry_and_field(
        tmp_path: Path) -> None:  # fmt: skip
    assert set(joint.joint_attacks()) == {"father-son-combo"}
    pool = sample_pool()
    entry = ('- {id: %s, name: X, pair: [%s], text: "t", trigger: {within: 3}, '
             'effect: %s}\n')  # fmt: skip
    cases = {
        entry % ("ghost", "goku, nobody", "{bk: 1}"): "entry ghost: pair: no character 'nobody'",
        entry % ("plain", "goku, krillin", "{bk: 1}"):
            "entry plain: pair: 'krillin' has no Joint Attack keyword",
        entry % ("idle", "goku, gohan-kid", "{}"): "entry idle: effect",
        entry % ("solo", "goku, goku", "{bk: 1}"): "entry solo",
    }  # fmt: skip
    for text, message in cases.items():
        path = tmp_path / "joint-attacks.yaml"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(DataError) as caught:
            joint.load(path, pool)
        assert str(caught.value).startswith("joint-attacks.yaml: ")
        assert message in str(caught.value)


def test_a_servers_imported_joint_attack_fires_in_games_with_its_pool(
        monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    # PT-67: an imported file's `joint_attacks:` join the pool its server's games use
    duo = {"id": "turtle-school-duo", "name": "Turtle School Duo", "pair": ["gohan-kid", "goku"],
           "text": "1 BK.", "trigger": {"attack": "melee", "within": 3}, "effect": {"bk": 1}}
    text = yaml.safe_dump({"joint_attacks": [duo]})
    pool = with_imports(sample_pool(), [("Kame House", read_import(text, "kame.yaml"))])
    assert "turtle-school-duo" not in sample_pool().joints
    for used, extra in ((pool, 1), (sample_pool(), 0)):
        monkeypatch.undo()
        game, goku, cell = duel()
        game.pool = used
        place(game, "gohan-kid", 17, 12)
        player = game.state.players[goku.owner]
        bk = player.bk
        strike(game, goku, cell, monkeypatch)
        assert player.joints == ["father-son-combo", "turtle-school-duo"][:1 + extra]
        assert player.bk == bk + extra  # Basic Strike costs no BK
