"""X: the amounts a card counts as its sentences resolve ("X = your MP's level.")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import Card, Quantity

if TYPE_CHECKING:
    from engine.game import Game


def count(game: Game, controller: int, quantity: Quantity) -> int:
    """The value of `quantity` now, for the card's controller (docs/rulings.md 44)."""
    sides = {"self": [controller], "opponent": [1 - controller], "both": [0, 1]}
    total = sum(_one_side(game, player, quantity) for player in sides[quantity.who])
    value = quantity.times * total + quantity.plus
    if quantity.maximum is not None:
        value = min(value, quantity.maximum)
    return max(0, value)


def _one_side(game: Game, player: int, quantity: Quantity) -> int:
    state = game.player(player)
    if quantity.of == "level":
        return state.level
    if quantity.of == "anger":
        return state.anger
    if quantity.of == "personalities":
        return 1 + len(state.allies)
    in_play = {
        "dragon_balls": state.dragon_balls,
        "allies": [ally.iid for ally in state.allies],
        "drills": state.drills,
        "setups": state.setups,
        "hand": state.hand,
        "discard_pile": state.discard,
        "banished": state.banished,
    }[quantity.of]
    wanted = quantity.card_type
    return sum(1 for iid in in_play if wanted is None or game.card(iid).type == wanted)


def x_of(game: Game, controller: int, card: Card) -> int:
    assert card.x is not None, "Card validation requires `x` wherever X is used"
    return count(game, controller, card.x)
