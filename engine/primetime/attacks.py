"""The simplest attack ("COMBAT RESOLUTION"): D20 + the attack stat + modifiers against the
target's RFX (PT-1), damage less RES (PT-2), then Daze, KO or Dissolution. Z-Reactions
(reactions.py), Beam paths and keywords (keywords.py) are their own modules' jobs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.primetime import altitude, fusion, held, joint, keywords, lasting
from engine.primetime.damage import harm, last_standing, rage, spared
from engine.primetime.data import Technique
from engine.primetime.geometry import cover, edge_distance, line_of_sight
from engine.primetime.stats import stat

PIERCED = {-4: -2, -2: 0}  # Heavy -> Light -> none

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState


def techniques(game: PrimeTimeGame, m: ModelState) -> list[Technique]:
    return game.pool.techniques(game.character(m), m.tier)


def technique_of(game: PrimeTimeGame, m: ModelState, args: dict[str, Any]) -> Technique:
    """An attack task's technique: the model's by index, or a played card's ("card")."""
    if args.get("card"):
        effect = game.pool.cards[args["card"]].effect
        assert effect is not None and effect.technique is not None
        return effect.technique
    return techniques(game, m)[int(args["technique"])]


BREAKTHROUGH_SK = 2  # "Use a technique while Exhausted by spending 2 SK instead of BK."


def breakthrough(game: PrimeTimeGame, m: ModelState, technique: Technique) -> bool:
    """Whether the model pays this technique with SK instead of BK: "Exhausted | ...
    cannot spend BK (except via Breakthrough)"; a technique costing no BK needs no
    Breakthrough (PT-73)."""
    return bool(technique.bk) and fusion.EXHAUSTED in m.states \
        and game.character(m).keyword("Breakthrough")  # fmt: skip


def affordable(game: PrimeTimeGame, m: ModelState, technique: Technique) -> bool:
    """The team's BK pays for it; an Exhausted model "cannot spend BK", but one with
    Breakthrough pays 2 SK of its own instead, if it has them and may spend SK (PT-73)."""
    if breakthrough(game, m, technique):
        return m.sk >= BREAKTHROUGH_SK and held.may_spend_sk(m)
    if technique.bk and fusion.EXHAUSTED in m.states:
        return False
    return technique.bk <= game.state.players[m.owner].bk


def cost(game: PrimeTimeGame, m: ModelState, technique: Technique) -> str:
    """What using the technique costs the model, for a label: "2 BK", "2 SK, Breakthrough"
    or "" when it is free."""
    if breakthrough(game, m, technique):
        return f"{BREAKTHROUGH_SK} SK, Breakthrough"
    return f"{technique.bk} BK" if technique.bk else ""


def pay(game: PrimeTimeGame, m: ModelState, technique: Technique) -> None:
    """Pay an affordable technique: the team's BK, or the model's SK by Breakthrough."""
    if breakthrough(game, m, technique):
        m.sk -= BREAKTHROUGH_SK
    else:
        game.state.players[m.owner].bk -= technique.bk


def can_target(game: PrimeTimeGame, attacker: ModelState, technique: Technique,
               target: ModelState) -> bool:  # fmt: skip
    """ "Targeting Rules": within the technique's range, base edge to base edge, and in
    Line of Sight for a ranged attack ("Melee attacks (Range 1") do not require LOS")."""
    a, t = game.base(attacker), game.base(target)
    if edge_distance(a, t) > technique.range + 1e-9:
        return False
    return not technique.ranged or line_of_sight(a, t, game.state.terrain)


@dataclass(frozen=True)
class Roll:
    die: int
    stat: str
    bonus: int
    rfx: int
    critical_margin: int
    # named modifiers, shown in order: ("dive", +2), ("cover", -4), ("last standing", +2)
    modifiers: tuple[tuple[str, int], ...] = ()

    @property
    def total(self) -> int:
        return self.die + self.bonus + sum(value for _, value in self.modifiers)

    @property
    def hit(self) -> bool:
        return self.total >= self.rfx

    @property
    def critical(self) -> bool:
        return self.total >= self.rfx + self.critical_margin

    def text(self) -> str:
        terms = "".join(f" {value:+d} {name}" for name, value in self.modifiers if value)
        verdict = "critical hit" if self.critical else "hit" if self.hit else "miss"
        return (f"d20 {self.die} {self.bonus:+d} {self.stat}{terms} = {self.total} "
                f"against RFX {self.rfx}: {verdict}")  # fmt: skip


