"""Allies in the Score family (score-ccg-2003-buu-saga-rulebook.txt "Allies", p. 35-37;
dbz-ocg-2016-rules.txt "Allies" and "Other Ally Information").

- Placing: an Ally enters at 3 power stages above 0, at the MP's personality level or
  lower; overlaying its next level sets that level's highest power stage, which may pass
  the MP's level (p. 35).
- Powering up: each Ally gains 1 power stage in `score` whatever its PUR (p. 35), its own
  PUR in the `ocg`; the MP gains its PUR, +1 with a declared Tokui-Waza (p. 46).
- Taking over Combat: while the MP is at 0 or 1 power stage above 0 (p. 35; the OCG: "1
  power stage above 0 or lower").
- In play: no Ally of the same personality as a Main Personality in play, and no two
  Allies of one personality at the same level on the whole field (p. 36); Saibaimen (any
  MP but Saibaimen, up to 3 of each level on the field) and Cell Jr. (only for a Cell MP,
  9 on the field) are the exceptions (p. 37)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.score.personalities import barred_ally
from engine.score.rulesets import ScoreRuleset

TAKE_OVER_AT_MOST = 1  # the MP's power stages above 0 that let an Ally take over Combat
SAIBAIMEN, CELL_JR = "Saibaimen", "Cell Jr."
MULTIPLE = {SAIBAIMEN: 3, CELL_JR: 9}  # per level on the field / on the whole field


@dataclass(frozen=True, slots=True)
class AllyCard:
    personality: str
    level: int
    pur: int
    # the printed line it overlays within ("Cell Jr. 1", p. 37); "" for its personality
    line: str = ""

    @property
    def overlays(self) -> tuple[str, str]:
        return self.personality, self.line or self.personality


def placing_problem(
    ally: AllyCard,
    own_mp: str,
    mp_level: int,
    main_personalities: Sequence[str],
    allies_in_play: Sequence[AllyCard],
) -> str | None:
    """Why `ally` may not be placed in play now by the player whose MP is `own_mp` at
    `mp_level`, or None (p. 35-37). `main_personalities`: both players' MPs;
    `allies_in_play`: every Ally on the field, both players'."""
    if ally.level > mp_level:
        return (
            f"a level {ally.level} Ally needs your MP at level {ally.level} or higher "
            f"(it is at level {mp_level})"
        )
    return _field_problem(ally, own_mp, main_personalities, allies_in_play)


def overlay_problem(
    ally: AllyCard,
    under: AllyCard,
    own_mp: str,
    main_personalities: Sequence[str],
    allies_in_play: Sequence[AllyCard],
) -> str | None:
    """Why `ally` may not overlay `under`, one of its player's Allies, or None. p. 35: "you
    can play his next level Ally on top of him ... any levels under him are no longer in
    play. It's ok to have an Ally's overlaid level exceed your MP's level"; p. 37: "The
    Cell Jr. 1 Level 2 will only overlay on its matching Cell Jr. 1" (its line)."""
    if ally.overlays != under.overlays or ally.level != under.level + 1:
        return f"it overlays only a level {ally.level - 1} {ally.overlays[1]}"
    rest = list(allies_in_play)
    rest.remove(under)  # the overlaid level is no longer in play
    return _field_problem(ally, own_mp, main_personalities, rest)


def _field_problem(
    ally: AllyCard,
    own_mp: str,
    main_personalities: Sequence[str],
    allies_in_play: Sequence[AllyCard],
) -> str | None:
    """What the field forbids (p. 36-37, p. 50), whatever the MP's level."""
    if ally.personality in main_personalities:
        return f"{ally.personality} is a Main Personality in play: not an Ally too"
    barred_by = barred_ally(ally.personality, list(main_personalities))  # p. 50
    if barred_by is not None:
        return f"with {barred_by} as a Main Personality, no one may have {ally.personality} Allies"
    if ally.personality == CELL_JR and own_mp != "Cell":
        return "Cell Jr. Allies are only for a Cell Main Personality"
    if ally.personality == SAIBAIMEN and SAIBAIMEN in main_personalities:
        return "with Saibaimen as a Main Personality, no Saibaimen may be Allies"
    same = [a for a in allies_in_play if a.personality == ally.personality]
    if ally.personality == SAIBAIMEN:
        if sum(a.level == ally.level for a in same) >= MULTIPLE[SAIBAIMEN]:
            return f"the field already has 3 level {ally.level} Saibaimen"
        return None
    if ally.personality == CELL_JR:
        return "the field already has 9 Cell Jrs." if len(same) >= MULTIPLE[CELL_JR] else None
    if any(a.level == ally.level for a in same):
        return f"a level {ally.level} {ally.personality} Ally is already in play"
    return None


def ally_power_up(ally: AllyCard, rules: ScoreRuleset) -> int:
    """Power stages an Ally gains in its player's Power Up Step."""
    return ally.pur if rules.ally_power_up == "pur" else 1


def mp_power_up(pur: int, tokui_waza_declared: bool, rules: ScoreRuleset) -> int:
    """Power stages the MP gains in the Power Up Step (p. 23, p. 46)."""
    return pur + (rules.tokui_waza_pur_bonus if tokui_waza_declared else 0)


def may_take_over(mp_stage: int) -> bool:
    """May an Ally take over Combat for the MP (p. 35)?"""
    return mp_stage <= TAKE_OVER_AT_MOST
