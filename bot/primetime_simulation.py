"""DBZ: Prime Time in the terminal: the rosters the CLI plays (a sample roster by name, or
a roster YAML file, checked by engine.primetime.roster) and AI-vs-AI games, played by
the same driver as the other families' (bot.simulation.play_game) with the family's
invariants (PrimeTimeFamily.violations) as the checker."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from bot.simulation import (
    Checks,
    GameResult,
    Summary,
    new_family_game,
    play_family_game,
    run_games,
    seated,
    summary_lines,
)
from engine.primetime.ai import PrimeTimeAI, make_player
from engine.primetime.data import DATA_DIR, DataError
from engine.primetime.family import PrimeTimeFamily
from engine.primetime.game import PrimeTimeGame
from engine.primetime.pool import Pool
from engine.primetime.roster import Roster, load_roster, roster_problems

ROSTERS_DIR = DATA_DIR / "rosters"
DEFAULT_ROSTERS = ("cell-games", "z-fighters")


class RosterError(ValueError):
    """A roster that cannot be played; the message says why and what to do."""


def sample_roster_paths() -> list[Path]:
    return sorted(ROSTERS_DIR.glob("*.yaml"))


def resolve_roster(name: str) -> Path:
    """A sample roster by file stem, name or affiliation ("z-fighters", "Z-Fighters"),
    else a path to a roster YAML file."""
    folded = name.strip().casefold()
    for path in sample_roster_paths():
        if folded == path.stem:
            return path
        roster = load_roster(path)
        if folded in (roster.name.casefold(), roster.affiliation.casefold()):
            return path
    path = Path(name)
    if path.is_file():
        return path
    known = ", ".join(p.stem for p in sample_roster_paths()) or "none"
    raise RosterError(f"no sample roster or file named {name!r}; sample rosters: {known}")


def read_roster(path: Path, pool: Pool) -> Roster:
    """The roster at `path`, refused with every problem when it breaks a roster rule."""
    try:
        roster = load_roster(path)
    except DataError as exc:
        raise RosterError(f"cannot read the roster {exc}") from exc
    problems = roster_problems(roster, pool)
    if problems:
        listed = "\n".join(f"- {p}" for p in problems)
        raise RosterError(f"the roster {path.name} is not legal:\n{listed}")
    return roster


def load_rosters(names: Sequence[str | None], pool: Pool) -> tuple[list[Roster], list[str]]:
    """The rosters and their labels; a missing name takes the next unused default."""
    spare = iter(n for n in DEFAULT_ROSTERS if n not in names)
    rosters, labels = [], []
    for name in names:
        chosen = name if name is not None else next(spare, DEFAULT_ROSTERS[0])
        rosters.append(read_roster(resolve_roster(chosen), pool))
        labels.append(chosen)
    return rosters, labels


def pt_players(ais: tuple[str, str], game_seed: int) -> tuple[PrimeTimeAI, PrimeTimeAI]:
    return seated(make_player, ais, game_seed)


def new_pt_game(family: PrimeTimeFamily, rosters: Sequence[Roster], seed: int,
                ruleset: str) -> PrimeTimeGame:  # fmt: skip
    return new_family_game(family, rosters, seed, ruleset)


def play_pt_game(family: PrimeTimeFamily, game: PrimeTimeGame, ais: tuple[str, str], *,
                 seed: int, checks: Checks) -> GameResult:  # fmt: skip
    result = play_family_game(family, game, pt_players(ais, seed), seed=seed, checks=checks)
    # the state's `turn` is whose activation it is; a Prime Time game's length is in rounds
    return replace(result, turns=game.state.round, win_reason=reason_kind(result.win_reason))


def reason_kind(reason: str | None) -> str | None:
    """The kind of a victory ("3 rounds won to 1" -> "rounds won"), so the summary counts
    kinds, not scores (engine.primetime.rounds and damage name them)."""
    if reason is None:
        return None
    for kind in ("rounds won", "Glory", "Sudden Death roll-off", "Sudden Death"):
        if kind in reason:
            return kind
    return reason


def pt_summary_lines(summary: Summary, labels: tuple[str, str]) -> list[str]:
    """The other families' summary in Prime Time's words: rounds, its kinds of victory."""
    lines = []
    for line in summary_lines(summary, labels):
        if line.startswith("average turns:"):
            line = line.replace("average turns", "average rounds")
        elif line.startswith("won by:"):
            counts = summary.reasons()
            line = "won by: " + ", ".join(f"{reason} {count}" for reason, count
                                          in counts.items() if count)  # fmt: skip
        lines.append(line)
    return lines


def simulate_pt(family: PrimeTimeFamily, rosters: Sequence[Roster], *, games: int, seed: int,
                ruleset: str, ais: tuple[str, str], checks: Checks) -> Summary:  # fmt: skip
    """Game i uses seed `seed + i`. Raises SimulationError at the first broken game."""

    return run_games(lambda game_seed: play_pt_game(
        family, new_pt_game(family, rosters, game_seed, ruleset), ais,
        seed=game_seed, checks=checks), games=games, seed=seed)
