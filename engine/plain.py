"""Plain effects on anger, levels and hands that the older vocabulary lacks: setting anger
to a level, advancing or lowering levels by several, for both players or either way
(docs/rulings.md 137, 138)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import mechanics
from engine.cards import ChangeLevel, SetAnger
from engine.game import handler
from engine.state import JsonDict, Option

if TYPE_CHECKING:
    from engine.game import Game


def _players(controller: int, target: int, both: bool) -> list[int]:
    """The controller first, as a turn's effects are read (docs/rulings.md 138)."""
    return [controller, 1 - controller] if both else [target]


def apply_set_anger(game: Game, effect: SetAnger, controller: int, target: int, _a: Any) -> None:
    """2016 ANGER: anger is raised (five advances a level) or lowered (never below zero);
    "set to N" is whichever of the two moves it to N (docs/rulings.md 137)."""
    for player in _players(controller, target, effect.both):
        change = effect.level - game.player(player).anger
        if change > 0:
            mechanics.raise_anger(game, player, change)
        elif change < 0:
            mechanics.lower_anger(game, player, -change)


def apply_change_level(
    game: Game, effect: ChangeLevel, controller: int, target: int, _a: Any
) -> None:
    args = {"controller": controller, "amount": effect.amount}
    for player in _players(controller, target, effect.both):
        game.then(("change_level", {**args, "player": player, "direction": effect.direction}))


@handler("change_level")
def change_level_task(game: Game, args: JsonDict) -> None:
    """2016 ANGER note: an effect advances or lowers the MP a level at a time and anger
    stays; "advance or lower" is the card's controller's choice (docs/rulings.md 138)."""
    player, direction = args["player"], args.get("choice") or args["direction"]
    if direction == "either":
        whose = "your" if player == args["controller"] else "your opponent's"
        level = game.player(player).level
        options = [
            Option(way, f"{way.capitalize()} {whose} MP {args['amount']} level(s) (now {level})")
            for way in ("advance", "lower")
        ]
        game.ask(args["controller"], "choose_level", "Advance or lower?", options,
                 "change_level", **args)  # fmt: skip
        return
    move = mechanics.advance_level if direction == "advance" else mechanics.lower_level
    for _ in range(args["amount"]):
        move(game, player)
