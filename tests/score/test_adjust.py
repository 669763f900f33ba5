"""Corrections by hand in a Score game (engine/score/adjust.py): each kind changes what it
says and nothing else, a refusal changes nothing and never tells a player what a zone
hidden from them holds, and a record with corrections replays to the same state."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.adjust import ADJUST, decode, encode
from engine.core.events import Outcome
from engine.score.adjust import adjust
from engine.score.family import ScoreFamily
from engine.score.game import ScoreGame
from engine.score.state import AllyInPlay
from tests.score.decks import FRIEZA, GOKU, POOL, deck

FAMILY = ScoreFamily(POOL)
ALLY = "Piccolo - Sandbox Exile"
BALL = "Sandbox Earth Dragon Ball 1"


def _new(seed: int = 3) -> ScoreGame:
    extra = {ALLY: 1, BALL: 1}
    return FAMILY.new_game([deck(GOKU, extra), deck(FRIEZA, extra)], seed, "score")


def _in_play(game: ScoreGame) -> None:
    """Player 1's Ally and both players' Dragon Balls put in play for the test."""
    for index, player in enumerate(game.state.players):
        for name, zone in ((ALLY, "ally"), (BALL, "ball")):
            iid = next(i for i in player.life + player.hand if game.name(i) == name)
            (player.life if iid in player.life else player.hand).remove(iid)
            if zone == "ball":
                player.dragon_balls.append(iid)
            elif index == 0:
                player.allies.append(AllyInPlay(iid, 1))
            else:
                player.discard.append(iid)


def _apply(game: ScoreGame, player: int, change: dict[str, Any]) -> Outcome:
    """As the bot replays a record: the encoded correction, decoded."""
    option = encode(change)
    assert option.startswith(ADJUST)
    return adjust(game, player, decode(option))


def test_each_correction_changes_what_it_says() -> None:
    game = _new()
    _in_play(game)
    one, two = game.player(0), game.player(1)
    assert _apply(game, 0, {"kind": "anger", "value": 3}).ok and one.anger == 3
    assert _apply(game, 0, {"kind": "level", "value": 2}).ok and one.level == 2
    assert _apply(game, 0, {"kind": "stage", "value": 4}).ok and one.stage == 4
    done = _apply(game, 0, {"kind": "stage", "target": ALLY.lower(), "value": 2})
    assert done.ok and one.allies[0].stage == 2
    assert f"{ALLY} set to 2 stage(s)" in done.events[0].text
    hand, life = len(one.hand), len(one.life)
    assert _apply(game, 0, {"kind": "draw", "value": 2}).ok
    assert (len(one.hand), len(one.life)) == (hand + 2, life - 2)
    card = game.name(one.hand[-1])  # just drawn: no decision offers it
    moved = _apply(game, 0, {"kind": "move", "card": card, "from": "hand", "to": "removed"})
    assert moved.ok and game.name(one.removed[-1]) == card
    assert "Judge's correction:" in moved.events[0].text
    assert "cards removed from the game" in moved.events[0].text
    back = _apply(game, 0, {"kind": "move", "card": card, "from": "banished",
                            "to": "life_bottom"})  # Panini's word for the same pile
    assert back.ok and game.name(one.life[0]) == card and not one.removed
    hidden = _apply(game, 0, {"kind": "move", "card": "", "from": "life_top", "to": "hand"})
    assert hidden.ok and "a card moved" in hidden.events[0].text  # hidden to hidden
    order = list(one.life)
    assert _apply(game, 0, {"kind": "shuffle"}).ok
    assert sorted(one.life) == sorted(order) and one.life != order
    ball = two.dragon_balls[0]
    assert _apply(game, 0, {"kind": "capture", "card": BALL}).ok
    assert ball in one.dragon_balls and not two.dragon_balls
    assert FAMILY.violations(game) == []


def test_a_level_lowered_keeps_the_scouter_on_the_card() -> None:
    game = _new()
    player = game.player(0)
    assert _apply(game, 0, {"kind": "level", "value": 3}).ok
    assert _apply(game, 0, {"kind": "stage", "value": game.top_stage(player)}).ok
    assert _apply(game, 0, {"kind": "level", "value": 1}).ok
    assert player.stage <= game.top_stage(player) and FAMILY.violations(game) == []


@pytest.mark.parametrize(("change", "words"), [
    ({"kind": "anger", "value": 5}, "anger must be a whole number from 0 to 4"),
    ({"kind": "anger", "value": True}, "anger must be a whole number"),
    ({"kind": "level", "value": 4}, "level must be a whole number from 1 to 3"),
    ({"kind": "stage", "value": -1}, "stage must be a whole number from 0"),
    ({"kind": "stage", "target": "Nobody", "value": 1}, "has no Ally named 'Nobody'"),
    ({"kind": "move", "card": "x", "from": "hand", "to": "table"}, "zones are hand, "
     "life_top, life_bottom, discard, removed"),
    ({"kind": "move", "card": "x", "from": "removed", "to": "banished"}, "already in that"),
    ({"kind": "move", "card": "x" * 500, "from": "life_top", "to": "hand"},
     "(500 characters)"),
    ({"kind": "move", "card": "", "from": "discard", "to": "hand"}, "discard pile is empty"),
    ({"kind": "draw", "value": 0}, "the number of cards to draw must be"),
    ({"kind": "capture", "card": "Shenron"}, "Player 2 has no Dragon Ball named 'Shenron'"),
    ({"kind": "teleport"}, "unknown correction 'teleport'; use one of stage, anger"),
])
def test_a_refused_correction_says_why_and_changes_nothing(change: dict[str, Any],
                                                           words: str) -> None:
    game = _new()
    before = game.to_json()
    refused = _apply(game, 0, change)
    assert not refused.ok and words in refused.reason, refused.reason
    assert game.to_json() == before


def test_a_player_cannot_search_a_zone_hidden_from_them_by_name() -> None:
    game = _new()
    decision = game.pending
    assert decision is not None
    actor, other = decision.player, 1 - decision.player
    theirs = game.player(other)
    assert _apply(game, other, {"kind": "draw", "value": 3}).ok  # a judge's correction
    held, before = game.name(theirs.hand[0]), game.to_json()
    refusals = {
        _apply(game, other, {"kind": "move", "card": name, "from": "hand", "to": "discard",
                             "by": "player"}).reason
        for name in (held, "Not A Card At All")
    }
    # the same words whether the card is there or not: the answer tells nothing
    assert len(refusals) == 1 and "hidden from you" in refusals.pop()
    assert game.to_json() == before
    blind = _apply(game, other, {"kind": "move", "card": "", "from": "hand", "to": "discard",
                                 "by": "player"})
    assert blind.ok and len(theirs.discard) == 1 and len(theirs.hand) == 2
    assert blind.events[0].text.startswith("By hand")
    assert _apply(game, actor, {"kind": "draw", "value": 1}).ok
    own = _apply(game, actor, {"kind": "move", "card": game.name(game.player(actor).hand[-1]),
                               "from": "hand", "to": "discard", "by": "player"})
    assert own.ok  # their own hand they may name


def test_a_card_the_pending_decision_offers_cannot_be_moved() -> None:
    game = _new()
    decision = game.pending
    assert decision is not None
    named = [o.id for o in decision.options if o.id.split(":")[-1].isdigit()]
    if not named:
        pytest.skip("the first decision names no card")
    iid = int(named[0].split(":")[-1])
    owner = game.state.owners[iid]
    zone = "hand" if iid in game.player(owner).hand else "life_top"
    before = game.to_json()
    refused = _apply(game, owner, {"kind": "move", "card": game.name(iid), "from": zone,
                                   "to": "discard"})
    assert not refused.ok and "pending decision offers that card" in refused.reason
    assert game.to_json() == before


def test_a_finished_game_takes_no_correction() -> None:
    game = _new()
    assert game.concede(0).ok
    assert _apply(game, 0, {"kind": "anger", "value": 1}).reason == "the game is over"


def test_a_record_with_corrections_replays_to_the_same_state() -> None:
    answers: list[tuple[int, str]] = []

    first = _new(seed=11)
    for _ in range(40):
        decision = first.pending
        if decision is None:
            break
        step = len(answers)
        if step % 7 == 3:
            option = encode({"kind": "move", "card": "", "from": "hand", "to": "discard",
                             "by": "player"})
            player = 1 - decision.player
            outcome = adjust(first, player, decode(option)) if first.player(player).hand \
                else Outcome(False, "empty")
        elif step % 7 == 5:
            player, option = decision.player, encode({"kind": "shuffle"})
            outcome = adjust(first, player, decode(option))
        else:
            player, option = decision.player, decision.options[-1].id
            outcome = first.apply(player, option)
        if outcome.ok:
            answers.append((player, option))
    assert sum(o.startswith(ADJUST) for _, o in answers) >= 4
    again = _new(seed=11)
    for player, option in answers:
        replayed = (adjust(again, player, decode(option)) if option.startswith(ADJUST)
                    else again.apply(player, option))
        assert replayed.ok
    assert again.to_json() == first.to_json()
    assert FAMILY.violations(again) == []
