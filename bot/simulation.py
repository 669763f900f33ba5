"""AI-vs-AI games without a person: load decks, play one game with optional invariant
checks, and summarise many games. Shared by `scouter simulate` and the bench scripts, so
the command line stays thin and the fuzzers play games exactly as the CLI does."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

from engine.core import rng
from engine.core.decisions import Decision
from engine.core.events import Outcome
from engine.panini.ai import Player, make_player
from engine.panini.cards import DATA_DIR, CardPool
from engine.panini.decklist import (
    Deck,
    DeckListError,
    DeckStructureError,
    build_deck,
    parse_deck_list,
)
from engine.panini.game import Game
from engine.panini.invariants import violations

DECKS_DIR = DATA_DIR / "decks"
AI_KINDS = ("random", "greedy")
WIN_REASONS = ("survival", "mppv", "dragon_balls")
MAX_DECISIONS = 20_000  # far above any real game: more means the engine is stuck

# Distinct salts keep each AI's generator apart from the game's own shuffle generator,
# which starts from the bare seed.
_AI_SALTS = (0xA1A1_5EED_0000_0001, 0xB2B2_5EED_0000_0002)


class DeckLoadError(ValueError):
    """A deck name or file that cannot be played; the message says what is available."""


class SimulationError(Exception):
    """A game that broke: carries what is needed to reproduce it."""

    def __init__(self, seed: int, decision: int, message: str) -> None:
        self.seed = seed
        self.decision = decision
        super().__init__(message)


class InvariantViolation(SimulationError):
    def __init__(self, seed: int, decision: int, problems: list[str], over: bool) -> None:
        self.problems = problems
        self.over = over  # whether the game had just ended: narrows down the bug
        super().__init__(seed, decision, "; ".join(problems))


class EngineFailure(SimulationError):
    """The engine raised, rejected an AI's legal-looking choice, or never ended."""


# --- decks ----------------------------------------------------------------------------------
def starter_deck_paths(directory: Path = DECKS_DIR) -> list[Path]:
    return sorted(directory.glob("*.txt"))


def resolve_deck_path(name: str, directory: Path = DECKS_DIR) -> Path:
    """A starter deck by file stem ("goku-saiyan"), else a path to a deck list file."""
    starters = starter_deck_paths(directory)
    for path in starters:
        if path.stem.casefold() == name.casefold():
            return path
    path = Path(name)
    if path.is_file():
        return path
    known = ", ".join(p.stem for p in starters) or "none"
    raise DeckLoadError(f"unknown deck {name!r}; known starter decks: {known}")


def load_deck_file(path: Path, pool: CardPool) -> Deck:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise DeckLoadError(f"cannot read {path}: {exc}") from exc
    try:
        return build_deck(parse_deck_list(text, pool, name=path.stem), pool)
    except DeckListError as exc:
        raise DeckLoadError(f"{path} has unreadable lines:\n{exc}") from exc
    except DeckStructureError as exc:
        raise DeckLoadError(str(exc)) from exc


def load_decks(names: Sequence[str], pool: CardPool, directory: Path = DECKS_DIR) -> list[Deck]:
    return [load_deck_file(resolve_deck_path(name, directory), pool) for name in names]


def default_deck_names(directory: Path = DECKS_DIR) -> list[str]:
    """The first two starter decks alphabetically."""
    stems = [path.stem for path in starter_deck_paths(directory)]
    if len(stems) < 2:
        raise DeckLoadError(f"need two starter decks in {directory}; use --decks A,B")
    return stems[:2]


def load_starter_decks(pool: CardPool, directory: Path = DECKS_DIR) -> list[Deck]:
    """Every starter deck that loads with `pool`; [] while the card set is being written."""
    decks = []
    for path in starter_deck_paths(directory):
        try:
            decks.append(load_deck_file(path, pool))
        except DeckLoadError:
            continue
    return decks


# --- one game ---------------------------------------------------------------------------------
def ai_seeds(game_seed: int) -> tuple[int, int]:
    """Each AI's seed, derived from the game seed so one number replays the whole game."""
    first = rng.next_u64((game_seed ^ _AI_SALTS[0]) & ((1 << 64) - 1))[1]
    second = rng.next_u64((game_seed ^ _AI_SALTS[1]) & ((1 << 64) - 1))[1]
    return first, second


def make_players(ais: tuple[str, str], game_seed: int) -> tuple[Player, Player]:
    seed_a, seed_b = ai_seeds(game_seed)
    return make_player(ais[0], seed_a), make_player(ais[1], seed_b)


