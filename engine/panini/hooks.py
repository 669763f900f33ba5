"""The escape hatch for the rare card whose text the effect vocabulary cannot say: a
Python function registered by name, called as `hook(game, controller, target, in_attack)`.
Card data names the hook (`{do: hook, name: ...}`); keep each hook small and tested."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.panini.game import Game

HookFunction = Callable[["Game", int, int, bool], None]
HOOKS: dict[str, HookFunction] = {}


def hook(name: str) -> Callable[[HookFunction], HookFunction]:
    def register(function: HookFunction) -> HookFunction:
        HOOKS[name] = function
        return function

    return register


@hook("swap_anger")
def swap_anger(game: Game, controller: int, target: int, in_attack: bool) -> None:
    """Exchange the two players' anger (no level changes: anger below five either way)."""
    mine, theirs = game.player(controller), game.player(1 - controller)
    mine.anger, theirs.anger = theirs.anger, mine.anger
    game.emit("anger", f"Anger is exchanged: {mine.anger} and {theirs.anger}.")
