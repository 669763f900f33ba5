"""The game families the engine hosts and the rulesets each referees (docs/games.md).

Every family here satisfies engine.core.family.GameFamily. The Score family's rulesets are
defined (engine.score.rulesets) but it plays no game yet: it is listed apart, so nothing
offers a ruleset that cannot be played."""

from __future__ import annotations

from engine.core.family import GameFamily
from engine.panini.family import PaniniFamily
from engine.score.rulesets import RULESETS as SCORE_RULESETS

FAMILIES: dict[str, GameFamily] = {"panini": PaniniFamily()}
# families whose rules are being written: name -> {ruleset: title}
IN_PROGRESS: dict[str, dict[str, str]] = {
    "score": {name: ruleset.title for name, ruleset in SCORE_RULESETS.items()},
}


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
