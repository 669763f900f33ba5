"""The Score family fuzzed: 1,000 random AI-vs-AI games per ruleset (`score`, `ocg`)
between the starter decks legal in it, every pairing of the random and greedy AIs, with
the family's invariants checked after every decision (the JSON round trip of
ScoreFamily.violations every SCORE_JSON_EVERY decisions: it costs ~9 ms). A failure
prints the command that replays the game."""

from __future__ import annotations

import pytest

from bench.fuzz import SCORE_JSON_EVERY, ScoreMatchup, main, score_deck_set, score_matchup
from bot.cli import build_parser
from bot.score_simulation import new_score_game, score_players
from bot.simulation import Checks, SimulationError
from engine.score.family import ScoreFamily
from engine.score.game import ScoreGame

FUZZ_GAMES = 1_000
CHUNK = 100  # games per test, so xdist can spread the chunks over cores
DECK_SETS = {ruleset: score_deck_set(ruleset) for ruleset in ("score", "ocg")}


def _play(m: ScoreMatchup) -> None:
    try:
        m.play(Checks(every=1, json_every=SCORE_JSON_EVERY))
    except SimulationError as exc:
        pytest.fail(f"decision {exc.decision}: {exc}\nreproduce: {m.reproduction()}")


@pytest.mark.parametrize("first", range(0, FUZZ_GAMES, CHUNK))
@pytest.mark.parametrize("ruleset", sorted(DECK_SETS))
def test_fuzz_games_keep_the_invariants(ruleset: str, first: int) -> None:
    for index in range(first, first + CHUNK):
        _play(score_matchup(index, 0, DECK_SETS[ruleset]))


def test_the_schedule_covers_every_ai_pairing_and_deck_pair() -> None:
    for deck_set in DECK_SETS.values():
        games = [score_matchup(i, 0, deck_set) for i in range(FUZZ_GAMES)]
        assert {m.ais for m in games} == {(a, b) for a in ("random", "greedy")
                                          for b in ("random", "greedy")}  # fmt: skip
        assert {m.pair for m in games} == set(deck_set.pairs())


def test_the_ocg_only_starter_is_fuzzed_only_under_the_ocg() -> None:
    assert "majin-buu-black-feast" in DECK_SETS["ocg"].names
    assert "majin-buu-black-feast" not in DECK_SETS["score"].names


def _midgame(seed: int = 4) -> ScoreGame:
    m = score_matchup(seed, 0, DECK_SETS["score"])
    game = new_score_game(m.deck_set.family, m.decks, m.seed, m.ruleset)
    players = score_players(m.ais, m.seed)
    for _ in range(30):
        decision = game.pending
        assert decision is not None
        assert game.apply(decision.player, players[decision.player].choose(game, decision),
                          decision.seq).ok  # fmt: skip
    return game


def test_the_quick_check_finds_what_the_family_check_finds() -> None:
    family = DECK_SETS["score"].family
    game = _midgame()
    assert family.violations(game, check_json=False) == family.violations(game) == []
    player = game.state.players[0]
    player.hand.append(player.life[-1])  # one card in two zones
    player.stage = 99
    found = family.violations(game, check_json=False)
    assert any(p.startswith("cards in no zone or in two") for p in found)
    assert "a Scouter at 99" in found
    assert set(found) <= set(family.violations(game))


def test_a_broken_invariant_stops_the_game_with_its_reproduction(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    m = score_matchup(2, 0, DECK_SETS["ocg"])

    def broken(family: ScoreFamily, game: ScoreGame, check_json: bool = True) -> list[str]:
        return ["a made-up problem"] if game.state.seq >= 5 else []

    monkeypatch.setattr(ScoreFamily, "violations", broken)
    with pytest.raises(SimulationError) as caught:
        m.play(Checks(every=1, json_every=SCORE_JSON_EVERY))
    assert caught.value.decision == 5 and "a made-up problem" in str(caught.value)
    # the reproduction is a command the CLI accepts
    args = build_parser().parse_args(m.reproduction().split()[1:])
    assert (args.ruleset, args.seed, args.games) == ("ocg", 2, 1)


def test_bench_fuzz_runs_a_score_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--ruleset", "ocg", "--games", "8", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "fuzz: OK: 8 ocg games" in out and "seeds 3..10" in out
