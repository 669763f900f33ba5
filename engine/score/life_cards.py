"""Life cards of damage (score-ccg-2003-buu-saga-rulebook.txt p. 43-44, p. 49): flipped
one at a time with Endurance, and the Life Card Capture of a Dragon Ball."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine.core.decisions import Option
from engine.score import damage, floating
from engine.score.cards import CardType
from engine.score.effects import effect_task
from engine.score.handlers import handler
from engine.score.state import JsonDict

if TYPE_CHECKING:
    from engine.score.game import ScoreGame


@handler("life_damage")
def life_damage(game: ScoreGame, args: JsonDict) -> None:
    """Life cards of damage, flipped one at a time (engine.score.damage)."""
    index = args["player"]
    player = game.player(index)
    allowed = damage.endurance_allowed(game.rules, player.tokui_waza is not None)
    taking = damage.LifeDamage(args["remaining"], from_attack=args["from_attack"],
                               endurance_allowed=allowed, discarded=args["discarded"],
                               prevented=args["prevented"])  # fmt: skip
    if taking.done:
        return _record_discarded(game, args, taking)
    if not player.life:
        game.check_survival(index)
        return None
    if damage.only_dragon_balls_left(
        [game.card(i).type == CardType.DRAGON_BALL for i in player.life], taking
    ):  # p. 43 "IMPORTANT"
        game.win(1 - index, "survival")
        return None
    iid = player.life[-1]
    card = game.card(iid)
    endurance = endurance_value(game, index, iid)
    flip = taking.flip(card.type == CardType.DRAGON_BALL, endurance)
    game.emit("damage", f"{game.who(index)} flips {game.name(iid)}.")
    following = {**args, "remaining": taking.remaining, "discarded": taking.discarded}
    if flip.endurance:  # the flipped card stays on the Life Deck until the answer
        options = [Option("endure", f"Use {game.name(iid)}'s Endurance {endurance}: prevent "
                                    f"{flip.endurance} life card(s)"),
                   Option("take", f"Discard {game.name(iid)}")]  # fmt: skip
        game.ask(index, "endurance", "Use Endurance?", options, "endured", **following,
                 card=iid)  # fmt: skip
        return None
    player.life.pop()
    if flip.to == "life_bottom":
        player.life.insert(0, iid)
    elif flip.to == "discard":
        player.discard.append(iid)
    game.then(("life_damage", following))
    return None


_X_IS_ANGER = re.compile(r"\bx\s*=\s*your (?:current )?anger(?: level)?\b", re.IGNORECASE)


def endurance_value(game: ScoreGame, index: int, iid: int) -> int:
    """A card's Endurance (p. 49); "Endurance X" takes X from what the card says X equals
    (p. 56: "X = your current anger level" is the Warrior Sword). An X the card does not
    define in words the referee reads counts 0: the card is discarded as damage."""
    card = game.card(iid)
    if isinstance(card.endurance, int):
        return card.endurance
    if card.endurance == "X" and _X_IS_ANGER.search(card.text):
        return game.player(index).anger
    return 0


def _record_discarded(game: ScoreGame, args: JsonDict, taking: damage.LifeDamage) -> None:
    for task in reversed(game.state.tasks):  # tell the capture how many were discarded
        if task.kind == "capture":
            task.args["discarded"] = taking.discarded
            break
    game.check_survival(args["player"])


@handler("endured")
def endured(game: ScoreGame, args: JsonDict) -> None:
    player = game.player(args["player"])
    iid = args["card"]
    player.life.remove(iid)  # the flipped card, left on top while the player decided
    following = {k: v for k, v in args.items() if k not in ("choice", "card")}
    if args["choice"] == "endure":  # removed from the game, the next cards prevented
        taking = damage.LifeDamage(args["remaining"], discarded=args["discarded"],
                                   prevented=args["prevented"])  # fmt: skip
        prevented = taking.use_endurance(endurance_value(game, args["player"], iid))
        player.removed.append(iid)
        game.emit("endurance", f"{game.name(iid)}'s Endurance prevents {prevented} life card(s).")
        following.update(remaining=taking.remaining, prevented=taking.prevented)
    else:
        player.discard.append(iid)
    game.then(("life_damage", following))


@handler("capture")
def capture(game: ScoreGame, args: JsonDict) -> None:
    """p. 44 Life Card Capture: 5 or more life cards discarded by the attack."""
    index = args["player"]
    opponent = game.player(1 - index)
    if args.get("discarded", 0) < game.rules.capture_life_cards or not opponent.dragon_balls:
        return
    options = [Option("none", "Capture nothing")] + [
        Option(f"capture:{iid}", f"Capture {game.name(iid)}") for iid in opponent.dragon_balls
    ]
    game.ask(index, "capture", "Capture a Dragon Ball?", options, "captured", player=index)


@handler("captured")
def captured(game: ScoreGame, args: JsonDict) -> None:
    if args["choice"] == "none":
        return
    index = args["player"]
    iid = int(args["choice"].split(":")[1])
    floating.cancel(game, 1 - index, iid)  # p. 43 "Dragon Ball Floating Effects"
    game.player(1 - index).dragon_balls.remove(iid)
    game.player(index).dragon_balls.append(iid)
    game.emit("capture", f"{game.who(index)} captures {game.name(iid)}.")
    game.then(("captured_power", {"player": index, "card": iid}))


@handler("captured_power")
def captured_power(game: ScoreGame, args: JsonDict) -> None:
    """p. 44: "When you capture a Dragon Ball, you can choose to use all or none of its
    powers at the time that you capture it"."""
    index, iid = args["player"], args["card"]
    power = game.power(iid)
    if not (power.secondary or power.unread or power.floating):
        return
    choice = args.get("choice")
    if choice is None:
        options = [Option("use", f"Use the power of {game.name(iid)}"),
                   Option("no", "Do not use it")]  # fmt: skip
        game.ask(index, "captured_power", f"You captured {game.name(iid)}: use its power?",
                 options, "captured_power", **args)  # fmt: skip
        return
    if choice == "use":
        floating.start(game, index, iid)  # given to the capturer who uses it (p. 43)
        game.then(*[effect_task(e, index) for e in power.secondary],
                  *[("by_hand", {"player": index, "card": iid, "text": t}) for t in power.unread])
