"""The engine's family contract (engine.core.family, docs/games.md): every family is
driven through it alone, knowing nothing of the game, and the families stay apart."""

from __future__ import annotations

import json

import pytest

from engine.core.family import FamilyGame, GameFamily
from engine.families import FAMILIES, IN_PROGRESS, UnknownRuleset, family_of
from engine.panini.decklist import Deck
from engine.panini.family import PaniniFamily
from engine.primetime.family import PrimeTimeFamily
from engine.score.deckcheck import ScoreDeck
from engine.score.family import ScoreFamily

_STATIC_CHECK: GameFamily = PaniniFamily()  # mypy: Panini keeps the contract
_STATIC_CHECK_SCORE: GameFamily = ScoreFamily()  # and Score
_STATIC_CHECK_PRIME_TIME: GameFamily = PrimeTimeFamily()  # and Prime Time


def test_every_ruleset_has_one_family() -> None:
    names = [r for family in FAMILIES.values() for r in family.rulesets]
    names += [r for rulesets in IN_PROGRESS.values() for r in rulesets]
    assert len(names) == len(set(names))
    assert {"panini-2016", "panini-2014", "score", "ocg"} <= set(names)
    assert family_of("panini-2014").name == "panini"


def test_score_and_prime_time_are_playable_and_an_unknown_ruleset_is_named() -> None:
    assert family_of("score").name == family_of("ocg").name == "score"
    assert family_of("prime-time").name == "primetime"
    assert IN_PROGRESS == {}  # every family plays whole games and the bot hosts each
    with pytest.raises(UnknownRuleset,
                       match="the rulesets are panini-2016, panini-2014, score, ocg, "
                             "prime-time"):
        family_of("poker")


@pytest.mark.parametrize(("ruleset", "seed"), [("panini-2016", 1), ("panini-2016", 2),
                                               ("score", 1), ("ocg", 2)])
def test_a_game_played_through_the_contract_alone(ruleset: str, seed: int) -> None:
    family = family_of(ruleset)
    decks = _score_decks(ruleset) if family.name == "score" else _sandbox_decks()
    play_through_the_contract(family, family.new_game(decks, seed, ruleset))


def play_through_the_contract(family: GameFamily, game: FamilyGame,
                              steps: int = 60) -> FamilyGame:  # fmt: skip
    """Answer up to `steps` decisions (the last option of each) through the contract alone,
    checking refusals, invariants, reloads and views, then concede; the game at the end."""
    for _ in range(steps):
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
        # the family's: players[i].hand in both)
        view = family.view(game, 0)
        assert json.loads(json.dumps(view)) == view
        assert "hand" in view["players"][0] and "hand" not in view["players"][1]
    assert game.concede(0).ok and game.over
    return game


def _score_decks(ruleset: str) -> list[ScoreDeck]:
    from bot.services.score_decks import score_starters

    return [starter.deck for starter in score_starters() if ruleset in starter.rulesets][:2]


def _sandbox_decks() -> list[Deck]:
    from bot.simulation import load_starter_decks

    family = FAMILIES["panini"]
    assert isinstance(family, PaniniFamily)
    return load_starter_decks(family.pool)[:2]
