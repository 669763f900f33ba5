"""The Score board in a terminal (bot.score_textboard): drawn from ScoreFamily.view only,
the viewer's hand and no other, the decision's prompt only for the one who decides."""

from __future__ import annotations

from bot.score_textboard import describe_score_result, render_score_board, score_card_text
from engine.score.family import ScoreFamily
from tests.score.decks import FRIEZA, GOKU, POOL, deck

FAMILY = ScoreFamily(POOL)


def test_the_board_shows_the_viewers_hand_only() -> None:
    game = FAMILY.new_game([deck(GOKU), deck(FRIEZA)], 3, "score")
    hand = {game.name(iid) for iid in game.state.players[0].hand}
    assert hand  # Goku, the hero, drew first
    mine = render_score_board(FAMILY.view(game, 0))
    assert "== Player 1 (you): Goku - Sandbox Sprout" in mine
    assert all(name in mine for name in hand)
    assert "Player 1 (you): Place a card in play, or go on." in mine  # his decision
    # Goku's side last, nearest the prompt
    assert mine.index("== Player 2: Frieza") < mine.index("== Player 1 (you)")
    for viewer in (1, None):
        theirs = render_score_board(FAMILY.view(game, viewer))
        assert not any(name in theirs for name in hand), viewer
        assert "Your hand" not in theirs or viewer == 1
        assert "Place a card in play" not in theirs
    assert "Turn 1 (score), non-combat step; active: Player 1." in theirs


def test_the_result_names_the_victory() -> None:
    game = FAMILY.new_game([deck(GOKU), deck(FRIEZA)], 3, "score")
    assert describe_score_result(FAMILY.view(game, 0)) == ""
    game.concede(1)
    assert describe_score_result(FAMILY.view(game, 0)) == "Player 1 (you) wins by concession."
    view = {**FAMILY.view(game, None), "win_reason": "dragon_balls"}
    assert describe_score_result(view) == "Player 1 wins by Dragon Ball Victory."


def test_card_text_by_a_unique_start_of_its_name() -> None:
    assert "Endurance 2" in score_card_text(POOL, "black sandbox sto")
    assert score_card_text(POOL, "Goku - Sandbox").startswith("'Goku - Sandbox' could be: ")
    assert score_card_text(POOL, "nothing") == "No card named 'nothing'."
