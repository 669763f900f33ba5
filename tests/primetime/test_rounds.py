"""A round's frame: the Power Phase ("BATTLE KI (BK) ECONOMY", "Generate Order Pool"),
activations and passing, Cleanup scoring ("Objective Control & ZOC"), Dazed return and
Regeneration, victory ("How to Win")."""

from __future__ import annotations

from engine.primetime.damage import harm
from engine.primetime.rounds import decide, generated_bk, score_objectives
from tests.primetime.helpers import answer, by_name, clear_table, place, to_activation


def _roster_of(game, affiliation: str) -> int:  # type: ignore[no-untyped-def]
    return next(i for i, p in enumerate(game.state.players) if p.affiliation == affiliation)


def test_round_one_bk_follows_the_flat_escalation_table() -> None:
    # "R1 | +1 | +1 | +1/model | 1 + 1 + 4 = 6"; Infinite Engine +1 once per team
    game = to_activation()
    z = _roster_of(game, "Z-Fighters")
    androids = 1 - z
    assert game.state.players[z].bk == 6
    assert game.state.players[androids].bk == 7
    # R2: "3 + 4 = 7" with no Elite Bonus
    game.state.round = 2
    assert generated_bk(game, z, 4) == 7
    # 7 models in round 1: "1 + 0 + 7 = 8"
    game.state.round = 1
    assert generated_bk(game, z, 7) == 8


def test_the_bk_pool_is_capped_at_15() -> None:
    # "BK Pool Cap: 15 BK (flat, all roster sizes). Excess is lost."
    game = to_activation()
    for player in game.state.players:
        player.bk = 14
    game.state.players[0].passed = game.state.players[1].passed = True
    while game.state.round == 1:
        decision = game.pending
        assert decision is not None
        answer(game, "pass" if decision.kind == "activate" else decision.options[0].id)
    assert all(p.bk == 15 for p in game.state.players)


def test_the_player_with_fewer_models_gets_a_bonus_order() -> None:
    # "Generate Order Pool — Each non-Dazed model = 1 order. +1 bonus to fewer-model player."
    game = to_activation()
    assert [p.orders for p in game.state.players] == [4, 4]
    by_name(game, "krillin").status = "dazed"
    z = _roster_of(game, "Z-Fighters")
    while game.state.round == 1:
        decision = game.pending
        assert decision is not None
        answer(game, "pass" if decision.kind == "activate" else decision.options[0].id)
    # Krillin returned at Cleanup ("Dazed models return"): 4 each again
    assert game.state.players[z].orders == 4
    assert by_name(game, "krillin").hp == 3  # "half starting HP (rounded up)": 5 -> 3


def test_activations_alternate_and_a_second_one_pays_the_focus_tax() -> None:
    # "Players alternate activating models"; "Focus Tax: A model's second activation in
    # a round costs 2 BK"
    game = to_activation()
    first = game.state.turn
    decision = game.pending
    assert decision is not None and decision.player == first
    goku_or_cell = decision.options[0].id
    answer(game, goku_or_cell)
    answer(game, "end")
    assert game.pending is not None and game.pending.player == 1 - first
    answer(game, "pass")  # the other passes: the first player carries on alone
    decision = game.pending
    assert decision is not None and decision.player == first
    again = decision.option(goku_or_cell)
    assert again is not None and "Focus Tax 2 BK" in again.label
    bk = game.state.players[first].bk
    answer(game, goku_or_cell)
    assert game.state.players[first].bk == bk - 2


def test_objectives_go_to_the_highest_ground_oc_of_non_dazed_models() -> None:
    # "Control: the team with the highest total OC among non-Dazed, Ground-level models
    # within ZOC"; "Contested: If OC totals are tied, no team controls the objective"
    game = to_activation()
    clear_table(game)
    game.state.missions[0] = "hold-the-line"  # one objective at (15, 15), 2 Glory
    z = _roster_of(game, "Z-Fighters")
    goku = place(game, "goku", 15, 12)
    cell = place(game, "cell", 15, 18)
    score_objectives(game)
    assert game.state.round_winners == [None] and game.state.glory_log == []
    cell.status = "dazed"
    game.state.players[z].glory.clear()
    game.state.players[1 - z].glory.clear()
    game.state.round_winners.clear()
    score_objectives(game)
    assert game.state.round_winners == [z]
    assert [(g.player, g.amount) for g in game.state.glory_log] == [(z, 2)]
    assert goku.owner == z


