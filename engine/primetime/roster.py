"""A player's roster and deck, and their checks: "Roster Limits" (3-8 models, Threat cap
20), "Affiliation Loyalty Discount", fusion purchases ("FUSION MECHANICS"), one Leader
("Leader Eligible") and the 20-card deck ("Card Deck Mechanics": 10 Generic, 6 Character,
4 Affiliation). Problems are sentences a player can act on."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.primetime.data import DATA_DIR, DataError, read_yaml
from engine.primetime.pool import Pool

MIN_MODELS, MAX_MODELS, THREAT_CAP = 3, 8, 20  # "Roster Limits"
DECK_SIZE = 20
DECK_MIX = {"generic": 10, "character": 6, "affiliation": 4}  # "Card Deck Mechanics"


class Roster(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    affiliation: str
    leader: str | None = None
    models: list[str] = Field(min_length=1)  # character ids, deployed at the start
    fusions: list[str] = []  # Fused models bought ("+X Threat"), formed only in play
    deck: list[str]  # card ids, one entry per copy


def load_roster(path: Path) -> Roster:
    try:
        return Roster.model_validate(read_yaml(path))
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"])
        raise DataError(f"{path.name}: {field}: {first['msg']}") from exc


def sample_rosters() -> list[Roster]:
    return [load_roster(p) for p in sorted((DATA_DIR / "rosters").glob("*.yaml"))]


def sample_roster(affiliation: str) -> Roster:
    return next(r for r in sample_rosters() if r.affiliation == affiliation)


def threat(roster: Roster, pool: Pool) -> int:
    """The roster's Threat: each model's, discounted when the roster's affiliation matches
    its loyalty, plus each fusion card's."""
    total = sum(pool.character(m).threat_in(roster.affiliation) for m in roster.models)
    for fused in roster.fusions:
        profile = pool.character(fused).fusion
        total += 0 if profile is None else profile.card_threat
    return total


def roster_problems(roster: Roster, pool: Pool) -> list[str]:
    unknown = [m for m in [*roster.models, *roster.fusions] if m not in pool.characters]
    if unknown:
        return [f"unknown characters: {', '.join(unknown)}"]
    problems = []
    count = len(roster.models)
    if not MIN_MODELS <= count <= MAX_MODELS:
        problems.append(f"{count} models: a roster has {MIN_MODELS} to {MAX_MODELS}")
    doubles = [m for m, n in Counter(roster.models).items() if n > 1]
    if doubles:
        problems.append(f"a character twice: {', '.join(doubles)}")
    total = threat(roster, pool)
    if total > THREAT_CAP:
        problems.append(f"Threat {total} is over the cap of {THREAT_CAP}")
    for cid in roster.models:
        if pool.character(cid).fusion is not None:
            problems.append(f"{cid} is a Fused model: list it under fusions, not models")
    for fused in roster.fusions:
        profile = pool.character(fused).fusion
        if profile is None:
            problems.append(f"{fused} is not a Fused model")
            continue
        missing = [c for c in profile.components if c not in roster.models]
        if missing:
            problems.append(f"{fused} needs both components in the roster: {', '.join(missing)}")
    if roster.leader is not None:
        if roster.leader not in roster.models:
            problems.append(f"the leader {roster.leader} is not in the roster")
        elif not pool.character(roster.leader).keyword("Leader Eligible"):
            problems.append(f"{roster.leader} is not Leader Eligible")
    return problems + deck_problems(roster, pool)


def deck_problems(roster: Roster, pool: Pool) -> list[str]:
    unknown = [c for c in roster.deck if c not in pool.cards]
    if unknown:
        return [f"unknown cards: {', '.join(sorted(set(unknown)))}"]
    problems = []
    if len(roster.deck) != DECK_SIZE:
        problems.append(f"the deck has {len(roster.deck)} cards: it has {DECK_SIZE}")
    kinds: Counter[str] = Counter(pool.cards[c].kind for c in roster.deck)
    for kind, wanted in DECK_MIX.items():
        if kinds[kind] != wanted:
            problems.append(f"{kinds[kind]} {kind} cards: a deck has {wanted}")
    fielded = {*roster.models, *roster.fusions}
    for cid in sorted(set(roster.deck)):
        card = pool.cards[cid]
        if card.character is not None and card.character not in fielded:
            problems.append(f"{card.name} is {card.character}'s card, not in the roster")
        if card.affiliation is not None and card.affiliation != roster.affiliation:
            problems.append(f"{card.name} is a {card.affiliation} card, the roster is "
                            f"{roster.affiliation}")  # fmt: skip
    return problems
