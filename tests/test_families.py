"""The engine's family contract (engine.core.family, docs/games.md): every family is
driven through it alone, knowing nothing of the game, and the families stay apart."""

from __future__ import annotations

import json

import pytest

from engine.core.family import GameFamily
from engine.families import FAMILIES, IN_PROGRESS, UnknownRuleset, family_of
from engine.panini.decklist import Deck
from engine.panini.family import PaniniFamily

_STATIC_CHECK: GameFamily = PaniniFamily()  # mypy: Panini keeps the contract


def test_every_ruleset_has_one_family() -> None:
    names = [r for family in FAMILIES.values() for r in family.rulesets]
    names += [r for rulesets in IN_PROGRESS.values() for r in rulesets]
    assert len(names) == len(set(names))
    assert {"panini-2016", "panini-2014", "score", "ocg"} <= set(names)
    assert family_of("panini-2014").name == "panini"


def test_a_ruleset_not_yet_playable_says_so() -> None:
    with pytest.raises(UnknownRuleset, match="cannot be played yet"):
        family_of("ocg")
    with pytest.raises(UnknownRuleset, match="the rulesets are panini-2016, panini-2014"):
        family_of("poker")


@pytest.mark.parametrize("seed", [1, 2])
def test_a_game_played_through_the_contract_alone(seed: int) -> None:
    family = FAMILIES["panini"]
    game = family.new_game(_sandbox_decks(), seed, "panini-2016")
    for _ in range(60):
        decision = game.pending
        if decision is None:
            break
        # a wrong player and a stale number are refused and change nothing
        before = game.to_json()
        assert not game.apply(1 - decision.player, decision.options[0].id).ok
        assert not game.apply(decision.player, decision.options[0].id, decision.seq + 1).ok
        assert game.to_json() == before
        outcome = game.apply(decision.player, decision.options[-1].id, decision.seq)
        assert outcome.ok, outcome.reason
        assert family.violations(game) == []
        # the JSON state carries on identically
        reloaded = family.load_game(game.to_json())
        assert reloaded.to_json() == game.to_json()
        game = reloaded
        # a player's view is plain data with their hand, not the other's (its shape is
        # the family's: Panini's players[i].hand)
        view = family.view(game, 0)
        assert json.loads(json.dumps(view)) == view
        assert "hand" in view["players"][0] and "hand" not in view["players"][1]
    assert game.concede(0).ok and game.over


def _sandbox_decks() -> list[Deck]:
    from bot.simulation import load_starter_decks

    family = FAMILIES["panini"]
    assert isinstance(family, PaniniFamily)
    return load_starter_decks(family.pool)[:2]
