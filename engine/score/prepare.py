"""Phases (a) and (b) of the Combat Step (score-ccg-2003-buu-saga-rulebook.txt p. 24):
"When entering Combat" effects."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import Option
from engine.score.effects import effect_task
from engine.score.handlers import handler
from engine.score.state import JsonDict
from engine.score.usable import HAND_COMBAT, only_problem

if TYPE_CHECKING:
    from engine.score.game import ScoreGame


@handler("entering")
def entering(game: ScoreGame, args: JsonDict) -> None:
    """p. 24 phases (a) and (b): each player in turn uses the "When entering Combat"
    effects of the cards in his hand, his Main Personality's level, the Battleground or
    Location and his other cards in play, in the order he wants (Allies cannot, p. 36)."""
    index = args["player"]
    player = game.player(index)
    options = []
    for iid in dict.fromkeys(player.hand):
        card = game.card(iid)
        if card.type in HAND_COMBAT and game.power(iid).entering and (
                only_problem(game, index, card) is None):  # fmt: skip
            options.append(Option(f"play:{iid}", f"Play {game.name(iid)}"))
    in_play = [player.mp_card, *player.drills, *player.non_combat]
    ground = game.state.battleground
    if ground is not None and game.state.owners[ground] == index:
        in_play.append(ground)
    for iid in in_play:
        if game.power(iid).entering and iid not in player.triggered_combat:
            options.append(Option(f"use:{iid}", f"Use {game.name(iid)}"))
    if not options:
        return
    options.append(Option("done", "Done: no more \"When entering Combat\" effects"))
    game.ask(index, "entering", "Use \"When entering Combat\" effects?", options, "entered",
             player=index)  # fmt: skip


@handler("entered")
def entered(game: ScoreGame, args: JsonDict) -> None:
    index, choice = args["player"], args["choice"]
    if choice == "done":
        return
    player = game.player(index)
    kind, _, value = choice.partition(":")
    iid = int(value)
    steps = [effect_task(e, index) for e in game.power(iid).entering]
    if kind == "play" or iid in player.non_combat:  # used, then discarded (p. 39)
        (player.hand if kind == "play" else player.non_combat).remove(iid)
        player.resolving.append(iid)
        steps.append(("used_up", {"player": index, "card": iid}))
    else:  # a card that stays in play: once this Combat
        player.triggered_combat.append(iid)
    game.emit("use", f"{game.who(index)} uses {game.name(iid)} on entering Combat.")
    game.then(*steps, ("entering", {"player": index}))
