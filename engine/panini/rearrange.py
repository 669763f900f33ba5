"""Putting the end cards of a pile back in an order the controller chooses ("Look at the
top 3 cards of your Life Deck and place them back in any order.", "Rearrange the top 3
cards of your discard pile."; docs/rulings.md 119).

The cards never leave their pile: the controller picks, one at a time, the card to lie
highest among those not placed yet, and the pile is put in that order at the end. A Life
Deck is secret (2016 GAME ZONES): its cards are named to the controller alone (the options
naming them are private, engine.panini.view.private_option_ids) and the table is told only how
many were put back; a discard pile is public, so its new order is told to both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.decisions import Option
from engine.panini.cards import Rearrange
from engine.panini.effects import chosen_card
from engine.panini.game import handler
from engine.panini.state import JsonDict

if TYPE_CHECKING:
    from engine.panini.game import Game

_ZONES = {"life_deck": "Life Deck", "discard_pile": "discard pile"}


def apply_rearrange(
    game: Game, effect: Rearrange, controller: int, target: int, _attack: bool
) -> None:
    pile = _pile(game, target, effect.source)
    count = min(effect.amount, len(pile))
    ends = pile[-count:] if effect.position == "top" else pile[:count]
    # listed from the highest card down, as the controller will order them
    game.then(("rearrange", {"controller": controller, "player": target,
                             "source": effect.source, "position": effect.position,
                             "cards": list(reversed(ends)), "order": []}))  # fmt: skip


def _pile(game: Game, player: int, source: str) -> list[int]:
    state = game.player(player)
    return state.life if source == "life_deck" else state.discard


@handler("rearrange")
def rearrange_task(game: Game, args: JsonDict) -> None:
    args = dict(args)
    choice: Any = args.pop("choice", None)
    left: list[int] = [iid for iid in args["cards"] if iid not in args["order"]]
    if choice is not None:
        iid = chosen_card(choice)
        if iid in left:
            args["order"] = [*args["order"], iid]
            left.remove(iid)
    if len(left) > 1:
        options = [Option(f"card:{iid}", game.name(iid)) for iid in left]
        place = len(args["order"]) + 1
        prompt = f"Put the cards back: choose the card to lie {_ordinal(place)} from the top."
        game.ask(args["controller"], "choose_card", prompt, options, "rearrange", **args)
        return
    _put_back(game, args, [*args["order"], *left])


def _put_back(game: Game, args: JsonDict, order: list[int]) -> None:
    pile = _pile(game, args["player"], args["source"])
    count = len(order)
    bottom_up = list(reversed(order))  # piles are stored bottom first
    if args["position"] == "top":
        pile[len(pile) - count :] = bottom_up
    else:
        pile[:count] = bottom_up
    controller, owner = args["controller"], args["player"]
    whose = f"{game.who(owner)}'s {_ZONES[args['source']]}"
    end = args["position"]
    names = ", ".join(game.name(iid) for iid in order)
    if args["source"] == "life_deck":
        game.emit("rearrange", f"{game.who(controller)} puts the {end} {count} card(s) of "
                  f"{whose} back in an order of their choice.")  # fmt: skip
        game.emit("rearrange_private", f"From the top down: {names}.", private_to=controller)
    else:
        game.emit("rearrange", f"{game.who(controller)} puts the {end} {count} card(s) of "
                  f"{whose} back, from the top down: {names}.")  # fmt: skip


def _ordinal(place: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")
