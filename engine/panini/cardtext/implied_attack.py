"""A Physical Combat card printed with a DAMAGE: line but no "Physical attack." header is a
physical attack: the printed card shows the attack icon (2016 ICONS: "A card that performs
an attack"), which card files do not always spell out, and a Physical Combat card's attack
is a physical attack (2016 "HOW ATTACK AND DEFENSE CARDS WORK": "Physical Attacks usually
have no cost to perform"). docs/rulings.md 273. An Energy Combat card is not read so: its
header says what the attack costs."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.panini.cards import CardType


def with_header(items: list[Any], card_type: CardType) -> list[Any]:
    """`items` (compiler clauses) with the physical attack header their DAMAGE: line
    implies, first; `items` as they are when they print a header, a defense, or not exactly
    one DAMAGE: line."""
    kinds = [c.kind for c in items]
    if (
        card_type != CardType.PHYSICAL_COMBAT
        or kinds.count("damage") != 1
        or {"attack", "defense"} & set(kinds)
    ):
        return items
    damage = items[kinds.index("damage")]
    # no sentence of its own: nothing printed is added to what the card reads
    header = replace(damage, kind="attack", data={"type": "physical"}, hit=False, extra=[])
    return [header, *items]
