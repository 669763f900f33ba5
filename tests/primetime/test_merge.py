"""The Piccolo-Nail Merge ("DEVOTED SUPPORT PAIRS": "Piccolo (Z-Fighter) <-> Nail | Merge
pair | One-time only. Nail removed from game when Merge triggers. See Piccolo ZF
profile."). Ruling PT-72: ours triggers when Nail is Dazed within 6" of Piccolo."""

from __future__ import annotations

import json

import pytest

from engine.primetime.damage import harm
from engine.primetime.data import Character, DataError
from engine.primetime.game import PrimeTimeGame
from engine.primetime.pool import read_import, sample_pool, with_imports
from engine.primetime.roster import sample_roster, sample_rosters
from engine.primetime.stats import stat
from tests.primetime.helpers import clear_table, place, to_activation

NAMEKIANS = next(r for r in sample_rosters() if r.name == "Namekian Allies Sample")


def _table() -> PrimeTimeGame:
    game = to_activation(cast=[NAMEKIANS, sample_roster("Cell Games")])
    clear_table(game)
    return game


def test_nail_dazed_near_piccolo_merges_once_and_leaves_the_game() -> None:
    # "One-time only. Nail removed from game when Merge triggers"
    game = _table()
    piccolo, nail = place(game, "piccolo", 10, 10), place(game, "nail", 14, 10)
    top, imp = game.tier(piccolo).hp, stat(game, piccolo, "imp")
    piccolo.hp = 3
    harm(game, nail, nail.hp)  # Dazed, 2.6" from Piccolo's base
    assert nail.status == "removed" and nail.x is None and nail.hp == 0
    assert piccolo.merged and piccolo.hp == 3 + 2 and game.tier(piccolo).hp == top + 2
    assert stat(game, piccolo, "imp") == imp + 1
    piccolo.mods.clear()  # Cleanup's clearing leaves it: for the rest of the game
    assert stat(game, piccolo, "imp") == imp + 1
    assert [e.kind for e in game.events].count("merge") == 1
    assert game.state.winner is None  # leaving by the Merge is no loss


def test_no_merge_out_of_reach_or_without_a_fighting_piccolo() -> None:
    game = _table()
    piccolo, nail = place(game, "piccolo", 5, 10), place(game, "nail", 20, 10)
    harm(game, nail, nail.hp)
    assert nail.status == "dazed" and not piccolo.merged  # 13.6" away: Dazed as usual
    game = _table()
    piccolo, nail = place(game, "piccolo", 10, 10), place(game, "nail", 13, 10)
    piccolo.status = "dazed"
    harm(game, nail, nail.hp)
    assert nail.status == "dazed" and not piccolo.merged


def test_a_merge_needs_a_known_partner_and_a_gift() -> None:
    piccolo = sample_pool().character("piccolo")
    assert piccolo.merge is not None and piccolo.merge.partner == "nail"
    raw = piccolo.model_dump(mode="json")
    with pytest.raises(ValueError, match="a Merge gives HP or a stat"):
        Character.model_validate({**raw, "merge": {**raw["merge"], "hp": 0, "stat": None,
                                                   "value": 0}})  # fmt: skip
    # an imported profile whose Merge names nobody is refused, naming it
    imported = read_import("characters:\n  - " + json.dumps(
        {**raw, "id": "piccolo-2", "merge": {**raw["merge"], "partner": "nobody"}}), "mine")
    with pytest.raises(DataError, match="piccolo-2: merge partner 'nobody'"):
        with_imports(sample_pool(), [("mine", imported)])
