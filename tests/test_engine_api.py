"""The engine's public contract: Game.new sets up per 2016 "GAMEPLAY", apply() rejects bad
answers without changing anything, concede, JSON round trips, and per-player views."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from engine.panini.ai import GreedyPlayer, RandomPlayer
from engine.panini.game import Game
from engine.panini.view import SPECTATOR, player_view
from tests.pool import TEST_POOL, test_deck

DECKS = (test_deck("Goku"), test_deck("Vegeta"))


def new_game(seed: int, ruleset: str = "panini-2016") -> Game:
    return Game.new(DECKS, seed, ruleset, TEST_POOL)


def names(game: Game, iids: list[int]) -> list[str]:
    return [game.name(iid) for iid in iids]


def advance(game: Game, decisions: int, seed: int = 0) -> None:
    """Answer `decisions` pending decisions with a seeded random player."""
    chooser = RandomPlayer(seed)
    for _ in range(decisions):
        decision = game.pending
        assert decision is not None, "the game ended early; pick another seed"
        assert game.apply(decision.player, chooser.choose(game, decision), decision.seq).ok


# --- Game.new: 2016 "GAMEPLAY" ------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_new_game_follows_gameplay_setup(seed: int) -> None:
    game = new_game(seed)
    state = game.state
    first = state.first_player
    assert state.active == first
    assert state.turn == 1
    assert state.winner is None
    for index, deck in enumerate(DECKS):
        player = game.player(index)
        # Mastery in play; the MP set on Level 1 at five Power Stages above zero.
        assert game.name(player.mastery) == deck.mastery
        assert names(game, player.mp) == list(deck.main_personality)
        assert player.level == 1
        assert player.stage == 5
        assert player.anger == 0
        assert game.name(player.mp_card) == deck.main_personality[0]
        # Nothing else is in play or discarded.
        for zone in ("discard", "banished", "allies", "setups", "drills", "dragon_balls"):
            assert getattr(player, zone) == [], zone
        # The 60-card Life Deck: every card is there (the first player has drawn three).
        held = names(game, player.life) + names(game, player.hand)
        assert len(held) == 60
        assert Counter(held) == Counter(deck.life_deck)
    # Hands are empty until the first Draw Step, which runs at once for the first player:
    # the second player still holds nothing when the first decision is asked.
    assert len(game.player(first).hand) == 3
    assert len(game.player(first).life) == 57
    assert game.player(1 - first).hand == []
    assert len(game.player(1 - first).life) == 60
    pending = game.pending
    assert pending is not None
    assert (pending.player, pending.kind) == (first, "planning")


def test_new_game_life_decks_are_shuffled() -> None:
    orders = set()
    for seed in range(5):
        game = new_game(seed)
        for index, deck in enumerate(DECKS):
            player = game.player(index)
            # The whole deck, top first: the cards drawn were the top three.
            top_first = names(game, player.hand) + names(game, list(reversed(player.life)))
            assert top_first != list(deck.life_deck)
            assert top_first != list(reversed(deck.life_deck))
            orders.add(tuple(top_first))
    assert len(orders) == 10  # every seed, every seat: a different order


def test_first_player_is_chosen_at_random() -> None:
    firsts = Counter(new_game(seed).state.first_player for seed in range(50))
    assert firsts[0] >= 10
    assert firsts[1] >= 10


def test_same_seed_same_game() -> None:
    assert new_game(11).to_json() == new_game(11).to_json()


# --- apply(): rejected answers change nothing -------------------------------------------------
def test_apply_rejects_the_wrong_player() -> None:
    game = new_game(0)
    decision = game.pending
    assert decision is not None
    before = game.to_json()
    outcome = game.apply(1 - decision.player, decision.options[0].id, decision.seq)
    assert not outcome.ok
    assert "not your decision" in outcome.reason
    assert game.to_json() == before


def test_apply_rejects_a_stale_seq() -> None:
    game = new_game(0)
    advance(game, 3)
    decision = game.pending
    assert decision is not None and decision.seq > 0
    before = game.to_json()
    outcome = game.apply(decision.player, decision.options[0].id, decision.seq - 1)
    assert not outcome.ok
    assert f"stale decision #{decision.seq - 1}" in outcome.reason
    assert f"#{decision.seq}" in outcome.reason
    assert game.to_json() == before
    # The same answer with the current number is accepted.
    assert game.apply(decision.player, decision.options[0].id, decision.seq).ok


def test_apply_rejects_an_unknown_option() -> None:
    game = new_game(0)
    decision = game.pending
    assert decision is not None
    before = game.to_json()
    outcome = game.apply(decision.player, "no-such-option", decision.seq)
    assert not outcome.ok
    assert "'no-such-option' is not a legal option" in outcome.reason
    assert game.to_json() == before


def test_apply_rejects_answers_after_the_game_is_over() -> None:
    game = new_game(0)
    decision = game.pending
    assert decision is not None
    assert game.concede(decision.player).ok
    before = game.to_json()
    outcome = game.apply(decision.player, decision.options[0].id, decision.seq)
    assert not outcome.ok
    assert "the game is over" in outcome.reason
    assert game.to_json() == before


# --- concede --------------------------------------------------------------------------------
@pytest.mark.parametrize("seat", [0, 1])
def test_concede_ends_the_game_for_the_other_player(seat: int) -> None:
    game = new_game(3)
    outcome = game.concede(seat)
    assert outcome.ok
    assert game.over
    assert game.state.winner == 1 - seat
    assert game.state.win_reason == "concede"
    assert game.pending is None
    assert any(event.kind == "game_over" for event in outcome.events)
    before = game.to_json()
    again = game.concede(1 - seat)
    assert not again.ok
    assert "already over" in again.reason
    assert game.to_json() == before


# --- JSON round trip ---------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 5])
def test_json_round_trip_mid_decision_continues_identically(seed: int) -> None:
    original = new_game(seed)
    advance(original, 25, seed)
    assert original.pending is not None
    copy = Game.from_json(original.to_json(), TEST_POOL)
    assert copy.to_json() == original.to_json()
    players = (GreedyPlayer(), GreedyPlayer())
    for _ in range(5000):
        if original.over:
            break
        decision = original.pending
        assert decision is not None
        mirrored = copy.pending
        assert mirrored is not None
        option = players[decision.player].choose(original, decision)
        assert players[mirrored.player].choose(copy, mirrored) == option
        a = original.apply(decision.player, option, decision.seq)
        b = copy.apply(mirrored.player, option, mirrored.seq)
        assert a == b
        assert copy.to_json() == original.to_json()
    assert original.over and copy.over
    assert copy.state.winner == original.state.winner


# --- views ------------------------------------------------------------------------------------
def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        found = set(value)
        for item in value.values():
            found |= _keys(item)
        return found
    if isinstance(value, list):
        found = set()
        for item in value:
            found |= _keys(item)
        return found
    return set()


def test_player_view_shows_only_your_own_hand() -> None:
    game = new_game(0)
    advance(game, 6)
    for viewer in (0, 1):
        view = player_view(game, viewer)
        mine, theirs = view["players"][viewer], view["players"][1 - viewer]
        assert mine["hand"] == names(game, game.player(viewer).hand)
        assert "hand" not in theirs
        assert theirs["hand_count"] == len(game.player(1 - viewer).hand)
    assert all("hand" not in side for side in player_view(game, SPECTATOR)["players"])


def test_player_view_never_contains_a_life_deck_order() -> None:
    game = new_game(2)
    advance(game, 10, 2)
    for viewer in (0, 1, SPECTATOR):
        view = player_view(game, viewer)
        keys = _keys(view)
        assert {key for key in keys if "life" in key} == {"life_deck_count"}
        for index, side in enumerate(view["players"]):
            assert side["life_deck_count"] == len(game.player(index).life)
        json.dumps(view)  # plain data


def test_player_view_decision_options_only_for_the_decider() -> None:
    game = new_game(0)
    decision = game.pending
    assert decision is not None
    decider = player_view(game, decision.player)["decision"]
    assert decider["player"] == decision.player
    assert decider["kind"] == decision.kind
    assert [o["label"] for o in decider["options"]] == [o.label for o in decision.options]
    for viewer in (1 - decision.player, SPECTATOR):
        other = player_view(game, viewer)["decision"]
        assert other["player"] == decision.player
        assert other["kind"] == decision.kind
        assert "options" not in other
        assert "prompt" not in other
