"""Plain effects the older vocabulary lacks: anger set to a level, levels advanced or
lowered by several, for both players or either way, every personality's stages, and a
chosen personality to its highest stage (docs/rulings.md 137-139)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.decisions import Option
from engine.panini import mechanics
from engine.panini.cards import (
    AllStages,
    AngerUpTo,
    ChangeLevel,
    SetAnger,
    SetStage,
    SetStageMax,
)
from engine.panini.game import MAIN_PERSONALITY, handler
from engine.panini.state import JsonDict

if TYPE_CHECKING:
    from engine.panini.game import Game


def _players(controller: int, target: int, both: bool) -> list[int]:
    """The controller first, as a turn's effects are read (docs/rulings.md 138)."""
    return [controller, 1 - controller] if both else [target]


def apply_set_anger(game: Game, effect: SetAnger, controller: int, target: int, _a: Any) -> None:
    """2016 ANGER: anger is raised (five advances a level) or lowered (never below zero);
    "set to N" is whichever of the two moves it to N (docs/rulings.md 137)."""
    for player in _players(controller, target, effect.both):
        change = effect.level - game.player(player).anger
        if change > 0:
            mechanics.raise_anger(game, player, change, controller)  # the card's player's
        elif change < 0:
            mechanics.lower_anger(game, player, -change, controller)


def apply_change_level(
    game: Game, effect: ChangeLevel, controller: int, target: int, _a: Any
) -> None:
    args: JsonDict = {"controller": controller, "amount": effect.amount}
    if effect.up_to:
        args["up_to"] = True
    if effect.to_level is not None:  # "to level 2": as many levels as it takes, that way
        level = game.player(target).level
        way = "advance" if effect.to_level > level else "lower"
        if effect.to_level == level or effect.direction not in ("either", way):
            return
        args = {**args, "amount": abs(effect.to_level - level), "direction": way}
        game.then(("change_level", {**args, "player": target}))
        return
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
    if args.get("up_to"):  # "up to N levels": how many, zero included (docs/rulings.md 142)
        verb = direction.capitalize()
        options = [Option(str(n), f"{verb} {n} level(s)") for n in range(args["amount"] + 1)]
        game.ask(args["controller"], "choose_amount", f"{verb} how many levels?", options,
                 "change_level_count", player=player, direction=direction)  # fmt: skip
        return
    _move_levels(game, player, direction, args["amount"])


@handler("change_level_count")
def change_level_count_task(game: Game, args: JsonDict) -> None:
    _move_levels(game, args["player"], args["direction"], int(args["choice"]))


def _move_levels(game: Game, player: int, direction: str, amount: int) -> None:
    move = mechanics.advance_level if direction == "advance" else mechanics.lower_level
    for _ in range(amount):
        move(game, player)


def apply_all_stages(game: Game, effect: AllStages, controller: int, target: int, _a: Any) -> None:
    """2016 GLOSSARY "Gaining/losing stages": each personality gains or loses the amount;
    one losing stages at zero has the rest discarded from its controller's Life Deck
    (docs/rulings.md 139)."""
    for player in _players(controller, target, effect.both):
        state = game.player(player)
        targets = [] if effect.allies_only else [MAIN_PERSONALITY]
        targets += [ally.iid for ally in state.allies]
        if effect.title_has:  # "with Android in the title" (docs/rulings.md 298)
            targets = [t for t in targets if _titled(game, player, t, effect.title_has)]
        for personality in targets:
            if effect.gain:
                mechanics.gain_stages(game, player, personality, effect.amount)
                continue
            rest = mechanics.lose_stages(game, player, personality, effect.amount)
            if rest:
                mechanics.discard_top(game, player, rest, by=controller)


def _titled(game: Game, player: int, personality: int, words: str) -> bool:
    """The personality's card (the MP's current level card) has the words in its title."""
    from engine.panini.moves import _title_has  # the same test as "an Ally with ... in the title"

    iid = game.player(player).mp_card if personality == MAIN_PERSONALITY else personality
    return _title_has(game.card(iid).title, words)


def choose_top_stage(game: Game, effect: SetStageMax, controller: int, target: int) -> None:
    """ "Raise a personality / an Ally to its highest power stage.": the controller picks
    one of `target`'s personalities (docs/rulings.md 139)."""
    options = mechanics.personality_options(game, target)
    if effect.personality == "ally":
        options = [option for option in options if option.id != "mp"]
    if not options:
        game.emit("stages", f"{game.who(target)} has no Ally to raise.")
        return
    game.ask(controller, "choose_personality", "Which personality goes to its highest stage?",
             options, "top_stage", player=target)  # fmt: skip


@handler("top_stage")
def top_stage_task(game: Game, args: JsonDict) -> None:
    player = args["player"]
    personality = mechanics.parse_personality(args["choice"])
    top = mechanics.top_stage(game, player, personality)
    mechanics.gain_stages(
        game, player, personality, top - mechanics.stage_of(game, player, personality)
    )


def apply_set_stage(game: Game, effect: SetStage, controller: int, target: int, _a: Any) -> None:
    """The MP gains or loses the difference (2016 GLOSSARY "Gaining/losing stages"), never
    above its top stage; "lower ... to" does not raise it, "raise ... to" does not lower it
    (docs/rulings.md 141)."""
    now = mechanics.stage_of(game, target, MAIN_PERSONALITY)
    wanted = min(effect.stage, mechanics.top_stage(game, target, MAIN_PERSONALITY))
    if wanted > now and effect.direction != "lower":
        mechanics.gain_stages(game, target, MAIN_PERSONALITY, wanted - now)
    elif wanted < now and effect.direction != "raise":
        mechanics.lose_stages(game, target, MAIN_PERSONALITY, now - wanted)


def apply_anger_up_to(
    game: Game, effect: AngerUpTo, controller: int, target: int, _a: Any, by: int = -1
) -> None:
    """The controller picks the amount as the sentence resolves; zero is allowed ("up to",
    "any amount"), anger never below zero (2016 ANGER note; docs/rulings.md 142)."""
    anger = game.player(target).anger
    most = effect.amount if effect.amount is not None else 5
    if effect.direction == "lower":
        most = min(most, anger)
    verb = effect.direction.capitalize()
    options = [Option(str(n), f"{verb} anger by {n} (now {anger})") for n in range(most + 1)]
    game.ask(controller, "choose_amount", f"{verb} your anger by how much?", options,
             "anger_up_to", player=target, direction=effect.direction, by=by)  # fmt: skip


@handler("anger_up_to")
def anger_up_to_task(game: Game, args: JsonDict) -> None:
    amount = int(args["choice"])
    from engine.panini.chosen_amounts import record  # "the amount lowered" (it imports this module)

    record(game, int(args.get("by", -1)), amount)
    if amount:
        move = mechanics.raise_anger if args["direction"] == "raise" else mechanics.lower_anger
        move(game, args["player"], amount)


def capturable(game: Game, balls: list[int], ball_set: str | None) -> list[int]:
    """ "Capture an Earth Dragon Ball": only the opponent's Dragon Balls of that set
    (2016 GLOSSARY "Dragon Balls"; docs/rulings.md 143)."""
    if ball_set is None:
        return list(balls)
    return [
        iid
        for iid in balls
        if (ball := game.card(iid).dragon_ball) is not None and ball.set.lower() == ball_set
    ]
