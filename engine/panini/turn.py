"""The five steps of a turn (2016 "GAMEPLAY" and "TURN SEQUENCE")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import Option
from engine.panini import history, itself, manual, mechanics, modifiers, self_moves, triggers
from engine.panini.cards import PLANNING_TYPES, CardType
from engine.panini.effects import chosen_card, enter_play, may_enter_play, resolve
from engine.panini.forbidden import forced_combat_choice
from engine.panini.game import MAIN_PERSONALITY, handler
from engine.panini.state import JsonDict

if TYPE_CHECKING:
    from engine.panini.game import Game


@handler("start_turn")
def start_turn(game: Game, args: JsonDict) -> None:
    """1. Draw Step: draw three cards from the top of your Life Deck."""
    state = game.state
    state.turn += 1
    state.step = "draw"
    state.declared_combat = False
    state.combat_declarer = None
    for player in state.players:
        player.used_powers.clear()
    triggers.start_turn(game)
    history.new_turn(game)
    modifiers.expire_floating(game)  # "this turn" effects end with the turn that created them
    game.emit("turn", f"Turn {state.turn}: {game.who(state.active)}.", turn=state.turn)
    # "At the start of your turn": before its Draw Step
    mechanics.queue_trigger(game, state.active, "turn_started")
    game.then(("flush_triggers", {}), ("draw_step", {}))


@handler("draw_step")
def draw_step(game: Game, args: JsonDict) -> None:
    state = game.state
    mechanics.draw(game, state.active, game.rules.draw_per_turn)
    game.then(("flush_triggers", {}), ("planning", {}))
    # "At the start of your Planning Step": once the Draw Step is over
    mechanics.queue_trigger(game, state.active, "planning_started")


@handler("planning")
def planning(game: Game, args: JsonDict) -> None:
    """2. Planning Step: play any Allies, Setups, Drills or Dragon Balls, then power up."""
    state = game.state
    state.step = "planning"
    player = state.active
    hand = game.player(player).hand
    choice = args.get("choice")
    if choice == "done":
        game.then(("power_up", {}))
        return
    if isinstance(choice, str) and choice.startswith("card_action:"):
        # "You may discard this card from your hand during the Planning Step." (ruling 297)
        iid, index = (int(part) for part in choice.split(":")[1:])
        game.then(("planning", {}))
        itself.use_card_action(game, player, iid, index)
        return
    if choice is not None:
        iid = chosen_card(choice)
        hand.remove(iid)
        game.then(("planning", {}))
        enter_play(game, player, iid, "play")
        return
    options = [
        Option(f"card:{iid}", f"Play {game.name(iid)}")
        for iid in hand
        if game.card(iid).type in PLANNING_TYPES
        and may_enter_play(game, player, iid)
        and not modifiers.play_forbidden(game, player, game.card(iid))
    ]
    options += itself.action_options(game, player, "planning")
    options.append(Option("done", "Finish planning and power up"))
    game.ask(player, "planning", "Planning Step: play cards, or power up.", options, "planning")


@handler("power_up")
def power_up(game: Game, args: JsonDict) -> None:
    """ "Then, your Main Personality and any Allies gain power stages equal to ... their
    Power Up Rating", capped at the top stage."""
    player = game.state.active
    state = game.player(player)
    bonus = game.modifier_total(player, "pur")
    mp_pur = game.card(state.mp_card).pur + bonus + game.modifier_total(player, "mp_pur")
    if mp_pur > 0:
        mechanics.gain_stages(game, player, MAIN_PERSONALITY, mp_pur, effect=False)
    for ally in list(state.allies):
        ally_pur = game.card(ally.iid).pur + bonus
        if ally_pur > 0:
            mechanics.gain_stages(game, player, ally.iid, ally_pur, effect=False)
    # powering up ends the Planning Step: "At the end of your Planning Step" then
    mechanics.queue_trigger(game, player, "planning_ended")
    game.then(("flush_triggers", {}), ("declare_combat", {}))


