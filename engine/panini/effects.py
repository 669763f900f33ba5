"""The effect vocabulary compiled to engine operations. A card's effects resolve one
sentence at a time; contextual ("whenever") effects resolve right after the sentence that
caused them (2016 GLOSSARY "Effects")."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.core.decisions import Option
from engine.panini import (
    after_use,
    ally_actions,
    amounts,
    armed,
    attaching,
    attack_base,
    attack_bonus,
    chosen_amounts,
    copies,
    draw_ends,
    ending,
    hand_attack,
    history,
    manual,
    mechanics,
    modifiers,
    next_attack,
    plain,
    quantities,
    self_moves,
    triggers,
)
from engine.panini.cards import (
    AngerUpTo,
    ArmTrigger,
    BanishFromDiscard,
    Card,
    CardType,
    ChangeAnger,
    Choose,
    Destroy,
    DiscardFromHand,
    DiscardNamed,
    DiscardTopOfLifeDeck,
    Draw,
    Either,
    GainStages,
    Hook,
    LifeCardDamage,
    LoseStages,
    LowerAnger,
    LowerAngerTo,
    LowerLevel,
    Move,
    PayAnyStages,
    PerformAttack,
    PutIntoPlay,
    RaiseAnger,
    Rejuvenate,
    RevealHand,
    Search,
    Style,
    UntilEndOfTurn,
    UseHit,
)
from engine.panini.forbidden import destroy_forbidden, level_effect, protected, rejuvenate_forbidden
from engine.panini.game import MAIN_PERSONALITY, handler
from engine.panini.hooks import HOOKS
from engine.panini.silenced import silenced
from engine.panini.state import AllyInPlay, AttachedCard, JsonDict

if TYPE_CHECKING:
    from engine.panini.cards import Effect
    from engine.panini.game import Game


def effects_of(card: Card, path: str) -> list[Effect]:
    """The effects list an ability path names, e.g. "attack.hit" or "trigger:0"; a path
    ending "#either:I:K" names option K of the "A or B" effect at index I of the list
    before it (an option holds no armed trigger, so an armed path holds no "#")."""
    if "#" in path:
        base, _, step = path.rpartition("#")
        _kind, index, option = step.split(":")
        chosen = effects_of(card, base)[int(index)]
        assert isinstance(chosen, Either)
        return chosen.options[int(option)]
    return _ability_effects(card, path)


def _ability_effects(card: Card, path: str) -> list[Effect]:
    if path.startswith("trigger:"):
        return card.triggers[int(path.split(":")[1])].effects
    if path.startswith(armed.PATH):
        return armed.trigger_at(card, path, effects_of).effects
    if path.startswith(self_moves.PATH):
        return card.when_moved[int(path.split(":")[1])].effects
    if path.startswith("grant:"):  # an ability the card gives attacks (engine.panini.granted)
        return card.grants[int(path.split(":")[1])].effects
    if path == "on_play":
        return card.on_play
    if path == "play_cost":  # engine.panini.itself
        return card.play_cost
    if path.startswith("card_action:"):  # engine.panini.itself
        return card.card_actions[int(path.split(":")[1])].effects
    if path == "entering_combat":
        return card.entering_combat
    ability_name, _, field = path.partition(".")
    ability = getattr(card, ability_name)
    return list(getattr(ability, field)) if ability is not None else []


def resolve(game: Game, controller: int, iid: int, path: str, attack: bool = False) -> None:
    """Schedule the effects at `path` of card `iid` to resolve next, in order."""
    if effects_of(game.card(iid), path):
        game.then(
            (
                "effects",
                {"controller": controller, "card": iid, "path": path, "index": 0, "attack": attack},
            )
        )


@handler("effects")
def effects_task(game: Game, args: JsonDict) -> None:
    controller, iid, path, index = args["controller"], args["card"], args["path"], args["index"]
    effects = effects_of(game.card(iid), path)
    itself.resolving(game, controller, iid, index, len(effects))  # "with this card's effect"
    if index >= len(effects):
        return
    effect = effects[index]
    if index == 0:  # "the number of cards destroyed": only by this use's sentences
        game.state.results.pop(str(iid), None)
        game.state.results.pop(chosen_amounts.key(iid), None)  # "the amount lowered": this use's
    follow = {**args, "index": index + 1, "done": True}
    skipped = (
        (effect.if_done and not args.get("done", True))
        or (effect.if_not_done and args.get("done", True))
        or not game.holds(effect.when, controller)
        or not referents.holds(game, effect, args.get("that"), controller)
    )
    if isinstance(effect, Choose):
        follow["that"] = None  # a choice not made: "that card" after it is no card
    if skipped:
        game.then(("effects", {**follow, "done": False}))
        return
    if effect.cost and not payable(game, effect, controller, iid):
        # the Power was offered as its cost could be paid (or as only the hand says whether
        # it can, ruling 81); it cannot now: nothing follows
        game.emit("cost", f"{game.who(controller)} does not pay the cost: nothing happens.")
        game.then(("effects", {**follow, "done": False}))
        return
    if effect.optional and not payable(game, effect, controller, iid):
        if hidden_feasibility(effect):
            # asked all the same, with "No" alone: skipping the question, or saying the
            # player cannot, would tell the opponent what the hand holds (docs/rulings.md 81)
            game.ask(controller, "optional_effect",
                     f"{game.name(iid)}: {describe(effect).capitalize()}?",
                     [Option("no", "No")], "optional_effect", **args)  # fmt: skip
            return
        game.emit("optional_effect", f"{game.who(controller)} cannot {describe(effect)}.")
        game.then(("effects", {**follow, "done": False}))
        return
    if effect.optional:
        game.ask(
            controller,
            "optional_effect",
            f"{game.name(iid)}: {describe(effect).capitalize()}?",
            [Option("yes", f"Yes: {describe(effect)}"), Option("no", "No")],
            "optional_effect",
            **args,
        )
        return
    _go_on(game, effect, controller, iid, args, follow)


def _go_on(
    game: Game, effect: Effect, controller: int, iid: int, args: JsonDict, follow: JsonDict
) -> None:
    """Apply `effect`, then the rest of the list (`follow`); a choice goes on itself,
    recording what it chose for the sentences after it (engine.panini.referents)."""
    if isinstance(effect, Choose):
        referents.start(game, effect, controller, iid, follow)
        return
    if isinstance(effect, Either):
        either.ask(game, effect, controller, iid, args, follow)
        return
    later = effects_of(game.card(iid), args["path"])[args["index"] + 1 :]
    if isinstance(effect, Move) and referents.feeds(effect, later):
        # the move goes on itself: the card it moved is "that card" after it
        _apply(game, effect, controller, iid, args["attack"], args.get("that"), follow)
        return
    game.then(("flush_triggers", {}), ("effects", follow))
    if isinstance(effect, ArmTrigger):  # its trigger waits: it names this sentence
        armed.arm(game, effect, controller, iid, args["path"], args["index"])
        return
    _apply(game, effect, controller, iid, args["attack"], args.get("that"))


@handler("optional_effect")
def optional_effect_task(game: Game, args: JsonDict) -> None:
    """ "You may ...": the controller's answer; a declined sentence did not happen, so an
    "If you do" after it does not either."""
    args = dict(args)
    taken = args.pop("choice") == "yes"
    controller, iid, index = args["controller"], args["card"], args["index"]
    effect = effects_of(game.card(iid), args["path"])[index]
    follow = {**args, "index": index + 1, "done": taken}
    if not taken:
        if isinstance(effect, Choose):
            follow["that"] = None  # nothing chosen
        game.emit("optional_effect", f"{game.who(controller)} does not {describe(effect)}.")
        game.then(("effects", follow))
        return
    _go_on(game, effect, controller, iid, args, follow)


def hidden_feasibility(effect: Effect) -> bool:
    """Whether only the player's hidden hand says if the sentence can be done: moving cards
    of some kind from their own hand ("You may discard a Dragon Ball from your hand")."""
    if not isinstance(effect, Move) or effect.source != "hand" or effect.who != "self":
        return False
    filters = (effect.card_types, effect.styled, effect.style, effect.endurance,
               effect.title_has, effect.titled, effect.dragon_ball_set,
               effect.copies)  # fmt: skip
    return any(value not in (None, False, []) for value in filters)


def payable(game: Game, effect: Effect, controller: int, iid: int) -> bool:
    """Can the controller do an optional sentence that costs them something in full? A
    cost is paid in full or not at all, as an attack's is (2016 "Energy Attacks": "If you
    do not have enough stages to pay for an attack, you are unable to play it";
    docs/rulings.md 43), so "You may discard 2 cards to ..." is not offered with one card
    in hand. Effects on the opponent, or that cost nothing, always may be chosen."""
    if isinstance(effect, Move):
        # a move is done in full or not offered, so an "If you do" after it is earned
        x = effect.x
        amount = quantities.x_of(game, controller, game.card(iid), iid) if x else effect.amount
        return moves.can_do(game, effect, controller, iid, amount)
    if effect.who == "self" and isinstance(effect, LowerLevel):
        return game.player(controller).level > 1  # Level 1 cannot be lowered
    if effect.who != "self" or not isinstance(effect, DiscardFromHand | LowerAnger | LoseStages):
        return True
    state = game.player(controller)
    amount = quantities.x_of(game, controller, game.card(iid), iid) if effect.x else effect.amount
    if isinstance(effect, DiscardFromHand):
        return len(state.hand) >= amount
    if isinstance(effect, LowerAnger):
        # anger that cannot be lowered cannot pay a cost (docs/rulings.md 130)
        locked = game.has_modifier(controller, "no_anger_lower") or game.has_modifier(
            controller, "no_anger_change"
        )
        return state.anger >= amount and not locked
    stages = [state.stage]
    if effect.personality == "chosen":
        stages += [ally.stage for ally in state.allies]
    return max(stages) >= amount


def _apply(
    game: Game,
    effect: Effect,
    controller: int,
    iid: int,
    attack: bool,
    that: Any = None,
    follow: JsonDict | None = None,
) -> None:
    target = controller if effect.who == "self" else 1 - controller
    if effect.x and isinstance(effect, UntilEndOfTurn):  # "Prevent X stages ... this combat"
        effect = next_attack.times_x(game, effect, controller, iid)
    if effect.x:
        amount = quantities.x_of(game, controller, game.card(iid), iid)
        game.emit("x", f"{game.name(iid)}: X is {amount}.")
        if amount <= 0:  # nothing to draw, raise, gain ...
            if follow is not None:  # a move that was to go on itself (engine.panini.referents)
                game.then(("flush_triggers", {}), ("effects", follow))
            return
        effect = effect.model_copy(update={"amount": amount, "x": False})
    if effect.per is not None:  # "For each card destroyed, gain 1 stage."
        each = int(effect.model_dump()["amount"])  # validated: `per` only with an amount
        amount = each * quantities.count(game, controller, effect.per, iid)
        if amount <= 0:
            if follow is not None:
                game.then(("flush_triggers", {}), ("effects", follow))
            return
        effect = effect.model_copy(update={"amount": amount, "per": None})
    if ally_actions.about_that(effect):  # "That Ally may make actions ..."
        bound = ally_actions.bind(game, effect, that, controller, iid)
        if bound is None:
            return
        effect = bound
    if isinstance(effect, UntilEndOfTurn):
        effect = referents.restriction(effect, that)  # "cannot play that card"
        _until_end_of_turn(game, effect, controller, target, attack, iid)
        return
    if isinstance(effect, GainStages | LoseStages) and effect.personality == "that":
        referents.personality_stages(game, effect, that)  # "That personality loses 3 stages"
        return
    if isinstance(effect, UseHit):  # "use the printed HIT effect of that card"
        copies.use_hit(game, controller, that)
        return
    if isinstance(effect, Move):  # "this card" is the card whose effect this is
        moves.apply_move(game, effect, controller, target, attack, iid, that, follow)
        return
    if isinstance(effect, PerformAttack):  # the card's own attack (engine.panini.hand_attack)
        hand_attack.perform(game, controller, iid)
        return
    if isinstance(effect, AngerUpTo | PayAnyStages):  # the amount kept for later sentences
        chosen_amounts.apply(game, effect, controller, target, attack, iid)
        return
    if isinstance(effect, RevealHand):  # "X = the number of Dragon Balls revealed"
        game.state.results[str(iid)] = list(game.player(target).hand)
    allowed = level_effect(game, effect, controller, target)  # docs/rulings.md 201
    if allowed is None:
        return
    _APPLY[effect.do](game, allowed, controller, target, attack)


# What an effect does, in words, for the question an optional one asks ("You may ...").
_WORDS: dict[str, str] = {
    "gain_stages": "gain {amount} stage(s)", "lose_stages": "lose {amount} stage(s)",
    "set_stage_max": "power up to full", "raise_anger": "raise anger {amount} level(s)",
    "lower_anger": "lower anger {amount} level(s)",
    "change_anger": "raise or lower anger {amount} level(s)",
    "lower_anger_to": "lower anger to {level}",
    "advance_level": "advance the MP a level",
    "lower_level": "lower the MP a level", "set_anger": "set anger to {level}",
    "change_level": "{direction} the MP {amount} level(s)",
    "all_stages": "every personality gains or loses {amount} stage(s)",
    "end_combat": "end combat",
    "use_dragon_ball": "use the effects of a Dragon Ball in play",
    "shuffle_life_deck": "shuffle the Life Deck",
    "set_stage": "{direction} the MP to stage {stage}",
    "anger_up_to": "{direction} anger by a chosen amount",
    "attack_base": "give this attack a base damage of {amount} {unit}",
    "pay_any_stages": "pay any amount of stages",
    "draw": "draw {amount} card(s)",
    "discard_from_hand": "discard {amount} card(s) from hand",
    "discard_top": "discard the top {amount} card(s) of the Life Deck",
    "life_damage": "take {amount} life card(s) of damage",
    "rejuvenate": "rejuvenate {amount} card(s)", "search": "search the Life Deck",
    "destroy": "destroy a {target}", "banish_from_discard": "banish {amount} card(s) from "
    "the discard pile", "capture_dragon_ball": "capture a Dragon Ball",
    "critical_effect": "use a critical damage effect",
    "look_at_hand": "look at a hand", "reveal_hand": "reveal a hand",
    "put_into_play": "put a card into play", "discard_named": "name a card to discard",
    "choose": "choose a card",
    "rearrange": "put the {position} {amount} card(s) back in any order",
    "until_end_of_turn": "use the effect until the end of the turn", "hook": "use the effect",
    "stay_in_play": "keep this attack in play to use it again",
    "perform_attack": "perform this card's attack",
    "after_use_to": "put this card elsewhere after use",
    "attack_gains": "give this attack its property",
    "copy_attack": "perform a copy of that attack for your next Action",
    "use_hit": "use the printed HIT effect of that card",
    "attack_deals": "have this attack deal +{amount} more damage",
    "either": "do one of two things",
    "arm_trigger": "set an effect that waits for its moment",
}  # fmt: skip


def describe(effect: Effect) -> str:
    """ "draw 2 card(s)"; "your opponent: lower anger 1 level(s)" for the opponent."""
    if isinstance(effect, Move):
        words = moves.describe_move(effect)
    else:
        values = effect.model_dump()
        words = _WORDS[effect.do].format(**{**values, "amount": "X"} if effect.x else values)
    return words if effect.who == "self" else f"your opponent: {words}"


Apply = Callable[["Game", Any, int, int, bool], None]


def _stages(game: Game, effect: GainStages | LoseStages, by: int, target: int, _a: bool) -> None:
    gain = isinstance(effect, GainStages)
    args = {"player": target, "amount": effect.amount, "gain": gain, "by": by}
    if effect.personality == "mp":
        args["mp_only"] = True
    if isinstance(effect, LoseStages) and effect.floor:
        args["floor"] = True
    game.then(("stages", args))


def _set_stage_max(game: Game, effect: Any, controller: int, target: int, _a: bool) -> None:
    if effect.personality != "mp":  # "Raise a personality to its highest power stage."
        plain.choose_top_stage(game, effect, controller, target)
        return
    state = game.player(target)
    top = mechanics.top_stage(game, target, MAIN_PERSONALITY)
    game.emit("stages", f"{game.who(target)} sets the MP to its highest stage.")
    if top > state.stage:  # stages gained: "Whenever your MP gains stages" (ruling 105)
        mechanics.gain_stages(game, target, MAIN_PERSONALITY, top - state.stage)


def _raise_anger(game: Game, effect: RaiseAnger, by: int, target: int, _a: bool) -> None:
    mechanics.raise_anger(game, target, effect.amount, by)


def _lower_anger(game: Game, effect: LowerAnger, by: int, target: int, _a: bool) -> None:
    mechanics.lower_anger(game, target, effect.amount, by)


def _lower_anger_to(game: Game, effect: LowerAngerTo, by: int, target: int, _a: bool) -> None:
    above = game.player(target).anger - effect.level
    if above > 0:
        mechanics.lower_anger(game, target, above, by)


def _change_anger(game: Game, effect: ChangeAnger, controller: int, _t: int, _a: bool) -> None:
    args = {"player": controller, "amount": effect.amount}
    game.then(("change_anger", {**args, "players": effect.players, "direction": effect.direction}))


@handler("change_anger")
def change_anger_task(game: Game, args: JsonDict) -> None:
    """The controller picks whose anger moves and which way, among what the card allows."""
    player, amount = args["player"], args["amount"]
    choice = args.get("choice")
    if choice is not None:
        direction, _, side = choice.partition(":")
        target = player if side == "self" else 1 - player
        if direction == "raise":
            mechanics.raise_anger(game, target, amount, player)
        else:
            mechanics.lower_anger(game, target, amount, player)
        return
    sides = ["self", "opponent"] if args["players"] == "either" else [args["players"]]
    ways = ["raise", "lower"] if args["direction"] == "either" else [args["direction"]]
    options = []
    for side in sides:
        whose = "your" if side == "self" else "your opponent's"
        now = game.player(player if side == "self" else 1 - player).anger
        options += [
            Option(f"{way}:{side}", f"{way.capitalize()} {whose} anger {amount} (now {now})")
            for way in ways
        ]
    game.ask(player, "choose_anger", "Whose anger, and which way?", options, "change_anger", **args)


def _advance(game: Game, _e: Any, _c: int, target: int, _a: bool) -> None:
    mechanics.advance_level(game, target)


def _lower(game: Game, _e: Any, _c: int, target: int, _a: bool) -> None:
    mechanics.lower_level(game, target)


def _draw(game: Game, effect: Draw, _c: int, target: int, _a: bool) -> None:
    draw_ends.draw(game, target, effect.amount)  # "... draw from the bottom ... instead"


def _discard_hand(game: Game, effect: DiscardFromHand, by: int, target: int, _a: bool) -> None:
    game.then(("discard_from_hand", {"player": target, "amount": effect.amount, "by": by}))


def _discard_top(game: Game, effect: DiscardTopOfLifeDeck, by: int, target: int, _a: bool) -> None:
    if destroy_forbidden(game, by):
        return
    more = amounts.more_moved(game, target, by, "discard", "life_deck")  # destroying is discarding
    mechanics.discard_top(game, target, effect.amount + more, by=by)


def _life_damage(game: Game, effect: LifeCardDamage, _c: int, target: int, attack: bool) -> None:
    mechanics.life_damage(game, target, effect.amount, from_attack=attack)


def _rejuvenate(game: Game, effect: Rejuvenate, by: int, target: int, _a: bool) -> None:
    if rejuvenate_forbidden(game, by):
        return
    mechanics.rejuvenate(game, target, effect.amount, by=by)


def _search(game: Game, effect: Search, _c: int, target: int, _a: bool) -> None:
    game.then(
        (
            "search",
            {
                "player": target,
                "card_type": effect.card_type.value if effect.card_type else None,
                "style": effect.style.value if effect.style else None,
            },
        )
    )


def _destroy(game: Game, effect: Destroy, controller: int, target: int, _a: bool) -> None:
    game.then(("destroy", {"chooser": controller, "victim": target, "target": effect.target}))


def _banish_discard(game: Game, effect: BanishFromDiscard, by: int, target: int, _a: bool) -> None:
    state = game.player(target)
    for _ in range(effect.amount + amounts.more_moved(game, target, by, "banish", "discard_pile")):
        if not state.discard:
            break
        iid = state.discard.pop()
        state.banished.append(iid)
        game.emit("banish", f"{game.name(iid)} is Banished from {game.who(target)}'s discard.")
        self_moves.moved(game, iid, "banished_from_discard", by, top=True)  # popped: the top


def _capture(game: Game, effect: Any, controller: int, _t: int, _a: bool) -> None:
    args: JsonDict = {"player": controller}
    if effect.dragon_ball_set or effect.no_effects:  # engine.panini.plain: "an Earth Dragon Ball"
        args.update(ball_set=effect.dragon_ball_set, no_effects=effect.no_effects)
    game.then(("capture", args))


def _hand_names(game: Game, player: int) -> str:
    return ", ".join(game.name(iid) for iid in game.player(player).hand) or "no cards"


def _look_at_hand(game: Game, _e: Any, controller: int, target: int, _a: bool) -> None:
    """Only the looking player learns the hand (2016 "Your hand is kept secret")."""
    game.emit("look_at_hand", f"{game.who(controller)} looks at {game.who(target)}'s hand.")
    game.emit(
        "look_at_hand_private",
        f"{game.who(target)}'s hand: {_hand_names(game, target)}.",
        private_to=controller,
    )


def _reveal_hand(game: Game, _e: Any, by: int, target: int, _a: bool) -> None:
    game.emit("reveal_hand", f"{game.who(target)} reveals their hand: {_hand_names(game, target)}.")
    for iid in list(game.player(target).hand):
        self_moves.moved(game, iid, "revealed_from_hand", by)


def _critical_effect(game: Game, _e: Any, controller: int, _t: int, _a: bool) -> None:
    game.then(("critical_effect", {"player": controller}))


def _put_into_play(game: Game, effect: PutIntoPlay, _c: int, target: int, _a: bool) -> None:
    game.then(
        (
            "put_into_play",
            {
                "player": target,
                "source": effect.source,
                "card_type": effect.card_type.value,
                "mode": effect.mode,
            },
        )
    )


def _discard_named(game: Game, _e: DiscardNamed, controller: int, target: int, _a: bool) -> None:
    game.then(("discard_named", {"chooser": controller, "victim": target}))


def _until_end_of_turn(
    game: Game, effect: UntilEndOfTurn, controller: int, target: int, _a: bool, iid: int = -1
) -> None:
    modifiers.add_floating(game, effect, controller, target, iid)


def _hook(game: Game, effect: Hook, controller: int, target: int, attack: bool) -> None:
    HOOKS[effect.name](game, controller, target, attack)


_APPLY: dict[str, Apply] = {
    "gain_stages": _stages,
    "lose_stages": _stages,
    "set_stage_max": _set_stage_max,
    "raise_anger": _raise_anger,
    "lower_anger": _lower_anger,
    "change_anger": _change_anger,
    "lower_anger_to": _lower_anger_to,
    "advance_level": _advance,
    "lower_level": _lower,
    "set_anger": plain.apply_set_anger,
    "change_level": plain.apply_change_level,
    "all_stages": plain.apply_all_stages,
    "shuffle_life_deck": lambda game, _e, _c, target, _a: mechanics.shuffle_life_deck(game, target),
    "set_stage": plain.apply_set_stage,
    "anger_up_to": plain.apply_anger_up_to,
    "draw": _draw,
    "discard_from_hand": _discard_hand,
    "discard_top": _discard_top,
    "life_damage": _life_damage,
    "rejuvenate": _rejuvenate,
    "search": _search,
    "destroy": _destroy,
    "banish_from_discard": _banish_discard,
    "capture_dragon_ball": _capture,
    "critical_effect": _critical_effect,
    "look_at_hand": _look_at_hand,
    "reveal_hand": _reveal_hand,
    "put_into_play": _put_into_play,
    "discard_named": _discard_named,
    "until_end_of_turn": _until_end_of_turn,
    # engine.panini.after_use may still be loading when this table is built (it imports
    # mechanics, which imports the game, which imports this module): look up at call time
    "stay_in_play": lambda *a: after_use.apply_stay_in_play(*a),
    "after_use_to": lambda *a: after_use.apply_after_use_to(*a),
    "attack_gains": lambda *a: after_use.apply_attack_gains(*a),
    "copy_attack": lambda *a: copies.apply_copy(*a),
    "attack_base": lambda *a: attack_base.apply(*a),
    "attack_deals": lambda *a: attack_bonus.apply_attack_deals(*a),
    "end_combat": lambda *a: ending.apply_end_combat(*a),
    "use_dragon_ball": lambda *a: wishes.apply_use_dragon_ball(*a),
    "hook": _hook,
}


# --- entering play -------------------------------------------------------------------------
def may_enter_play(game: Game, player: int, iid: int) -> bool:
    """Rules that forbid a card from being played or placed into play (2016 "Planning
    Step" note and "Drills")."""
    card = game.card(iid)
    if modifiers.entry_forbidden(game, player, card):  # "Allies cannot enter play this turn."
        return False
    spec = card.attach_to
    if spec is not None and not spec.activated and not can_attach(game, player, iid):
        return False
    if not itself.one_allowed(game, player, iid):  # "You may only have one ... in play"
        return False
    if card.type == CardType.DRAGON_BALL:
        return not game.dragon_ball_in_play(card.name)
    if card.type == CardType.DRILL and card.style != Style.FREESTYLE:
        holders = [player] if game.rules.styled_drill_unique == "controller" else [0, 1]
        return not any(
            game.name(other) == card.name
            for p in holders
            for other in [*game.player(p).drills, *game.attached_cards(p)]
        )
    return True


def can_attach(game: Game, player: int, iid: int) -> bool:
    """An "attach to one of ___'s Allies" card needs an Ally to attach to; one saying "You
    may only have one <it> attached" is not attached beside another (engine.panini.itself)."""
    if not itself.one_allowed(game, player, iid):
        return False
    spec = game.card(iid).attach_to
    if spec is None or spec.target == "mp":
        return True
    return bool(game.player(player if spec.who == "self" else 1 - player).allies)


def enter_play(
    game: Game, player: int, iid: int, mode: str, stage: int | str | None = None
) -> None:
    """Put a planning card onto the table. A Dragon Ball that is *played* uses all its
    effects at once; one *placed* does not under 2016 ("Playing" vs. "Placing into
    play"), but does under 2014 ("Dragon Balls"). An Ally enters at 3 stages above 0
    "unless otherwise indicated" (2016 GLOSSARY "Ally"): `stage`, or "highest"."""
    card = game.card(iid)
    state = game.player(player)
    verb = "plays" if mode == "play" else "places into play"
    game.emit("enter_play", f"{game.who(player)} {verb} {card.name}.", card=card.name)
    if card.attach_to is not None and not card.attach_to.activated:
        # Held as resolving until it is attached (its target may need choosing).
        state.resolving.append(iid)
        game.then(("attach", {"player": player, "card": iid}))
    elif card.type == CardType.ALLY:
        top = len(card.power_stages) - 1
        start = top if stage == "highest" else game.rules.ally_start_stage
        state.allies.append(AllyInPlay(iid, min(top, stage) if isinstance(stage, int) else start))
    elif card.type == CardType.SETUP:
        state.setups.append(iid)
    elif card.type == CardType.DRILL:
        state.drills.append(iid)
    elif card.type == CardType.DRAGON_BALL:
        state.dragon_balls.append(iid)
        mechanics.check_dragon_balls(game, player)
        if game.over:
            return
        if mode == "place" and not game.rules.placed_dragon_ball_uses_effects:
            _entered(game, player, card.type, card=iid)
            return
    _entered(game, player, card.type, played=mode == "play", card=iid)
    # Text the engine cannot read is resolved by hand as the card enters play (what applies
    # now: a Dragon Ball's effects, an Ally's or a Drill's entry text), after what it can.
    manual.schedule(game, player, iid)
    if not silenced(game, iid, player):  # "Dragon Balls lose all effects" (rulings 197, 204)
        resolve(game, player, iid, "on_play")
    self_moves.moved(game, iid, "enters_play", None, player)


def _entered(
    game: Game, player: int, card_type: CardType, played: bool = False, card: int | None = None
) -> None:
    """ "Whenever a Dragon Ball enters play": resolved once the card's own effects on
    entering play have (engine.panini.triggers; GLOSSARY "Effects"); "Whenever you play an Ally"
    when it was played, not placed (2016 "Playing" vs. "Placing into play")."""
    triggers.queue(game, player, "entered_play", card_type=card_type, card=card)
    if played:
        triggers.queue(game, player, "card_played", card_type=card_type, card=card)
    game.then(("flush_triggers", {}))


# --- decisions effects can raise ---------------------------------------------------------------
def _card_options(game: Game, verb: str, iids: list[int], dedupe: bool = True) -> list[Option]:
    seen: set[str] = set()
    options = []
    for iid in iids:
        name = game.name(iid)
        if dedupe and name in seen:
            continue
        seen.add(name)
        options.append(Option(f"card:{iid}", f"{verb} {name}"))
    return options


def chosen_card(choice: str) -> int:
    return int(choice.split(":")[1])


@handler("discard_from_hand")
def discard_from_hand_task(game: Game, args: JsonDict) -> None:
    player, amount = args["player"], args["amount"]
    state = game.player(player)
    choice = args.get("choice")
    if choice is not None:
        iid = chosen_card(choice)
        state.hand.remove(iid)
        mechanics.put_in_discard(game, iid)
        game.emit("discard", f"{game.who(player)} discards {game.name(iid)} from hand.")
        self_moves.moved(game, iid, "discarded_from_hand", args.get("by"))
        amount -= 1
    if amount <= 0 or not state.hand:
        return
    game.ask(
        player,
        "discard",
        f"Discard {amount} card(s) from your hand.",
        _card_options(game, "Discard", state.hand),
        "discard_from_hand",
        player=player,
        amount=amount,
        by=args.get("by"),
    )


@handler("search")
def search_task(game: Game, args: JsonDict) -> None:
    """GLOSSARY "Searching a Life Deck": shuffle after searching; failing to find is
    allowed (the opponent may verify)."""
    player = args["player"]
    state = game.player(player)
    choice = args.get("choice")
    if choice is not None:
        if choice != "none":
            iid = chosen_card(choice)
            state.life.remove(iid)
            state.hand.append(iid)
            game.emit("search", f"{game.who(player)} searches the Life Deck and takes a card.")
            game.emit("search_private", f"You take {game.name(iid)}.", private_to=player)
        else:
            game.emit("search", f"{game.who(player)} searches and finds nothing.")
        history.record(game, player, "life_deck_searched")
        mechanics.queue_trigger(game, player, "life_deck_searched")
        mechanics.shuffle_life_deck(game, player)
        game.check_survival(player)  # taking the last card empties the Life Deck
        return
    matches = [
        iid
        for iid in reversed(state.life)
        if (args["card_type"] is None or game.card(iid).type == args["card_type"])
        and (args["style"] is None or game.card(iid).style == args["style"])
    ]
    options = [*_card_options(game, "Take", matches), Option("none", "Find nothing")]
    game.ask(player, "search", "Search your Life Deck.", options, "search", **args)


def _in_play_targets(game: Game, victim: int, target: str) -> list[int]:
    state = game.player(victim)
    if target == "ally":
        return [ally.iid for ally in state.allies]
    if target == "attached":
        return [attached.iid for attached in state.attached]
    return list(
        {"setup": state.setups, "drill": state.drills, "dragon_ball": state.dragon_balls}[target]
    )


def remove_from_play(game: Game, player: int, iid: int) -> None:
    """Take `iid` out of play from `player`'s side. An Ally leaving play takes its
    attached cards with it: they are discarded (docs/rulings.md)."""
    state = game.player(player)
    before = len(state.allies)
    state.allies = [ally for ally in state.allies if ally.iid != iid]
    for zone in (state.setups, state.drills, state.dragon_balls):
        if iid in zone:
            zone.remove(iid)
    state.attached = [attached for attached in state.attached if attached.iid != iid]
    self_moves.moved(game, iid, "leaves_play", None, player)
    if len(state.allies) != before:
        riders = [attached.iid for attached in state.attached if attached.host == iid]
        state.attached = [attached for attached in state.attached if attached.host != iid]
        for rider in riders:
            game.emit("discard", f"{game.name(rider)} was attached to {game.name(iid)}: discarded.")
            mechanics.put_in_discard(game, rider)


@handler("attach")
def attach_task(game: Game, args: JsonDict) -> None:
    """Attach a card its controller just played: to `who`'s Main Personality, or to one
    of `who`'s Allies chosen by the controller. With no Ally left to attach to, the card
    is discarded."""
    player, iid = args["player"], args["card"]
    spec = attaching.attach_spec(game.card(iid))  # its printed one when placed attached
    assert spec is not None
    host_player = player if spec.who == "self" else 1 - player
    host_state = game.player(host_player)
    resolving = game.player(player).resolving
    if iid not in resolving:
        return
    choice = args.get("choice")
    if spec.target == "mp":
        host = MAIN_PERSONALITY
    elif choice is not None:
        host = chosen_card(choice)
    elif not host_state.allies:
        resolving.remove(iid)
        game.emit("discard", f"{game.name(iid)} has no Ally to attach to and is discarded.")
        mechanics.put_in_discard(game, iid)
        return
    else:
        options = [
            Option(f"card:{ally.iid}", f"Attach to {game.name(ally.iid)}")
            for ally in host_state.allies
        ]
        game.ask(
            player,
            "choose_target",
            f"Attach {game.name(iid)} to which Ally?",
            options,
            "attach",
            **args,
        )
        return
    resolving.remove(iid)
    host_state.attached.append(AttachedCard(iid, host))
    host_name = mechanics.personality_name(game, host_player, host)
    game.emit(
        "attach",
        f"{game.name(iid)} is attached to {game.who(host_player)}'s {host_name}.",
        card=game.name(iid),
    )


@handler("discard_named")
def discard_named_task(game: Game, args: JsonDict) -> None:
    """Name a card: one exact card title, never a Dragon Ball (2016 GLOSSARY "Naming a
    card"); the victim discards every card of that name from their hand."""
    chooser, victim = args["chooser"], args["victim"]
    choice = args.get("choice")
    if choice is None:
        options = [Option(f"name:{name}", name) for name in game.nameable_cards()]
        game.ask(chooser, "name_card", "Name a card.", options, "discard_named", **args)
        return
    name = choice.partition(":")[2]
    state = game.player(victim)
    hits = [iid for iid in state.hand if game.name(iid) == name]
    game.emit("name_card", f"{game.who(chooser)} names {name}.", card=name)
    for iid in hits:
        state.hand.remove(iid)
        mechanics.put_in_discard(game, iid)
    game.emit(
        "discard",
        f"{game.who(victim)} discards {len(hits)} card(s) named {name} from hand.",
    )
    for iid in hits:
        self_moves.moved(game, iid, "discarded_from_hand", chooser)


@handler("destroy")
def destroy_task(game: Game, args: JsonDict) -> None:
    chooser, victim = args["chooser"], args["victim"]
    choice = args.get("choice")
    if choice is not None:
        iid = chosen_card(choice)
        remove_from_play(game, victim, iid)
        game.emit("destroy", f"{game.name(iid)} is destroyed.")
        mechanics.put_in_discard(game, iid)
        mechanics.queue_trigger(game, victim, "destroyed", card_type=game.card(iid).type)
        return
    targets = [
        iid
        for iid in _in_play_targets(game, victim, args["target"])
        if not protected(game, victim, iid, chooser)  # docs/rulings.md 203
        and not ally_actions.undiscardable(game, victim, iid)  # ruling 290
    ]
    if targets:
        options = _card_options(game, "Destroy", targets, dedupe=False)
        game.ask(chooser, "choose_target", "Choose a card to destroy.", options, "destroy", **args)


@handler("capture")
def capture_task(game: Game, args: JsonDict) -> None:
    """Capture a Dragon Ball: take control of one the opponent has in play, then you may
    use all its effects (CRITICAL DAMAGE; GLOSSARY "Dragon Balls")."""
    player = args["player"]
    choice = args.get("choice")
    opponent = game.player(1 - player)
    if game.has_modifier(1 - player, "no_capture"):
        game.emit("capture", f"{game.who(1 - player)}'s Dragon Balls cannot be captured now.")
        return
    if choice is not None:
        iid = chosen_card(choice)
        opponent.dragon_balls.remove(iid)
        game.player(player).dragon_balls.append(iid)
        game.emit("capture", f"{game.who(player)} captures {game.name(iid)}.")
        mechanics.check_dragon_balls(game, player)
        if (
            not game.over
            and game.card(iid).on_play
            and not args.get("no_effects")
            and not silenced(game, iid, player)
        ):
            game.ask(
                player,
                "use_dragon_ball",
                f"Use the effects of {game.name(iid)}?",
                [Option("use", "Use its effects"), Option("skip", "Do not use them")],
                "use_captured",
                player=player,
                card=iid,
            )
        return
    balls = plain.capturable(game, opponent.dragon_balls, args.get("ball_set"))
    if balls:
        options = _card_options(game, "Capture", balls, dedupe=False)
        game.ask(player, "choose_target", "Capture which Dragon Ball?", options, "capture", **args)


@handler("use_captured")
def use_captured_task(game: Game, args: JsonDict) -> None:
    if args["choice"] == "use":
        resolve(game, args["player"], args["card"], "on_play")


@handler("put_into_play")
def put_into_play_task(game: Game, args: JsonDict) -> None:
    player, source = args["player"], args["source"]
    state = game.player(player)
    zone = {"hand": state.hand, "discard_pile": state.discard, "life_deck": state.life}[source]
    choice = args.get("choice")
    if choice is not None:
        if choice != "none":
            iid = chosen_card(choice)
            zone.remove(iid)
            if source == "life_deck":
                # Emptying the Life Deck loses at once; the card still lands in play,
                # and any later victory (a seventh Dragon Ball) comes too late.
                game.check_survival(player)
            enter_play(game, player, iid, args["mode"])
        if source == "life_deck":
            history.record(game, player, "life_deck_searched")
            mechanics.queue_trigger(game, player, "life_deck_searched")
            game.then(("shuffle", {"player": player}))
        return
    candidates = [
        iid
        for iid in reversed(zone)
        if game.card(iid).type == args["card_type"] and may_enter_play(game, player, iid)
    ]
    verb = "Play" if args["mode"] == "play" else "Place"
    options = [*_card_options(game, verb, candidates), Option("none", "Choose nothing")]
    game.ask(
        player,
        "choose_card",
        f"Choose a card from your {source}.",
        options,
        "put_into_play",
        **args,
    )


@handler("shuffle")
def shuffle_task(game: Game, args: JsonDict) -> None:
    mechanics.shuffle_life_deck(game, args["player"])


# The `move` effect has its own module, which registers its task (and needs the helpers
# above).
from engine.panini import either, itself, moves, rearrange, referents  # noqa: E402

_APPLY["move"] = moves.apply_move
_APPLY["rearrange"] = rearrange.apply_rearrange
from engine.panini import wishes  # noqa: E402
