"""The Joint Attack's data format (docs/primetime-data.md "Joint Attacks"): the sample's
table/joint-attacks.yaml and a server's imported `joint_attacks:` (PT-58, PT-67). Kept apart
from engine.primetime.joint, which fires them, so the pool (engine.primetime.pool) can
read and check them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.primetime.data import Character

KEYWORD = "Joint Attack"


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class JointTrigger(_Data):
    """When it fires: one of the pair hits an enemy with an attack of this kind while its
    partner is within `within` inches of that enemy (base edge to base edge)."""

    event: Literal["hit"] = "hit"
    attack: Literal["any", "melee", "ranged"] = "any"  # ranged: ranged and Beam
    within: float = Field(gt=0)


class JointEffect(_Data):
    """What it does: extra damage to the enemy hit (RES applies), BK for the team, and
    Staggered for the enemy hit; at least one."""

    damage: int = Field(default=0, ge=0)
    bk: int = Field(default=0, ge=0)
    stagger: bool = False

    @model_validator(mode="after")
    def _something(self) -> JointEffect:
        if not (self.damage or self.bk or self.stagger):
            raise ValueError("a Joint Attack's effect does something: damage, bk or stagger")
        return self


class JointAttack(_Data):
    id: str = Field(pattern=r"^[a-z0-9-]+$")
    name: str
    pair: tuple[str, str]  # the two characters' ids
    text: str  # what players read
    trigger: JointTrigger
    effect: JointEffect

    @model_validator(mode="after")
    def _two(self) -> JointAttack:
        if self.pair[0] == self.pair[1]:
            raise ValueError("a Joint Attack pairs two different characters")
        return self


def pair_problem(joint: JointAttack, characters: Mapping[str, Character]) -> str | None:
    """Why `joint`'s pair is not two known characters carrying the keyword (the message
    names the field), or None."""
    for cid in joint.pair:
        character = characters.get(cid)
        if character is None:
            return f"pair: no character {cid!r}"
        if not character.keyword(KEYWORD):
            return f"pair: {cid!r} has no {KEYWORD} keyword"
    return None
