"""The terminal board: drawn from a player view, so it shows only what that seat may see."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.textboard import (
    anger_gauge,
    describe_result,
    render_board,
    render_events,
    render_side,
    stage_track,
    viewer_of,
    win_reason_text,
)
from engine.core.events import Event
from engine.panini.ai import GreedyPlayer
from engine.panini.game import Game
from engine.panini.scenario import build_game, find_option, load_scenario, scenario_pool
from engine.panini.view import SPECTATOR, player_view
from tests.pool import TEST_POOL, test_deck


def new_game(seed: int = 3) -> Game:
    return Game.new([test_deck("Goku"), test_deck("Vegeta")], seed=seed, pool=TEST_POOL)


def advance(game: Game, decisions: int) -> None:
    ai = GreedyPlayer()
    for _ in range(decisions):
        decision = game.pending
        assert decision is not None
        assert game.apply(decision.player, ai.choose(game, decision), decision.seq).ok


def test_viewer_sees_own_hand_and_not_the_other() -> None:
    game = new_game()
    advance(game, 5)
    for seat in (0, 1):
        view = player_view(game, seat)
        text = render_board(view)
        hand = view["players"][seat]["hand"]
        assert f"Your hand: {', '.join(hand) if hand else '-'}" in text
        assert text.count("Your hand:") == 1
        assert f"Player {seat + 1} (you)" in text
    assert "Your hand" not in render_board(player_view(game, SPECTATOR))


def test_viewer_side_is_drawn_last() -> None:
    text = render_board(player_view(new_game(), 0))
    assert text.index("== Player 2:") < text.index("== Player 1 (you):")


def test_side_shows_every_zone() -> None:
    side = player_view(new_game(), 0)["players"][0]
    side.update(
        allies=[{"name": "Krillin Ally", "stage": 3, "power_level": 3000}],
        drills=["Power Drill"],
        setups=["Quick Study"],
        dragon_balls=[
            {"name": "Test Dragon Ball 1", "captured": False},
            {"name": "Test Dragon Ball 5", "captured": True},
        ],
        discard_pile=["Brace", "Focus"],
        banished=["Tough Guard"],
        anger=2,
    )
    text = render_side(side, viewer=0, anger_max=5)
    assert "Level 1/4" in text and "Power 5,000" in text and "PUR 1" in text
    assert "stage  5 [=====O-----]" in text
    assert "Anger [##...] 2/5" in text
    assert "Mastery: Saiyan Test Mastery" in text
    assert "Discard 2 (top: Focus)" in text and "Banished 1" in text
    assert "Drills: Power Drill" in text and "Setups: Quick Study" in text
    assert "Krillin Ally (stage 3, 3,000)" in text
    assert "Test Dragon Ball 1, Test Dragon Ball 5 (captured)" in text


def test_stage_track_and_anger_gauge_bounds() -> None:
    assert stage_track(0) == "stage  0 [O----------]"
    assert stage_track(10) == "stage 10 [==========O]"
    assert anger_gauge(0) == "[.....] 0/5"
    assert anger_gauge(5) == "[#####] 5/5"


def test_status_names_turn_step_and_decider() -> None:
    game = new_game()
    view = player_view(game, 0)
    decider = view["decision"]["player"]
    other_view = player_view(game, 1 - decider)
    assert "Turn 1 - " in render_board(view)
    assert f"{view['step']} step" in render_board(view)
    assert f"Waiting for Player {decider + 1} to decide" in render_board(other_view)
    assert "Your decision:" in render_board(player_view(game, decider))


def test_attack_in_progress_is_shown() -> None:
    game = new_game()
    ai = GreedyPlayer()
    while player_view(game, SPECTATOR)["attack"] is None:
        decision = game.pending
        assert decision is not None
        game.apply(decision.player, ai.choose(game, decision), decision.seq)
    view = player_view(game, SPECTATOR)
    assert f"with {view['attack']['card']} ({view['attack']['type']})" in render_board(view)


def test_finished_game_names_winner_and_reason() -> None:
    game = new_game()
    game.concede(0)
    view: dict[str, Any] = player_view(game, 1)
    assert describe_result(view) == "Player 2 (you) wins by the opponent's concession."
    assert "game over" in render_board(view)


ONLY_DRAGON_BALLS = (
    Path(__file__).parent / "scenarios" / "damage-only-dragon-balls-left-survival.yaml"
)


def only_dragon_balls_left() -> tuple[Game, list[Event]]:
    """The rules scenario: p2 takes 4 life cards of damage with one card and two Dragon
    Balls in the Life Deck, and loses with the two Dragon Balls still there."""
    spec = load_scenario(ONLY_DRAGON_BALLS)
    game = build_game(spec, scenario_pool(spec, ONLY_DRAGON_BALLS))
    events: list[Event] = []
    for step in spec.decisions:
        ((_seat, wanted),) = step.items()
        decision = game.pending
        assert decision is not None
        option = find_option(decision, wanted)
        assert option is not None, (wanted, decision.options)
        outcome = game.apply(decision.player, option, decision.seq)
        events += outcome.events
    return game, events


def test_survival_with_only_dragon_balls_left_says_so() -> None:
    """The Life Deck did not run out: saying it did contradicts the board beside it."""
    game, events = only_dragon_balls_left()
    view: dict[str, Any] = player_view(game, SPECTATOR)
    assert view["win_reason"] == "survival" and view["players"][1]["life_deck_count"] == 2
    result = describe_result(view)
    assert result == (
        "Player 1 wins by Survival Victory (the other Life Deck holds only Dragon Balls, "
        "which cannot be discarded as damage)."
    )
    assert "Life Deck 2" in render_board(view) and "ran out" not in render_board(view)
    log = render_events(events, SPECTATOR)
    assert (
        "Player 2's Life Deck holds only Dragon Balls (2), which cannot be discarded as "
        "damage." in log
    )


def test_survival_with_an_empty_life_deck_says_it_ran_out() -> None:
    game, _ = only_dragon_balls_left()
    view: dict[str, Any] = player_view(game, SPECTATOR)
    view["players"][1]["life_deck_count"] = 0
    ran_out = "Player 1 wins by Survival Victory (the other Life Deck ran out)."
    assert describe_result(view) == ran_out
    assert win_reason_text("survival", view).endswith("(the other Life Deck ran out)")


def test_events_hide_other_seats_private_ones() -> None:
    events = [
        Event("draw", "Player 1 draws 1."),
        Event("draw_private", "You draw Secret Card.", private_to=0),
        Event("damage_card", "Player 1 discards Brace as damage."),
    ]
    assert "Secret Card" in render_events(events, 0)
    assert "Secret Card" not in render_events(events, 1)
    assert "Secret Card" not in render_events(events, SPECTATOR)
    assert "Brace" not in render_events(events, SPECTATOR, condensed=True)
    assert "Player 1 draws 1." in render_events(events, SPECTATOR, condensed=True)


def test_viewer_of() -> None:
    game = new_game()
    assert viewer_of(player_view(game, 1)) == 1
    assert viewer_of(player_view(game, SPECTATOR)) is None
