"""Draws from the bottom of the Life Deck in place of the top: "Whenever you would draw a
card from a card effect, you may draw from the bottom of your Life Deck instead." (a
`draw_bottom` modifier; engine.panini.cardtext.replaced reads it).

2016 GLOSSARY "Effects": an effect changing what another does applies as that effect
resolves; each card drawn is one draw, so the player chooses the end card by card
(docs/rulings.md 302). The Draw Step's draws are no card effect.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import Option
from engine.panini import mechanics
from engine.panini.game import handler
from engine.panini.state import JsonDict

if TYPE_CHECKING:
    from engine.panini.game import Game


def draw(game: Game, player: int, amount: int) -> None:
    """A card effect makes `player` draw `amount` cards."""
    if amount > 0 and game.has_modifier(player, "draw_bottom"):
        game.then(("draw_ends", {"player": player, "left": amount}))
        return
    mechanics.draw(game, player, amount)


@handler("draw_ends")
def draw_ends_task(game: Game, args: JsonDict) -> None:
    """One card drawn from the end its player picks, then the next."""
    player, left = args["player"], args["left"]
    choice = args.get("choice")
    if choice is None:
        if not game.player(player).life:
            mechanics.draw(game, player, left)  # nothing to draw: the deck-out as usual
            return
        options = [Option("top", "The top card(s)"), Option("bottom", "The bottom card(s)")]
        game.ask(player, "choose_end", "Draw a card from which end of your Life Deck?",
                 options, "draw_ends", player=player, left=left)  # fmt: skip
        return
    mechanics.draw(game, player, 1, from_bottom=choice == "bottom")
    if left > 1 and not game.over:
        game.then(("draw_ends", {"player": player, "left": left - 1}))