def declare(game: PrimeTimeGame, attacker: ModelState, technique: Technique,
            target: ModelState) -> None:  # fmt: skip
    """Announce the attack and pay its BK, or its SK by Breakthrough (before any
    Z-Reaction and any roll)."""
    price = cost(game, attacker, technique)
    pay(game, attacker, technique)
    game.emit("declare", f"{game.name(attacker)} attacks {game.name(target)} with "
              f"{technique.name}{f' ({price})' if price else ''}.")  # fmt: skip


def attack(game: PrimeTimeGame, attacker: ModelState, technique: Technique,
           target: ModelState) -> None:  # fmt: skip
    """An attack no Z-Reaction answers: declare, roll, and deal the damage of a hit."""
    declare(game, attacker, technique, target)
    resolve(game, attacker, technique, target)


def roll_attack(game: PrimeTimeGame, attacker: ModelState, technique: Technique,
                target: ModelState, die: int | None = None) -> Roll:  # fmt: skip
    """Roll (or, with `die`, take again a roll already shown) the attack."""
    skill, bonus = ("FOC", stat(game, attacker, "foc")) if technique.ranged \
        else ("IMP", stat(game, attacker, "imp"))  # fmt: skip
    # cover is ranged fire's (PT-7)
    shelter = cover(game.base(attacker), game.base(target), game.state.terrain) \
        if technique.ranged else 0  # fmt: skip
    if keywords.value(technique, "Piercing") is not None:  # "reduce ... cover by one step"
        shelter = PIERCED.get(shelter, shelter)
    modifiers = (("dive", altitude.dive_bonus(attacker, target)), ("cover", shelter),
                 ("last standing", last_standing(game, attacker)),
                 (game.condition().name, _far(game, attacker, technique, target)))  # fmt: skip
    roll = Roll(game.d20() if die is None else die, skill, bonus, stat(game, target, "rfx"),
                game.rules.critical_margin, modifiers)  # fmt: skip
    if die is None:
        text = f"{game.name(attacker)}: {technique.name} at {game.name(target)}: {roll.text()}."
        game.emit("attack", text, die=roll.die, total=roll.total)
    return roll


def _far(game: PrimeTimeGame, attacker: ModelState, technique: Technique,
         target: ModelState) -> int:  # fmt: skip
    """The Condition's modifier to a ranged attack at a target farther than its `far`."""
    condition = game.condition()
    if condition.far is None or not technique.ranged:
        return 0
    far = edge_distance(game.base(attacker), game.base(target)) > condition.far + 1e-9
    return condition.far_modifier if far else 0


def resolve(game: PrimeTimeGame, attacker: ModelState, technique: Technique,
            target: ModelState, res_bonus: int = 0) -> None:  # fmt: skip
    """Roll the attack; a hit deals the technique's damage less RES (PT-2); then the
    technique's keywords (Beam, Blast)."""
    where = game.base(target)
    roll = roll_attack(game, attacker, technique, target)
    if roll.hit:
        hit(game, attacker, technique, target, res_bonus)
    keywords.aftermath(game, attacker, technique, target, where, roll, roll.hit)


def hit(game: PrimeTimeGame, attacker: ModelState, technique: Technique,
        target: ModelState, res_bonus: int = 0) -> None:  # fmt: skip
    res = stat(game, target, "res") + res_bonus
    damage = max(0, technique.damage - res)
    absorb = keywords.absorb(game.character(target))
    why = f"{technique.damage} - RES {res}"
    if absorb and damage > 0:  # "Absorb X: Reduce damage from this source by X (minimum 1)"
        damage = max(1, damage - absorb)
        why += f", Absorb {absorb}"
    game.emit("damage", f"{game.name(target)} takes {damage} damage ({why}).",
              damage=damage)  # fmt: skip
    harm(game, target, damage)
    if not spared(game, target):  # an Expendable model's removal gives no Rage (PT-74)
        rage(game, attacker, damage)
    if technique.state is not None:  # the technique's state on the model it hits
        lasting.apply(game, attacker, target, technique.state)
    joint.after_hit(game, attacker, technique, target)  # "Joint Attack" (PT-58)
