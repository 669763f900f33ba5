"""Using a Dragon Ball's immediate effects again: "You may use the immediate effects of a
Dragon Ball in play." (docs/rulings.md 198).

2016 GLOSSARY "Dragon Balls": a Dragon Ball's immediate effects are used as it is played,
and the player capturing one may use all its effects; these cards let a player use them
once more, from a Dragon Ball that stays where it is. The player whose effect it is picks
the Dragon Ball and uses its effects as theirs (engine.panini.effects.resolve, then what of its
text is left to players, as when it enters play).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.panini import manual
from engine.panini.cards import UseDragonBall
from engine.panini.effects import _card_options, chosen_card, resolve
from engine.panini.game import handler
from engine.panini.silenced import silenced
from engine.panini.state import JsonDict

if TYPE_CHECKING:
    from engine.panini.game import Game


def _balls(game: Game, player: int, whose: str) -> list[int]:
    sides = {"self": [player], "opponent": [1 - player]}.get(whose, [player, 1 - player])
    return [
        iid
        for side in sides
        for iid in game.player(side).dragon_balls
        if not silenced(game, iid, player)  # "Dragon Balls lose all effects" (rulings 197, 204)
    ]


def apply_use_dragon_ball(
    game: Game, effect: UseDragonBall, controller: int, _t: int, _a: bool
) -> None:
    game.then(("use_dragon_ball_effects", {"player": controller, "whose": effect.whose}))


@handler("use_dragon_ball_effects")
def use_task(game: Game, args: JsonDict) -> None:
    player = args["player"]
    choice = args.get("choice")
    if choice is not None:
        iid = chosen_card(choice)
        game.emit("dragon_ball", f"{game.who(player)} uses the effects of {game.name(iid)}.")
        manual.schedule(game, player, iid)
        resolve(game, player, iid, "on_play")
        return
    balls = _balls(game, player, args["whose"])
    if not balls:
        game.emit("dragon_ball", "There is no Dragon Ball in play whose effects to use.")
        return
    options = _card_options(game, "Use the effects of", balls, dedupe=False)
    game.ask(
        player, "choose_target", "Use which Dragon Ball's effects?", options,
        "use_dragon_ball_effects", **args,
    )  # fmt: skip