@handler("declare_combat")
def declare_combat(game: Game, args: JsonDict) -> None:
    """3. Combat Step (optional). Entering combat: the declarer's "when entering combat"
    effects, then the opponent's, then the opponent draws three ("THE COMBAT STEP")."""
    state = game.state
    state.step = "combat"
    player = state.active
    choice = args.get("choice") or forced_combat_choice(game, player)
    if choice is None:
        options = [Option("declare", "Declare combat"), Option("skip", "Skip combat")]
        game.ask(player, "declare_combat", "Declare combat?", options, "declare_combat")
        return
    if choice == "skip":
        game.emit("combat", f"{game.who(player)} does not declare combat.")
        mechanics.queue_trigger(game, player, "combat_skipped")  # "does not declare combat"
        game.then(("flush_triggers", {}), ("discard_step", {"player": player, "first": True}))
        return
    state.declared_combat = True
    state.combat_declarer = player
    state.consecutive_passes = 0
    game.emit("combat", f"{game.who(player)} declares combat.")
    opponent = 1 - player
    game.then(
        ("entering_combat", {"player": player}),
        ("entering_powers", {"player": player}),
        ("entering_combat", {"player": opponent}),
        ("entering_powers", {"player": opponent}),
        ("combat_draw", {"player": opponent}),
        ("combat_action", {"player": player}),
    )


def entering_combat_sources(game: Game, player: int) -> list[int]:
    """Cards with "when entering combat" effects: Mastery, MP, Drills, Allies."""
    return [iid for iid in game.cards_with_constants(player) if game.card(iid).entering_combat]


@handler("entering_combat")
def entering_combat(game: Game, args: JsonDict) -> None:
    """A player with several such effects chooses their order (GLOSSARY "Effects":
    "you may choose the order in which they occur")."""
    player = args["player"]
    remaining: list[int] = args.get("remaining") or entering_combat_sources(game, player)
    choice = args.get("choice")
    if choice is not None:
        first = chosen_card(choice)
        remaining = [iid for iid in remaining if iid != first]
        if remaining:
            game.then(("entering_combat", {"player": player, "remaining": remaining}))
        resolve(game, player, first, "entering_combat")
        return
    if not remaining:
        return
    if len(remaining) == 1:
        resolve(game, player, remaining[0], "entering_combat")
        return
    options = [Option(f"card:{iid}", f"Use {game.name(iid)} first") for iid in remaining]
    game.ask(
        player,
        "order_effects",
        "Choose which entering-combat effect resolves next.",
        options,
        "entering_combat",
        player=player,
        remaining=remaining,
    )


def entering_powers(game: Game, player: int) -> list[Option]:
    """Setups in play and Events in hand whose Power is "Use when entering combat": used only
    if their player chooses to, as any Setup or Event (docs/rulings.md 46)."""
    state = game.player(player)
    options = [
        Option(f"setup:{iid}", f"Activate {game.name(iid)}")
        for iid in state.setups
        if game.card(iid).entering_combat and not modifiers.setups_forbidden(game, player)
    ]
    options += [
        Option(f"hand:{iid}", f"Play {game.name(iid)}")
        for iid in state.hand
        if game.card(iid).type == CardType.EVENT and game.card(iid).entering_combat
    ]
    # "(If this card is in your discard pile, you may Rejuvenate it when entering combat to
    # ...)" (docs/rulings.md 300)
    return options + itself.action_options(game, player, "entering_combat")


def asks_entering_powers(game: Game, player: int) -> bool:
    """Whether `player` is asked: for Setups in play (public), or whenever they own such an
    Event anywhere, so being asked tells the opponent nothing of the hand (docs/rulings.md
    105)."""
    state = game.player(player)
    if any(game.card(iid).entering_combat for iid in state.setups):
        return True
    return any(
        owner == player
        and game.card(iid).type == CardType.EVENT
        and bool(game.card(iid).entering_combat)
        for iid, owner in enumerate(game.state.owners)
    )


@handler("entering_powers")
def entering_powers_task(game: Game, args: JsonDict) -> None:
    """After a player's "when entering combat" effects, that player may use, one at a time,
    the Powers of their Setups and Events that say "Use when entering combat"."""
    player = args["player"]
    choice = args.get("choice")
    if choice is None:
        options = entering_powers(game, player)
        if options or asks_entering_powers(game, player):
            options.append(Option("done", "Use no more of them"))
            game.ask(player, "entering_power", "Use a 'when entering combat' Power?", options,
                     "entering_powers", player=player)  # fmt: skip
        return
    if choice == "done":
        return
    if choice.startswith("card_action:"):
        iid, index = (int(part) for part in choice.split(":")[1:])
        game.then(("entering_powers", {"player": player}))
        itself.use_card_action(game, player, iid, index)
        return
    origin, _, raw = choice.partition(":")
    iid = int(raw)
    state = game.player(player)
    (state.setups if origin == "setup" else state.hand).remove(iid)
    state.resolving.append(iid)
    game.emit("action", f"{game.who(player)} uses {game.name(iid)} as combat begins.")
    game.then(
        ("finish_card", {"player": player, "card": iid, "origin": origin}),
        ("entering_powers", {"player": player}),
    )
    manual.schedule(game, player, iid)
    resolve(game, player, iid, "entering_combat")


