"""Banned and restricted lists (data/banlists/<ruleset>.yaml): deck checks name the entry
and its reason; the shipped lists load; a broken file says where it is broken."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.panini.banlist import Banlist, BanlistError, Restricted, load_banlist
from engine.panini.cards import DATA_DIR, load_pool
from engine.panini.deckcheck import check_deck
from engine.panini.decklist import parse_deck_list
from engine.panini.rulesets import RULESETS, get_ruleset

POOL = load_pool()
GOKU = parse_deck_list((DATA_DIR / "decks" / "goku-saiyan.txt").read_text(), POOL, "goku")
RULES = get_ruleset("panini-2016")


def test_shipped_lists_load_and_the_starter_decks_stay_legal() -> None:
    for name in RULESETS:
        assert isinstance(load_banlist(name), Banlist)
    assert check_deck(GOKU, POOL, RULES) == []


def test_banned_and_restricted_cards_are_explained() -> None:
    counts = GOKU.counts()
    three = next(name for name, count in counts.items() if count == 3)
    one = next(name for name, count in counts.items() if count == 1 and "Dragon" not in name)
    banlist = Banlist.model_validate({
        "source": "test announcement",
        "banned": [{"name": one.upper(), "reason": "too strong"}],
        "restricted": [{"name": three, "max": 2, "reason": "slows games"}],
    })
    violations = check_deck(GOKU, POOL, RULES, banlist)
    assert [v.rule for v in violations] == ["deck.banned", "deck.restricted"]
    assert violations[0].message == f"'{one}' is banned: too strong"
    assert violations[1].message == (f"3 copies of '{three}'; it is restricted to 2: "
                                     "slows games")
    assert "data/banlists/panini-2016.yaml (test announcement)" in violations[0].source
    allowed = Banlist(restricted=(Restricted(name=three, max=3),))
    assert check_deck(GOKU, POOL, RULES, allowed) == []


def test_a_broken_list_names_its_file(tmp_path: Path) -> None:
    (tmp_path / "panini-2016.yaml").write_text("banned: [{name: X, max: 2}]\n")
    with pytest.raises(BanlistError, match=r"panini-2016\.yaml"):
        load_banlist("panini-2016", tmp_path)
    assert load_banlist("panini-2014", tmp_path) == Banlist()  # no file: nothing banned
