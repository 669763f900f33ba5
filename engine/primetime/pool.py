"""Everything Prime Time reads from data/primetime/ in one checked pool: characters, deck
cards, table cards and the universal techniques, with their cross references (partners,
fusion components, a character card's character) checked on load."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TypeVar

from engine.primetime.data import (
    DATA_DIR,
    Character,
    Condition,
    DataError,
    DeckCard,
    Location,
    Mission,
    Technique,
    load_list,
)


@dataclass(frozen=True)
class Pool:
    characters: dict[str, Character]
    cards: dict[str, DeckCard]
    locations: dict[str, Location]
    missions: dict[str, Mission]
    conditions: dict[str, Condition]
    universal: tuple[Technique, ...]  # every model's: Basic Strike, Energy Blast

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


Item = TypeVar("Item", Character, DeckCard, Location, Mission, Condition)


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
    )
    _check_references(pool)
    return pool


def _check_references(pool: Pool) -> None:
    for c in pool.characters.values():
        partner = c.devoted_partner
        if partner is not None and pool.characters.get(partner, c).devoted_partner != c.id:
            raise DataError(f"{c.id}: devoted_partner {partner!r} is not paired back")
        if c.fusion is not None:
            for component in c.fusion.components:
                if component not in pool.characters:
                    raise DataError(f"{c.id}: fusion component {component!r} is unknown")
    for card in pool.cards.values():
        if card.character is not None and card.character not in pool.characters:
            raise DataError(f"card {card.id}: character {card.character!r} is unknown")
    for stage in ("opening", "escalation", "finale"):
        if not pool.missions_of(stage):
            raise DataError(f"missions.yaml: no {stage} mission (VICTORY & SCORING)")


@cache
def sample_pool() -> Pool:
    """The sample data we ship (data/primetime/), read once."""
    return load_pool()
