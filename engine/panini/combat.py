"""The Combat Step: alternating Actions, and each attack's seven steps (2016 "THE COMBAT
STEP", "HOW ATTACK AND DEFENSE CARDS WORK", "ATTACK TIMING SUMMARY", "CRITICAL DAMAGE",
"ALLIES DURING COMBAT")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import Option
from engine.panini import (
    after_use,
    ally_actions,
    attaching,
    attack_bonus,
    copies,
    critical,
    ending,
    granted,
    history,
    itself,
    limits,
    manual,
    mechanics,
    modifiers,
    next_attack,
    quantities,
    stays,
    triggers,
    x_constants,
)
from engine.panini.any_stage import power_free
from engine.panini.as_stages import as_stages
from engine.panini.cards import (
    ATTACHING_COMBAT_TYPES,
    PLANNING_TYPES,
    Attack,
    Card,
    CardType,
    Damage,
    Defense,
)
from engine.panini.effects import can_attach, hidden_feasibility, payable, remove_from_play, resolve
from engine.panini.forbidden import setup_first
from engine.panini.game import MAIN_PERSONALITY, handler
from engine.panini.silenced import silenced_types
from engine.panini.state import AttackState, JsonDict

if TYPE_CHECKING:
    from engine.panini.game import Game


# --- what a player may do ------------------------------------------------------------------
def power_sources(game: Game, player: int) -> list[tuple[int, int]]:
    """(card, actor) for each Power usable now: the MP's current level, the Mastery and
    each Drill once per turn each (docs/rulings.md 80), and Allies' Powers while the MP is
    at most one stage above zero."""
    state = game.player(player)
    sources = [(state.mp_card, MAIN_PERSONALITY), (state.mastery, MAIN_PERSONALITY)]
    sources += [(iid, MAIN_PERSONALITY) for iid in state.drills]
    # "You may use this Power regardless of your MP's power stage." (engine.panini.any_stage);
    # "Your Allies may make actions regardless ..." (engine.panini.ally_actions)
    sources += [
        (a.iid, a.iid)
        for a in state.allies
        if ally_actions.may_act(game, player, a.iid) or power_free(game, player, a.iid)
    ]
    quiet = silenced_types(game)  # cards that lost all effects (engine.panini.silenced)
    used = state.used_powers  # once per turn; some once per game (engine.panini.limits)
    return [
        (iid, actor)
        for iid, actor in sources
        if iid not in used
        and game.card(iid).type not in quiet
        and not limits.spent(game, player, iid)
        and not _from_hand_only(game.card(iid))
    ]


def _from_hand_only(card: Card) -> bool:
    """A Drill whose attack is its Action from the hand (panini.hand_attack): no Power in play."""
    return card.attack is not None and card.attack.from_hand_action


def actors(game: Game, player: int) -> list[int]:
    """Who may perform an Action: the MP, and Allies while the MP is at most one stage
    above zero ("ALLIES DURING COMBAT")."""
    allies = game.player(player).allies
    return [MAIN_PERSONALITY, *(a.iid for a in allies if ally_actions.may_act(game, player, a.iid))]


def attack_cost(game: Game, player: int, attack: Attack, card: Card | None = None) -> int:
    extra = game.modifier_total(player, "energy_cost") if attack.type == "energy" else 0
    cost = max(0, attack.cost + extra)
    if card is None:
        return cost
    # "Your attacks cost -1 stage (to a minimum of 0)": the card's own filters (Styled,
    # physical / energy); a reduction never takes it below its minimum, nor below 0, and
    # never raises a cost already lower (docs/rulings.md 87)
    if next_attack.free(game, player, card):
        return 0
    found = next_attack.cost_modifiers(game, player, card)
    if not found:
        return cost
    floor = max((m.minimum for m in found if m.minimum is not None), default=0)
    return max(0, cost + sum(m.amount for m in found), min(cost, floor))


def can_attack(
    game: Game, player: int, attack: Attack, actor: int, card: Card | None = None
) -> bool:
    """Energy costs are paid in stages of the acting personality; without them the
    attack cannot be played ("Most Energy Attacks cost Power Stages")."""
    if not game.holds(attack.requires, player):
        return False
    return mechanics.stage_of(game, player, actor) >= attack_cost(game, player, attack, card)


def _actor_suffix(game: Game, actor: int) -> str:
    return "" if actor == MAIN_PERSONALITY else f" (as {game.name(actor)})"


def action_options(game: Game, player: int) -> list[Option]:
    state = game.player(player)
    options: list[Option] = []
    acting = actors(game, player)
    for iid in state.hand:
        card = game.card(iid)
        if modifiers.play_forbidden(game, player, card) or _from_hand_only(card):
            continue  # a Drill's attack from the hand is its own Action (engine.panini.itself)
        if not itself.cost_payable(game, player, iid):  # a printed cost to play it
            continue
        if card.attack is not None and card.type in PLANNING_TYPES:
            continue  # its attack is a Power used from play (power_sources), never played
        if card.attack is not None:
            if modifiers.attack_forbidden(game, player, card):
                continue
            for actor in ally_actions.attack_actors(game, player, card, acting):
                if can_attack(game, player, card.attack, actor, card):
                    options.append(
                        Option(
                            f"attack:{iid}:{actor}",
                            f"Attack with {card.name}{_actor_suffix(game, actor)}",
                        )
                    )
        elif _playable_event(game, player, card, iid) and not (
            card.type == CardType.EVENT and modifiers.events_forbidden(game, player)
        ):
            options.append(Option(f"event:{iid}", f"Play {card.name}"))
    # the staying cards, by their attack, for the cost modifiers about them
    staying = {id(game.card(s.iid).attack): game.card(s.iid) for s in state.staying}
    options += after_use.again_options(
        game,
        player,
        acting,
        lambda attack, actor: can_attack(game, player, attack, actor, staying.get(id(attack))),
    )
    no_setups = modifiers.setups_forbidden(game, player) or setup_first(game, player)
    for iid in [] if no_setups else state.setups:
        card = game.card(iid)
        if _usable_as_action(game, player, card, MAIN_PERSONALITY) and cost_payable(
            game, player, iid
        ):
            options.append(Option(f"setup:{iid}", f"Activate {card.name}"))
    for iid, actor in power_sources(game, player):
        card = game.card(iid)
        if _usable_as_action(game, player, card, actor) and cost_payable(game, player, iid):
            verb = "Attack with" if card.attack is not None else "Use"
            options.append(Option(f"power:{iid}:{actor}", f"{verb} the Power of {card.name}"))
    options += attaching.action_options(game, player)
    options += itself.action_options(game, player)  # a card's own Action where it lies
    options.append(Option("pass", "Pass"))
    return modifiers.attacks_only(game, player, options)


def _playable_event(game: Game, player: int, card: Card, iid: int) -> bool:
    """A card played from the hand as an Action: one with an Action, or an Event that
    only attaches (with somewhere to attach to). An Ally, Setup, Drill or Dragon Ball is
    never played in combat: it "can only be put into play on your turn during the Planning
    Step" (2016 CARD TYPES), and its Power is used from play (power_sources)."""
    if card.type in PLANNING_TYPES:
        return False
    if card.attach_to is not None and not can_attach(game, player, iid):
        return False
    if not itself.one_allowed(game, player, iid):  # played to be attached, beside another
        return False
    if card.action is not None:
        return game.holds(card.action.requires, player) and cost_payable(game, player, iid)
    # an attaching Combat card is played for its attack or defense, not as an Action
    attaches = card.attach_to is not None and card.type not in ATTACHING_COMBAT_TYPES
    return attaches or manual.playable_by_hand(card)


