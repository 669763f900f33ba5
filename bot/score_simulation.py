"""AI-vs-AI games of the Score family (rulesets `score` and `ocg`), played by the same
driver as Panini's (bot.simulation.play_game) with the family's invariants
(ScoreFamily.violations) as the checker. Shared by `scouter simulate`, bench.fuzz and the
fuzz tests, so all of them play a game exactly alike."""

from __future__ import annotations

from collections.abc import Sequence

from bot.simulation import (
    Checks,
    GameResult,
    Summary,
    new_family_game,
    play_family_game,
    run_games,
    seated,
)
from engine.score.ai import ScoreAI, make_player
from engine.score.deckcheck import ScoreDeck
from engine.score.family import ScoreFamily
from engine.score.game import ScoreGame


def score_players(ais: tuple[str, str], game_seed: int) -> tuple[ScoreAI, ScoreAI]:
    return seated(make_player, ais, game_seed)


def new_score_game(family: ScoreFamily, decks: Sequence[ScoreDeck], seed: int,
                   ruleset: str) -> ScoreGame:  # fmt: skip
    return new_family_game(family, decks, seed, ruleset)


def play_score_game(family: ScoreFamily, game: ScoreGame, ais: tuple[str, str], *, seed: int,
                    checks: Checks) -> GameResult:  # fmt: skip
    return play_family_game(family, game, score_players(ais, seed), seed=seed, checks=checks)


def simulate_score(family: ScoreFamily, decks: Sequence[ScoreDeck], *, games: int, seed: int,
                   ruleset: str, ais: tuple[str, str], checks: Checks) -> Summary:  # fmt: skip
    """Game i uses seed `seed + i`. Raises SimulationError at the first broken game."""

    return run_games(lambda game_seed: play_score_game(
        family, new_score_game(family, decks, game_seed, ruleset), ais,
        seed=game_seed, checks=checks), games=games, seed=seed)
