"""The pre-game ("PRE-GAME SETUP SEQUENCE", "FIRST PLAYER DETERMINATION")."""

from __future__ import annotations

from engine.primetime.geometry import in_deployment
from tests.primetime.helpers import answer, new_game, to_activation


def test_the_roll_winner_chooses_initiative_or_side() -> None:
    # "Higher roll chooses: take initiative ... OR choose deployment side. The other
    # player receives the unchosen option. Re-roll ties."
    game = new_game(1)
    decision = game.pending
    assert decision is not None and decision.kind == "first_player"
    assert {o.id for o in decision.options} == {"initiative", "side"}
    assert any(e.kind == "roll" for e in game.events)
    winner = decision.player
    answer(game, "side")
    assert game.pending is not None and game.pending.player == winner
    assert game.state.first == 1 - winner  # the other takes the initiative
    answer(game, "side:1")
    assert [p.side for p in game.state.players][winner] == 1
    assert game.state.players[1 - winner].side == 0


def test_deployment_alternates_from_the_initiative_and_stays_in_the_zones() -> None:
    # "Players alternate placing one model at a time, starting with the player who has
    # initiative. All models must be placed within their deployment zone"
    game = new_game(2)
    owners = []
    while game.state.phase != "activation":
        decision = game.pending
        assert decision is not None
        if decision.kind == "deploy_at":
            owners.append(decision.player)
        answer(game, decision.options[0].id)
    assert owners[:2] == [game.state.first, 1 - (game.state.first or 0)]
    assert owners == [owners[0], 1 - owners[0]] * 4
    assert [m.character for m in game.state.models if not m.on_table] == ["gogeta"]
    for m in filter(lambda m: m.on_table, game.state.models):
        side = game.state.players[m.owner].side
        assert side is not None and in_deployment(game.base(m), side, 8)


def test_a_deployment_point_off_the_grid_is_checked() -> None:
    game = new_game(2)
    while game.pending is not None and game.pending.kind != "deploy_at":
        answer(game, game.pending.options[0].id)
    decision = game.pending
    assert decision is not None
    side = game.state.players[decision.player].side
    inside, outside = ("at:10.5,3.25", "at:10.5,12") if side == 0 else ("at:10.5,26.75",
                                                                          "at:10.5,18")
    before = game.to_json()
    refused = game.apply(decision.player, outside, decision.seq)
    assert not refused.ok and "outside your deployment zone" in refused.reason
    assert game.to_json() == before
    assert game.apply(decision.player, inside, decision.seq).ok


def test_starting_hands_and_the_table_cards() -> None:
    # "Draw Starting Hands: up to the Round 1 hand limit (3 cards)"; one Location, one
    # mission per stage, one Condition
    game = to_activation(3)
    for player in game.state.players:
        assert len(player.hand) == 3 and len(player.deck) == 17
    stages = [game.pool.missions[m].stage for m in game.state.missions]
    assert stages == ["opening", "escalation", "finale"]
    assert game.state.location is not None and game.state.condition is not None
    private = [e for e in game.events if e.kind == "drawn"]
    assert all(e.private_to is not None for e in private)
