"""Affiliation bonuses: BK generation "+ affiliation bonuses" (Layer 1) and the
"Affiliation WT Action" (Layer 2), from the Affiliation Reference Cards
(data/primetime/table/affiliations.yaml) while the "51%+ Affiliation threshold" holds.
Ruling PT-47."""

from __future__ import annotations

from engine.primetime import affiliation
from engine.primetime.damage import harm
from engine.primetime.roster import sample_roster
from engine.primetime.rounds import generated_bk
from tests.primetime.helpers import activate, answer, by_name, empty_table, place


def _ids(game) -> list[str]:  # type: ignore[no-untyped-def]
    assert game.pending is not None
    return [o.id for o in game.pending.options]


def test_the_layer_1_bk_needs_51_percent_of_the_counted_models() -> None:
    # "Generate BK (flat escalation + per-model + affiliation bonuses + character
    # passives)"; "Infinite Engine ... Stacks with Android Affiliation bonus if active";
    # KO'd: "Does not count for ... Affiliation threshold"; Dazed: "Still counts"
    game = empty_table()
    cell = by_name(game, "cell")
    p = cell.owner
    game.state.players[p].affiliation = "Androids"  # 17 and 18 of Cell, 17, 18, Buu: 50%
    assert affiliation.bk_bonus(game, p) == 0
    base = generated_bk(game, p, 3)
    cell.dazes, cell.hp = 1, 1
    harm(game, cell, 1)  # KO'd: 2 Androids of 3 counted models
    assert cell.status == "ko"
    assert affiliation.bk_bonus(game, p) == 1
    assert generated_bk(game, p, 3) == base + 1  # on top of Infinite Engine's +1
    by_name(game, "android-17").status = "dazed"  # still counts: 2 of 3
    assert affiliation.bk_bonus(game, p) == 1


def test_the_affiliation_wt_action_uses_the_layer_2_ability_for_1_wt() -> None:
    # "Affiliation WT Action | 1 WT | During your activation | Use your affiliation's
    # Layer 2 ability"; "One WT Action per activation" (PT-47: no action slot)
    game = empty_table()
    goku = place(game, "goku", 15, 10)
    krillin = place(game, "krillin", 15, 13)
    krillin.hp -= 3
    player = game.state.players[goku.owner]
    activate(game, goku)
    assert "affiliation" in _ids(game)
    answer(game, "affiliation")
    assert game.pending is not None and game.pending.kind == "card_target"
    answer(game, f"model:{krillin.uid}")
    assert krillin.hp == game.tier(krillin).hp - 1  # Rally: +2 HP
    assert player.wt == 2 and game.state.active is not None
    assert game.state.active.actions == 2  # no action slot spent
    assert "affiliation" not in _ids(game)  # the activation's one WT Action


def test_a_roster_under_the_threshold_has_no_affiliation_action() -> None:
    # "the 51%+ Affiliation threshold": Babidi's Forces sample is Babidi and Buu with
    # Piccolo and Krillin (Z-Fighters): 50%
    game = empty_table([sample_roster("Babidi's Forces"), sample_roster("Z-Fighters")])
    babidi = place(game, "babidi", 15, 10)
    assert affiliation.active_card(game, babidi.owner) is None
    activate(game, babidi)
    assert "affiliation" not in _ids(game)