def cost_payable(game: Game, player: int, iid: int) -> bool:
    """A Power opening "<cost> to <effect>" is usable only when the cost can be paid in
    full (docs/rulings.md 121; 2016 "Energy Attacks": "If you do not have enough stages to
    pay for an attack, you are unable to play it")."""
    attack = game.card(iid).attack
    if attack is not None and attack.pay:  # the attack's own costs (docs/rulings.md 236)
        return all(payable(game, cost, player, iid) for cost in attack.pay)
    action = game.card(iid).action
    if action is None or not action.effects or not action.effects[0].cost:
        return True
    cost = action.effects[0]
    # offered whatever the hand holds when only the hand says whether it can be paid:
    # the offer must not tell the opponent what is in it (docs/rulings.md 81)
    return hidden_feasibility(cost) or payable(game, cost, player, iid)


def _usable_as_action(game: Game, player: int, card: Card, actor: int) -> bool:
    if card.attack is not None:
        if modifiers.attack_forbidden(game, player, card):
            return False
        return can_attack(game, player, card.attack, actor, card)
    if card.action is None and card.attach_to is not None and card.attach_to.activated:
        return True  # "POWER: Attach to your MP.": activated to attach
    if card.action is None:  # a Setup or a Power the engine cannot read: used by hand
        return manual.used_by_hand(card)
    return game.holds(card.action.requires, player)


