"""X: the amounts a card counts as its sentences resolve ("X = your MP's level.")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import Card, CardType, Quantity

if TYPE_CHECKING:
    from engine.game import Game


def count(game: Game, controller: int, quantity: Quantity) -> int:
    """The value of `quantity` now, for the card's controller (docs/rulings.md 44)."""
    sides = {"self": [controller], "opponent": [1 - controller], "both": [0, 1]}
    if quantity.actor != "mp":
        total = _in_attack(game, quantity) or 0
    else:
        total = sum(
            _one_side(game, player, quantity, controller) for player in sides[quantity.who]
        )
    value = quantity.times * total + quantity.plus
    if quantity.maximum is not None:
        value = min(value, quantity.maximum)
    return max(0, value)


def _in_attack(game: Game, quantity: Quantity) -> int | None:
    """The power level of the attacking or the defending personality of the attack in
    progress, None without one (2016 GLOSSARY "Power Level"; the defending personality is
    the defender's MP: docs/rulings.md 66)."""
    attack = game.state.attack
    if attack is None:
        return None
    if quantity.actor == "attacking":
        return game.power_level(attack.attacker, attack.actor)
    return game.power_level(1 - attack.attacker)


def _one_side(game: Game, player: int, quantity: Quantity, controller: int) -> int:
    state = game.player(player)
    if quantity.of == "level":
        return state.level
    if quantity.of == "power_level":  # 2016 GLOSSARY "Power Level": of the MP's stage
        return game.power_level(player)
    if quantity.of == "anger":
        return state.anger
    if quantity.of == "personalities":
        return 1 + len(state.allies)
    balls = state.dragon_balls
    if quantity.owned:  # captured ones too (2016 GLOSSARY "Dragon Balls": capturing)
        balls = [iid for side in game.state.players for iid in side.dragon_balls]
        balls = [iid for iid in balls if game.owner(iid) == player]
    in_play = {
        "dragon_balls": balls,
        "allies": [ally.iid for ally in state.allies],
        # attached Drills are in play too (2016 GLOSSARY "Attached Cards"), as Game.holds
        # counts them for drills_at_most
        "drills": [*state.drills, *_attached_drills(game, player)],
        "setups": state.setups,
        "hand": state.hand,
        "discard_pile": state.discard,
        "banished": state.banished,
        "life_deck": state.life,
    }[quantity.of]
    # the cards are `player`'s: considered Styled when they are the controller's (Card.styled_for)
    return sum(1 for iid in in_play if _fits(game.card(iid), quantity, player == controller))


def _attached_drills(game: Game, player: int) -> list[int]:
    return [iid for iid in game.attached_cards(player) if game.card(iid).type == CardType.DRILL]


def _fits(card: Card, quantity: Quantity, yours: bool) -> bool:
    """Of the wanted type, and Styled or not (Styled: of a style, not Freestyle)."""
    if quantity.card_type is not None and card.type != quantity.card_type:
        return False
    if quantity.dragon_ball_set is not None and (
        card.dragon_ball is None or card.dragon_ball.set.lower() != quantity.dragon_ball_set
    ):
        return False
    return quantity.styled is None or card.styled_for(yours) == quantity.styled


def x_of(game: Game, controller: int, card: Card) -> int:
    assert card.x is not None, "Card validation requires `x` wherever X is used"
    return count(game, controller, card.x)
