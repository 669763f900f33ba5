"""`scouter deck check --game prime-time FILE`: is a DBZ: Prime Time roster, with its
20-card deck, legal? The checks are engine.primetime.roster's ("Roster Limits", Threat cap,
"Affiliation Loyalty Discount", fusions, the Leader, "Card Deck Mechanics"); this module
only words the verdict, with each model's Threat so a player sees where it went."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from engine.primetime.data import DataError
from engine.primetime.pool import Pool, sample_pool
from engine.primetime.roster import (
    DECK_MIX,
    THREAT_CAP,
    Roster,
    load_roster,
    roster_problems,
    threat,
)

EXIT_LEGAL, EXIT_NOT_LEGAL = 0, 1


def check_pt_file(path: Path, pool: Pool | None = None) -> tuple[int, str]:
    """The exit code and what to print for the roster file at `path` (readable: the
    caller has checked that it exists)."""
    pool = pool if pool is not None else sample_pool()
    try:
        roster = load_roster(path)
    except DataError as exc:
        return EXIT_NOT_LEGAL, f"NOT LEGAL: not a Prime Time roster file: {exc}"
    problems = roster_problems(roster, pool)
    if problems:
        lines = [f"NOT LEGAL: {roster.name} ({roster.affiliation}):"]
        return EXIT_NOT_LEGAL, "\n".join([*lines, *(f"- {p}" for p in problems)])
    return EXIT_LEGAL, "\n".join(_legal(roster, pool))


def _legal(roster: Roster, pool: Pool) -> list[str]:
    lines = [f"LEGAL: {roster.name} ({roster.affiliation}), {len(roster.models)} models, "
             f"Threat {threat(roster, pool)} of {THREAT_CAP}"]  # fmt: skip
    for cid in roster.models:
        character = pool.character(cid)
        paid = character.threat_in(roster.affiliation)
        discount = f" (printed {character.threat}, {roster.affiliation} discount)" if (
            paid != character.threat) else ""  # fmt: skip
        leader = ", Leader" if cid == roster.leader else ""
        lines.append(f"- {character.name}: Threat {paid}{discount}{leader}")
    for fused in roster.fusions:
        profile = pool.character(fused).fusion
        cost = 0 if profile is None else profile.card_threat
        lines.append(f"- {pool.character(fused).name} (Fusion card): Threat +{cost}")
    kinds: Counter[str] = Counter(pool.cards[c].kind for c in roster.deck)
    mix = ", ".join(f"{kinds[kind]} {kind}" for kind in DECK_MIX)
    lines.append(f"Deck: {len(roster.deck)} cards ({mix})")
    return lines
