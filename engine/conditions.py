"""The parts of a Condition that compare numbers and read what happened this combat
(engine.cardtext.conditions reads them from card text); Game.holds evaluates a Condition
with them."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine import history
from engine.cards import Comparison, Happened, Quantity, Style
from engine.quantities import count

if TYPE_CHECKING:
    from engine.game import Game

MAIN_PERSONALITY = -1
_OPS = {
    "eq": lambda a, b: a == b,
    "ne": lambda a, b: a != b,
    "gt": lambda a, b: a > b,
    "ge": lambda a, b: a >= b,
    "lt": lambda a, b: a < b,
    "le": lambda a, b: a <= b,
}


def value(game: Game, controller: int, quantity: Quantity) -> int | None:
    """The number now; None when it has no meaning now (the attacking personality's power
    level when no attack is in progress)."""
    if quantity.of == "power_level":
        return _power_level(game, controller, quantity)
    if quantity.styled is not None:
        return _styled_count(game, controller, quantity)
    return count(game, controller, quantity)


def _power_level(game: Game, controller: int, quantity: Quantity) -> int | None:
    """2016 GLOSSARY "Power Level": the rating of a personality's current stage. The
    defending personality is the defender's MP (docs/rulings.md 66)."""
    if quantity.actor == "mp":
        player = controller if quantity.who == "self" else 1 - controller
        return game.power_level(player)
    attack = game.state.attack
    if attack is None:
        return None
    if quantity.actor == "attacking":
        return game.power_level(attack.attacker, attack.actor)
    return game.power_level(1 - attack.attacker)


def _styled_count(game: Game, controller: int, quantity: Quantity) -> int:
    """Cards in play counted by type and Styled or not (a Styled card is one of a style,
    not Freestyle: 2016 GLOSSARY "Styled")."""
    players = {"self": [controller], "opponent": [1 - controller], "both": [0, 1]}[quantity.who]
    total = 0
    for player in players:
        state = game.player(player)
        zone = {
            "dragon_balls": state.dragon_balls,
            "allies": [ally.iid for ally in state.allies],
            "drills": state.drills,
            "setups": state.setups,
            "hand": state.hand,
            "discard_pile": state.discard,
            "banished": state.banished,
        }.get(quantity.of, [])
        for iid in zone:
            card = game.card(iid)
            if quantity.card_type is not None and card.type != quantity.card_type:
                continue
            if (card.style != Style.FREESTYLE) == quantity.styled:
                total += 1
    return total


def compares(game: Game, controller: int, comparison: Comparison) -> bool:
    left = value(game, controller, comparison.left)
    right = (
        comparison.value if comparison.right is None else value(game, controller, comparison.right)
    )
    if left is None or right is None:
        return False
    return bool(_OPS[comparison.op](left, right))


def happened(game: Game, controller: int, check: Happened) -> bool:
    player = controller if check.who == "self" else 1 - controller
    done = history.entries(game, player, check.event, check.scope)
    if check.another:
        attack = game.state.attack
        if attack is None or attack.attacker != player:
            return False  # "another attack" means one besides the attack in progress
        mine = [entry for entry in done if entry.get("source") == attack.source]
        done = [entry for entry in done if mine and entry is not mine[-1]]
    found = [
        entry
        for entry in done
        if (not check.mp or entry.get("mp", True))
        and (check.attack_type == "any" or entry.get("attack_type") == check.attack_type)
        and (not check.from_hand or entry.get("origin") == "hand")
        and (check.title is None or _title_has(entry.get("title", ""), check.title))
    ]
    return bool(_OPS[check.op](len(found), check.value))


def _title_has(title: str, words: str) -> bool:
    """ "a card with "Sword" in the title": the words, whole, in the card's name."""
    return re.search(rf"(?<!\w){re.escape(words)}(?!\w)", title, re.IGNORECASE) is not None