@dataclass(frozen=True, slots=True)
class GameResult:
    seed: int
    winner: int | None
    win_reason: str | None
    turns: int
    decisions: int


@dataclass(frozen=True, slots=True)
class Checks:
    """How often to check invariants: every `every` decisions (0: never), with the JSON
    round trip (the expensive part) only every `json_every` decisions (0: never)."""

    every: int = 0
    json_every: int = 0


NO_CHECKS = Checks()
ALL_CHECKS = Checks(every=1, json_every=1)



class _Ending(Protocol):
    """What a result reads of any family's game state."""

    @property
    def winner(self) -> int | None: ...

    @property
    def win_reason(self) -> str | None: ...

    @property
    def turn(self) -> int: ...


class Refereed(Protocol):
    """Any family's game as the driver plays it (engine.core.family.FamilyGame)."""

    @property
    def over(self) -> bool: ...

    @property
    def pending(self) -> Decision | None: ...

    @property
    def state(self) -> _Ending: ...

    def apply(self, player: int, option_id: str, seq: int | None = None) -> Outcome: ...


G = TypeVar("G", bound=Refereed)
G_contra = TypeVar("G_contra", contravariant=True)
P = TypeVar("P")


class Chooser(Protocol[G_contra]):
    """An AI of any family: one option id of the pending decision."""

    def choose(self, game: G_contra, decision: Decision) -> str: ...


# (game, with the JSON round trip?) -> broken invariants
Checker = Callable[[G, bool], list[str]]
Observer = Callable[[Game, int], None]  # (game, decisions made so far) after each decision


def panini_violations(game: Any, with_json: bool) -> list[str]:
    # looked up at each call, so tests may replace `violations`
    return violations(game, check_json=with_json)


def new_game(decks: Sequence[Deck], seed: int, ruleset: str, pool: CardPool) -> Game:
    try:
        return Game.new(decks, seed=seed, ruleset=ruleset, pool=pool)
    except Exception as exc:  # any crash while setting up is an engine bug too
        raise EngineFailure(seed, 0, _describe(exc)) from exc


class CheckedFamily(Protocol[G]):
    """What a family gives the driver below (Score's and Prime Time's families)."""

    def new_game(self, decks: Sequence[Any], seed: int, ruleset: str) -> G: ...

    def violations(self, game: G, check_json: bool = ...) -> list[str]: ...


def seated(make: Callable[[str, int], P], ais: tuple[str, str], game_seed: int) -> tuple[P, P]:
    """Each seat's AI of a family (`make(kind, seed)`), seeded from the game seed so one
    number replays the whole game."""
    seed_a, seed_b = ai_seeds(game_seed)
    return make(ais[0], seed_a), make(ais[1], seed_b)


def new_family_game(family: CheckedFamily[G], decks: Sequence[Any], seed: int,
                    ruleset: str) -> G:  # fmt: skip
    try:
        return family.new_game(decks, seed, ruleset)
    except Exception as exc:  # any crash while setting up is an engine bug too
        raise EngineFailure(seed, 0, _describe(exc)) from exc


def play_family_game(family: CheckedFamily[G], game: G, players: tuple[Chooser[G], Chooser[G]],
                     *, seed: int, checks: Checks) -> GameResult:  # fmt: skip
    """Play to the end with the family's invariants after every `checks.every` decisions,
    the JSON round trip included every `checks.json_every`."""

    def checker(checked: G, with_json: bool) -> list[str]:
        return family.violations(checked, check_json=with_json)

    return play_game(game, players, seed=seed, checks=checks, checker=checker)


def play_game(
    game: G,
    players: tuple[Chooser[G], Chooser[G]],
    *,
    seed: int,
    checks: Checks = NO_CHECKS,
    observe: Callable[[G, int], None] | None = None,
    max_decisions: int = MAX_DECISIONS,
    checker: Checker[G] = panini_violations,
) -> GameResult:
    """Play `game` (of any family) to the end; raise SimulationError on a crash or a
    broken invariant (`checker`: the family's invariants, Panini's by default)."""
    _check(game, seed, 0, checks, checker)
    made = 0
    while not game.over:
        made += 1
        if made > max_decisions:
            raise EngineFailure(seed, made, f"the game did not end in {max_decisions} decisions")
        _decide(game, players, seed, made)
        _check(game, seed, made, checks, checker)
        if observe is not None:
            observe(game, made)
    state = game.state
    return GameResult(seed, state.winner, state.win_reason, state.turn, made)


