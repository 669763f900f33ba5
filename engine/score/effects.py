"""The effects a Score family card's power runs (engine.score.powers.EFFECTS), one task each.
Page numbers are the Score 2003 Buu Saga rulebook's.

An effect task carries who used it (`player`), what it does (`do`, `amount`) and to whom
(`who`: "you" or "opponent")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import rng
from engine.core.decisions import Option
from engine.score import levels
from engine.score.cards import CardType
from engine.score.handlers import handler
from engine.score.powers import Effect
from engine.score.state import JsonDict

if TYPE_CHECKING:
    from engine.score.game import ScoreGame


def effect_task(effect: Effect, player: int) -> tuple[str, JsonDict]:
    if effect.do == "choose":  # p. 51 the "or" Rule
        return ("choose_effect", {"player": player, "choices": [
            [e.do, e.amount, e.who] for e in effect.choices]})
    return ("effect", {"player": player, "do": effect.do, "amount": effect.amount,
                       "who": effect.who})  # fmt: skip


@handler("choose_effect")
def choose_effect(game: ScoreGame, args: JsonDict) -> None:
    """p. 51: with "or" in the power text, the player chooses which effect he uses."""
    choices = [Effect(do, amount, who) for do, amount, who in args["choices"]]
    choice = args.get("choice")
    if choice is None:
        options = [Option(f"effect:{i}", describe(e)[:1].upper() + describe(e)[1:])
                   for i, e in enumerate(choices)]  # fmt: skip
        game.ask(args["player"], "choose_effect", "Choose one effect.", options,
                 "choose_effect", **args)  # fmt: skip
        return
    game.then(effect_task(choices[int(choice.split(":")[1])], args["player"]))


def describe(effect: Effect) -> str:
    """A short label for a choice of effects ("raise your anger 1")."""
    target = "your" if effect.who == "you" else "your opponent's"
    words = {
        "raise_anger": f"raise {target} anger {effect.amount}",
        "lower_anger": f"lower {target} anger {effect.amount}",
        "gain_stages": f"{target} MP gains {effect.amount} power stage(s)",
        "lose_stages": f"{target} MP loses {effect.amount} power stage(s)",
        "draw": f"draw {effect.amount} card(s)",
        "discard_hand": f"{'you discard' if effect.who == 'you' else 'your opponent discards'}"
                        f" {effect.amount} card(s) from the hand",
        "discard_life": f"discard the top {effect.amount} card(s) of {target} Life Deck",
        "rejuvenate": f"rejuvenate {effect.amount} card(s)",
        "skip_power_up": "your opponent skips the next Power Up Step",
        "discard_ally_self": "discard this Ally",
        "sensei_draw": "the top card of your Sensei Deck into your hand",
        "sensei_shuffle": "shuffle your Sensei Deck into your Life Deck",
        "search_drill": "search your Life Deck for a Drill and place it in play",
        "advance_level": f"advance {target} MP {effect.amount} level(s)",
        "lower_level": f"lower {target} MP {effect.amount} level(s)",
        "choose": " or ".join(describe(e) for e in effect.choices),
        "fuse": "2 of your personalities at the same level may fuse",
    }  # fmt: skip
    return words.get(effect.do, effect.do)


@handler("effect")
def run_effect(game: ScoreGame, args: JsonDict) -> None:
    controller = args["player"]
    target = controller if args["who"] == "you" else 1 - controller
    amount = args["amount"]
    do = args["do"]
    player = game.player(target)
    if do == "raise_anger":
        _raise_anger(game, target, amount)
    elif do == "lower_anger":
        player.anger = max(0, player.anger - amount)  # p. 30: never below 0
        game.emit("anger", f"{game.who(target)}'s anger is lowered to {player.anger}.")
    elif do == "gain_stages":
        player.stage = min(game.top_stage(player), player.stage + amount)
        game.emit("stages", f"{game.who(target)}'s Scouter rises to {player.stage}.")
    elif do == "lose_stages":  # losing power stages is no damage: nothing past 0
        player.stage = max(0, player.stage - amount)
        game.emit("stages", f"{game.who(target)}'s Scouter falls to {player.stage}.")
    elif do == "draw":
        game.then(("draw", {"player": target, "amount": amount}))
    elif do == "discard_hand":
        game.then(("discard_from_hand", {"player": target, "left": amount}))
    elif do == "discard_life":
        _discard_life(game, target, amount)
    elif do == "rejuvenate":
        _rejuvenate(game, target, amount)
    elif do == "skip_power_up":
        player.skip_power_up = True
        game.emit("skip", f"{game.who(target)} will skip the next Power Up Step.")
    elif do == "sensei_draw" and player.sensei_deck:
        iid = player.sensei_deck.pop()
        player.hand.append(iid)
        game.emit("draw", f"{game.who(target)} takes the top card of the Sensei Deck.")
        game.emit("draw_private", f"You take {game.name(iid)}.", private_to=target)
    elif do == "sensei_shuffle":
        _sensei_shuffle(game, target)
    elif do in ("advance_level", "lower_level"):
        for _ in range(amount):
            climb = game.climb(player)
            change = (levels.advance_by_effect(climb, game.rules, game.state.win_level)
                      if do == "advance_level" else levels.lose_level(climb, game.rules))
            game.settle(target, climb, change)  # p. 30; OCG: no MPPV after a card's advance
            if game.over:
                return
    elif do == "search_drill":
        game.then(("search_drill", {"player": target}))
    elif do == "fuse":  # engine.score.fusion
        game.then(("fuse", {"player": target}))
    # "discard_ally_self": for an Ally's own power; an MP's use of it does nothing


def _sensei_shuffle(game: ScoreGame, index: int) -> None:
    """The Sensei Deck into the Life Deck; Fusion Personality cards stay (p. 45: they
    "CANNOT be shuffled into your Life Deck")."""
    player = game.player(index)
    moving = [iid for iid in player.sensei_deck if not game.card(iid).fusion]
    player.sensei_deck = [iid for iid in player.sensei_deck if game.card(iid).fusion]
    player.life.extend(moving)
    game.state.rng = rng.shuffle(game.state.rng, player.life)
    game.emit("shuffle", f"{game.who(index)} shuffles {len(moving)} card(s) from the Sensei "
              "Deck into the Life Deck.")  # fmt: skip


@handler("search_drill")
def search_drill(game: ScoreGame, args: JsonDict) -> None:
    """ "Search your Life Deck for a Drill and place it in play": a Drill he could place
    (placing rules hold, OCG "Putting Cards into Play with Card Effects"), shown to the
    opponent, then the Life Deck is shuffled (p. 52 "Cherry Picking Rule")."""
    index = args["player"]
    player = game.player(index)
    choice = args.get("choice")
    if choice is None:
        drills = [iid for iid in dict.fromkeys(player.life) if game.card(iid).type ==
                  CardType.DRILL and game.placing_problem(index, iid) is None]  # fmt: skip
        options = [Option("none", "Find nothing")] + [
            Option(f"drill:{iid}", f"Place {game.name(iid)}")
            for iid in _one_per_name(game, drills)]  # fmt: skip
        game.ask(index, "search", "Search your Life Deck for a Drill to place in play.", options,
                 "search_drill", player=index)  # fmt: skip
        return
    if choice != "none":
        iid = int(choice.split(":")[1])
        player.life.remove(iid)
        player.drills.append(iid)
        game.emit("place", f"{game.who(index)} finds {game.name(iid)} and places it in play.")
    game.state.rng = rng.shuffle(game.state.rng, player.life)


def _one_per_name(game: ScoreGame, iids: list[int]) -> list[int]:
    seen: dict[str, int] = {}
    for iid in iids:
        seen.setdefault(game.name(iid), iid)
    return list(seen.values())


def _raise_anger(game: ScoreGame, index: int, amount: int) -> None:
    """p. 30: 5 anger advances a level (or, at the highest, the highest power stage)."""
    climb = game.climb(game.player(index))
    change = levels.raise_anger(climb, amount, game.rules, game.state.win_level)
    game.emit("anger", f"{game.who(index)} raises anger {amount}: {climb.anger} now.")
    game.settle(index, climb, change)


def _discard_life(game: ScoreGame, index: int, amount: int) -> None:
    """Life cards lost to an effect (not damage): Dragon Balls count, and go to the bottom
    of the Life Deck instead of the discard pile (p. 43 "Discarding Dragon Balls when
    losing life cards for other effects")."""
    player = game.player(index)
    for _ in range(min(amount, len(player.life))):
        iid = player.life.pop()
        if game.card(iid).type == CardType.DRAGON_BALL:
            player.life.insert(0, iid)
        else:
            player.discard.append(iid)
        game.emit("discard", f"{game.who(index)} discards {game.name(iid)} from the Life Deck.")
    game.check_survival(index)


def _rejuvenate(game: ScoreGame, index: int, amount: int) -> None:
    """The top card of the discard pile to the bottom of the Life Deck, `amount` times."""
    player = game.player(index)
    for _ in range(min(amount, len(player.discard))):
        iid = player.discard.pop()
        player.life.insert(0, iid)
        game.emit("rejuvenate", f"{game.who(index)} rejuvenates {game.name(iid)}.")


@handler("discard_from_hand")
def discard_from_hand(game: ScoreGame, args: JsonDict) -> None:
    """The discarding player picks the card (the text names no one else to choose)."""
    index, left = args["player"], args["left"]
    hand = game.player(index).hand
    if left <= 0 or not hand:
        return
    options = [Option(f"discard:{iid}", f"Discard {game.name(iid)}")
               for iid in dict.fromkeys(hand)]  # fmt: skip
    game.ask(index, "discard", "An effect: discard a card from your hand.", options,
             "discarded_from_hand", player=index, left=left)  # fmt: skip


@handler("discarded_from_hand")
def discarded_from_hand(game: ScoreGame, args: JsonDict) -> None:
    index = args["player"]
    game.discard_from_hand(index, int(args["choice"].split(":")[1]))
    game.then(("discard_from_hand", {"player": index, "left": args["left"] - 1}))
