"""What a Score family card's power text does, as data the referee runs (read from the
text by engine.score.cardtext). Page numbers are the Score 2003 Buu Saga rulebook's.

A card's power is an attack or a stop (or neither), its costs, its secondary effects
(p. 27: resolved at once, whether or not the attack succeeds), its "If successful" effects
(p. 27, p. 33 step 15) and, for cards that stay in play, constant modifiers. Sentences the
reader does not know are kept as text, resolved by hand at the table."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

AttackKind = Literal["physical", "energy"]
DamageUnit = Literal["stages", "life"]
Who = Literal["you", "opponent"]

# the effects the referee runs; each names what it does to whom (engine/score/effects.py)
EFFECTS = (
    "raise_anger", "lower_anger", "gain_stages", "lose_stages", "draw", "discard_hand",
    "discard_life", "rejuvenate", "skip_power_up", "discard_ally_self", "sensei_draw",
    "sensei_shuffle", "search_drill", "advance_level", "lower_level", "choose", "fuse",
)  # fmt: skip
TriggerEvent = Literal["perform_attack", "stop_attack"]


@dataclass(frozen=True, slots=True)
class Damage:
    """ "doing 5 life cards of damage" (the base damage, p. 33 "Cards that state damage")
    or "doing +2 power stages of damage" (added to the base, p. 38 "'+' in ... Cards")."""

    amount: int
    unit: DamageUnit
    plus: bool = False
    # "... for each Ally you have in play": times the Allies counted for effects (p. 50)
    per_ally: bool = False


@dataclass(frozen=True, slots=True)
class Attack:
    kind: AttackKind
    damage: Damage | None = None  # None: the PAT (physical) or 4 life cards (energy)
    stage_cost: int | None = None  # None: the rule's (energy 2, physical 0; p. 38)
    life_cost: int = 0  # "Costs +1 life card to perform" (p. 38)
    focused: bool = False  # p. 50 "Focused Attacks"
    unstoppable: bool = False  # "cannot be stopped" (p. 52 "'Stopping' Unstoppable Attacks")


@dataclass(frozen=True, slots=True)
class Effect:
    do: str  # one of EFFECTS
    amount: int = 1
    who: Who = "you"
    after_empower: bool = False  # dropped when the attack is Empowered (p. 53)
    choices: tuple[Effect, ...] = ()  # do "choose": p. 51 the "or" Rule, the player picks


@dataclass(frozen=True, slots=True)
class DamageBonus:
    """A card in play that adds to attacks: "Your Red physical attacks do +1 power stage of
    damage", "All physical attacks do +1 power stage of damage" (p. 41: "Drills that add
    a '+' to attacks do the extra specified damage")."""

    kind: AttackKind | None  # None: both kinds
    bonus: Damage
    whose: Literal["yours", "all"] = "yours"
    style: str | None = None  # a Martial Arts Style, or "freestyle"


@dataclass(frozen=True, slots=True)
class PowerUpBonus:
    """ "Your Power Up Step gains 1 more power stage"; "Heroes gain 1 extra power stage in
    their Power Up Step" (any player whose alignment is named)."""

    amount: int
    alignment: str | None = None  # None: the card's controller


Until = Literal["combat", "turn", "game"]


@dataclass(frozen=True, slots=True)
class Floating:
    """ "For the remainder of Combat (the turn, the game), ...": a floating effect (p. 48),
    "still in play" after its card is used and discarded, until what the card says."""

    until: Until
    bonuses: tuple[DamageBonus, ...] = ()  # "your physical attacks do +1 power stage"
    stops: frozenset[AttackKind] = frozenset()  # "stop all energy attacks against you"
    power_ups: tuple[PowerUpBonus, ...] = ()  # "your Power Up Step gains 1 more power stage"


@dataclass(frozen=True, slots=True)
class Trigger:
    """ "Once per Combat, when you perform a Red attack, draw a card"; "Once per turn, after
    you stop an attack, draw a card": a card in play whose effects follow an event of its
    controller's, at most once per Combat or turn."""

    event: TriggerEvent
    effects: tuple[Effect, ...]
    limit: Literal["combat", "turn"] | None = None
    style: str | None = None  # of the attack performed; "freestyle" for Freestyle


@dataclass(frozen=True, slots=True)
class Power:
    attack: Attack | None = None
    stops: frozenset[AttackKind] = frozenset()  # "Stops a physical attack"
    # "Defense Shield: stops a physical attack": activates when such an attack is not
    # stopped (p. 48-49; once per Combat, docs/rulings.md 337)
    shield: frozenset[AttackKind] = frozenset()
    secondary: tuple[Effect, ...] = ()
    if_successful: tuple[Effect, ...] = ()
    empower: int | None = None  # "Empower N": +N life cards, the text after it dropped
    after_use: Literal["discard", "remove", None] = None  # "Remove from the game after use"
    damage_bonuses: tuple[DamageBonus, ...] = ()
    # "For the remainder of Combat, ...": floating effects once the card is used (p. 48)
    floating: tuple[Floating, ...] = ()
    power_up_bonuses: tuple[PowerUpBonus, ...] = ()
    # "When entering Combat, ...": used in phases (a) and (b) of the Combat Step (p. 24)
    entering: tuple[Effect, ...] = ()
    triggers: tuple[Trigger, ...] = ()
    once_per_game: bool = False  # "Once per game, ...": a Sensei's power (p. 45)
    when_needed: bool = False  # "Use when needed": between parts of the turn (p. 51)
    # "Cannot be used with other Red Drills in play": a Restricted Drill (p. 41)
    restricted_style: str | None = None
    unread: tuple[str, ...] = field(default=())  # sentences resolved by hand
    unread_after_empower: tuple[str, ...] = ()  # those of them an Empowered attack drops

    @property
    def usable(self) -> bool:
        """Something to do when the card (or personality power) is used."""
        return bool(self.attack or self.stops or self.secondary or self.if_successful
                    or self.floating or (self.unread and not self.entering))  # fmt: skip

    @property
    def automated(self) -> bool:
        return not self.unread


NO_POWER = Power()
