"""What the images may and must show, determinism, thread safety and fonts. Text in an
image cannot be searched, so every string a renderer draws goes through one helper
(renderers._draw.Painter), which `record_text` lets the tests read."""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from typing import Any

import pytest
from PIL import Image

from engine.panini.cards import Damage, load_pool
from engine.panini.view import SPECTATOR, damage_text, player_view
from renderers import _draw, board
from renderers.board import BoardLabels, draw_board, render_board
from renderers.card import render_card
from renderers.hand import draw_hand, render_hand
from tests.renderers import states

LABELS = BoardLabels(("Ann", "Bob the Builder"), "Match #7 · ranked · panini-2016")
MAX_PNG_BYTES = 150 * 1024


@cache
def mid_combat() -> states.Snapshot:
    return states.mid_combat()


@cache
def mid_game() -> states.Snapshot:
    return states.mid_game()


def hands(snap: states.Snapshot) -> list[list[str]]:
    return [list(player_view(snap.game, seat)["players"][seat]["hand"]) for seat in (0, 1)]


def drawn_text(view: Mapping[str, Any], events: tuple[str, ...] = ()) -> list[str]:
    with _draw.record_text() as drawn:
        draw_board(view, LABELS, events)
    return drawn


# --- nothing hidden is drawn ----------------------------------------------------------------------
def test_spectator_board_never_draws_a_hand_card() -> None:
    snap = mid_combat()
    view = player_view(snap.game, SPECTATOR)
    assert all("hand" not in side for side in view["players"])
    hidden = [name for hand in hands(snap) for name in hand]
    assert len(hidden) == 4 and all(hands(snap))  # both hands hold cards
    drawn = drawn_text(view, snap.events)
    assert any("Relentless Meteor Charge" in text for text in drawn)  # the helper saw text
    for name in hidden:
        assert not any(name in text for text in drawn), name


def test_a_players_own_board_draws_no_hand_card_either() -> None:
    """The board is for the thread: even from a player's view it shows counts only."""
    snap = mid_combat()
    for seat in (0, 1):
        view = player_view(snap.game, seat)
        assert view["players"][seat]["hand"]
        drawn = drawn_text(view, snap.events)
        for name in hands(snap)[seat]:
            assert not any(name in text for text in drawn), name
        assert "prompt" in view["decision"] or seat != view["decision"]["player"]
        assert not any(view["decision"].get("prompt", "\0") in text for text in drawn)


def test_mid_game_spectator_board_draws_no_card_known_only_from_a_hand() -> None:
    snap = mid_game()
    view = player_view(snap.game, SPECTATOR)
    public = json.dumps(view) + json.dumps(snap.events)
    hidden = {name for hand in hands(snap) for name in hand if name not in public}
    assert hidden, "the state should hold hand cards that are nowhere public"
    drawn = drawn_text(view, snap.events)
    for name in hidden:
        assert not any(name in text for text in drawn), name


# --- what the board shows -----------------------------------------------------------------------
def test_board_shows_turn_attack_decision_and_both_sides() -> None:
    snap = mid_combat()
    drawn = " | ".join(drawn_text(player_view(snap.game, SPECTATOR), snap.events))
    for expected in (
        "Turn 5", "Bob the Builder's turn · Combat step", "Goku, Crimson Aura Student",
        "Frieza, Elongated Horror", "22,000", "Bob the Builder: Relentless Meteor Charge",
        "Physical attack", "AT", "UNSTOPPABLE", "Decides now: Ann", "(defense)",
        "Earth 4★ · CAPTURED", "Krillin · stage 4", "Crushing Gravity Seal → Goku",
        "Saiyan Warpath Mastery", "Saiyan Hammer Kick", "Match #7",
    ):
        assert expected in drawn, expected


def test_board_shows_the_result() -> None:
    snap = states.finished()
    drawn = drawn_text(player_view(snap.game, SPECTATOR), snap.events)
    assert "Ann wins!" in drawn
    assert "Most Powerful Personality Victory" in drawn


def test_survival_with_dragon_balls_left_says_so() -> None:
    """A Survival Victory whose loser still has cards (only Dragon Balls, which cannot be
    discarded as damage) must not claim the Life Deck ran out: the board shows it."""
    view = copy.deepcopy(player_view(states.finished().game, SPECTATOR))
    view["win_reason"] = "survival"
    view["players"][1]["life_deck_count"] = 2
    drawn = " ".join(drawn_text(view))
    assert "Ann wins!" in drawn and "Survival Victory" in drawn
    assert "the other Life Deck holds only Dragon Balls," in drawn
    assert "which cannot be discarded as damage" in drawn and "ran out" not in drawn
    view["players"][1]["life_deck_count"] = 0
    drawn = " ".join(drawn_text(view))
    assert "Survival Victory" in drawn and "the other Life Deck ran out" in drawn