@handler("combat_draw")
def combat_draw(game: Game, args: JsonDict) -> None:
    mechanics.draw(game, args["player"], game.rules.combat_draw)
    game.then(("flush_triggers", {}))  # "Whenever your opponent draws a card"


@handler("discard_step")
def discard_step(game: Game, args: JsonDict) -> None:
    """4. Discard Step: discard one at a time down to one or zero held cards, you then
    your opponent (2016). Under 2014 both discard "until you each have one": we take the
    choices in turn but reveal neither player's discards until both are done."""
    state = game.state
    state.step = "discard"
    player, first = args["player"], args["first"]
    me = game.player(player)
    choice = args.get("choice")
    simultaneous = game.rules.discard_order == "simultaneous"
    if choice is not None and choice != "done":
        iid = chosen_card(choice)
        me.hand.remove(iid)
        if simultaneous:
            me.held_discards.append(iid)
            game.emit("discard_hidden", f"{game.who(player)} sets aside a card to discard.")
        else:
            mechanics.put_in_discard(game, iid)
            game.emit("discard", f"{game.who(player)} discards {game.name(iid)}.")
            # a rules discard, not a card effect (engine.panini.self_moves)
            self_moves.moved(game, iid, "discarded_from_hand", None)
            if state.trigger_queue:  # the card's own ability resolves before the next discard
                again = ("discard_step", {"player": player, "first": first})
                game.then(("flush_triggers", {}), again)
                return
    if choice != "done" and me.hand:
        options = [Option(f"card:{iid}", f"Discard {game.name(iid)}") for iid in me.hand]
        if len(me.hand) <= game.rules.hand_limit + game.modifier_total(player, "hand_size"):
            options.append(Option("done", f"Keep {len(me.hand)} card(s)"))
        game.ask(
            player,
            "discard",
            "Discard Step: discard down to one card or zero.",
            options,
            "discard_step",
            player=player,
            first=first,
        )
        return
    if first:
        game.then(("discard_step", {"player": 1 - player, "first": False}))
        return
    if simultaneous:
        for p in (state.active, 1 - state.active):
            held = game.player(p)
            for iid in held.held_discards:
                mechanics.put_in_discard(game, iid)
                game.emit("discard", f"{game.who(p)} discards {game.name(iid)}.")
                self_moves.moved(game, iid, "discarded_from_hand", None)
            held.held_discards.clear()
    game.then(("flush_triggers", {}), ("rejuvenation", {}))


@handler("rejuvenation")
def rejuvenation(game: Game, args: JsonDict) -> None:
    """5. Rejuvenation Step: if you did not declare combat, you may rejuvenate one."""
    state = game.state
    state.step = "rejuvenation"
    player = state.active
    discard = game.player(player).discard
    choice = args.get("choice")
    if not args.get("started"):
        # "At the beginning of your Rejuvenation Step"
        mechanics.queue_trigger(game, player, "rejuvenation_started")
        game.then(("flush_triggers", {}), ("rejuvenation", {"started": True}))
        return
    if choice is None and not state.declared_combat and discard:
        game.ask(
            player,
            "rejuvenate",
            f"Rejuvenate {game.name(discard[-1])} (top of your discard pile)?",
            [
                Option("rejuvenate", f"Rejuvenate {game.name(discard[-1])}"),
                Option("skip", "Do not rejuvenate"),
            ],
            "rejuvenation",
            started=True,
        )
        return
    if choice == "rejuvenate":
        mechanics.rejuvenate(game, player, 1)
    # "At the end of the turn" (and what the Rejuvenation set off), then the next turn
    mechanics.queue_trigger(game, player, "turn_ended")
    game.then(("flush_triggers", {}), ("next_turn", {}))


@handler("next_turn")
def next_turn(game: Game, args: JsonDict) -> None:
    game.state.active = 1 - game.state.active
    game.then(("start_turn", {}))
