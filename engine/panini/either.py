""" "Gain 5 stages or Rejuvenate 2.": the controller chooses one of two effects as the
sentence resolves, and that one happens (docs/rulings.md 122).

The chosen option's effects run as a list of their own (engine.panini.effects.effects_of names it
"<path>#either:<index>:<option>"), then the rest of the card's list goes on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.core.decisions import Option
from engine.panini.cards import AfterUseTo, Effect, Either, Move
from engine.panini.game import handler
from engine.panini.state import JsonDict

if TYPE_CHECKING:
    from engine.panini.game import Game


def ask(
    game: Game, effect: Either, controller: int, iid: int, args: JsonDict, follow: JsonDict
) -> None:
    from engine.panini.effects import describe  # engine.panini.effects imports this module

    options = [
        Option(f"either:{number}", _words(describe, option).capitalize())
        for number, option in enumerate(effect.options)
    ]
    game.ask(controller, "choose_effect", f"{game.name(iid)}: choose one.", options, "either",
             at=args, follow=follow)  # fmt: skip


def _words(describe: Callable[[Effect], str], effects: list[Effect]) -> str:
    return " and ".join(_kinds(effect, describe(effect)) for effect in effects)


# where an after-use option sends the card ("on the top or bottom of your Life Deck")
_PLACES = {"top_of_life_deck": "on top of your Life Deck",
           "bottom_of_life_deck": "at the bottom of your Life Deck",
           "shuffle_into_life_deck": "into your Life Deck", "hand": "into your hand",
           "rejuvenate": "Rejuvenated", "banish": "in the Banished Zone"}  # fmt: skip


def _kinds(effect: Effect, words: str) -> str:
    """A move names the kinds of cards it moves, so that "all of your opponent's Allies or
    all of his Drills" reads as two options (docs/rulings.md 238); an after-use option
    names where the card goes."""
    if isinstance(effect, AfterUseTo):
        return f"put this card {_PLACES[effect.to]} after use"
    if not isinstance(effect, Move) or not effect.card_types:
        return words
    kinds = " or ".join(kind.value.replace("_", " ").title() for kind in effect.card_types)
    return words.replace("card(s)", f"{kinds}(s)", 1)


@handler("either")
def either_task(game: Game, args: JsonDict) -> None:
    at, follow = args["at"], args["follow"]
    option = int(str(args["choice"]).split(":")[1])
    chosen = {
        "controller": at["controller"], "card": at["card"], "index": 0,
        "path": f"{at['path']}#either:{at['index']}:{option}", "attack": at["attack"],
    }  # fmt: skip
    if at.get("that") is not None:
        chosen["that"] = at["that"]
    # then() puts its tasks first: the chosen effects run before the rest of the list
    game.then(("flush_triggers", {}), ("effects", follow))
    game.then(("effects", chosen))
