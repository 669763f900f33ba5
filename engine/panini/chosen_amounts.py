"""Amounts a card's own sentence chose, for the sentences after it: "The personality
performing this attack may pay any amount of stages. For every 2 stages paid, ..." and
"You may lower your anger any amount. ... X = 2 times the amount lowered."

The amount is kept by the card's instance in GameState.results (under "<iid>:amount", one
number) and read by engine.panini.quantities (`of: amount`); a new use of the card's effects
clears it (engine.panini.effects.effects_task), so an amount never carries from another use.
Paying stages is losing them (2016 HOW CARDS WORK "Energy Attacks": "To pay for an Energy
Attack, lower your Main Personality the required number of Power Stages"), and any amount
includes none (docs/rulings.md 167).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import Option
from engine.panini import mechanics, plain
from engine.panini.cards import AngerUpTo, PayAnyStages
from engine.panini.game import MAIN_PERSONALITY, handler
from engine.panini.state import JsonDict

if TYPE_CHECKING:
    from engine.panini.game import Game


def key(iid: int) -> str:
    return f"{iid}:amount"


def record(game: Game, iid: int, amount: int) -> None:
    if iid >= 0:
        game.state.results[key(iid)] = [amount]


def chosen(game: Game, iid: int) -> int:
    """What card `iid`'s last "any amount" sentence paid or lowered this use (0 if none)."""
    return sum(game.state.results.get(key(iid), []))


def apply(game: Game, effect: AngerUpTo | PayAnyStages, controller: int, target: int,
          attack: bool, iid: int) -> None:  # fmt: skip
    if isinstance(effect, AngerUpTo):
        plain.apply_anger_up_to(game, effect, controller, target, attack, by=iid)
        return
    payer = MAIN_PERSONALITY
    fight = game.state.attack
    if effect.personality == "attacking" and fight is not None and attack:
        payer = fight.actor  # the personality performing this attack (an Ally's own stages)
    most = mechanics.stage_of(game, target, payer)
    name = mechanics.personality_name(game, target, payer)
    options = [Option(str(n), f"Pay {n} stage(s) (now {most})") for n in range(most + 1)]
    game.ask(target, "choose_amount", f"How many of {name}'s stages do you pay?", options,
             "pay_any_stages", player=target, payer=payer, by=iid)  # fmt: skip


@handler("pay_any_stages")
def pay_any_stages_task(game: Game, args: JsonDict) -> None:
    amount = int(args["choice"])
    record(game, args["by"], amount)
    name = mechanics.personality_name(game, args["player"], args["payer"])
    game.emit("pay", f"{name} pays {amount} stage(s).")
    if amount:
        mechanics.lose_stages(game, args["player"], args["payer"], amount)