def test_events_newest_last_with_seat_names() -> None:
    events = tuple(f"Player {n % 2 + 1} event {n}" for n in range(9))
    drawn = drawn_text(player_view(mid_combat().game, SPECTATOR), events)
    shown = [text for text in drawn if " event " in text]
    assert shown == [f"{LABELS.players[n % 2]} event {n}" for n in range(4, 9)]


def test_crowded_side_counts_what_does_not_fit() -> None:
    view = copy.deepcopy(player_view(mid_combat().game, SPECTATOR))
    side = view["players"][0]
    side["dragon_balls"] = [
        {"name": f"Namek {word}-Star Dragon Ball", "captured": index % 2 == 0}
        for index, word in enumerate(["One", "Two", "Three", "Four", "Five", "Six", "Seven"])
    ]
    side["setups"] = ["A Setup With A Remarkably Long Name That Goes On"] * 4
    side["main_personality"]["power_level"] = 1_999_999
    view["ruleset"] = "no-such-ruleset"  # falls back to anger 0-5
    drawn = drawn_text(view)
    assert any(text.endswith(" more") and text.startswith("+") for text in drawn)
    assert "1,999,999" in drawn
    image = draw_board(view, LABELS)
    assert image.size == (board.WIDTH, board.HEIGHT)


# --- hands and cards ----------------------------------------------------------------------------
def test_render_hand_refuses_views_that_are_not_the_owners() -> None:
    game = mid_combat().game
    pool = load_pool()
    with pytest.raises(ValueError):
        render_hand(player_view(game, SPECTATOR), 0, pool)
    with pytest.raises(ValueError):
        render_hand(player_view(game, 1), 0, pool)
    with pytest.raises(ValueError):
        render_hand(player_view(game, 0), 2, pool)


def test_hand_draws_its_cards() -> None:
    snap = mid_combat()
    with _draw.record_text() as drawn:
        draw_hand(player_view(snap.game, 0), 0, load_pool())
    for name in hands(snap)[0]:
        assert name in drawn
    assert "3 cards" in drawn


def test_empty_hand_says_so() -> None:
    view = {"players": [{"seat": 0, "hand": []}, {"seat": 1}]}
    with _draw.record_text() as drawn:
        image = draw_hand(view, 0, load_pool())
    assert "No cards in hand" in drawn
    assert image.height < 300


def test_card_face_shows_personality_data() -> None:
    card = load_pool()["Goku, Golden Rage Awakened"]
    with _draw.record_text() as drawn:
        from renderers.card import draw_card

        draw_card(card)
    for expected in (card.name, "MAIN PERSONALITY", "LEVEL 3", "HERO", "PUR +2", "400,000"):
        assert expected in drawn, expected


# --- bytes: deterministic, small, safe across threads --------------------------------------------
def all_images() -> dict[str, bytes]:
    snap = mid_combat()
    pool = load_pool()
    return {
        "board": render_board(player_view(snap.game, SPECTATOR), LABELS, snap.events),
        "board-player": render_board(player_view(snap.game, 0), LABELS, snap.events),
        "hand": render_hand(player_view(snap.game, 0), 0, pool),
        "card": render_card(pool["Piccolo, Guardian of Two Worlds"]),
    }


def test_same_input_same_bytes_even_with_fresh_caches() -> None:
    first = all_images()
    assert first == all_images()
    board._LAYERS.clear()
    _draw._line_mask.cache_clear()  # text is stamped from kept masks: drawn anew, the same
    _draw.text_width.cache_clear()
    assert first == all_images()


def test_pngs_are_small_and_sized_for_phones() -> None:
    for name, png in all_images().items():
        assert png.startswith(b"\x89PNG"), name
        assert len(png) < MAX_PNG_BYTES, (name, len(png))
        with Image.open(io.BytesIO(png)) as image:
            assert 400 <= image.width <= 800, name


def test_rendering_from_many_threads_gives_the_same_bytes() -> None:
    expected = all_images()
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda _: all_images(), range(8)))
    assert all(result == expected for result in results)


