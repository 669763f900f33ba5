"""The game families the engine hosts and the rulesets each referees (docs/games.md).

Every family here satisfies engine.core.family.GameFamily. A family whose rules are still
being written and that plays no whole game is listed apart (IN_PROGRESS), so nothing offers
a ruleset that cannot be played; none is, today."""

from __future__ import annotations

from engine.core.family import GameFamily
from engine.panini.family import PaniniFamily
from engine.primetime.family import PrimeTimeFamily
from engine.score.family import ScoreFamily

# Score plays whole games (set-up, the turn, Combat, damage, the three victories) over the
# sandbox cards; card powers are being added (docs/games.md).
# Prime Time plays whole games through the contract (tests/primetime/test_family.py) and
# the bot hosts it (bot/services/families.py, docs/primetime-discord.md).
FAMILIES: dict[str, GameFamily] = {"panini": PaniniFamily(), "score": ScoreFamily(),
                                   "primetime": PrimeTimeFamily()}
# families whose rules are being written: name -> {ruleset: title}
IN_PROGRESS: dict[str, dict[str, str]] = {}


class UnknownRuleset(ValueError):
    pass


def family_of(ruleset: str) -> GameFamily:
    """The family that referees `ruleset`."""
    for family in FAMILIES.values():
        if ruleset in family.rulesets:
            return family
    for name, rulesets in IN_PROGRESS.items():
        if ruleset in rulesets:
            raise UnknownRuleset(f"{ruleset!r} ({name}) cannot be played yet")
    known = ", ".join(r for f in FAMILIES.values() for r in f.rulesets)
    raise UnknownRuleset(f"no ruleset {ruleset!r}: the rulesets are {known}")
