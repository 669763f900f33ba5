"""The set-up decisions of a new game (score-ccg-2003-buu-saga-rulebook.txt p. 21-22):
the Rogue declaration (step 2), the Double Power Rule and who goes first (steps 7-9, 12)
and the Sensei Deck swap (step 11, p. 45)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import rng
from engine.core.decisions import Option
from engine.score.handlers import handler
from engine.score.pat import PowerRating
from engine.score.setup import Alignment, opening
from engine.score.state import JsonDict

if TYPE_CHECKING:
    from engine.score.game import ScoreGame


@handler("declare_rogue")
def declare_rogue(game: ScoreGame, args: JsonDict) -> None:
    """Step 2 (p. 37 Rogue Personality Rule): a Rogue MP is declared a hero or a villain."""
    index = args["player"]
    if "choice" not in args:
        name = game.card(game.player(index).mp_card).personality
        options = [Option("hero", f"{name} is a hero"), Option("villain", f"{name} is a villain")]
        game.ask(index, "rogue", f"{name} is a Rogue: declare a hero or a villain.", options,
                 "declare_rogue", player=index)  # fmt: skip
        return
    game.player(index).alignment = args["choice"]
    game.emit("setup", f"{game.who(index)} declares a {args['choice']}.")


@handler("opening")
def opening_task(game: ScoreGame, args: JsonDict) -> None:
    """Steps 7-9 and 12: the Double Power Rule, shuffling, who goes first."""
    state, rules = game.state, game.rules
    players = state.players
    starting: list[PowerRating] = [game.rating(p, stage=rules.mp_start_stage) for p in players]
    tops = (game.top_stage(players[0]), game.top_stage(players[1]))
    sides: list[Alignment] = ["villain" if p.alignment == "villain" else "hero"
                             for p in players]  # fmt: skip
    state.rng, start = opening(
        rules, (starting[0], starting[1]), tops, (sides[0], sides[1]), state.rng
    )
    for player, stage in zip(players, start.stages, strict=True):  # step 8
        player.stage = stage
    for player in players:  # step 9
        state.rng = rng.shuffle(state.rng, player.life)
    why = {"double_power": "the Double Power Rule", "hero": "the hero goes first",
           "chance": "chosen at random"}[start.reason]  # fmt: skip
    state.first_player = state.active = start.first
    game.emit("setup", f"{game.who(start.first)} goes first ({why}).")  # step 12


@handler("sensei_swap")
def sensei_swap(game: ScoreGame, args: JsonDict) -> None:
    """Step 11 (p. 45 "Using Your Sensei Deck"): choose cards of the Sensei Deck, put as
    many from the top of the Life Deck into it, and shuffle the chosen into the Life Deck.
    Fusion Personality cards cannot be shuffled in."""
    index, chosen = args["player"], args["chosen"]
    player = game.player(index)
    options = [Option("done", f"Swap the {len(chosen)} chosen card(s)" if chosen else
                      "Swap nothing")]  # fmt: skip
    options += [Option(f"choose:{iid}", f"Choose {game.name(iid)}")
                for iid in dict.fromkeys(player.sensei_deck)
                if iid not in chosen and not game.card(iid).fusion]  # fmt: skip
    if len(options) == 1 or len(chosen) >= len(player.life):
        return _swap(game, index, chosen)
    game.ask(index, "sensei", "Your Sensei Deck: choose the cards to shuffle into your Life Deck.",
             options, "sensei_chosen", player=index, chosen=chosen)  # fmt: skip
    return None


@handler("sensei_chosen")
def sensei_chosen(game: ScoreGame, args: JsonDict) -> None:
    if args["choice"] == "done":
        _swap(game, args["player"], args["chosen"])
        return
    chosen = [*args["chosen"], int(args["choice"].split(":")[1])]
    game.then(("sensei_swap", {"player": args["player"], "chosen": chosen}))


def _swap(game: ScoreGame, index: int, chosen: list[int]) -> None:
    if not chosen:
        return
    player = game.player(index)
    taken = [player.life.pop() for _ in range(len(chosen))]
    for iid in chosen:
        player.sensei_deck.remove(iid)
    player.sensei_deck.extend(taken)
    player.life.extend(chosen)
    game.state.rng = rng.shuffle(game.state.rng, player.life)
    names = ", ".join(game.name(iid) for iid in chosen)  # shown to the opponent (p. 45)
    game.emit("setup", f"{game.who(index)} shuffles {names} from the Sensei Deck into the "
              f"Life Deck and puts the top {len(taken)} life card(s) into the Sensei Deck.")
    for iid in taken:  # he may look at them; the opponent may not
        game.emit("sensei_private", f"Into your Sensei Deck: {game.name(iid)}.",
                  private_to=index)
