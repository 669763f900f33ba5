"""X: the amounts a card counts as its sentences resolve ("X = your MP's level.")."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine.panini.cards import Card, CardType, Quantity, Style

_MP = -1  # an attached card's host when it is the Main Personality (panini.state.AttachedCard)

if TYPE_CHECKING:
    from engine.panini.game import Game


def count(game: Game, controller: int, quantity: Quantity, source: int = -1) -> int:
    """The value of `quantity` now, for the controller of card `source` (docs/rulings.md
    44)."""
    sides = {"self": [controller], "opponent": [1 - controller], "both": [0, 1]}
    if quantity.of == "moved":
        # "the number of Allies you destroyed": what the last move of this card's sentences
        # moved, now (docs/rulings.md 89)
        moved = game.state.results.get(str(source), [])
        total = sum(
            1 for iid in moved if _fits(game.card(iid), quantity, game.owner(iid) == controller)
        )
    elif quantity.of == "amount":  # "the amount lowered", "stages paid" (panini.chosen_amounts)
        total = sum(game.state.results.get(f"{source}:amount", []))
    elif quantity.of == "attack_life_cards":
        # "the number of life cards that attack dealt": discarded as its damage so far, as
        # Critical Damage counts them (docs/rulings.md 84); none outside an attack
        total = game.state.attack.life_cards if game.state.attack is not None else 0
    elif quantity.actor != "mp":
        total = _in_attack(game, quantity) or 0
    else:
        total = sum(
            _one_side(game, player, quantity, controller) for player in sides[quantity.who]
        )
    value = quantity.times * (total // quantity.every) + quantity.plus
    if quantity.subtract_from is not None:  # "6 - his current anger"
        value = quantity.subtract_from - value
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
    if quantity.of == "top_power_level":  # "the highest power level on your MP's Level 4"
        level = quantity.at_level or state.level
        if level > len(state.mp):
            return 0
        return max(game.card(state.mp[level - 1]).power_stages)
    if quantity.of == "pur":  # the MP's Power Up Rating with its modifiers (turn.power_up)
        return game.card(state.mp_card).pur + game.modifier_total(player, "pur") + (
            game.modifier_total(player, "mp_pur"))  # fmt: skip
    if quantity.of == "stage":  # "the number of power stages your MP is above 0"
        return state.stage
    if quantity.of == "personalities":
        return sum(1 for iid in [state.mp_card, *(a.iid for a in state.allies)]
                   if _fits(game.card(iid), quantity, player == controller))  # fmt: skip
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
        # "cards attached to your MP": whoever controls them (2016 GLOSSARY "Attached Cards")
        "attached": [card.iid for card in state.attached if card.host == _MP],
        "life_deck": state.life,
    }
    cards = [iid for zone in (quantity.of, *quantity.also_in) for iid in in_play[zone]]
    # the cards are `player`'s: considered Styled when they are the controller's (Card.styled_for)
    yours = player == controller
    fitting = [game.card(iid) for iid in cards if _fits(game.card(iid), quantity, yours)]
    if quantity.distinct_types:  # "the number of different card types in ..."
        return len({card.type for card in fitting})
    return len(fitting)


def _attached_drills(game: Game, player: int) -> list[int]:
    return [iid for iid in game.attached_cards(player) if game.card(iid).type == CardType.DRILL]


def _fits(card: Card, quantity: Quantity, yours: bool) -> bool:
    """Of the wanted type, and Styled or not (Styled: of a style, not Freestyle)."""
    if quantity.card_type is not None and card.type != quantity.card_type:
        return False
    if quantity.title_has is not None and quantity.title_has.lower() not in card.title.lower():
        return False
    if quantity.title_is is not None and quantity.title_is.lower() != card.title.lower():
        return False
    if quantity.personalities and not card.is_personality:
        return False
    if quantity.endurance and not card.endurance:
        return False
    if quantity.dragon_ball_set is not None and (
        card.dragon_ball is None or card.dragon_ball.set.lower() != quantity.dragon_ball_set.lower()
    ):
        return False
    if quantity.named is not None and not _named(card, quantity.named):
        return False
    return quantity.styled is None or card.styled_for(yours) == quantity.styled


def _named(card: Card, name: str) -> bool:
    """A <name> Named card: a Freestyle card, not a personality, with the character's name
    in its title (2016 "Building a Deck": "Some Freestyle cards are Named, meaning they have
    a character's name in the title"), or a card file's `personality` on it."""
    if card.is_personality:
        return False
    if card.personality is not None:
        return card.personality.lower() == name.lower()
    words = re.findall(r"[\w.-]+", card.title.lower().replace("'s", ""))
    wanted = name.lower().split()
    found = any(words[n : n + len(wanted)] == wanted for n in range(len(words)))
    return card.style == Style.FREESTYLE and found


def x_of(game: Game, controller: int, card: Card, source: int = -1) -> int:
    assert card.x is not None, "Card validation requires `x` wherever X is used"
    return count(game, controller, card.x, source)
