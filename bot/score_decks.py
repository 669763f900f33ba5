"""Score family decks for the command line (`scouter play|simulate --ruleset score|ocg`):
a starter deck by name (data/decks/score/, each legal in the rulesets its "# ruleset:"
header names) or a deck list file, checked against the ruleset played. Every problem is a
message saying what is wrong and what to use instead, never a traceback."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from engine.score.cards import SANDBOX_DIR, CardFileError, CardPool, load_pool
from engine.score.deckcheck import ScoreDeck, check_deck
from engine.score.decklist import declared_rulesets, parse_score_deck
from engine.score.rulesets import RULESETS

SCORE_DECKS_DIR = Path(__file__).resolve().parents[1] / "data" / "decks" / "score"
PANINI_DECKS_DIR = SCORE_DECKS_DIR.parent


class ScoreDeckError(ValueError):
    """A Score deck that cannot be played under the ruleset asked for."""


def score_pool() -> CardPool:
    try:
        return load_pool(SANDBOX_DIR)
    except (CardFileError, ValueError, OSError) as exc:
        raise ScoreDeckError(f"the Score card data cannot be loaded: {exc}") from exc


def starter_paths(directory: Path = SCORE_DECKS_DIR) -> list[Path]:
    return sorted(directory.glob("*.txt"))


def starters_for(ruleset: str, directory: Path = SCORE_DECKS_DIR) -> list[Path]:
    """The starter decks whose header names `ruleset`."""
    return [path for path in starter_paths(directory)
            if ruleset in declared_rulesets(path.read_text(encoding="utf-8"))]  # fmt: skip


def default_names(ruleset: str, directory: Path = SCORE_DECKS_DIR) -> list[str]:
    """The first two starters of `ruleset`, alphabetically."""
    return default_names_all(ruleset, directory)[:2]


def default_names_all(ruleset: str, directory: Path = SCORE_DECKS_DIR) -> list[str]:
    """Every starter of `ruleset` alphabetically: a match takes the first unused ones."""
    names = [path.stem for path in starters_for(ruleset, directory)]
    if len(names) < 2:
        raise ScoreDeckError(f"need two {ruleset} starter decks in {directory}; use --deck")
    return names


def load_score_deck(name: str, ruleset: str, pool: CardPool,
                    directory: Path = SCORE_DECKS_DIR) -> ScoreDeck:  # fmt: skip
    """A starter by name (for `ruleset`), or a deck list file legal under `ruleset`."""
    path = _resolve(name, ruleset, directory)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise ScoreDeckError(f"cannot read {path}: {exc}") from exc
    parsed = parse_score_deck(text, pool)
    if isinstance(parsed, list):
        lines = "\n".join(f"- {error}" for error in parsed)
        raise ScoreDeckError(f"{path} is not a Score deck list we can read:\n{lines}")
    violations = check_deck(parsed, pool, RULESETS[ruleset])
    if violations:
        lines = "\n".join(f"- {v}" for v in violations)
        raise ScoreDeckError(f"{path.stem} is not legal under {ruleset}:\n{lines}")
    return parsed


def load_score_decks(names: Sequence[str], ruleset: str, pool: CardPool,
                     directory: Path = SCORE_DECKS_DIR) -> list[ScoreDeck]:  # fmt: skip
    return [load_score_deck(name, ruleset, pool, directory) for name in names]


def _resolve(name: str, ruleset: str, directory: Path) -> Path:
    for path in starter_paths(directory):
        if path.stem.casefold() != name.casefold():
            continue
        legal_in = declared_rulesets(path.read_text(encoding="utf-8"))
        if ruleset not in legal_in:
            raise ScoreDeckError(
                f"the starter deck {path.stem!r} is for {', '.join(legal_in) or 'no ruleset'}"
                f" only, not {ruleset}; the {ruleset} starter decks: "
                f"{', '.join(p.stem for p in starters_for(ruleset, directory))}"
            )
        return path
    path = Path(name)
    if path.is_file():
        return path
    known = ", ".join(p.stem for p in starters_for(ruleset, directory)) or "none"
    panini = any(p.stem.casefold() == name.casefold() for p in PANINI_DECKS_DIR.glob("*.txt"))
    what = "a Panini starter deck; Score rulesets play Score decks" if panini else "unknown"
    raise ScoreDeckError(f"deck {name!r}: {what}. The {ruleset} starter decks: {known}")


def score_deck_hint(names: Sequence[str | None], ruleset: str) -> str:
    """For a Panini ruleset given a Score deck (a Score starter's name, or a file that
    reads as a Score deck list): what to do instead; "" when none is one."""
    stems = {path.stem.casefold() for path in starter_paths()}
    for name in names:
        if name is None:
            continue
        if name.casefold() in stems or _reads_as_score(Path(name)):
            return (f"{name!r} is a Score deck, not a {ruleset} one: play it with "
                    f"--ruleset {' or --ruleset '.join(RULESETS)}")  # fmt: skip
    return ""


def _reads_as_score(path: Path) -> bool:
    try:
        if not path.is_file():
            return False
        return isinstance(parse_score_deck(path.read_text(encoding="utf-8-sig"), score_pool()),
                          ScoreDeck)  # fmt: skip
    except (OSError, UnicodeDecodeError, ScoreDeckError):
        return False