@handler("combat_action")
def combat_action(game: Game, args: JsonDict) -> None:
    """Alternating Actions; two consecutive passes end the Combat Step."""
    player = args["player"]
    state = game.state
    choice = args.get("choice")
    if choice is None and ending.start_action(game, player, args):
        return  # "At the beginning of the next action" triggers resolve first
    if choice is None and modifiers.skips_action(game, player):
        game.emit("skip", f"{game.who(player)} skips this Action: it counts as a pass.")
        copies.take(game, player)  # a copy for this Action is lost with it (ruling 308)
        choice = "pass"
    if choice is None and _perform_copy(game, player):
        return  # "perform a copy of that attack for your next action" (engine.panini.copies)
    if choice is None:
        game.ask(
            player,
            "combat_action",
            "Your Action in combat.",
            action_options(game, player),
            "combat_action",
            player=player,
        )
        return
    modifiers.action_taken(game, player)
    history.record(game, player, "action", passed=choice == "pass")
    if choice == "pass":
        state.consecutive_passes += 1
        game.emit("pass", f"{game.who(player)} passes.")
        if state.consecutive_passes >= 2:
            game.then(("end_combat", {"why": "Both players passed: combat ends."}))
        else:
            game.then(("combat_action", {"player": 1 - player}))
        return
    state.consecutive_passes = 0
    game.then(("combat_action", {"player": 1 - player}))
    kind, _, rest = choice.partition(":")
    if kind == "card_action":  # engine.panini.itself: the card stays where it is until its cost
        iid, index = (int(part) for part in rest.split(":"))
        itself.use_card_action(game, player, iid, index)
        return
    parts = [int(part) for part in rest.split(":")]
    iid = parts[0]
    if kind == "attached":  # a Power of a card while it is attached
        attaching.use_attached_action(game, player, iid)
        return
    actor = parts[1] if len(parts) > 1 else MAIN_PERSONALITY
    me = game.player(player)
    left = 0
    if kind in ("attack", "event"):
        me.hand.remove(iid)
        me.resolving.append(iid)
        origin = "hand"
    elif kind == "again":  # a card that stayed in play to be used again
        left = after_use.take_staying(game, player, iid)
        me.resolving.append(iid)
        origin = "hand"
    elif kind == "setup":
        me.setups.remove(iid)
        me.resolving.append(iid)
        origin = "setup"
    else:
        limits.record_use(game, player, iid)
        origin = "power"
    card = game.card(iid)
    if kind in ("attack", "event"):  # played from the hand
        history.played(game, player, iid)
    after_use.begin_use(game, player, iid)
    if kind == "attack" and card.play_cost:  # paid first, as the card is played
        game.then(("attack_after_cost", {"player": player, "card": iid, "actor": actor}))
        itself.pay_cost(game, player, iid)
    elif card.attack is not None:
        begin_attack(game, player, iid, origin, actor, card.attack)
        if kind == "again":
            after_use.mark_reuse(game, left)
    else:
        game.emit("action", f"{game.who(player)} uses {card.name}.", card=card.name)
        game.then(("finish_card", {"player": player, "card": iid, "origin": origin}))
        manual.schedule(game, player, iid)  # after the compiled sentences, before discarding
        resolve(game, player, iid, "action.effects")
        spec = card.attach_to
        if spec is not None and spec.first and origin != "power":
            # "POWER: Attach to your MP. Draw a card.": attached before the rest resolves
            # (docs/rulings.md 116); finish_card then has nothing left to do
            game.then(("attach", {"player": player, "card": iid}))
    if kind in ("attack", "event"):  # "Whenever you play a card with ...": before its text
        triggers.played(game, player, iid)


def _perform_copy(game: Game, player: int) -> bool:
    """A copy waiting for this Action is performed as it, by the MP, its costs paid; one
    that cannot be leaves the Action to the player (docs/rulings.md 308)."""
    iid = copies.take(game, player)
    if iid is None or not _copyable(game, player, iid):
        return False
    modifiers.action_taken(game, player)
    history.record(game, player, "action", passed=False)
    game.state.consecutive_passes = 0
    game.then(("combat_action", {"player": 1 - player}))
    _copy(game, player, iid)
    return True


def _copyable(game: Game, player: int, iid: int) -> bool:
    card = game.card(iid)
    attack = card.attack
    if (
        attack is None
        or not copies.performable(card)
        or modifiers.attack_forbidden(game, player, card)
        or not can_attack(game, player, attack, MAIN_PERSONALITY, card)
        or not cost_payable(game, player, iid)
    ):
        game.emit("copy", f"{game.who(player)} cannot perform the copy of {card.name}.")
        return False
    return True


def _copy(game: Game, player: int, iid: int) -> None:
    card = game.card(iid)
    assert card.attack is not None
    game.emit("copy", f"{game.who(player)} performs a copy of {card.name}.", card=card.name)
    begin_attack(game, player, iid, "copy", MAIN_PERSONALITY, card.attack)


@handler("perform_copy")
def perform_copy(game: Game, args: JsonDict) -> None:
    """ "perform the last attack your opponent used this combat" from a Power: a copy of
    it now, the Power being the Action (docs/rulings.md 312); "That attack deals an
    additional +2 stages of damage" is its own bonus (engine.panini.attack_bonus)."""
    player, iid = args["player"], args["card"]
    if not _copyable(game, player, iid):
        return
    _copy(game, player, iid)
    attack = game.state.attack
    assert attack is not None
    attack.bonus_stages += args.get("stages", 0)
    attack.bonus_life += args.get("life", 0)


@handler("attack_after_cost")
def attack_after_cost(game: Game, args: JsonDict) -> None:
    """The attack of a card from the hand whose printed cost has been paid (panini.itself)."""
    player, iid = args["player"], args["card"]
    attack = game.card(iid).attack
    assert attack is not None
    begin_attack(game, player, iid, "hand", args["actor"], attack)


