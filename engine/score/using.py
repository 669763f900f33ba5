"""Using a card or power (score-ccg-2003-buu-saga-rulebook.txt p. 31-33 steps 1-3 and
5-6): costs, secondary effects, triggers of cards in play, sentences resolved by hand,
where the card goes after use (p. 39; the OCG's Remain) and the end of Combat."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engine.core.decisions import Option
from engine.score import floating
from engine.score.cards import Style
from engine.score.control import offer_takeover
from engine.score.effects import effect_task
from engine.score.handlers import handler
from engine.score.personalities import allies_for_effects
from engine.score.powers import Attack, Power
from engine.score.state import JsonDict
from engine.score.usable import stage_cost

if TYPE_CHECKING:
    from engine.score.game import ScoreGame


@handler("use_power")
def use_power(game: ScoreGame, args: JsonDict) -> None:
    index, iid, source = args["player"], args["card"], args["source"]
    if not args["defending"] and offer_takeover(game, 1 - index, "use_power", args):
        return  # p. 36: the opponent's Ally may take control before any effect
    player = game.player(index)
    power = game.power(iid)
    empowered = args["empowered"]
    if source == "mp":
        player.mp_power_used = True
    elif source == "ally":
        ally = game.ally(index, iid)
        assert ally is not None
        ally.power_used = True
    elif source == "sensei":
        player.sensei_used = True
    else:  # the card is being used: out of its zone until its power has resolved
        (player.hand if source == "hand" else player.non_combat).remove(iid)
        player.resolving.append(iid)
    words = {"mp": "uses the power of", "ally": "uses the power of", "sensei": "uses the power "
             "of", "hand": "plays"}.get(source, "uses")  # fmt: skip
    game.emit("use", f"{game.who(index)} {words} {game.name(iid)}"
              f"{f', Empower {power.empower}' if empowered else ''}.")  # fmt: skip
    steps: list[tuple[str, JsonDict]] = []
    attack = power.attack if not args["defending"] else None
    if attack is not None:  # step 2: costs before anything else
        cost = stage_cost(game, attack)
        ally = game.in_control(index)
        if cost and ally is None:
            player.stage -= cost
        elif cost and ally is not None:
            ally.stage -= cost
        if cost:
            who = game.name(player.mp_card if ally is None else ally.iid)
            game.emit("cost", f"{who} pays {cost} power stage(s).")
        if attack.life_cost:
            steps.append(("effect", {"player": index, "do": "discard_life",
                                     "amount": attack.life_cost, "who": "you"}))  # fmt: skip
    if power.floating:  # p. 48: it floats until the end of Combat, or what it says
        floating.start(game, index, iid)
    # step 3 (and 6): secondary effects, all before the opponent does anything (p. 27)
    steps += [effect_task(e, index) for e in power.secondary
              if not (empowered and e.after_empower)]  # fmt: skip
    for text in power.unread:
        if empowered and text in power.unread_after_empower:
            continue
        steps.append(("by_hand", {"player": index, "card": iid, "text": text}))
    if attack is not None:
        game.state.attack = attack_record(game, index, iid, attack, empowered,
                                           game.card(iid).style)  # fmt: skip
        steps += triggered(game, index, "perform_attack", game.card(iid).style.value)
        steps.append(("defend", {}))
    if source in ("hand", "non_combat"):  # discarded after use (p. 39), the attack resolved
        steps.append(("used_up", {"player": index, "card": iid}))
    game.then(*steps)


def triggered(game: ScoreGame, index: int, event: str, style: str | None = None
              ) -> list[tuple[str, JsonDict]]:
    """The effects of `index`'s cards in play that follow `event` ("when you perform a Red
    attack", "after you stop an attack"), each within its once-per-Combat or once-per-turn
    limit (the triggers of Drills, the Mastery and the Main Personality)."""
    player = game.player(index)
    sources = [player.mp_card, *player.drills] + ([player.mastery] if player.mastery is not None
                                                  else [])  # fmt: skip
    steps: list[tuple[str, JsonDict]] = []
    for iid in sources:
        for trigger in game.power(iid).triggers:
            if trigger.event != event or (trigger.style is not None and trigger.style != style):
                continue
            used = player.triggered_combat if trigger.limit == "combat" else player.triggered_turn
            if trigger.limit is not None and iid in used:
                continue
            if trigger.limit is not None:
                used.append(iid)
            game.emit("trigger", f"{game.name(iid)} takes effect.")
            steps += [effect_task(e, index) for e in trigger.effects]
    return steps


@handler("used_up")
def used_up(game: ScoreGame, args: JsonDict) -> None:
    index, iid = args["player"], args["card"]
    game.player(index).resolving.remove(iid)
    _used_up(game, index, iid, game.power(iid))


def _used_up(game: ScoreGame, index: int, iid: int, power: Power) -> None:
    """Where a used card goes: Combat and Non-Combat cards to the discard pile (p. 38-39)
    or out of the game ("Remove from the game after use"). OCG "Remain X": the card stays
    on the table to be used X more times this Combat, then is removed from the game."""
    player = game.player(index)
    remain = game.card(iid).remain if game.rules.remain else None
    tracked = next((entry for entry in player.remaining if entry[0] == iid), None)
    if remain and tracked is None:
        player.remaining.append([iid, remain])
        player.non_combat.append(iid)
        game.emit("remain", f"{game.name(iid)} remains on the table ({remain} more use(s)).")
        return
    if tracked is not None:
        tracked[1] -= 1
        if tracked[1] > 0:
            player.non_combat.append(iid)
            return
        player.remaining.remove(tracked)
        player.removed.append(iid)
        game.emit("remain", f"{game.name(iid)} has no use left: removed from the game.")
        return
    (player.removed if power.after_use == "remove" else player.discard).append(iid)


def end_of_combat(game: ScoreGame) -> None:
    """Control returns to the MP (OCG "Allies Taking Over Combat"); cards that remain are
    removed from the game (OCG "Remain")."""
    game.state.in_battle = False
    floating.fade(game, "combat")  # "for the remainder of Combat" (p. 48)
    for player in game.state.players:
        player.control = None
        for iid, _ in player.remaining:
            player.non_combat.remove(iid)
            player.removed.append(iid)
            game.emit("remain", f"{game.name(iid)} is removed from the game: Combat is over.")
        player.remaining = []


@handler("by_hand")
def by_hand(game: ScoreGame, args: JsonDict) -> None:
    """A sentence the referee does not read: the card's player carries it out at the table
    and confirms; his opponent accepts, or disputes it and the judges look (the decision
    kinds Panini's resolution by hand uses, so the bot treats them alike)."""
    text = f"{game.name(args['card'])}: \"{args['text']}\""
    game.emit("manual", f"{game.who(args['player'])} resolves by hand {text}.")
    game.ask(args["player"], "manual", f"Resolve by hand, then confirm: {text}",
             [Option("done", f"Done: {game.name(args['card'])} is resolved")], "by_hand_done",
             **args)  # fmt: skip


@handler("by_hand_done")
def by_hand_done(game: ScoreGame, args: JsonDict) -> None:
    if args["choice"] == "done":
        opponent = 1 - args["player"]
        name = game.name(args["card"])
        options = [Option("accept", "Accept"), Option("dispute", "Dispute")]
        game.ask(opponent, "manual_confirm", f"{game.who(args['player'])} resolved {name} by "
                 "hand. Accept, or dispute it (a judge will look)?", options, "by_hand_done",
                 player=args["player"], card=args["card"], text=args["text"])  # fmt: skip
        return
    name = game.name(args["card"])
    accepted = args["choice"] == "accept"
    game.emit("manual_accepted" if accepted else "manual_disputed",
              f"{game.who(1 - args['player'])} {'accepts' if accepted else 'disputes'} how "
              f"{name} was resolved.")  # fmt: skip


def attack_record(game: ScoreGame, index: int, card: int | None, attack: Attack,
                   empowered: bool, style: Style) -> JsonDict:
    made = attack.damage
    if made is not None and made.per_ally:  # counted as the attack is performed (p. 50)
        made = replace(made, amount=made.amount * allies_for_effects(game, index))
    ally = game.in_control(index)  # the personality performing it (p. 35-36)
    return {"player": index, "card": card, "kind": attack.kind, "style": style.value,
            "focused": attack.focused, "by_ally": None if ally is None else ally.iid,
            "unstoppable": attack.unstoppable, "empowered": empowered,
            "damage": None if made is None else [made.amount, made.unit, made.plus]}  # fmt: skip
