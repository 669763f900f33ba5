"""Buu's Reformation ("Reforming (Buu)", "Buu Reformation")."""

from __future__ import annotations

from engine.primetime.damage import harm
from tests.primetime.helpers import answer, by_name, clear_table, place, to_activation


def test_buu_reforms_at_his_token_in_the_next_ascension_phase() -> None:
    # "Place Reformation token at KO location. Cannot act, target, or contribute OC while
    # Reforming ... removed from the board for the remainder of the current round. At start
    # of next round's Ascension Phase: returns at 2 HP at token location"
    game = to_activation()
    clear_table(game)
    buu = place(game, "majin-buu", 20, 20)
    buu.hp = 3
    harm(game, buu, 4)  # under Fat Buu's threshold of 5
    assert (buu.status, buu.token, buu.x) == ("reforming", (20, 20), None)
    assert buu not in game.enemies(by_name(game, "goku"))
    while game.state.round == 1 or game.state.phase not in ("ascension", "activation"):
        decision = game.pending
        assert decision is not None
        answer(game, {"activate": "pass", "ascension": "done", "fusion": "no"}.get(
            decision.kind) or decision.options[0].id)  # fmt: skip
    assert (buu.status, buu.x, buu.y, buu.hp) == ("active", 20, 20, 2)


def test_dissolution_bypasses_reformation() -> None:
    # "Dissolution bypasses Reformation entirely."
    game = to_activation()
    buu = by_name(game, "majin-buu")
    harm(game, buu, 5)
    assert buu.status == "removed"
