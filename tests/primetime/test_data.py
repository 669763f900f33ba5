"""Prime Time's data formats (docs/primetime-data.md) and the sample data: every race and
special rule of the core rules has a model, the two rosters are legal, bad files are
refused naming the file and the field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.primetime.data import DATA_DIR, DataError
from engine.primetime.pool import load_pool, sample_pool
from engine.primetime.roster import Roster, roster_problems, sample_rosters, threat


def test_the_sample_covers_every_race_and_special_rule() -> None:
    characters = sample_pool().characters.values()
    races = {c.race for c in characters}
    assert races >= {"Saiyan", "Human", "Android", "Namekian", "Bio-Android", "Majin",
                     "Wizard"}  # fmt: skip
    # a Saiyan with tiers ("SK Tax by Tier"); Cell/Buu with Dissolution Thresholds
    assert any(c.race == "Saiyan" and len(c.tiers) >= 3 for c in characters)
    assert {c.id for c in characters if c.tiers[-1].dissolution} >= {"cell", "majin-buu"}
    # "Base Sizes": a 50 mm giant form; "FUSION MECHANICS"; "DEVOTED SUPPORT PAIRS"
    assert any(t.base == 50 for c in characters for t in c.tiers)
    assert any(c.fusion is not None for c in characters)
    assert {c.devoted_partner for c in characters} >= {"goku", "gohan-kid"}
    # "Affiliation Loyalty Discount" and Babidi's CORRUPT
    assert sample_pool().character("cell").threat_in("Cell Games") == 6
    assert sample_pool().character("babidi").race == "Wizard"


def test_the_dissolution_thresholds_follow_the_tables() -> None:
    # DISSOLUTION THRESHOLD: Cell 5/6/7 at HP 5/6/7 and RES 1/2/3
    cell = sample_pool().character("cell")
    assert [(t.hp, t.res, t.dissolution) for t in cell.tiers] == [(5, 1, 5), (6, 2, 6),
                                                                   (7, 3, 7)]  # fmt: skip


def test_the_sample_rosters_are_legal() -> None:
    pool = sample_pool()
    rosters = sample_rosters()
    assert len(rosters) == 5
    for roster in rosters:
        assert roster_problems(roster, pool) == []
        assert threat(roster, pool) <= 20


def _roster(**changes: object) -> Roster:
    base = next(r for r in sample_rosters() if r.affiliation == "Cell Games")
    return base.model_copy(update=changes)


def test_the_loyalty_discount_applies_only_in_its_affiliation() -> None:
    # "Affiliation Loyalty Discount": Cell is 8, 6 in Cell Games
    pool = sample_pool()
    assert threat(_roster(), pool) == 19
    problems = roster_problems(_roster(affiliation="Androids", deck=[]), pool)
    assert "Threat 21 is over the cap of 20" in problems


def test_roster_limits_and_fusion_purchases_are_checked() -> None:
    pool = sample_pool()
    assert "2 models: a roster has 3 to 8" in roster_problems(
        _roster(models=["cell", "android-17"]), pool)
    # "A roster including a Fused model must also include both named components"
    problems = roster_problems(_roster(fusions=["gogeta"]), pool)
    assert "gogeta needs both components in the roster: goku, vegeta" in problems
    assert "android-17 is not Leader Eligible" in roster_problems(
        _roster(leader="android-17"), pool)


def test_the_deck_mix_is_checked() -> None:
    # "Deck Construction: 20-card deck (10 Generic + 6 Character + 4 Affiliation)"
    pool = sample_pool()
    deck = list(_roster().deck)
    deck[-1] = "zf-teamwork"
    problems = roster_problems(_roster(deck=deck), pool)
    assert "Teamwork is a Z-Fighters card, the roster is Cell Games" in problems
    problems = roster_problems(_roster(deck=[*deck[:-1], "second-wind"]), pool)
    assert "11 generic cards: a deck has 10" in problems
    assert "3 affiliation cards: a deck has 4" in problems


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    shutil.copytree(DATA_DIR, tmp_path / "pt")
    return tmp_path / "pt"


def test_a_bad_field_is_named_with_its_file(copy: Path) -> None:
    path = copy / "characters" / "villains.yaml"
    path.write_text(path.read_text().replace("move1: 8\n      move2: 4\n      imp: 4",
                                             "move1: 3\n      move2: 4\n      imp: 4", 1))
    with pytest.raises(DataError, match=r"villains.yaml: entry android-17: tiers.0: .*"
                                        r"move1 \(3\) must be higher than move2 \(4\)"):
        load_pool(copy)


def test_an_unknown_keyword_and_an_unpaired_partner_are_refused(copy: Path) -> None:
    path = copy / "characters" / "villains.yaml"
    text = path.read_text()
    path.write_text(text.replace("[Infinite Engine, Fly, Devoted Support]\n  devoted_partner:"
                                 " android-18", "[Infinite Engine, Flying]", 1))
    with pytest.raises(DataError, match=r"entry android-17: .*unknown model keyword 'Flying'"):
        load_pool(copy)
    path.write_text(text.replace("devoted_partner: android-18", "devoted_partner: goku", 1))
    with pytest.raises(DataError, match="android-17: devoted_partner 'goku' is not paired"):
        load_pool(copy)


def test_a_card_effect_that_makes_no_sense_is_refused(copy: Path) -> None:
    # docs/primetime-data.md, "Deck cards": an enemy target says how far; only a
    # z-reaction card answers an attack
    path = copy / "cards" / "character.yaml"
    text = path.read_text()
    path.write_text(text.replace("{target: enemy, within: 6, drain: 1", "{target: enemy, drain: 1"))
    with pytest.raises(DataError, match=r"character.yaml: entry gogeta-stardust-breaker: "
                                        r"effect: .*says `within` how far"):
        load_pool(copy)
    path.write_text(text.replace("timing: z-reaction, text: \"Krillin", "timing: action, "
                                 "text: \"Krillin"))
    with pytest.raises(DataError, match=r"krillin-lucky-dodge: .*only it, has `evade` or `res`"):
        load_pool(copy)
