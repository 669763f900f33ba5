"""AI-vs-AI games of the Score family (rulesets `score` and `ocg`), played by the same
driver as Panini's (bot.simulation.play_game) with the family's invariants
(ScoreFamily.violations) as the checker. Shared by `scouter simulate`, bench.fuzz and the
fuzz tests, so all of them play a game exactly alike."""

from __future__ import annotations

from collections import Counter
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


def quick_violations(game: ScoreGame) -> list[str]:
    """ScoreFamily.violations without its JSON round trip, which costs ~9 ms a call (the
    state's dataclasses.asdict), 200 times the rest: every card in exactly one zone, the
    Scouter and the Warrior Sword in bounds, one decision or a winner. A fuzzer runs this
    after every decision and the whole ScoreFamily.violations every `json_every`."""
    state = game.state
    problems = []
    places: Counter[int] = Counter()
    for player in state.players:
        for zone in (player.mp, player.life, player.hand, player.discard, player.removed,
                     player.non_combat, player.drills, player.dragon_balls,
                     player.sensei_deck, [a.iid for a in player.allies],
                     [i for i in (player.mastery, player.sensei) if i is not None]):  # fmt: skip
            places.update(zone)
        if not 0 <= player.stage <= game.top_stage(player):
            problems.append(f"a Scouter at {player.stage}")
        if not 0 <= player.anger < game.rules.anger_to_level:
            problems.append(f"a Warrior Sword at {player.anger}")
    if state.battleground is not None:
        places[state.battleground] += 1
    if len(places) != len(state.cards) or any(count != 1 for count in places.values()):
        lost = [i for i in range(len(state.cards)) if places[i] != 1]
        problems.append(f"cards in no zone or in two: {lost[:5]}")
    if (state.pending is None) == (state.winner is None):
        problems.append("neither one decision nor a winner")
    return problems


def play_score_game(family: ScoreFamily, game: ScoreGame, ais: tuple[str, str], *, seed: int,
                    checks: Checks) -> GameResult:  # fmt: skip
    """Play to the end; the invariants after every `checks.every` decisions, the whole
    ScoreFamily.violations (with the JSON round trip) every `checks.json_every`."""

    def checker(checked: ScoreGame, with_json: bool) -> list[str]:
        return family.violations(checked) if with_json else quick_violations(checked)

    return play_game(game, score_players(ais, seed), seed=seed, checks=checks, checker=checker)


def simulate_score(family: ScoreFamily, decks: Sequence[ScoreDeck], *, games: int, seed: int,
                   ruleset: str, ais: tuple[str, str], checks: Checks) -> Summary:  # fmt: skip
    """Game i uses seed `seed + i`. Raises SimulationError at the first broken game."""

    def one(game_seed: int) -> GameResult:
        game = new_score_game(family, decks, game_seed, ruleset)
        return play_score_game(family, game, ais, seed=game_seed, checks=checks)

    return run_games(one, games=games, seed=seed)