@handler("finish_card")
def finish_card(game: Game, args: JsonDict) -> None:
    """A played Event, Combat card or activated Setup is discarded (or Banished, or put
    where its text says, engine.panini.after_use) after use; a Power stays where it is."""
    after_use.end_use(game, args["card"])
    if args["origin"] in ("power", "copy"):  # a copy disappears (engine.panini.copies)
        return
    player, iid = args["player"], args["card"]
    resolving = game.player(player).resolving
    if iid not in resolving:
        return
    spec = game.card(iid).attach_to
    attack = game.state.attack
    # "HIT: Attach ...": only an attack that was not stopped attaches (docs/rulings.md 111)
    missed = spec is not None and spec.on_hit and (attack is None or attack.stopped)
    # "(You may only have one <it> attached.)": a second copy played for its attack or
    # defense is discarded after use, not attached beside the first (docs/rulings.md 230)
    missed = missed or not itself.one_allowed(game, player, iid)
    if spec is not None and not missed:
        # An attaching card stays in play, attached, in place of being discarded (2016
        # GLOSSARY "Attached Cards"; ATTACK TIMING SUMMARY step 7).
        game.then(("attach", {"player": player, "card": iid}))
        return
    resolving.remove(iid)
    after_use.leave(game, player, iid, args.get("to"))


# --- an attack, step by step -------------------------------------------------------------
def begin_attack(
    game: Game, player: int, iid: int, origin: str, actor: int, attack: Attack
) -> None:
    """Steps 1 and 2: pay the costs, then use the immediate effects."""
    cost = attack_cost(game, player, attack, game.card(iid))
    if cost:
        mechanics.lose_stages(game, player, actor, cost)
    game.state.attack = AttackState(
        attacker=player,
        source=iid,
        origin=origin,
        actor=actor,
        type=attack.type,
        start_level=game.player(player).level,
        defender_start_level=game.player(1 - player).level,
    )
    modifiers.bind_next_attack(game, player, game.card(iid))
    x_constants.snapshot(game)  # "X = ... when you perform that attack" (ruling 247)
    card = game.card(iid)
    history.record(
        game, player, "attack", attack_type=attack.type, origin=origin, source=iid,
        **history.styled_detail(modifiers.is_styled(game, player, card, yours=False),
                                modifiers.is_styled(game, player, card)),
    )  # fmt: skip
    unstoppable = ", unstoppable" if attack.unstoppable else ""
    game.emit(
        "attack",
        f"{game.who(player)} attacks with {game.name(iid)}{_actor_suffix(game, actor)} "
        f"({attack.type}{unstoppable}).",
        card=game.name(iid),
        attack_type=attack.type,
    )
    # `then` puts its steps before what is already scheduled, so the last steps go first.
    game.then(
        ("finish_card", {"player": player, "card": iid, "origin": origin}),
        ("attack_end", {}),
    )
    # What the card says but the engine cannot do is resolved by hand once the attack has
    # run its course (its HIT sentences only if it hit), before the card is discarded.
    manual.schedule(game, player, iid)
    game.then(
        ("attack_defense", {}),
        ("attack_damage", {}),
        ("attack_hit", {}),
        ("attack_critical", {}),
    )
    granted.resolve_granted(game, player, iid, hit=False)  # after the card's own
    resolve(game, player, iid, "attack.effects", attack=True)
    # "Whenever you perform an attack": right after it is performed (its costs paid),
    # before its own sentences (GLOSSARY "Effects")
    # the attack's card: "Whenever you perform an attack with 'Sword' in the title"
    triggers.queue(game, player, "attack_performed", attack.type, card=iid)
    game.then(("flush_triggers", {}))
    # its other costs first of all (step 1, "Pay any costs of the attack"; ruling 236)
    resolve(game, player, iid, "attack.pay", attack=True)


def _defense_fits(game: Game, card: Card, defense: Defense, defender: int, kind: str) -> bool:
    if defense.against not in ("any", kind):
        return False
    if not game.holds(defense.requires, defender):
        return False
    # a printed "play this card to stop ... instead of as an attack" overrides the 2014 rule
    if game.rules.combat_card_defense_matches_attack_type and not defense.instead_of_attack:
        # 2014: defend "with a card that matches the attack type (physical/energy)".
        wanted = CardType.PHYSICAL_COMBAT if kind == "physical" else CardType.ENERGY_COMBAT
        if card.type in (CardType.PHYSICAL_COMBAT, CardType.ENERGY_COMBAT) and card.type != wanted:
            return False
    return True


# Cards played from the hand against an attack; a Setup's Power is used only once it is in
# play ("To use the Power of a Setup in play, activate it", 2016 "Use a Power").
HAND_DEFENSE_TYPES = frozenset({CardType.PHYSICAL_COMBAT, CardType.ENERGY_COMBAT, CardType.EVENT})


def _cost_payable(game: Game, defense: Defense, defender: int, iid: int) -> bool:
    """ "<cost> to stop ...": paid in full or not offered (docs/rulings.md 121, 160), unless
    only the hand says whether it can be (ruling 81)."""
    return all(hidden_feasibility(e) or payable(game, e, defender, iid) for e in defense.cost)


