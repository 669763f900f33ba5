"""Everything Prime Time reads from data/primetime/ in one checked pool: characters, deck
cards, table cards, the universal techniques and the Joint Attacks, with their cross
references (partners, fusion components, a character card's character, a Joint Attack's
pair) checked on load."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

import yaml

from engine.core.yamlfile import SafeLoader, safe_load
from engine.primetime.data import (
    ANY_PARTNER,
    DATA_DIR,
    Character,
    Condition,
    DataError,
    DeckCard,
    Location,
    Mission,
    Technique,
    load_list,
    validate_list,
)
from engine.primetime.joint_data import JointAttack, pair_problem

MAX_IMPORTED = 200  # entries of one kind in an imported file (the sample has 28 cards)
IMPORT_KEYS = ("name", "characters", "cards", "joint_attacks")
ENTRY_KEYS = IMPORT_KEYS[1:]  # the lists of entries


@dataclass(frozen=True)
class Pool:
    characters: dict[str, Character]
    cards: dict[str, DeckCard]
    locations: dict[str, Location]
    missions: dict[str, Mission]
    conditions: dict[str, Condition]
    universal: tuple[Technique, ...]  # every model's: Basic Strike, Energy Blast
    joints: dict[str, JointAttack] = field(default_factory=dict)  # by id (PT-58)

    def character(self, cid: str) -> Character:
        try:
            return self.characters[cid]
        except KeyError:
            raise DataError(f"no character {cid!r}") from None

    def techniques(self, character: Character, tier: int) -> list[Technique]:
        """A model's techniques at a tier: its own and the universal ones; an Incapable
        model has no Ki attacks ("Incapable: cannot use Energy Blast")."""
        own = list(character.tiers[tier].techniques)
        for technique in self.universal:
            if character.keyword("Incapable") and technique.ranged:
                continue
            own.append(technique)
        return own

    def missions_of(self, stage: str) -> list[Mission]:
        return [m for m in self.missions.values() if m.stage == stage]


Item = TypeVar("Item", Character, DeckCard, Location, Mission, Condition, JointAttack)


def _by_id(items: list[Item], where: str) -> dict[str, Item]:
    found: dict[str, Item] = {}
    for item in items:
        if item.id in found:
            raise DataError(f"{where}: two entries with id {item.id!r}")
        found[item.id] = item
    return found


def _files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.yaml"))


def load_pool(root: Path = DATA_DIR) -> Pool:
    characters: list[Character] = []
    for path in _files(root / "characters"):
        characters += load_list(path, Character)
    cards: list[DeckCard] = []
    for path in _files(root / "cards"):
        cards += load_list(path, DeckCard)
    table = root / "table"
    pool = Pool(
        characters=_by_id(characters, "characters"),
        cards=_by_id(cards, "cards"),
        locations=_by_id(load_list(table / "locations.yaml", Location), "locations.yaml"),
        missions=_by_id(load_list(table / "missions.yaml", Mission), "missions.yaml"),
        conditions=_by_id(load_list(table / "conditions.yaml", Condition), "conditions.yaml"),
        universal=tuple(load_list(root / "universal.yaml", Technique)),
        joints=_by_id(load_list(table / "joint-attacks.yaml", JointAttack),
                      "joint-attacks.yaml"),
    )
    _check_references(pool)
    return pool


def _check_references(pool: Pool) -> None:
    for c in pool.characters.values():
        partner = c.devoted_partner
        if partner not in (None, ANY_PARTNER) \
                and pool.characters.get(partner, c).devoted_partner != c.id:  # fmt: skip
            raise DataError(f"{c.id}: devoted_partner {partner!r} is not paired back")
        if c.merge is not None and (c.merge.partner == c.id
                                    or c.merge.partner not in pool.characters):  # fmt: skip
            raise DataError(f"{c.id}: merge partner {c.merge.partner!r} is not another "
                            "character")  # fmt: skip
        if c.fusion is not None:
            for component in c.fusion.components:
                if component not in pool.characters:
                    raise DataError(f"{c.id}: fusion component {component!r} is unknown")
    for card in pool.cards.values():
        if card.character is not None and card.character not in pool.characters:
            raise DataError(f"card {card.id}: character {card.character!r} is unknown")
    for joint in pool.joints.values():
        problem = pair_problem(joint, pool.characters)
        if problem is not None:
            raise DataError(f"joint attack {joint.id}: {problem}")
    for stage in ("opening", "escalation", "finale"):
        if not pool.missions_of(stage):
            raise DataError(f"missions.yaml: no {stage} mission (VICTORY & SCORING)")


@cache
def sample_pool() -> Pool:
    """The sample data we ship (data/primetime/), read once."""
    return load_pool()


# --- a player's or a server's own characters and cards (docs/primetime-data.md) ---------
@dataclass(frozen=True)
class Imported:
    """One imported file: its set name (if it gives one), characters, deck cards and Joint
    Attacks (PT-67)."""

    name: str | None
    characters: tuple[Character, ...]
    cards: tuple[DeckCard, ...]
    joints: tuple[JointAttack, ...] = ()

    def entries(self) -> list[Character | DeckCard | JointAttack]:
        return [*self.characters, *self.cards, *self.joints]

    def ids(self) -> list[str]:
        return [item.id for item in self.entries()]


def read_import(data: bytes | str, where: str) -> Imported:
    """An imported file (`characters:`, `cards:` and/or `joint_attacks:` lists in the
    documented formats), validated; DataError names `where`, the entry and the field.
    Anchors and aliases are refused: they let a small file expand into a huge one."""
    try:
        text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
        if any(isinstance(event, yaml.AliasEvent) for event in yaml.parse(text, SafeLoader)):
            raise DataError(f"{where}: YAML anchors and aliases (&, *) are not read; write "
                            "every entry out")
        raw: Any = safe_load(text)
    except UnicodeDecodeError as exc:
        raise DataError(f"{where}: not UTF-8 text ({exc.reason})") from exc
    except yaml.YAMLError as exc:
        raise DataError(f"{where}: not YAML ({getattr(exc, 'problem', exc)})") from exc
    if not isinstance(raw, dict) or not (set(ENTRY_KEYS) & raw.keys()):
        raise DataError(f"{where}: expected a mapping with `characters:`, `cards:` and/or "
                        "`joint_attacks:` lists")
    extra = sorted(str(key) for key in raw if key not in IMPORT_KEYS)
    if extra:
        raise DataError(f"{where}: unknown key(s) {', '.join(extra)}; known are "
                        f"{', '.join(IMPORT_KEYS)}")
    name = raw.get("name")
    if name is not None and not isinstance(name, str):
        raise DataError(f"{where}: name: a set name is text")
    for key in ENTRY_KEYS:
        if isinstance(raw.get(key), list) and len(raw[key]) > MAX_IMPORTED:
            raise DataError(f"{where}: {key}: at most {MAX_IMPORTED} entries per file")
    characters = validate_list(raw.get("characters") or [], Character, f"{where} characters")
    cards = validate_list(raw.get("cards") or [], DeckCard, f"{where} cards")
    joints = validate_list(raw.get("joint_attacks") or [], JointAttack,
                           f"{where} joint_attacks")  # fmt: skip
    _by_id(characters, f"{where} characters")
    _by_id(cards, f"{where} cards")
    _by_id(joints, f"{where} joint_attacks")
    return Imported(name, tuple(characters), tuple(cards), tuple(joints))


def with_imports(base: Pool, sets: Iterable[tuple[str, Imported]]) -> Pool:
    """`base` with the imported sets' characters, cards and Joint Attacks, checked as one
    pool: an id another set (or `base`) has is refused naming that set (each pair: its
    name, set)."""
    characters, cards, joints = dict(base.characters), dict(base.cards), dict(base.joints)
    owner = dict.fromkeys([*characters, *cards, *joints], "the sample")
    for set_name, imported in sets:
        for item in imported.entries():
            taken = owner.get(item.id)
            if taken is not None:
                raise DataError(f"{set_name}: id {item.id!r} is already {taken}'s; give "
                                "it another id")
            owner[item.id] = f"set {set_name!r}"
        characters.update((c.id, c) for c in imported.characters)
        cards.update((c.id, c) for c in imported.cards)
        joints.update((j.id, j) for j in imported.joints)
    pool = replace(base, characters=characters, cards=cards, joints=joints)
    _check_references(pool)
    return pool
