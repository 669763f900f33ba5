"""The engine's judge tools: corrections recorded and replayed like answers, the answer
log in words, and a recorded game exported as a scenario that reproduces it."""

from __future__ import annotations

from pathlib import Path

from bot.simulation import load_starter_decks
from engine.core.record import Answer, GameRecord
from engine.panini.adjust import encode
from engine.panini.ai import GreedyPlayer
from engine.panini.cards import load_pool
from engine.panini.export import export_scenario
from engine.panini.game import MAIN_PERSONALITY
from engine.panini.replay import RecordedGame, describe_answers, replay
from engine.panini.scenario import run_scenario

POOL = load_pool()
DECKS = load_starter_decks(POOL)


def played(decisions: int, seed: int = 11) -> RecordedGame:
    recorded = RecordedGame.start((DECKS[0], DECKS[1]), seed, "panini-2016", POOL)
    ai = GreedyPlayer()
    for _ in range(decisions):
        game = recorded.game
        if game.pending is None:
            break
        assert recorded.apply(game.pending.player, ai.choose(game, game.pending)).ok
    return recorded


def test_corrections_apply_replay_and_refuse_bad_values() -> None:
    recorded = played(20)
    game = recorded.game
    assert recorded.apply(0, encode({"kind": "anger", "value": 3})).ok
    assert recorded.apply(1, encode({"kind": "level", "value": 2})).ok
    assert recorded.apply(0, encode({"kind": "stage", "target": "mp", "value": 7})).ok
    discard = game.player(1).discard
    if discard:
        name = game.name(discard[-1])
        moved = recorded.apply(
            1, encode({"kind": "move", "card": name, "from": "discard", "to": "life_bottom"})
        )
        assert moved.ok and "moved from Player 2's Discard Pile" in moved.events[0].text
        assert game.name(game.player(1).life[0]) == name
    assert (game.player(0).anger, game.player(1).level, game.player(0).stage) == (3, 2, 7)
    before = game.to_json()
    for bad, reason in (
        ({"kind": "anger", "value": 9}, "from 0 to 5"),
        ({"kind": "level", "value": 0}, "from 1 to 4"),
        ({"kind": "stage", "target": "Nobody", "value": 2}, "no Ally named"),
        ({"kind": "move", "card": "Nothing", "from": "hand", "to": "discard"}, "no card named"),
        ({"kind": "fly"}, "unknown correction"),
    ):
        outcome = recorded.apply(0, encode(bad))
        assert not outcome.ok and reason in outcome.reason
    assert game.to_json() == before  # refused corrections change nothing
    assert replay(recorded.record, POOL).to_json() == before
    assert game.power_level(0, MAIN_PERSONALITY) > 0


def test_a_card_the_pending_decision_offers_cannot_be_moved() -> None:
    for seed in range(50):  # a game whose first decision offers a card from the hand
        recorded = played(0, seed)
        game = recorded.game
        decision = game.pending
        assert decision is not None and decision.kind == "planning"
        offered = [o for o in decision.options if o.id.startswith("card:")]
        if offered:
            break
    assert offered and decision is not None
    name = game.name(int(offered[0].id.split(":")[1]))
    outcome = recorded.apply(
        decision.player, encode({"kind": "move", "card": name, "from": "hand", "to": "discard"})
    )
    assert not outcome.ok and "roll back" in outcome.reason


def test_answers_in_words() -> None:
    recorded = played(6)
    recorded.record.decisions.append(Answer(0, encode({"kind": "anger", "value": 1})))
    recorded.record.decisions.append(Answer(1, "@concede"))
    lines = describe_answers(recorded.record, POOL)
    assert len(lines) == 8
    assert lines[0].startswith("Player ") and ": " in lines[0]
    assert lines[6] == "Judge's correction: Player 1's anger set to 1."
    assert lines[7] == "Player 2 concedes."


def test_exported_scenario_reproduces_the_game(tmp_path: Path) -> None:
    for seed in (3, 11, 29):
        recorded = played(400, seed)
        path = tmp_path / f"match-{seed}.yaml"
        path.write_text(export_scenario(recorded.record, f"match {seed}", POOL))
        result = run_scenario(path, POOL)
        assert result.failures == [], result.failures[:3]
    recorded.record.decisions = recorded.record.decisions[:30]
    recorded.record.decisions.append(Answer(0, "@concede"))
    text = export_scenario(GameRecord(recorded.record.ruleset, recorded.record.seed,
                                      recorded.record.decks, recorded.record.decisions),
                           "cut", POOL)
    assert "up to decision 30" in text


def test_capture_a_dragon_ball_by_correction() -> None:
    for seed in range(40):  # a game where player 2 has a Dragon Ball in play
        recorded = played(120, seed)
        balls = recorded.game.player(1).dragon_balls
        if balls and not recorded.game.over:
            break
    else:
        raise AssertionError("no game with a Dragon Ball in play")
    game = recorded.game
    name = game.name(balls[-1])
    outcome = recorded.apply(0, encode({"kind": "capture", "card": name}))
    assert outcome.ok and f"captures {name}" in outcome.events[0].text
    assert name in [game.name(i) for i in game.player(0).dragon_balls]
    missing = recorded.apply(0, encode({"kind": "capture", "card": "Nothing"}))
    assert not missing.ok and "no Dragon Ball named" in missing.reason
    assert replay(recorded.record, POOL).to_json() == game.to_json()