def defense_options(
    game: Game, defender: int, kind: str, unstoppable: bool = False
) -> list[Option]:
    """Against an unstoppable attack a defense that stops is offered only if it also
    prevents damage: its stop has no effect (docs/rulings.md); likewise a defense that
    prevents, against an attack whose damage cannot be prevented, only if it also stops,
    and a stop from a card the attack "can only be stopped by" none of."""
    state = game.player(defender)
    options = [Option("none", "Do not defend")]
    in_progress = game.state.attack is not None

    def fits(card: Card, iid: int) -> bool:
        defense = card.defense
        if defense is None or not _cost_payable(game, defense, defender, iid):
            return False
        stops = defense.stops and not (
            unstoppable or (in_progress and after_use.stop_fails(game, card))
        )
        prevents = defense.prevents and not (in_progress and after_use.prevention_fails(game, card))
        if (defense.stops or defense.prevents) and not (stops or prevents):
            return False
        return _defense_fits(game, card, defense, defender, kind)

    no_events = modifiers.events_forbidden(game, defender)
    for iid in state.hand:
        card = game.card(iid)
        if (card.type == CardType.EVENT and no_events) or modifiers.play_forbidden(
            game, defender, card
        ):
            continue
        if not itself.cost_payable(game, defender, iid):
            continue
        if card.type in HAND_DEFENSE_TYPES and fits(card, iid):
            options.append(Option(f"hand:{iid}", f"Defend with {card.name}"))
    for iid in [] if modifiers.setups_forbidden(game, defender) else state.setups:
        card = game.card(iid)
        if fits(card, iid):
            options.append(Option(f"setup:{iid}", f"Activate {card.name}"))
    for iid in [staying.iid for staying in state.staying]:  # "this card stays in play"
        card = game.card(iid)
        if card.attack is None and fits(card, iid):
            options.append(Option(f"again:{iid}", f"Defend again with {card.name}"))
    usable = [iid for iid, _actor in power_sources(game, defender)]
    for iid in limits.defense_sources(game, defender, usable):
        card = game.card(iid)
        if fits(card, iid):
            options.append(Option(f"power:{iid}", f"Defend with the Power of {card.name}"))
    return options


def is_unstoppable(game: Game) -> bool:
    attack = game.state.attack
    if attack is None:
        return False
    card = game.card(attack.source)
    return after_use.unstoppable(game) or modifiers.unstoppable(game, attack.attacker, card)


@handler("attack_defense")
def attack_defense(game: Game, args: JsonDict) -> None:
    """Step 3: the opponent may play or use one defense card; its immediate effects
    happen, then it is discarded or Banished."""
    attack = game.state.attack
    if attack is None:
        return
    defender = 1 - attack.attacker
    choice = args.get("choice")
    card = game.card(attack.source)
    if choice is None and modifiers.stopped_by_effect(game, attack.attacker, card):
        if not is_unstoppable(game):
            attack.stopped = True
            history.attack_stopped(game, attack.attacker)
            game.emit("stop", f"An effect stops {card.name}: it is not defended against.")
            mechanics.queue_trigger(game, attack.attacker, "attack_stopped", attack.type)
            mechanics.queue_trigger(game, defender, "defended", attack.type)
            game.then(("flush_triggers", {}))
            return
        game.emit("unstoppable", "The attack is unstoppable: the effect's stop has no effect.")
    if choice is None:
        game.ask(
            defender,
            "defense",
            f"Defend against {game.name(attack.source)}?",
            defense_options(game, defender, attack.type, is_unstoppable(game)),
            "attack_defense",
        )
        return
    if choice == "none":
        return
    origin, _, raw = choice.partition(":")
    iid = int(raw)
    me = game.player(defender)
    if origin == "hand":
        if not args.get("paid"):
            me.hand.remove(iid)
            me.resolving.append(iid)
            history.played(game, defender, iid)
            triggers.played(game, defender, iid)  # resolved once the defense is
        if game.card(iid).play_cost and not args.get("paid"):  # paid first (engine.panini.itself)
            game.then(("attack_defense", {"choice": choice, "paid": True}))
            itself.pay_cost(game, defender, iid)
            return
    elif origin == "setup":
        me.setups.remove(iid)
        me.resolving.append(iid)
    elif origin == "again":  # a defense card that stayed in play (engine.panini.stays)
        stays.defense_reuse(game, defender, iid)
    else:
        limits.record_use(game, defender, iid, as_defense=True)
    card = game.card(iid)
    defense = card.defense
    assert defense is not None
    attack.defense = iid
    after_use.begin_use(game, defender, iid)
    if defense.stops and not after_use.stop_fails(game, card):
        attack.stopped = True
        history.attack_stopped(game, attack.attacker)
        game.emit("stop", f"{game.who(defender)} stops the attack with {card.name}.")
        # "You stop an attack" and "your attack is stopped" are one moment: both players'
        # triggers resolve together, the combat initiator's first (GLOSSARY "Effects").
        mechanics.queue_trigger(game, attack.attacker, "attack_stopped", attack.type)
        mechanics.queue_trigger(game, defender, "defended", attack.type)
    else:
        if not after_use.prevention_fails(game, card):
            if defense.each_part:  # "3 life cards and 3 stages": off each part
                attack.prevented_each += defense.prevented_amount
            else:
                attack.prevented += defense.prevented_amount
            if defense.prevents:  # "Whenever you prevent damage"
                mechanics.queue_trigger(game, defender, "damage_prevented", attack.type)
        game.emit("defend", f"{game.who(defender)} defends with {card.name}.")
        if defense.stops:
            game.emit("unstoppable", f"{card.name} cannot stop this attack: its stop does nothing.")
        if defense.prevents and after_use.prevention_fails(game, card):
            game.emit("unpreventable", f"{card.name} cannot prevent this attack's damage.")
    # The stop happens as the card is used: its triggers resolve before the card's other
    # sentences, then the card is discarded (ATTACK TIMING SUMMARY step 3).
    finish = {"player": defender, "card": iid, "origin": origin}
    game.then(("finish_card", {**finish, "to": "banish"} if defense.banished else finish))
    if not defense.instead_of_attack:  # played in place of its attack: nothing else applies
        manual.schedule(game, defender, iid)
        resolve(game, defender, iid, "defense.effects")
    if attack.stopped:
        resolve(game, attack.attacker, attack.source, "attack.stopped", attack=True)
    game.then(("flush_triggers", {}))
    resolve(game, defender, iid, "defense.cost")  # scheduled last: paid first (ruling 160)


