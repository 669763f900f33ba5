"""The parts of a Condition that compare numbers and read what happened this combat
(engine.panini.cardtext.conditions reads them from card text); Game.holds evaluates a Condition
with them."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from engine.panini import considered, history
from engine.panini.cards import Comparison, Happened, Quantity, StoppedBy, ThatAttack
from engine.panini.quantities import count

if TYPE_CHECKING:
    from engine.panini.game import Game

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
    if quantity.actor != "mp" and game.state.attack is None:
        return None
    return count(game, controller, quantity)


def compares(game: Game, controller: int, comparison: Comparison) -> bool:
    forced = considered.compares(game, controller, comparison)  # "considered higher"
    if forced is not None:
        return forced
    left = value(game, controller, comparison.left)
    right = (
        comparison.value if comparison.right is None else value(game, controller, comparison.right)
    )
    if left is None or right is None:
        return False
    return bool(_OPS[comparison.op](left, right))


def happened(game: Game, controller: int, check: Happened) -> bool:
    player = controller if check.who == "self" else 1 - controller
    if check.this_attack:
        return _since_attack(game, player, check.event)
    done = history.entries(game, player, check.event, check.scope)
    if check.another:
        attack = game.state.attack
        if attack is None or attack.attacker != player:
            return False  # "another attack" means one besides the attack in progress
        mine = [entry for entry in done if entry.get("source") == attack.source]
        if mine:  # the record of the attack in progress (its card's) is the last of its own
            done = [entry for entry in done if entry is not mine[-1]]
    if check.last:
        if check.how is not None:  # the last card moved that way (engine.panini.cardtext.you_moved)
            done = [entry for entry in done if entry.get("how") == check.how]
        done = done[-1:]
    yours = check.who == "self"  # the player's own card effect (Card.considered)
    found = [
        entry
        for entry in done
        if (check.passed is None or entry.get("passed") == check.passed)
        and (check.stopped is None or entry.get("stopped", False) == check.stopped)
        and (not check.mp or entry.get("mp", True))
        and (check.attack_type == "any" or entry.get("attack_type") == check.attack_type)
        and (not check.from_hand or entry.get("origin") == "hand")
        and (not check.copied or entry.get("origin") == "copy")
        and (check.styled is None or _styled(entry, yours) == check.styled)
        and (check.card_type is None or entry.get("card_type") == check.card_type)
        and (check.title is None or _titled(entry, check.title, yours))
        and (check.how is None or entry.get("how") == check.how)
        and (check.by is None or entry.get("by") == _player(controller, check.by))
    ]
    return bool(_OPS[check.op](len(found), check.value))


def _styled(entry: dict[str, Any], yours: bool) -> bool:
    return bool(entry.get("styled") or (yours and entry.get("styled_yours")))


def _titled(entry: dict[str, Any], words: str, yours: bool) -> bool:
    titles = [entry.get("title", ""), *(entry.get("titles_yours", []) if yours else [])]
    return any(_title_has(title, words) for title in titles)


def _title_has(title: str, words: str) -> bool:
    """ "a card with "Sword" in the title": the words, whole, in the card's name."""
    return re.search(rf"(?<!\w){re.escape(words)}(?!\w)", title, re.IGNORECASE) is not None


def stopped_by(game: Game, test: StoppedBy) -> bool:
    """The attack in progress was stopped by a card of `test`'s types, or by an effect that
    played no card (2016 ATTACK TIMING SUMMARY step 3: the defense card or Power used)."""
    attack = game.state.attack
    if attack is None or not attack.stopped:
        return False
    if attack.defense is None:
        return test.effect
    return game.card(attack.defense).type in test.card_types


def _player(controller: int, who: str) -> int:
    return controller if who == "self" else 1 - controller


def that_attack(game: Game, controller: int, test: ThatAttack) -> bool:
    """ "If that attack was a Named card / non-Styled / an Energy Combat card": the attack
    in progress, which the defense being resolved answers (2016 ATTACK TIMING SUMMARY step
    3: a defense's effects resolve during the attack). Styled as its controller's
    opponent sees it: a card considered Styled for its owner's effects is not Styled for
    `controller`'s (docs/rulings.md 177)."""
    attack = game.state.attack
    if attack is None:
        return False
    card = game.card(attack.source)
    yours = attack.attacker == controller
    checks = (
        test.styled is None or card.styled_for(yours) == test.styled,
        test.named is None or card.is_named == test.named,
        not test.card_types or card.type in test.card_types,
        test.attack_type is None or attack.type == test.attack_type,
        test.style is None or card.style == test.style,
        # stopped by a card: in a defense's sentences, by that defense (one per attack)
        test.stopped is None or (attack.stopped and attack.defense is not None) == test.stopped,
        test.hit_effect is None or card.has_hit_effect == test.hit_effect,
    )
    return all(checks)


def _since_attack(game: Game, player: int, event: str) -> bool:
    """`player` did `event` after the attack in progress was performed (its record,
    engine.panini.combat.begin_attack): "was lowered" by this attack's own sentences."""
    attack = game.state.attack
    if attack is None:
        return False
    records = game.state.history
    starts = [
        n
        for n, e in enumerate(records)
        if e["event"] == "attack" and e.get("source") == attack.source
    ]
    if not starts:
        return False
    later = records[starts[-1] + 1 :]
    return any(e["event"] == event and e["player"] == player for e in later)
