"""The card itself and its restrictions (engine/cardtext/itself.py reads them).

- `play_cost`: "You must banish the top 3 cards of your Life Deck to play this card." The
  cost is paid as the card is played from the hand, in full or the card cannot be played,
  as an attack's stage cost (2016 "Energy Attacks": "If you do not have enough stages to
  pay for an attack, you are unable to play it"; docs/rulings.md 97).
- `Defense.banished`: "You may banish this card from your hand to stop ...": the card is
  used as a defense, then Banished rather than discarded (docs/rulings.md 98).
- `no_stage_gain`: "(This personality cannot gain stages.)": its gains do nothing, power
  ups included (2016 GLOSSARY "Power Stages"; docs/rulings.md 99).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.effects import payable, resolve

if TYPE_CHECKING:
    from engine.game import Game


def cost_payable(game: Game, player: int, iid: int) -> bool:
    """Can `player` pay the whole printed cost of playing card `iid` (in their hand) now?
    The card is being played, so it is not one of the hand's cards the cost may take."""
    costs = game.card(iid).play_cost
    if not costs:
        return True
    hand = game.player(player).hand
    at = hand.index(iid)
    hand.remove(iid)  # looked at without it, then put back where it was
    try:
        return all(payable(game, effect, player, iid) for effect in costs)
    finally:
        hand.insert(at, iid)


def pay_cost(game: Game, player: int, iid: int) -> None:
    """Schedule the cost to be paid next, before anything the card does (call it after
    scheduling the rest: `game.then` puts its steps first)."""
    card = game.card(iid)
    if card.play_cost:
        game.emit("play_cost", f"{game.who(player)} pays the cost of playing {card.name}.")
        resolve(game, player, iid, "play_cost")