def expected_damage(game: Game) -> tuple[str, int]:
    """("stages" | "life", amount) the attack in progress would deal now, after
    modifiers and prevention: its first part (the only one of most attacks)."""
    return damage_parts(game)[0]


def damage_parts(game: Game) -> list[tuple[str, int]]:
    """What the attack in progress would deal now, part by part: [(unit, amount)], the
    stages first when it deals both ("DAMAGE: 3 life cards + 3 stages"; docs/rulings.md
    83: the DAMAGE SUMMARY and step 4 of the ATTACK TIMING SUMMARY deal "any" damage in
    one step and fix no order, so the engine deals them in the order it always names them)."""
    attack = game.state.attack
    assert attack is not None
    card = game.card(attack.source)
    assert card.attack is not None
    damage = card.attack.damage
    times = 1  # "base damage is 2 times the AT": the AT read, then multiplied (ruling 279)
    if attack.base is not None and attack.base[0] == "at_times":
        damage, times = Damage(kind="at", amount=0), int(attack.base[1])
    elif attack.base is not None:  # "This attack's base damage is 7 stages instead."
        amount = int(attack.base[1])
        stages = attack.base[0] == "stages"
        damage = (
            Damage(kind="stages", amount=amount) if stages else Damage(kind="life", amount=amount)
        )
    parts = [damage] if damage.also is None else sorted(
        (damage, damage.also), key=lambda part: part.unit != "stages")  # fmt: skip
    attacker, defender = attack.attacker, 1 - attack.attacker
    if attack.no_damage:  # its own choice, not a modifier (docs/rulings.md 168)
        return [(part.unit, 0) for part in parts]
    # The printed amounts, then the modifiers of each part's unit
    raw = [_printed(game, card, part) * times for part in parts]
    bonus_kind = "physical_damage" if attack.type == "physical" else "energy_damage"
    prevent_kind = "prevent_physical" if attack.type == "physical" else "prevent_energy"
    # the unit a physical / energy modifier speaks of ("your physical attacks do +N stages")
    typed = 0 if len(parts) == 1 else next(
        (n for n, part in enumerate(parts)
         if part.unit == ("stages" if attack.type == "physical" else "life")), None)  # fmt: skip
    # "+" and "-" effects are modifiers, prevention is not (2016 GLOSSARY "Modifiers";
    # docs/rulings.md): an attack may refuse either
    if not after_use.unmodifiable(game):
        for n, part in enumerate(parts):
            raw[n] += modifiers.damage_bonus(game, part.unit) + attack_bonus.bonus(game, part.unit)
            raw[n] += x_constants.bonus(game, part.unit)
            if n == typed:
                raw[n] += game.modifier_total(attacker, bonus_kind)
                raw[n] -= game.modifier_total(defender, prevent_kind)
    units: list[str] = [part.unit for part in parts]
    if attack.life_as_stages and "life" in units:  # "... as stages instead" (ruling 246)
        (units, raw), typed = as_stages(raw), 0
    if not after_use.unpreventable(game):
        for n, unit in enumerate(units):
            raw[n] -= modifiers.damage_bonus(game, unit, "prevent") + attack.prevented_each
        # A defense's prevention is one amount: the part in the unit of the attack's type
        # first, the rest from the other part (docs/rulings.md 83)
        order = list(range(len(units))) if typed in (None, 0) else [typed, 1 - typed]
        prevented = attack.prevented
        for n in order:
            taken = min(max(0, raw[n]), prevented)
            raw[n] -= taken
            prevented -= taken
    return [(unit, max(0, amount)) for unit, amount in zip(units, raw, strict=True)]


def _printed(game: Game, card: Card, damage: Damage) -> int:
    """One part of an attack's printed damage: the AT value if it has one, its amount,
    the card's X added or taken off (2016 GLOSSARY "AT")."""
    attack = game.state.attack
    assert attack is not None
    amount = damage.amount
    if damage.kind in ("at", "at_life"):
        # "Your AT damage is considered to be 4": the value read, not a "+" modifier; with
        # several, the highest (docs/rulings.md 83)
        considered = [
            modifier.amount
            for modifier in game.active_modifiers(attack.attacker, "at_value")
            if modifiers.about(game, modifier, attack.attacker, card)
        ]
        at = max(considered) if considered else game.rules.attack_table(
            game.power_level(attack.attacker, attack.actor),
            game.power_level(1 - attack.attacker),
        )  # fmt: skip
        amount += at * damage.at_times  # "AT +AT stages": twice (docs/rulings.md 318)
    if damage.plus_x or damage.minus_x:
        x = quantities.x_of(game, attack.attacker, card, attack.source)
        amount += -x if damage.minus_x else x
    if damage.per is not None:  # "+4 stages for each copy of ... in your discard pile"
        amount += damage.each * quantities.count(game, attack.attacker, damage.per, attack.source)
    return amount