def _decide(game: G, players: tuple[Chooser[G], Chooser[G]], seed: int, number: int) -> None:
    decision = game.pending
    if decision is None:
        raise EngineFailure(seed, number, "no decision pending but the game is not over")
    try:
        option = players[decision.player].choose(game, decision)
        outcome = game.apply(decision.player, option, decision.seq)
    except Exception as exc:
        raise EngineFailure(seed, number, _describe(exc)) from exc
    if not outcome.ok:
        raise EngineFailure(
            seed, number, f"{decision.kind}: option {option!r} rejected: {outcome.reason}"
        )


def _check(game: G, seed: int, number: int, checks: Checks, checker: Checker[G]) -> None:
    if not checks.every or number % checks.every:
        return
    with_json = bool(checks.json_every) and number % checks.json_every == 0
    try:
        problems = checker(game, with_json)
    except Exception as exc:  # a checker crash means the state is malformed
        raise EngineFailure(seed, number, f"invariant check crashed: {_describe(exc)}") from exc
    if problems:
        raise InvariantViolation(seed, number, problems, game.over)


def _describe(exc: BaseException) -> str:
    return f"{exc.__class__.__name__}: {exc}"


def simulate_one(
    decks: Sequence[Deck],
    pool: CardPool,
    *,
    seed: int,
    ruleset: str,
    ais: tuple[str, str],
    checks: Checks = NO_CHECKS,
) -> GameResult:
    game = new_game(decks, seed, ruleset, pool)
    return play_game(game, make_players(ais, seed), seed=seed, checks=checks)


# --- many games -------------------------------------------------------------------------------
@dataclass
class Summary:
    results: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def games(self) -> int:
        return len(self.results)

    @property
    def decisions(self) -> int:
        return sum(r.decisions for r in self.results)

    def wins(self, side: int) -> int:
        return sum(1 for r in self.results if r.winner == side)

    @property
    def draws(self) -> int:
        return sum(1 for r in self.results if r.winner is None)

    def reasons(self) -> Counter[str]:
        counts: Counter[str] = Counter({reason: 0 for reason in WIN_REASONS})
        counts.update(r.win_reason for r in self.results if r.win_reason is not None)
        return counts

    def average(self, values: Sequence[int]) -> float:
        return sum(values) / len(values) if values else 0.0


def simulate_many(
    decks: Sequence[Deck],
    pool: CardPool,
    *,
    games: int,
    seed: int,
    ruleset: str,
    ais: tuple[str, str],
    checks: Checks = NO_CHECKS,
) -> Summary:
    """Game i uses seed `seed + i`. Raises SimulationError at the first broken game."""

    def one(game_seed: int) -> GameResult:
        return simulate_one(decks, pool, seed=game_seed, ruleset=ruleset, ais=ais, checks=checks)

    return run_games(one, games=games, seed=seed)


def run_games(play_one: Callable[[int], GameResult], *, games: int, seed: int) -> Summary:
    """`games` games of any family, game i with seed `seed + i`, timed."""
    summary = Summary()
    start = time.perf_counter()
    for index in range(games):
        summary.results.append(play_one(seed + index))
    summary.seconds = time.perf_counter() - start
    return summary


def summary_lines(summary: Summary, labels: tuple[str, str]) -> list[str]:
    """The deterministic part of the report: equal for equal seeds."""
    lines = [
        f"games: {summary.games}",
        f"wins deck A ({labels[0]}): {summary.wins(0)}",
        f"wins deck B ({labels[1]}): {summary.wins(1)}",
    ]
    if summary.draws:
        lines.append(f"draws: {summary.draws}")
    turns = [r.turns for r in summary.results]
    decisions = [r.decisions for r in summary.results]
    lines.append(f"average turns: {summary.average(turns):.2f}")
    lines.append(f"average decisions: {summary.average(decisions):.2f}")
    won_by = ", ".join(f"{reason} {count}" for reason, count in summary.reasons().items())
    lines.append(f"won by: {won_by}")
    return lines


def timing_lines(summary: Summary) -> list[str]:
    """Wall-clock figures, kept apart because they differ run to run."""
    seconds = max(summary.seconds, 1e-9)
    return [
        f"wall time: {summary.seconds:.3f} s",
        f"games per second: {summary.games / seconds:.1f}",
        f"decisions per second: {summary.decisions / seconds:.0f}",
    ]
