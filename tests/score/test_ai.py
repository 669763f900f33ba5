"""The Score family's AI players (engine.score.ai): legal answers from the decision alone,
the greedy player's taste, a random fallback for decision kinds it does not know, and
seeded, repeatable choices."""

from __future__ import annotations

from typing import Any

from engine.core.ai import RandomPlayer
from engine.core.decisions import Decision, Option, Task
from engine.score.ai import GreedyPlayer, make_player
from engine.score.family import ScoreFamily
from engine.score.game import ScoreGame
from tests.score.decks import FRIEZA, GOKU, POOL, deck

FAMILY = ScoreFamily(POOL)


def _decision(kind: str, *ids: str) -> Decision:
    options = [Option(option_id, f"label of {option_id}") for option_id in ids]
    return Decision(seq=0, player=0, kind=kind, prompt="?", options=options,
                    resume=Task("resumed", {}))  # fmt: skip


def _game(seed: int = 3, ruleset: str = "score") -> ScoreGame:
    return FAMILY.new_game([deck(GOKU), deck(FRIEZA)], seed, ruleset)


def test_greedy_prefers_fighting_placing_capturing_and_enduring() -> None:
    game = _game()
    greedy = GreedyPlayer()
    cases = {
        ("attack", "pass", "final:4", "final:9"): "final:4",  # ties: the first
        ("declare", "no", "declare"): "declare",
        ("non_combat", "done", "place:12"): "place:12",
        ("capture", "none", "capture:30"): "capture:30",
        ("endurance", "take", "endure"): "endure",
        ("rejuvenate", "no", "rejuvenate"): "rejuvenate",
        ("arrange", "top:3", "keep"): "keep",
    }
    for (kind, *ids), wanted in cases.items():
        assert greedy.choose(game, _decision(kind, *ids)) == wanted, kind


def test_a_new_option_in_a_known_decision_comes_before_passing() -> None:
    # a card power the engine offers later ("power:7") is tried before passing, after the
    # Final Physical Attack the rules always allow
    greedy = GreedyPlayer()
    game = _game()
    assert greedy.choose(game, _decision("attack", "pass", "power:7")) == "power:7"
    assert greedy.choose(game, _decision("attack", "power:7", "final:2")) == "final:2"


def test_greedy_answers_an_unknown_decision_kind_at_random() -> None:
    game = _game()
    ids = [f"choice:{n}" for n in range(6)]
    decision = _decision("a_kind_added_later", *ids)
    picks = {GreedyPlayer(seed).choose(game, decision) for seed in range(40)}
    assert picks <= set(ids) and len(picks) >= 4  # legal, and not always the first
    again = [GreedyPlayer(5).choose(game, decision) for _ in range(3)]
    assert len(set(again)) == 1  # one seed, one choice


def test_the_random_player_is_legal_and_repeatable() -> None:
    game = _game()
    decision = _decision("attack", "pass", "final:1", "final:2", "final:3")
    first = RandomPlayer(11)
    second = RandomPlayer(11)
    picks = [first.choose(game, decision) for _ in range(30)]
    assert picks == [second.choose(game, decision) for _ in range(30)]
    assert set(picks) == {"pass", "final:1", "final:2", "final:3"}


def _play(ruleset: str, seed: int, kinds: tuple[str, str]) -> ScoreGame:
    game = _game(seed, ruleset)
    players = (make_player(kinds[0], seed), make_player(kinds[1], seed + 1))
    while (decision := game.pending) is not None:
        choice = players[decision.player].choose(game, decision)
        assert game.apply(decision.player, choice, decision.seq).ok
    return game


def test_greedy_beats_random_in_both_rulesets() -> None:
    for ruleset in ("score", "ocg"):
        wins = sum(_play(ruleset, seed, ("greedy", "random")).state.winner == 0
                   for seed in range(10))  # fmt: skip
        assert wins >= 8, (ruleset, wins)


def test_make_player_names_the_known_kinds() -> None:
    assert make_player("greedy").name == "greedy" and make_player("random").name == "random"
    try:
        make_player("clever")
    except ValueError as exc:
        assert "random, greedy" in str(exc)
    else:
        raise AssertionError("an unknown AI kind was accepted")


class _Sealed:
    """A game that refuses every look: an AI that reads it fails the test."""

    def __getattr__(self, name: str) -> object:
        raise AssertionError(f"the AI read game.{name}")


def test_the_ais_read_nothing_but_the_decision() -> None:
    sealed: Any = _Sealed()
    for kind in ("attack", "declare", "discard", "arrange", "a_kind_added_later"):
        decision = _decision(kind, "pass", "final:3", "declare", "discard:4", "keep")
        for player in (GreedyPlayer(3), RandomPlayer(3)):
            assert decision.option(player.choose(sealed, decision)) is not None
