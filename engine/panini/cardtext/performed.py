"""A Power that pays a cost to perform an attack the card does not print as its own:
"POWER: Discard a card from your hand to perform a non-Styled physical attack dealing
AT +2 stages." (engine.panini.combat.begin_attack; docs/rulings.md 236).

The sentence is read as the card's attack (`attack` with `pay`, the cost paid at step 1 of
2016 ATTACK TIMING SUMMARY: "Pay any costs of the attack"), so it runs as any attack Power
does. Only costs whose payability the table can see are read: a cost that takes a kind of
card from the hidden hand would tell, by the Power being offered or not, what the hand holds
(docs/rulings.md 81)."""

from __future__ import annotations

import re
from typing import Any

from engine.panini.cards import CardType
from engine.panini.cardtext import patterns as p

Json = dict[str, Any]
# cards whose Powers are used from play (engine.panini.combat.power_sources): an Event or Combat
# card has no Power of its own to pay with
POWER_TYPES = frozenset(
    {CardType.MAIN_PERSONALITY, CardType.ALLY, CardType.MASTERY, CardType.DRILL}
)

_PERFORM = re.compile(
    r"(?P<cost>.+?) to perform an? (?:(?P<styled>non-styled|styled) )?"
    r"(?P<type>physical|energy) attack dealing (?P<damage>.+?)(?: of damage)?",
    re.IGNORECASE | re.DOTALL,
)
# the hand's cards of a kind: whether one is there is hidden (panini.effects.hidden_feasibility)
_HIDDEN_FILTERS = (
    "card_types", "styled", "style", "endurance", "title_has", "titled", "dragon_ball_set",
    "copies",
)  # fmt: skip


def parse(body: str) -> Json | None:
    """The attack a "<cost> to perform a ... attack dealing <damage>" sentence performs,
    or None (the whole sentence must be read: cost, kind and damage)."""
    found = _PERFORM.fullmatch(body.strip())
    if found is None:
        return None
    cost = p.parse_effect(found.group("cost"))
    damage = p.parse_damage(found.group("damage"))
    if cost is None or damage is None or damage.get("plus_x") or not _visible(cost):
        return None
    attack: Json = {"type": found.group("type").lower(), "damage": damage}
    if found.group("styled"):
        attack["styled"] = found.group("styled").lower() == "styled"
    attack["pay"] = [{**cost, "cost": True}]
    return attack


def _visible(cost: Json) -> bool:
    """A cost the controller pays whose payability the table can see (not X, not a kind of
    card from the hand, not a choice or condition of its own)."""
    if cost.get("who", "self") != "self" or any(k in cost for k in ("x", "if", "per", "may")):
        return False
    if cost.get("do") == "move" and cost.get("source") == "hand":
        return not any(cost.get(key) for key in _HIDDEN_FILTERS)
    return cost.get("do") in ("discard_from_hand", "lower_anger", "lose_stages", "move")
