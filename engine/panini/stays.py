"""Attacks that stay in play by another card's effect (docs/rulings.md 275): "CONSTANT: The
first attack you play each combat stays in play to be used a second time that combat.",
"If your next action is a Styled attack, it stays in play to be used a second time this
combat.", "Your next Styled physical attack this combat gains 'HIT: This attack stays in
play ...'" - a `stays_in_play` (`stays_in_play_hit`: only if it hit) modifier. As the card's
own "This attack stays in play ..." (engine.panini.after_use, StayInPlay): a card played from the
hand, once more this combat; a use of a card that stayed grants no further use."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.panini import history, modifiers
from engine.panini.cards import CardType, StayInPlay
from engine.panini.state import StayingCard

if TYPE_CHECKING:
    from engine.panini.game import Game

# the cards played from the hand that perform an attack (2016 "HOW ATTACK AND DEFENSE
# CARDS WORK": "Attacks will usually be Physical Combat or Energy Combat cards")
_PLAYED = (CardType.PHYSICAL_COMBAT, CardType.ENERGY_COMBAT, CardType.EVENT)


def more_uses(game: Game, player: int, iid: int) -> int:
    """1 when a modifier keeps `iid`, `player`'s attack in progress now being put away, in
    play for one more use this combat; else 0."""
    attack = game.state.attack
    if attack is None or attack.source != iid or attack.attacker != player:
        return 0
    card = game.card(iid)
    if attack.reused or attack.origin != "hand" or card.type not in _PLAYED:
        return 0
    kinds = ["stays_in_play"] if attack.stopped else ["stays_in_play", "stays_in_play_hit"]
    for kind in kinds:
        for modifier in game.active_modifiers(player, kind):
            # "the first attack you play each combat": played from the hand, not performed
            plain = modifier.model_copy(update={"first_each_combat": False})
            if modifiers.about(game, plain, player, card) and (
                not modifier.first_each_combat or _first_played(game, player, iid)
            ):
                return 1
    return 0


def _first_played(game: Game, player: int, iid: int) -> bool:
    """The attack in progress (`iid`'s) is the first attack `player` played from the hand
    this combat (engine.panini.history: its own record is the last of them)."""
    played = [
        entry
        for entry in history.entries(game, player, "attack", "combat")
        if entry.get("origin") == "hand"
    ]
    return len(played) == 1 and played[0].get("source") == iid


# --- a defense card that stays in play (docs/rulings.md 276) ------------------------------
def defense_stays(game: Game, effect: StayInPlay, controller: int) -> bool:
    """ "Stops a physical attack. This card stays in play to be used a second time this
    combat.": `controller`'s defense card of the attack in progress stays for `times` more
    uses as a defense; not granted again by a use of a card that stayed. True when
    `controller` is the defender (the effect is the defense's)."""
    attack = game.state.attack
    if attack is None or attack.attacker == controller or attack.defense is None:
        return False
    if game.card(attack.defense).type in _PLAYED and not attack.defense_reused:
        attack.defense_remain = max(attack.defense_remain, effect.times)
        game.emit("stays_in_play", f"{game.name(attack.defense)} will stay in play after use.")
    return True


def defense_left(game: Game, player: int, iid: int) -> bool:
    """`iid`, `player`'s defense just used, stays in play when it has uses left."""
    attack = game.state.attack
    if attack is None or attack.defense != iid or attack.attacker == player:
        return False
    if not attack.defense_remain:
        return False
    game.player(player).staying.append(StayingCard(iid, attack.defense_remain))
    game.emit(
        "stays_in_play",
        f"{game.name(iid)} stays in play: it may defend {attack.defense_remain} more time(s) "
        "this combat.",
        card=game.name(iid),
    )
    return True


def defense_reuse(game: Game, player: int, iid: int) -> None:
    """The defense just chosen is `player`'s staying card `iid`, used again: it leaves its
    place among the staying cards, with the uses it has left after this one."""
    from engine.panini.after_use import take_staying  # it builds on this module

    left = take_staying(game, player, iid)
    game.player(player).resolving.append(iid)
    attack = game.state.attack
    assert attack is not None
    attack.defense_reused = True
    attack.defense_remain = left - 1
