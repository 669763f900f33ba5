"""Devoted Support ("DEVOTED SUPPORT PAIRS")."""

from __future__ import annotations

from tests.primetime.helpers import (
    activate,
    answer,
    by_name,
    clear_table,
    empty_table,
    place,
    to_activation,
)


def test_a_devoted_model_gives_both_actions_and_repositions() -> None:
    # "A Devoted Support model may transfer up to both of its actions to their partner ...
    # Transferred actions add to the receiving model's available actions for their next
    # activation ... The transferring model makes a free Reposition up to full MOV"
    game = to_activation()
    clear_table(game)
    goku = place(game, "goku", 10, 10)
    gohan = place(game, "gohan-kid", 20, 10)
    activate(game, gohan)
    ids = [o.id for o in game.pending.options]  # type: ignore[union-attr]
    assert {"devote:1", "devote:2"} <= set(ids)
    answer(game, "devote:2")
    decision = game.pending
    assert decision is not None and decision.kind == "reposition"
    answer(game, "at:20,17")  # 7": Gohan's full 1st Move
    assert (gohan.x, gohan.y) == (20, 17)
    assert game.pending is not None and game.pending.kind == "activate"  # no action left
    assert goku.bonus_actions == 2
    # once per round for the pair
    activate(game, goku)
    decision = game.pending
    assert decision is not None
    assert not any(o.id.startswith("devote") for o in decision.options)


def test_the_partner_gets_the_actions_at_its_next_activation() -> None:
    game = to_activation()
    goku = by_name(game, "goku")
    goku.bonus_actions = 2
    decision = game.pending
    assert decision is not None
    if decision.player != goku.owner:
        answer(game, "pass")
    answer(game, f"model:{goku.uid}")
    assert game.state.active is not None and game.state.active.actions == 4
    assert goku.bonus_actions == 0


def test_support_gives_one_action_to_a_friend_within_6_once_a_round() -> None:
    # "Support | Once per round: give 1 action to a friendly model within 6". Keep
    # remaining 1 action for self."
    game = empty_table()
    krillin = place(game, "krillin", 15, 15)
    goku = place(game, "goku", 15, 20)
    far = place(game, "vegeta", 15, 28)
    activate(game, krillin)
    assert game.pending is not None
    ids = [o.id for o in game.pending.options]
    assert f"support:{goku.uid}" in ids and f"support:{far.uid}" not in ids
    answer(game, f"support:{goku.uid}")
    assert goku.bonus_actions == 1 and krillin.supported
    assert game.state.active is not None and game.state.active.actions == 1
    assert not any(o.id.startswith("support:") for o in game.pending.options)