# --- fonts and text ----------------------------------------------------------------------------
def test_fonts_come_from_data_fonts_only() -> None:
    assert (_draw.FONT_DIR / "LICENSE-DejaVu.txt").exists()
    for face in _draw.FONT_FILES:
        loaded = _draw.font(face, 22)  # type: ignore[arg-type]
        assert str(loaded.path).startswith(str(_draw.FONT_DIR))


def test_characters_the_fonts_lack_become_question_marks() -> None:
    assert _draw.displayable("Ann") == "Ann"
    assert _draw.displayable("Bob · ★") == "Bob · ★"
    assert _draw.displayable("名前") == "??"


@pytest.mark.parametrize("anchor", ["la", "lm", "mm", "rm", "ms"])
def test_a_stamped_line_is_the_line_imagedraw_draws(anchor: str) -> None:
    """Text is drawn from a kept mask (renderers/_draw.py `stamp`): where ImageDraw would
    draw it, to within the sub-pixel offset ImageDraw adds (an edge pixel's shade)."""
    from PIL import ImageChops, ImageDraw

    text, colour = "Goku, Hopeful Fighter · 2,700 ÷ Ω", (250, 200, 40)
    for xy in [(200.0, 40.0), (200.5, 40.5), (3.7, 1.2)]:
        drawn = Image.new("RGB", (420, 80), _draw.BACKGROUND)
        ImageDraw.Draw(drawn).text(xy, text, font=_draw.font("bold", 22), fill=colour,
                                   anchor=anchor)
        stamped = Image.new("RGB", (420, 80), _draw.BACKGROUND)
        _draw.stamp(stamped, xy, text, "bold", 22, colour, anchor)
        assert drawn.getbbox() is not None
        difference = ImageChops.difference(drawn, stamped).convert("L")
        differing = sum(difference.histogram()[97:])  # pixels off by more than 96 of 255
        assert differing <= len(text), (xy, anchor, differing)


def test_text_of_several_lines_is_drawn_as_imagedraw_lays_it_out() -> None:
    from PIL import ImageDraw

    text = "Goku\nVegeta"
    drawn = Image.new("RGB", (200, 80), _draw.BACKGROUND)
    ImageDraw.Draw(drawn).text((10, 5), text, font=_draw.font("bold", 22), fill=(255, 255, 255))
    stamped = Image.new("RGB", (200, 80), _draw.BACKGROUND)
    _draw.stamp(stamped, (10, 5), text, "bold", 22, (255, 255, 255))
    assert stamped.tobytes() == drawn.tobytes()


def test_a_line_stamped_past_the_image_edge_is_cut_there() -> None:
    image = Image.new("RGB", (60, 20), _draw.BACKGROUND)
    _draw.stamp(image, (-30, -10), "Vegeta", "bold", 22, (255, 255, 255))
    _draw.stamp(image, (50, 15), "Vegeta", "bold", 22, (255, 255, 255))
    _draw.stamp(image, (10, 10), "", "bold", 22, (255, 255, 255))
    assert image.size == (60, 20) and image.getbbox() is not None


def test_wrap_and_fit_stay_within_width() -> None:
    text = "Physical attack. DAMAGE: AT +3 stages. HIT: Raise your anger 1 level."
    for line in _draw.wrap(text, "regular", 22, 200):
        assert _draw.text_width(line, "regular", 22) <= 200
    assert _draw.fit(text, "bold", 22, 120).endswith(_draw.ELLIPSIS)
    lines = _draw.rich_lines(text, "regular", 22, 420, breaks=True)
    assert [line[0][0] for line in lines] == ["Physical", "DAMAGE:", "HIT:"]


# --- the view's damage text ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kind", "amount", "text"),
    [("at", 0, "AT"), ("at", 3, "AT +3 stages"), ("at", 1, "AT +1 stage"),
     ("stages", 4, "4 stages"), ("life", 6, "6 life cards"), ("at_life", 2, "AT +2 life cards")],
)
def test_damage_text(kind: str, amount: int, text: str) -> None:
    assert damage_text(Damage.model_validate({"kind": kind, "amount": amount})) == text


def test_view_attack_carries_damage() -> None:
    assert player_view(mid_combat().game, SPECTATOR)["attack"]["damage"] == "AT"
    captured = states.captured_dragon_ball().game
    assert player_view(captured, SPECTATOR)["attack"]["damage"] == "6 life cards"
