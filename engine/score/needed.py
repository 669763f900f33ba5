""" "Use when needed" (score-ccg-2003-buu-saga-rulebook.txt "Rules Clarifications", p. 51):
"The phrase 'Use when needed' does NOT interrupt any of the 15 parts within the Battle
Sequencer. You may use 'Use when needed' cards in between the 15 parts of the Battle
Sequence, but not DURING one of the 15 parts. ... Outside of the Combat Step 'Use when
needed' cards can be used at anytime."

Scouter opens a window, for the active player first and then his opponent (p. 50 "There
are no simultaneous effects"), at the start of each step of the turn outside Combat, and in
Combat before each Attacker Attacks phase (after the last attack's step 15) and before the
defender's steps 4-5 (after the attacker's steps 1-3). A window asks only a player who has
a "Use when needed" card in play he may use: a Non-Combat card whose power does something
and neither attacks nor stops (docs/rulings.md 364)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import Option
from engine.score.handlers import handler
from engine.score.state import JsonDict
from engine.score.usable import only_problem

if TYPE_CHECKING:
    from engine.score.game import ScoreGame


def usable_now(game: ScoreGame, index: int) -> list[int]:
    """The player's "Use when needed" cards in play he may use now."""
    player = game.player(index)
    found = []
    for iid in dict.fromkeys(player.non_combat):
        power = game.power(iid)
        if power.when_needed and power.usable and power.attack is None and not power.stops and (
                only_problem(game, index, game.card(iid)) is None):  # fmt: skip
            found.append(iid)
    return found


def window(game: ScoreGame) -> tuple[str, JsonDict]:
    """The task of a window between two parts of the turn, active player first."""
    active = game.state.active
    return ("needed_window", {"order": [active, 1 - active]})


@handler("needed_window")
def needed_window(game: ScoreGame, args: JsonDict) -> None:
    order: list[int] = args["order"]
    if not order or game.over:
        return
    index = order[0]
    cards = usable_now(game, index)
    if not cards:
        game.then(("needed_window", {"order": order[1:]}))
        return
    options = [Option("pass", "Use nothing now")] + [
        Option(f"use:{iid}", f"Use {game.name(iid)}") for iid in cards]
    game.ask(index, "needed", "Use a \"Use when needed\" card now?", options, "needed_used",
             order=order)  # fmt: skip


@handler("needed_used")
def needed_used(game: ScoreGame, args: JsonDict) -> None:
    order: list[int] = args["order"]
    if args["choice"] == "pass":
        game.then(("needed_window", {"order": order[1:]}))
        return
    iid = int(args["choice"].split(":")[1])
    game.then(("use_power", {"player": order[0], "card": iid, "source": "non_combat",
                             "empowered": False, "defending": False}),
              ("needed_window", {"order": order}))  # fmt: skip