def test_an_airborne_model_does_not_hold_an_objective() -> None:
    # "Objective Control & Altitude: Only models at Ground (Level 0) contribute OC"
    game = to_activation()
    clear_table(game)
    game.state.missions[0] = "hold-the-line"
    place(game, "goku", 15, 12).level = 1
    score_objectives(game)
    assert game.state.round_winners == [None]


def test_victory_by_rounds_then_glory_then_sudden_death() -> None:
    # "Win 3+ rounds"; "Win 2 rounds (opponent also wins 2): most total Glory"; "Total
    # Glory also tied: Sudden Death"; PT-9: otherwise more rounds won
    game = to_activation()
    state = game.state
    state.round_winners = [0, 1, 0, None]
    decide(game)
    assert state.winner == 0
    state.winner = None
    state.round_winners = [0, 1, 0, 1]
    state.players[0].glory, state.players[1].glory = [2, 0, 1, 0], [0, 3, 0, 1]
    decide(game)
    assert state.winner == 1 and "Glory" in state.win_reason
    state.winner = None
    state.players[1].glory = [0, 2, 0, 1]
    decide(game)
    assert state.winner is None and state.sudden_death


def test_regeneration_heals_a_namekian_at_base_tier() -> None:
    # "Regeneration: Recover 1 HP during Cleanup Phase. Namekians only, Base Tier only."
    game = to_activation()
    piccolo = by_name(game, "krillin")
    piccolo.character = "piccolo"  # no sample roster fields him: he stands in
    piccolo.hp = 3
    gohan = by_name(game, "gohan-kid")
    gohan.hp = 3
    while game.state.round == 1:
        decision = game.pending
        assert decision is not None
        answer(game, "pass" if decision.kind == "activate" else decision.options[0].id)
    assert (piccolo.hp, gohan.hp) == (4, 3)


def test_cell_regenerates_at_any_tier() -> None:
    # "Threshold Regeneration (Cell only): During Cleanup Phase ... Cell recovers 1 HP (up
    # to current Tier HP max)" (PT-24)
    game = to_activation()
    cell = by_name(game, "cell")
    cell.tier, cell.hp = 2, 4
    while game.state.round == 1:
        decision = game.pending
        assert decision is not None
        answer(game, "pass" if decision.kind == "activate" else decision.options[0].id)
    assert cell.hp == 5


def test_a_forfeit_gives_the_opponent_this_round_and_the_rest() -> None:
    # "Forfeit Rule: A player may forfeit at any time during the game. The opponent
    # immediately wins the current round and all remaining rounds."
    game = to_activation()
    assert game.concede(0).ok
    assert game.state.winner == 1 and game.pending is None
    assert game.state.round_winners == [1, 1, 1, 1]
    assert not game.concede(1).ok


def test_a_fallen_order_is_a_bonus_activation_for_a_friend() -> None:
    # "Fallen Order: When a model is KO'd before its activation this round, its remaining
    # order token is not lost. Any friendly model may use it as a bonus activation, but no
    # model may activate more than 2 times total per round. The bonus activation triggers
    # Focus Tax (2 BK) as normal for a second activation."
    game = to_activation()
    z = _roster_of(game, "Z-Fighters")
    player = game.state.players[z]
    goku = by_name(game, "goku")
    for m in game.state.models:
        if m.owner == z and m is not goku:
            m.dazes = 1  # already Dazed once this game: 0 HP now KOs
            harm(game, m, 99)
            assert m.status == "ko"
    assert player.orders == 4  # the three fallen orders are not lost
    game.state.turn, game.state.pending = z, None
    game.state.players[1 - z].passed = True
    player.bk = 10
    game.then(("next_activation", {}))
    game.run()
    answer(game, f"model:{goku.uid}")
    answer(game, "end")
    decision = game.pending
    assert decision is not None and decision.player == z
    again = decision.option(f"model:{goku.uid}")
    assert again is not None and "Focus Tax 2 BK" in again.label
    answer(game, f"model:{goku.uid}")
    assert (player.bk, player.orders) == (8, 2)
    answer(game, "end")
    # two orders left, but Goku has activated twice: no third activation
    assert game.state.round == 2  # the round ended with its two orders unused
