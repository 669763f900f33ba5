"""Putting Life Deck cards back in any order names them to their chooser alone
(docs/rulings.md 119; 2016 GAME ZONES: the Life Deck is secret)."""

from __future__ import annotations

from pathlib import Path

from engine.panini.view import private_option_ids
from tests.scenario_play import play, scenario_game

SCENARIOS = Path(__file__).parent / "scenarios"


def test_life_deck_cards_put_back_are_named_to_their_chooser_alone() -> None:
    game = scenario_game(SCENARIOS / "moves-look-at-top-cards-put-back-in-any-order.yaml")
    texts = play(game, "Play Move Peek Order")
    decision = game.pending
    assert decision is not None and decision.kind == "choose_card"
    assert private_option_ids(game) == {option.id for option in decision.options}
    texts += play(game, "Capsule C", "Capsule A")
    public = [text for text, private_to in texts if private_to is None]
    assert not any("Capsule" in text for text in public), public
    assert ("From the top down: Capsule C, Capsule A, Capsule B.", 0) in texts


def test_a_discard_pile_put_back_is_told_to_both() -> None:
    game = scenario_game(SCENARIOS / "moves-rearrange-opponents-discard-pile.yaml")
    texts = play(game, "Play Move Pile Order")
    assert game.pending is not None and game.pending.kind == "choose_card"
    assert private_option_ids(game) == set()  # a discard pile is public
    texts += play(game, "Capsule C")
    assert any("from the top down: Capsule C, Capsule B." in text and who is None
               for text, who in texts)  # fmt: skip
