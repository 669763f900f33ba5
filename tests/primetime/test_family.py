"""Prime Time through the engine's contract alone (engine.core.family, docs/games.md), as
tests/test_families.py plays the other families."""

from __future__ import annotations

from engine.core.family import GameFamily
from engine.families import FAMILIES, IN_PROGRESS, family_of
from engine.primetime.family import PrimeTimeFamily
from tests.primetime.helpers import CAST
from tests.test_families import play_through_the_contract


def test_prime_time_is_registered_under_its_ruleset() -> None:
    assert "primetime" not in IN_PROGRESS  # the bot hosts it (bot/services/families.py)
    assert dict(FAMILIES["primetime"].rulesets) == dict(PrimeTimeFamily().rulesets)
    assert family_of("prime-time") is FAMILIES["primetime"]


def test_a_game_played_through_the_contract_alone() -> None:
    family: GameFamily = PrimeTimeFamily()
    decks = [r.model_dump() for r in CAST]  # plain data, as a bot stores decks
    game = family.new_game(decks, 5, "prime-time")
    # 25 answers of the last option stay inside the game (passing ends rounds quickly)
    game = play_through_the_contract(family, game, steps=25)
    assert family.view(game, None)["winner"] == 1
    assert "hand" not in family.view(game, None)["players"][0]
