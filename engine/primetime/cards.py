"""Moving deck cards between a player's piles ("Card Deck Mechanics")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import rng

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame


def shuffle_deck(game: PrimeTimeGame, player: int) -> None:
    game.state.rng = rng.shuffle(game.state.rng, game.state.players[player].deck)


def draw(game: PrimeTimeGame, player: int, count: int) -> None:
    """Draw `count` cards; an empty draw pile is made again from the discard pile once
    ("Draw Pile Empty"), and a draw stops when both are empty ("No Reshuffle Mid-Draw")."""
    p = game.state.players[player]
    drawn = []
    reshuffled = False
    for _ in range(count):
        if not p.deck and not reshuffled and p.discard:
            p.deck, p.discard = p.discard, []
            shuffle_deck(game, player)
            reshuffled = True
            game.emit("reshuffle", f"{game.who(player)} shuffles the discard pile into a "
                      "new draw pile.")  # fmt: skip
        if not p.deck:
            break
        drawn.append(p.deck.pop())
    p.hand += drawn
    if drawn:
        names = ", ".join(game.pool.cards[c].name for c in drawn)
        game.emit("draw", f"{game.who(player)} draws {len(drawn)}.")
        game.emit("drawn", f"You draw {names}.", private_to=player)


def draw_to_limit(game: PrimeTimeGame, player: int) -> None:
    """ "Draw up to hand limit" (Power Phase)."""
    limit = game.rules.hand_limit(game.state.round)
    missing = limit - len(game.state.players[player].hand)
    if missing > 0:
        draw(game, player, missing)
