"""AI-vs-AI games of the Score family (rulesets `score` and `ocg`), played by the same
driver as Panini's (bot.simulation.play_game) with the family's invariants
(ScoreFamily.violations) as the checker. Shared by `scouter simulate`, bench.fuzz and the
fuzz tests, so all of them play a game exactly alike."""

from __future__ import annotations

from collections.abc import Sequence

from bot.simulation import (
    Checks,
    EngineFailure,
    GameResult,
    Summary,
    ai_seeds,
    play_game,
    run_games,
)
from engine.score.ai import ScoreAI, make_player
from engine.score.deckcheck import ScoreDeck
from engine.score.family import ScoreFamily
from engine.score.game import ScoreGame


def score_players(ais: tuple[str, str], game_seed: int) -> tuple[ScoreAI, ScoreAI]:
    """Each seat's AI, seeded from the game seed so one number replays the whole game."""
    seed_a, seed_b = ai_seeds(game_seed)
    return make_player(ais[0], seed_a), make_player(ais[1], seed_b)


def new_score_game(family: ScoreFamily, decks: Sequence[ScoreDeck], seed: int,
                   ruleset: str) -> ScoreGame:  # fmt: skip
    try:
        return family.new_game(decks, seed, ruleset)
    except Exception as exc:  # any crash while setting up is an engine bug too
        raise EngineFailure(seed, 0, f"{exc.__class__.__name__}: {exc}") from exc


def play_score_game(family: ScoreFamily, game: ScoreGame, ais: tuple[str, str], *, seed: int,
                    checks: Checks) -> GameResult:  # fmt: skip
    """Play to the end; the invariants after every `checks.every` decisions, the whole
    ScoreFamily.violations (with the JSON round trip) every `checks.json_every`."""

    def checker(checked: ScoreGame, with_json: bool) -> list[str]:
        return family.violations(checked, check_json=with_json)

    return play_game(game, score_players(ais, seed), seed=seed, checks=checks, checker=checker)


def simulate_score(family: ScoreFamily, decks: Sequence[ScoreDeck], *, games: int, seed: int,
                   ruleset: str, ais: tuple[str, str], checks: Checks) -> Summary:  # fmt: skip
    """Game i uses seed `seed + i`. Raises SimulationError at the first broken game."""

    def one(game_seed: int) -> GameResult:
        game = new_score_game(family, decks, game_seed, ruleset)
        return play_score_game(family, game, ais, seed=game_seed, checks=checks)

    return run_games(one, games=games, seed=seed)
