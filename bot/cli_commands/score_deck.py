"""`scouter deck check FILE --ruleset score|ocg`: is a Score CCG / DBZ OCG deck legal?

Reads a Score deck list (docs/score-cards.md "Deck lists") against the Score family's
sandbox set and the Score sets imported with `scouter cards import --ruleset score`, and
prints the verdict: LEGAL, or each rule broken with its page. Every
failure is a message, never a traceback."""

from __future__ import annotations

from pathlib import Path

from engine.score.cards import SANDBOX_DIR, CardFileError, load_pool
from engine.score.deckcheck import check_deck
from engine.score.decklist import parse_score_deck
from engine.score.rulesets import RULESETS

EXIT_LEGAL, EXIT_NOT_LEGAL = 0, 1


# where `scouter cards import --ruleset score|ocg` writes Score card sets
IMPORTED_DIR = Path("var/cards/score")


def check_score_file(path: Path, data: bytes, ruleset_name: str,
                     cards_dir: Path | None = None) -> tuple[int, str]:  # fmt: skip
    """The exit code and what to print for the deck list in `data`, read against the
    sandbox and the Score sets imported into `cards_dir` (default var/cards/score)."""
    ruleset = RULESETS[ruleset_name]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return EXIT_NOT_LEGAL, f"NOT LEGAL: {path} is not UTF-8 text"
    try:
        imported = IMPORTED_DIR if cards_dir is None else cards_dir
        pool = load_pool(SANDBOX_DIR, *([imported] if imported.is_dir() else []))
    except (CardFileError, ValueError) as exc:
        return EXIT_NOT_LEGAL, f"NOT LEGAL: the Score card data is broken: {exc}"
    parsed = parse_score_deck(text, pool)
    if isinstance(parsed, list):
        lines = [f"NOT LEGAL: {path} has {len(parsed)} unreadable line(s):"]
        return EXIT_NOT_LEGAL, "\n".join([*lines, *(f"- {error}" for error in parsed)])
    violations = check_deck(parsed, pool, ruleset)
    if violations:
        lines = [f"NOT LEGAL under {ruleset.name}:", *(f"- {v}" for v in violations)]
        return EXIT_NOT_LEGAL, "\n".join(lines)
    size = len(parsed.main_personality) + sum(parsed.life.values())
    return EXIT_LEGAL, f"LEGAL: {path.stem} ({size} cards) under {ruleset.name}"
