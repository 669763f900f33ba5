"""Prime Time's rules as numbers, one ruleset object (prime-time-core-rules.txt; the
section each field comes from is named beside it)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PrimeTimeRules:
    title: str
    rounds: int = 4  # "Game Length: 4 Rounds"
    actions: int = 2  # "Actions / Activation"
    move_cap: int = 2  # "Movement Cap: 2 movement actions per activation"
    bk_cap: int = 15  # "BK Pool Cap: 15 BK"
    wt: int = 3  # "COMMAND TOKEN (WT) ECONOMY"
    # "BK Generation (Flat Escalation Model)": flat BK by round; the Elite Bonus (round 1,
    # rosters of 3-5 models) and +1 per model come on top
    flat_bk: tuple[int, ...] = (1, 3, 4, 4)
    elite_bonus: int = 1
    elite_models: tuple[int, int] = (3, 5)
    focus_tax: int = 2  # "Focus Tax": a model's second activation in a round
    hand_limits: tuple[int, ...] = (3, 4, 5, 6)  # "Hand Limit: R1 3, R2 4, R3 5, R4 6"
    deployment: float = 8.0  # "within 8" of their short edge"
    # "Power-Up": D20 + SPR at 15 (+2 BK, +1 SK) and 25 (+4 BK, +2 SK); +1 BK floor
    power_up: tuple[tuple[int, int, int], ...] = ((25, 4, 2), (15, 2, 1), (0, 1, 0))
    # "Android Recharge": D20 + FOC at 15 gives +3 BK, else +1 BK
    recharge: tuple[tuple[int, int], ...] = ((15, 3), (0, 1))
    free_cap: int = 2  # "Free Action Cap": free actions per activation
    rage_cap: int = 3  # "Saiyan Rage": at most 3 SK per unit per round
    critical_margin: int = 10  # PT-1: a Critical Success beats RFX by 10
    missing_stat: int = 10  # "Stat Fallback for Missing Defensive Stats"
    sudden_death_rounds: int = 4  # PT-10: Scouter's cap on Sudden Death

    def hand_limit(self, round_: int) -> int:
        return self.hand_limits[min(round_, len(self.hand_limits)) - 1]

    def flat(self, round_: int) -> int:
        return self.flat_bk[min(round_, len(self.flat_bk)) - 1]

    def stage(self, round_: int) -> int:
        """Which of the three missions a round plays ("Scoring Glory": opening, escalation,
        then the finale for rounds 3-4 and any Sudden Death round)."""
        return min(round_, 3) - 1


RULESETS = {"prime-time": PrimeTimeRules(title="DBZ: Prime Time (core rules)")}