@handler("attack_damage")
def attack_damage(game: Game, args: JsonDict) -> None:
    """Step 4: deal the damage that was not stopped or prevented. Stage damage may be
    redirected to an Ally ("ALLIES DURING COMBAT"). An attack dealing stages and life
    cards deals them one after the other (`part`)."""
    attack = game.state.attack
    if attack is None:
        return
    if attack.stopped:
        return
    defender = 1 - attack.attacker
    choice = args.get("choice")
    parts = damage_parts(game)
    part = args.get("part")
    if part is None and len(parts) > 1:
        if all(amount <= 0 for _, amount in parts):
            game.emit("damage", "The attack deals no damage.")
            return
        game.then(*(("attack_damage", {"part": n}) for n in range(len(parts))))
        return
    unit, amount = parts[part or 0]
    if unit == "life":
        mechanics.life_damage(game, defender, amount, from_attack=True)
        return
    if amount <= 0:
        if part is None:
            game.emit("damage", "The attack deals no damage.")
        return
    if (
        choice is None
        and game.player(defender).allies
        and not game.has_modifier(defender, "allies_idle")
        and not game.has_modifier(defender, "no_redirect")  # docs/rulings.md 196
        and not _no_redirect(game)
    ):
        extra = {} if part is None else {"part": part}
        game.ask(
            defender,
            "redirect",
            f"Who takes {amount} stage(s) of damage?",
            mechanics.personality_options(game, defender),
            "attack_damage",
            **extra,
        )
        return
    target = mechanics.parse_personality(choice) if choice else MAIN_PERSONALITY
    game.then(("stage_damage", {"player": defender, "amount": amount, "target": target}))


def _no_redirect(game: Game) -> bool:
    """ "Damage from this attack cannot be redirected." (docs/rulings.md 85)"""
    attack = game.state.attack
    ability = game.card(attack.source).attack if attack is not None else None
    return ability is not None and ability.no_redirect


@handler("attack_hit")
def attack_hit(game: Game, args: JsonDict) -> None:
    """Step 5: an attack that was not stopped uses its HIT effects."""
    attack = game.state.attack
    if attack is None or attack.stopped:
        return
    mechanics.queue_trigger(game, attack.attacker, "attack_hit", attack.type)
    card = game.card(attack.source)
    styled = history.styled_detail(
        modifiers.is_styled(game, attack.attacker, card, yours=False),
        modifiers.is_styled(game, attack.attacker, card),
    )
    history.record(game, attack.attacker, "attack_hit", attack_type=attack.type, **styled)
    dealt = [attack.life_cards if unit == "life" else amount for unit, amount in damage_parts(game)]
    if any(amount > 0 for amount in dealt):  # "after taking damage"
        mechanics.queue_trigger(game, 1 - attack.attacker, "damage_taken", attack.type)
    # "After taking life card damage from an attack": life cards dealt, not stages only
    if attack.life_cards > 0:
        mechanics.queue_trigger(game, 1 - attack.attacker, "life_damage_taken", attack.type)
    granted.resolve_granted(game, attack.attacker, attack.source, hit=True)  # after its own
    resolve(game, attack.attacker, attack.source, "attack.hit", attack=True)
    # The attack hit when its damage was dealt (step 4): "whenever it hits" effects resolve
    # then, before the HIT effects of step 5 (GLOSSARY "Effects").
    game.then(("flush_triggers", {}))


def critical_options(game: Game, player: int, declinable: bool = True) -> list[Option]:
    """Any of the three effects may be chosen, even one that does nothing; after Critical
    Damage the attacker "may" choose one, while a card that says "Use a critical damage
    effect" must."""
    opponent = game.player(1 - player)
    if game.has_modifier(1 - player, "no_capture") or critical.immune(
        game, 1 - player, "dragon_ball"
    ):
        options = [Option("capture", "Capture a Dragon Ball (they cannot be captured)")]
    else:
        options = [
            Option(f"capture:{iid}", f"Capture {game.name(iid)}") for iid in opponent.dragon_balls
        ] or [Option("capture", "Capture a Dragon Ball (none in play)")]
    # Allies that cannot be discarded at all (engine.panini.ally_actions) or by Critical Damage
    # effects (engine.panini.critical, ruling 283)
    immune = critical.immune(game, 1 - player, "ally")
    allies = [
        a.iid
        for a in opponent.allies
        if not immune and not ally_actions.undiscardable(game, 1 - player, a.iid)
    ]
    none = "none in play" if not opponent.allies else "they cannot be discarded"
    options += [Option(f"ally:{iid}", f"Discard {game.name(iid)}") for iid in allies] or [
        Option("ally", f"Discard an Ally ({none})")
    ]
    options.append(Option("anger", f"Lower your opponent's anger 1 (now {opponent.anger})"))
    if declinable:
        options.append(Option("decline", "Use no Critical Damage effect"))
    return options


