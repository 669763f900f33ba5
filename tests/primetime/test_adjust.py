"""Judges' corrections of a Prime Time game (engine/primetime/adjust.py): a model's HP
(PT-61) and position (PT-62), each checked, recorded like an answer ("@adjust:") and
replayed; a refused one changes nothing."""

from __future__ import annotations

from bot.services.families import PRIMETIME
from engine.core.adjust import encode
from engine.core.record import Answer
from engine.primetime.adjust import adjust
from engine.primetime.game import PrimeTimeGame
from tests.primetime.helpers import answer, by_name, new_game, to_activation


def _placed(game: PrimeTimeGame, owner: int) -> list[str]:
    return [game.name(m) for m in game.state.models if m.owner == owner and m.on_table]


def test_hp_is_set_from_1_to_the_tiers_hp_of_a_fighting_model_pt_61() -> None:
    game = to_activation()
    goku = by_name(game, "goku")
    seat, top = goku.owner, game.tier(goku).hp
    before = game.to_json()
    for bad in (0, top + 1, "3", True, None):
        refused = adjust(game, seat, {"kind": "hp", "model": "Goku", "value": bad})
        assert not refused.ok and f"from 1 to {top}" in (refused.reason or "")
        assert game.to_json() == before
    done = adjust(game, seat, {"kind": "hp", "model": "goku", "value": 2})
    assert done.ok and goku.hp == 2
    assert done.events[0].text.startswith("Judge's correction: Goku's HP set to 2")
    goku.status, goku.hp = "dazed", 0  # a Dazed model's HP comes back when it returns
    dazed = adjust(game, seat, {"kind": "hp", "model": "Goku", "value": 3})
    assert not dazed.ok and "Dazed" in (dazed.reason or "") and goku.hp == 0


def test_a_model_is_named_among_its_players_models_on_the_table() -> None:
    game = to_activation()
    goku = by_name(game, "goku")
    other = 1 - goku.owner
    wrong = adjust(game, other, {"kind": "hp", "model": "Goku", "value": 2})
    assert not wrong.ok and "no model named 'Goku'" in (wrong.reason or "")
    assert all(name in (wrong.reason or "") for name in _placed(game, other))
    odd = adjust(game, goku.owner, {"kind": "anger", "value": 1})
    assert not odd.ok and "position, hp" in (odd.reason or "")


def test_a_position_on_the_board_clear_of_bases_and_terrain_pt_62() -> None:
    game = to_activation()
    goku = by_name(game, "goku")
    seat, before = goku.owner, game.to_json()
    mate = next(m for m in game.state.models if m.on_table and m.uid != goku.uid)
    piece = next(p for p in game.state.terrain if p.state != "rubble" and p.level >= 0)
    for x, y, why in ((0.2, 15.0, "off the board"), (29.9, 15.0, "off the board"),
                      (mate.x, mate.y, "overlap"),
                      (piece.x + piece.width / 2, piece.y + piece.depth / 2, "terrain"),
                      ("12", 7, "x and y in inches")):
        refused = adjust(game, seat, {"kind": "position", "model": "Goku", "x": x, "y": y})
        assert not refused.ok and why in (refused.reason or ""), (x, y, refused.reason)
        assert game.to_json() == before
    spot = next((x + 0.5, y + 0.5) for x in range(2, 28) for y in range(10, 20)
                if adjust(PrimeTimeGame.from_json(game.to_json(), game.pool), seat,
                          {"kind": "position", "model": "Goku", "x": x + 0.5,
                           "y": y + 0.5}).ok)
    moved = adjust(game, seat, {"kind": "position", "model": "Goku", "x": spot[0],
                                "y": spot[1]})
    assert moved.ok and (goku.x, goku.y) == spot
    assert "Goku moved to" in moved.events[0].text
    assert game.pending is not None  # the game still waits for the same decision


def test_no_position_while_the_decision_offers_points_pt_62() -> None:
    game = new_game()
    # deploy until a model stands on the table and the next deployment point is asked
    while not (game.pending.kind == "deploy_at"  # type: ignore[union-attr]
               and any(m.on_table for m in game.state.models)):
        answer(game, game.pending.options[0].id)  # type: ignore[union-attr]
    placed = next(m for m in game.state.models if m.on_table)
    refused = adjust(game, placed.owner, {"kind": "position", "model": game.name(placed),
                                          "x": 15.0, "y": 15.0})
    assert not refused.ok and "roll back" in (refused.reason or "")


def test_a_correction_replays_from_its_record() -> None:
    game = to_activation()
    goku = by_name(game, "goku")
    option = encode({"kind": "hp", "model": "Goku", "value": 3})
    assert PRIMETIME.apply(game, Answer(goku.owner, option)).ok and goku.hp == 3
    assert PRIMETIME.copy(game).to_json() == game.to_json()
    unreadable = PRIMETIME.apply(game, Answer(goku.owner, "@adjust:{"))
    assert not unreadable.ok and "unreadable correction" in (unreadable.reason or "")
