"""Affiliation bonuses: BK generation "+ affiliation bonuses" (Layer 1) and the
"Affiliation WT Action" (Layer 2), from the Affiliation Reference Cards
(data/primetime/table/affiliations.yaml) while the "51%+ Affiliation threshold" holds.
Rulings PT-47 and PT-59."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.primetime import affiliation
from engine.primetime.damage import harm
from engine.primetime.lasting import cleanup
from engine.primetime.roster import sample_roster
from engine.primetime.rounds import generated_bk
from engine.primetime.stats import modify, stat
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


def test_layer_1_stat_bonuses_go_to_the_affiliations_models_under_the_cap() -> None:
    # "All stat modifications from external sources (cards, affiliation bonuses, passives,
    # terrain, abilities) are capped at +3 / -3 per stat per model"; "If they have Weighted
    # Clothing (+1), an affiliation passive (+1), and a card (+1), they are at the cap"
    # (PT-59: the Saiyans card's +1 IMP, read in the Power Phase, until Cleanup)
    game = empty_table([sample_roster("Saiyans"), sample_roster("Z-Fighters")])
    nappa, raditz = by_name(game, "nappa"), by_name(game, "raditz")  # IMP 6 and 5
    assert (stat(game, nappa, "imp"), stat(game, raditz, "imp")) == (6 + 1, 5 + 1)
    goku = by_name(game, "goku")  # the Z-Fighters' card has no stat bonus
    assert stat(game, goku, "imp") == 5
    modify(nappa, "Brute Force", "imp", 2)
    assert stat(game, nappa, "imp") == 6 + 3
    modify(nappa, "Conquest", "imp", 1)
    assert stat(game, nappa, "imp") == 6 + 3  # a fourth +1 has no effect
    assert not modify(nappa, "Saiyans Reference Card", "imp", 1)  # same name: no stack
    cleanup(game, nappa)  # Cleanup ends it; the next Power Phase reads the threshold again
    affiliation.grant_stats(game, nappa.owner)
    assert stat(game, nappa, "imp") == 6 + 1


def test_no_stat_bonus_under_the_threshold() -> None:
    # Both layers apply only while the roster meets the 51%+ threshold (PT-47, PT-59)
    game = empty_table([sample_roster("Saiyans"), sample_roster("Z-Fighters")])
    nappa, raditz, vegeta = (by_name(game, c) for c in ("nappa", "raditz", "vegeta"))
    for m in (nappa, raditz, vegeta):
        cleanup(game, m)
    raditz.character = "krillin"  # a roster of Nappa, Krillin and Piccolo: 1 in 3 Saiyans
    vegeta.character = "piccolo"
    affiliation.grant_stats(game, nappa.owner)
    assert stat(game, nappa, "imp") == 6


def test_a_bad_stat_bonus_is_refused_on_load() -> None:
    ability = {"id": "x", "name": "X", "kind": "affiliation", "affiliation": "Saiyans",
               "timing": "instant", "text": "t", "effect": {"target": "team", "bk": 1}}
    for stats, words in (([{"stat": "imp", "value": 4}], "less than or equal to 3"),
                         ([{"stat": "imp", "value": 0}], "not 0"),
                         ([{"stat": "mov", "value": 1}], "stat"),
                         ([{"stat": "imp", "value": 1}, {"stat": "imp", "value": -1}],
                          "one bonus per stat")):  # fmt: skip
        with pytest.raises(ValidationError) as caught:
            affiliation.AffiliationCard.model_validate(
                {"affiliation": "Saiyans", "name": "S", "stats": stats, "ability": ability})
        assert words in str(caught.value)