@handler("attack_critical")
def attack_critical(game: Game, args: JsonDict) -> None:
    """Step 6: five or more life cards of damage from an unstopped attack is Critical
    Damage; the attacker may choose one Critical Damage effect."""
    attack = game.state.attack
    if attack is None or attack.stopped:
        return
    if attack.life_cards < critical_threshold(game):
        return
    player = attack.attacker
    choice = args.get("choice")
    # the kinds of the effects already used this step ("2 critical damage effects instead of 1")
    chosen: list[str] = args.get("chosen", [])
    if choice is None:
        if not chosen:
            game.emit("critical", f"{game.who(player)} dealt Critical Damage.")
            history.record(game, player, "critical_damage")
            mechanics.queue_trigger(game, player, "critical_damage")
            if _no_critical_effects(game, player):
                game.then(("flush_triggers", {}))
                return
        options = critical_options(game, player)
        if attack.critical_different:  # "two different critical effects" (ruling 280)
            options = [o for o in options if o.id.partition(":")[0] not in chosen]
        count = f" ({len(chosen) + 1} of {attack.critical_effects})" if chosen else ""
        game.ask(
            player,
            "critical_damage",
            f"Choose a Critical Damage effect{count}.",
            options,
            "attack_critical",
            **({"chosen": chosen} if chosen else {}),
        )
        return
    chosen = [*chosen, choice.partition(":")[0]]
    if choice != "decline" and len(chosen) < attack.critical_effects:
        # "you may use 2 critical damage effects instead of 1": the next one after this one
        game.then(("attack_critical", {"chosen": chosen}))
    game.then(("flush_triggers", {}))
    use_critical_effect(game, player, choice)


def critical_threshold(game: Game) -> int:
    """The life cards the attack in progress must deal for Critical Damage: five (2016
    CRITICAL DAMAGE), or fewer while "your successful attacks (that deal 3 or more life
    cards of damage) are considered to deal critical damage" (docs/rulings.md 86)."""
    attack = game.state.attack
    assert attack is not None
    # "need to deal +2 life cards to use a critical damage effect": more than whatever the
    # attack would need (docs/rulings.md 282)
    more = critical.more_needed(game, attack.attacker)
    if attack.critical:  # "This attack is considered to deal critical damage" (ruling 171)
        return more
    card = game.card(attack.source)
    # "Your opponent needs to deal 7 or more life cards ...": the base, the highest said
    # (docs/rulings.md 150); "considered to deal critical damage" still lowers it
    needs = [m.amount for m in game.active_modifiers(attack.attacker, "critical_needs")]
    return more + min(
        [max(needs, default=game.rules.critical_damage_cards)]
        + [
            modifier.amount
            for modifier in game.active_modifiers(attack.attacker, "critical")
            if modifiers.about(game, modifier, attack.attacker, card)
        ]
    )


@handler("critical_effect")
def critical_effect_task(game: Game, args: JsonDict) -> None:
    """ "Use a critical damage effect." from a card: the same three effects as after
    Critical Damage (2016 CRITICAL DAMAGE), chosen by the card's controller, without
    dealing Critical Damage (no "whenever you deal critical damage" trigger)."""
    player = args["player"]
    choice = args.get("choice")
    if choice is None:
        if _no_critical_effects(game, player):
            return
        game.ask(
            player,
            "critical_damage",
            "Choose a Critical Damage effect.",
            critical_options(game, player, declinable=False),
            "critical_effect",
            **args,
        )
        return
    use_critical_effect(game, player, choice)


def _no_critical_effects(game: Game, player: int) -> bool:
    """ "Your opponent cannot use critical damage effects this combat." (ruling 120): the
    Critical Damage is still dealt, but no effect of it is chosen."""
    if not game.has_modifier(player, "no_critical"):
        return False
    game.emit("critical", f"{game.who(player)} cannot use a Critical Damage effect now.")
    return True


def use_critical_effect(game: Game, player: int, choice: str) -> None:
    kind, _, raw = choice.partition(":")
    if kind != "decline":
        history.record(game, player, "critical_effect")
    if kind in ("capture", "ally", "anger"):  # one was chosen, even one that does nothing
        mechanics.queue_trigger(game, player, "critical_effect_used")
    if kind == "capture" and raw:
        game.then(("capture", {"player": player, "choice": f"card:{raw}"}))
    elif kind == "ally" and raw:
        iid = int(raw)
        remove_from_play(game, 1 - player, iid)
        game.emit("critical", f"{game.name(iid)} is discarded.")
        mechanics.put_in_discard(game, iid)
    elif kind == "anger":
        mechanics.lower_anger(game, 1 - player, 1, player, critical=True)


@handler("attack_end")
def attack_end(game: Game, args: JsonDict) -> None:
    """Step 7 happened in finish_card; the attack is over, and so are the "next attack"
    effects it used."""
    stopped = game.state.attack is not None and game.state.attack.stopped
    game.state.attack = None
    modifiers.end_attack(game, stopped)
