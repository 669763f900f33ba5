"""The Score board image (renderers/score_board.py), read through the text it draws
(renderers._draw.record_text): drawn from ScoreFamily.view only, it shows each side's Main
Personality (level of levels, the Scouter's stage, power rating and Physical Attack Table
bracket, Score p. 34), anger, piles, Tokui-Waza, Mastery, Sensei and cards in play, the
turn, the MPPV level and who decides; it never draws a hand card."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.services.score_decks import score_starters
from engine.score.cards import CardType
from engine.score.family import ScoreFamily
from engine.score.game import ScoreGame
from engine.score.state import AllyInPlay
from renderers import _draw
from renderers.score_board import ScoreLabels, render_score_board, render_score_hand

FAMILY = ScoreFamily()  # the sandbox cards, as engine.families registers it
LABELS = ScoreLabels(("alice", "bob"), "Match #7 · casual · score")


def _game(steps: int, seed: int = 4, ruleset: str = "score") -> ScoreGame:
    decks = [s.deck for s in score_starters() if ruleset in s.rulesets][:2]
    game = FAMILY.new_game(decks, seed, ruleset)
    chooser = random.Random(seed)
    for _ in range(steps):
        decision = game.pending
        if decision is None:
            break
        assert game.apply(decision.player, chooser.choice(decision.options).id).ok
    return game


def _drawn(view: dict[str, Any], events: tuple[str, ...] = ()) -> str:
    with _draw.record_text() as drawn:
        png = render_score_board(view, LABELS, events)
    assert png.startswith(b"\x89PNG")
    return "\n".join(drawn)


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_no_hand_card_is_drawn_even_from_its_owners_view(viewer: int | None) -> None:
    game = _game(60)
    view = FAMILY.view(game, viewer)
    text = _drawn(view)
    public = str(FAMILY.view(game, None))
    for seat in (0, 1):
        for iid in game.player(seat).hand:
            name = game.name(iid)
            if name not in public:  # a copy in play or in a discard pile may show
                assert name not in text, (viewer, name)


def test_the_board_shows_each_side_and_the_turn() -> None:
    game = _game(60)
    view = FAMILY.view(game, None)
    text = _drawn(view, ("Player 1 passes.",))
    for side in view["players"]:
        assert side["main_personality"] in text
        assert f"Level {side['level']} of {side['levels']}" in text
        assert f"Scouter {side['stage']} above 0" in text
        assert f"PAT {side['pat_bracket']}" in text
        assert f"Anger {side['anger']}/5" in text
        assert f"Life Deck {side['life_deck_count']} · Hand {side['hand_count']}" in text
        assert f"Tokui-Waza {(side['tokui_waza'] or 'none').title()}" in text
        assert all(ball in text for ball in side["dragon_balls"])
    assert f"Turn {view['turn']}" in text and f"MPPV at level {view['win_level']}" in text
    assert "Waiting for" in text and "Player 1 passes." in text


def test_the_pat_bracket_follows_the_power_rating() -> None:
    # p. 34: bracket A is a power rating of 0 (a Scouter at 0), B from 1
    game = _game(0)
    view = FAMILY.view(game, None)
    side = view["players"][0]
    assert side["pat_bracket"] == "B" and side["power_rating"] > 0
    game.player(0).stage = 0
    assert FAMILY.view(game, None)["players"][0]["pat_bracket"] == "A"


def test_the_result_replaces_the_turn() -> None:
    game = _game(0)
    assert game.concede(1).ok
    text = _drawn(FAMILY.view(game, None))
    assert "alice wins by concession" in text and "Waiting for" not in text


def test_the_hand_image_needs_its_owners_view() -> None:
    game = _game(10, ruleset="ocg")
    with pytest.raises(ValueError, match="not the owner's view"):
        render_score_hand(FAMILY.view(game, 1), 0)
    with _draw.record_text() as drawn:
        render_score_hand(FAMILY.view(game, 0), 0)
    assert all(game.name(iid) in drawn for iid in game.player(0).hand)


def test_a_crowded_side_counts_what_does_not_fit() -> None:
    view = FAMILY.view(_game(0), None)
    view["players"][1]["drills"] = [f"Drill number {n}" for n in range(30)]
    text = _drawn(view)
    shown = sum(f"DRILL Drill number {n}" in text for n in range(30))
    assert 3 <= shown < 30 and f"+{30 - shown} more" in text


def test_the_attack_under_way_and_who_is_in_control_are_shown() -> None:
    # the Battle Sequencer's attack (public once performed) and an Ally in control of
    # Combat (p. 35) are on the board
    game = _game(0)
    for _ in range(2000):
        decision = game.pending
        assert decision is not None
        if decision.kind == "defend":
            break
        attacks = [o for o in decision.options if o.label.startswith("Attack (")]
        chooser = random.Random(decision.seq)
        option = attacks[0] if attacks else chooser.choice(decision.options)
        assert game.apply(decision.player, option.id).ok
    view = FAMILY.view(game, None)
    attack = view["attack"]
    assert attack is not None
    text = _drawn(view)
    assert f"attacks ({attack['kind']}) with {attack['card']}" in text
    defender = game.player(1 - attack["player"])
    if not defender.allies:  # an Ally of his Life Deck in play, to take control
        iid = next(i for i in defender.life if game.card(i).type == CardType.PERSONALITY)
        defender.life.remove(iid)
        defender.allies.append(AllyInPlay(iid, 3))
    ally = defender.allies[0]
    defender.control = ally.iid  # as step 4 may name it
    assert f"({ally.stage}, in control)" in _drawn(FAMILY.view(game, None))
