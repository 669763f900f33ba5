"""Mechanics shared by every step: moving cards between zones, stages, anger and levels,
life cards of damage, and "whenever" triggers. Section names cite the 2016 rulebook."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import Option
from engine.panini import amounts, history, leaving, modifiers, replaced, self_moves, triggers
from engine.panini import critical as critical_rules  # `critical` is a parameter name here
from engine.panini.cards import CardType
from engine.panini.endurance import endurance_of
from engine.panini.game import MAIN_PERSONALITY, handler
from engine.panini.state import JsonDict

if TYPE_CHECKING:
    from engine.panini.game import Game


# --- zones ------------------------------------------------------------------------------
def draw(game: Game, player: int, amount: int, from_bottom: bool = False) -> None:
    """Draw from the top (or bottom, engine.panini.draw_ends) of the Life Deck; drawing the last
    card loses at once."""
    state = game.player(player)
    drawn = []
    for _ in range(amount):
        if not state.life:
            break
        iid = state.life.pop(0 if from_bottom else -1)
        state.hand.append(iid)
        drawn.append(iid)
    if drawn:
        history.record(game, player, "drew", count=len(drawn))
        game.emit("draw", f"{game.who(player)} draws {len(drawn)}.", count=len(drawn))
        names = ", ".join(game.name(iid) for iid in drawn)
        game.emit("draw_private", f"You draw {names}.", private_to=player)
        queue_trigger(game, player, "drew")  # once however many cards
    game.check_survival(player)


def put_in_discard(game: Game, iid: int) -> None:
    """Discard or destroy a card: it goes to its owner's Discard Pile, except a Dragon
    Ball, which goes to the bottom of the Life Deck, or is Banished if it matches one
    already in play (GLOSSARY "Dragon Balls"; "Banished Zone")."""
    owner = game.player(game.owner(iid))
    card = game.card(iid)
    if card.type == CardType.DRAGON_BALL:
        if game.dragon_ball_in_play(card.name):
            owner.banished.append(iid)
            game.emit("banish", f"{card.name} matches a Dragon Ball in play and is Banished.")
        else:
            owner.life.insert(0, iid)
            game.emit("dragon_ball_bottom", f"{card.name} goes to the bottom of the Life Deck.")
        return
    owner.discard.append(iid)


def banish(game: Game, iid: int) -> None:
    game.player(game.owner(iid)).banished.append(iid)


def discard_top(game: Game, player: int, amount: int, by: int | None = None) -> None:
    """Discard from the top of the Life Deck: not damage, so no Endurance and no
    replacement for a Dragon Ball (GLOSSARY "Gaining/losing stages"). `by`: who controls
    the effect doing it (engine.panini.self_moves)."""
    state = game.player(player)
    moved = 0
    for _ in range(amount):
        if not state.life:
            break
        iid = state.life.pop()
        if replaced.banished_instead(game, iid, by):  # "..., they are banished instead."
            banish(game, iid)
            game.emit("banish", f"{game.name(iid)} is banished instead.")
        else:
            put_in_discard(game, iid)
            self_moves.moved(game, iid, "destroyed_from_life_deck", by)
        moved += 1
        if not state.life:
            break
    if moved:
        game.emit("mill", f"{game.who(player)} discards {moved} from the top of the Life Deck.")
    game.check_survival(player)


def rejuvenate(game: Game, player: int, amount: int, by: int | None = None) -> None:
    """GLOSSARY "Rejuvenate": top of the Discard Pile to the bottom of the Life Deck, one
    at a time. `by`: who controls the effect doing it, None in the Rejuvenation Step."""
    state = game.player(player)
    for _ in range(amount):
        if not state.discard:
            return
        iid = state.discard.pop()
        state.life.insert(0, iid)
        game.emit("rejuvenate", f"{game.who(player)} rejuvenates {game.name(iid)}.")
        self_moves.moved(game, iid, "rejuvenated", by)
        queue_trigger(game, player, "rejuvenated", card_type=game.card(iid).type)


def shuffle_life_deck(game: Game, player: int) -> None:
    from engine.core import rng

    game.state.rng = rng.shuffle(game.state.rng, game.player(player).life)
    game.emit("shuffle", f"{game.who(player)} shuffles the Life Deck.")
    queue_trigger(game, player, "life_deck_shuffled")


def discard_drills(game: Game, player: int, advancing: bool = False) -> None:
    """ "Drills": whenever your MP advances or lowers a level, all Drills are discarded,
    but those printed "(This Drill is not discarded when changing levels.)" (or "when
    advancing a level", as `advancing` says this is) stay (Card.kept_on_level), and all
    stay while "Your Drills are not discarded when changing levels this combat" holds."""
    state = game.player(player)
    if game.has_modifier(player, "drills_kept"):
        game.emit("drills", f"{game.who(player)}'s Drills are not discarded.")
        return

    def kept(iid: int) -> bool:
        keep = game.card(iid).kept_on_level
        return keep == "changing" or (keep == "advancing" and advancing)

    drills = [iid for iid in state.drills if not kept(iid)]
    state.drills = [iid for iid in state.drills if kept(iid)]
    # Attached Drills are Drills you control too (2016 GLOSSARY "Attached Cards").
    for side in game.state.players:
        for attached in list(side.attached):
            if (
                game.owner(attached.iid) == player
                and game.is_type(attached.iid, CardType.DRILL)
                and not kept(attached.iid)
            ):
                side.attached.remove(attached)
                drills.append(attached.iid)
    for iid in drills:
        put_in_discard(game, iid)
        self_moves.moved(game, iid, "leaves_play", None, player)
        self_moves.moved(game, iid, "discarded_on_level_change", None, player)
        if advancing:  # "When you advance a level, you may banish this Drill instead ..."
            self_moves.moved(game, iid, "discarded_on_advance", None, player)


def check_dragon_balls(game: Game, player: int) -> None:
    """Dragon Ball Victory: control a set of all seven Dragon Balls."""
    by_set: dict[str, set[int]] = {}
    for iid in game.player(player).dragon_balls:
        info = game.card(iid).dragon_ball
        if info is not None:
            by_set.setdefault(info.set, set()).add(info.number)
    if any(len(numbers) == 7 for numbers in by_set.values()):
        game.win(player, "dragon_balls")


# --- stages -------------------------------------------------------------------------------
def top_stage(game: Game, player: int, target: int) -> int:
    if target == MAIN_PERSONALITY:
        return len(game.card(game.player(player).mp_card).power_stages) - 1
    return len(game.card(target).power_stages) - 1


def stage_of(game: Game, player: int, target: int) -> int:
    if target == MAIN_PERSONALITY:
        return game.player(player).stage
    ally = game.ally(player, target)
    return ally.stage if ally is not None else 0


def set_stage(game: Game, player: int, target: int, value: int) -> None:
    if target == MAIN_PERSONALITY:
        game.player(player).stage = value
        return
    ally = game.ally(player, target)
    if ally is not None:
        ally.stage = value


def personality_name(game: Game, player: int, target: int) -> str:
    if target == MAIN_PERSONALITY:
        return game.name(game.player(player).mp_card)
    return game.name(target)


def gain_stages(
    game: Game, player: int, target: int, amount: int, effect: bool = True, mirrored: bool = False
) -> None:
    """Gain stages, never above the top stage (2016 "Planning Step": capped power-up); none
    while `player` "cannot gain stages" (docs/rulings.md 120) or for a personality that
    "cannot gain stages" itself. `effect`: by a card effect (not powering up); `mirrored`:
    as many as the opponent gained (engine.panini.replaced.mirror_stages), not mirrored again."""
    if amount > 0 and game.has_modifier(player, "no_gain_stages"):
        name = personality_name(game, player, target)
        game.emit("stages", f"{name} cannot gain stages now: an effect forbids it.")
        return
    mine = game.player(player).mp_card if target == MAIN_PERSONALITY else target
    if game.card(mine).no_stage_gain:  # "(This personality cannot gain stages.)"
        game.emit("stages", f"{personality_name(game, player, target)} cannot gain stages.")
        return
    before = stage_of(game, player, target)
    after = min(top_stage(game, player, target), before + amount)
    set_stage(game, player, target, after)
    if after != before:
        history.record(game, player, "gained_stages", mp=target == MAIN_PERSONALITY)
        name = personality_name(game, player, target)
        game.emit("stages", f"{name} gains {after - before} stage(s) (now {after}).")
        queue_trigger(game, player, "stages_gained")
        if effect:  # "Whenever you gain stages from a card effect"
            queue_trigger(game, player, "effect_stages_gained")
        if not mirrored:  # "..., your MP gains the same number of stages."
            replaced.mirror_stages(game, player, after - before)
        if target == MAIN_PERSONALITY:
            queue_trigger(game, player, "mp_stages_gained")


def lose_stages(game: Game, player: int, target: int, amount: int) -> int:
    """Lose stages down to zero; returns the stages that could not be lost."""
    before = stage_of(game, player, target)
    lost = min(before, amount)
    set_stage(game, player, target, before - lost)
    if lost:
        history.record(game, player, "lost_stages", mp=target == MAIN_PERSONALITY)
        name = personality_name(game, player, target)
        game.emit("stages", f"{name} loses {lost} stage(s) (now {before - lost}).")
    return amount - lost


def personality_options(game: Game, player: int) -> list[Option]:
    state = game.player(player)
    options = [Option("mp", f"{game.name(state.mp_card)} (stage {state.stage})")]
    options += [
        Option(f"ally:{ally.iid}", f"{game.name(ally.iid)} (stage {ally.stage})")
        for ally in state.allies
    ]
    return options


def parse_personality(choice: str) -> int:
    return MAIN_PERSONALITY if choice == "mp" else int(choice.split(":")[1])


@handler("stages")
def stages_task(game: Game, args: JsonDict) -> None:
    """GLOSSARY "Gaining/losing stages": the player picks any one personality they
    control for the whole amount, unless the effect names the MP (`mp_only`). Losing
    stages at zero discards the rest from the Life Deck (not damage)."""
    player, amount, gain = args["player"], args["amount"], args["gain"]
    choice = args.get("choice")
    if choice is None and not args.get("mp_only") and game.player(player).allies:
        verb = "gains" if gain else "loses"
        game.ask(
            player,
            "choose_personality",
            f"Which personality {verb} {amount} stage(s)?",
            personality_options(game, player),
            "stages",
            **args,
        )
        return
    target = parse_personality(choice) if choice else MAIN_PERSONALITY
    if gain:
        gain_stages(game, player, target, amount)
        return
    rest = lose_stages(game, player, target, amount)
    if rest and not args.get("floor"):  # "to a minimum of 0": the rest is not discarded
        discard_top(game, player, rest, by=args.get("by"))


# --- anger and levels ----------------------------------------------------------------------
def advance_level(game: Game, player: int) -> None:
    """Advance a level: the MP is set at ten stages above zero and Drills are discarded
    ("ANGER"; docs/rulings.md: an effect's advance also sets the top stage)."""
    state = game.player(player)
    if state.level >= 4:
        return
    leaving = game.card(state.mp_card)
    state.level += 1
    state.stage = game.rules.level_up_stage
    if not leaving.keeps_drills:  # "Your Drills are not discarded when advancing from this level"
        discard_drills(game, player, advancing=True)
    game.emit(
        "level",
        f"{game.who(player)} advances to Level {state.level}: {game.name(state.mp_card)}.",
    )
    history.record(game, player, "level_changed")
    queue_trigger(game, player, "level_advanced")
    queue_trigger(game, player, "level_changed")
    # the new level's card is the MP now: its "When you reach this level" fires
    queue_trigger(game, player, "level_reached")


def lower_level(game: Game, player: int) -> None:
    """ "ANGER" note: lowered a level, set the MP five stages above zero; anger stays."""
    state = game.player(player)
    if state.level <= 1:
        return
    state.level -= 1
    state.stage = game.rules.level_down_stage
    discard_drills(game, player)
    history.record(game, player, "level_changed")
    mp_name = game.name(state.mp_card)
    game.emit("level", f"{game.who(player)} is lowered to Level {state.level}: {mp_name}.")
    queue_trigger(game, player, "level_lowered")
    queue_trigger(game, player, "level_changed")
    # 2014 lets anger sit at five on Level 4 when MPPV cannot be won; lowered, the anger
    # "remains the same" and five anger advances the MP again (docs/rulings.md 334)
    if state.anger >= modifiers.anger_to_level(game, player):
        state.anger = 0
        game.emit("anger", f"{game.who(player)} holds five anger below Level 4: anger resets.")
        advance_level(game, player)


def raise_anger(game: Game, player: int, amount: int, by: int | None = None) -> None:
    """ "ANGER": five anger advances a level (anger back to zero, no carry-over); on
    Level 4 it wins by MPPV, or, where MPPV cannot be won, applies the Level-4 rule.
    `by`: the player whose effect raises it (engine.panini.amounts may change the amount)."""
    state = game.player(player)
    if game.has_modifier(player, "no_anger") or game.has_modifier(player, "no_anger_change"):
        game.emit("anger", f"{game.who(player)} cannot raise anger now.")
        return
    amount = amounts.anger_change(game, player, amount, True, by)
    needed = modifiers.anger_to_level(game, player)
    before = state.anger
    state.anger = min(needed, state.anger + amount)
    if state.anger > before:
        history.record(game, player, "anger_raised")
    game.emit("anger", f"{game.who(player)} raises anger to {state.anger}.")
    triggers.queue(game, player, "anger_raised", by=by)  # "one of your effects causes ..."
    if state.anger < needed:
        return
    if state.level < 4:
        state.anger = 0
        advance_level(game, player)
    elif not game.has_modifier(player, "no_mppv"):
        game.win(player, "mppv")
    elif game.rules.level4_reset_rule:
        state.anger = 0
        state.stage = top_stage(game, player, MAIN_PERSONALITY)
        game.emit("anger", f"{game.who(player)} cannot win by MPPV: anger resets, top stage.")


def lower_anger(
    game: Game, player: int, amount: int, by: int | None = None, critical: bool = False
) -> None:
    """Anger never goes below zero and never costs a level ("ANGER" note). `by`: the player
    whose effect lowers it; `critical`: a critical damage effect does (docs/rulings.md 134)."""
    state = game.player(player)
    locks = ["no_anger_lower", "no_anger_change"]  # engine.panini.cardtext.next_time
    if by is not None and by != player:
        locks.append("no_anger_lower_opponent")
    if critical:
        locks.append("no_anger_lower_critical")
    locked = critical_rules.anger_locked(game, player, critical)  # "can only be lowered by"
    if locked or any(game.has_modifier(player, lock) for lock in locks):
        game.emit("anger", f"{game.who(player)}'s anger cannot be lowered now.")
        return
    amount = amounts.anger_change(game, player, amount, False, by)
    before = state.anger
    state.anger = max(0, state.anger - amount)
    if state.anger < before:
        history.record(game, player, "anger_lowered")
    game.emit("anger", f"{game.who(player)} lowers anger to {state.anger}.")
    if state.anger < before:  # anger already at zero is not lowered (docs/rulings.md)
        triggers.queue(game, player, "anger_lowered", by=by)  # "Whenever you lower ..."


# --- life cards of damage ----------------------------------------------------------------
def _damage_card(game: Game, player: int, iid: int, from_attack: bool) -> None:
    """A card taken from the top of the Life Deck as damage: discarded, or banished when the
    attack says its damage is (docs/rulings.md 82)."""
    if from_attack and _damage_banished(game):
        game.player(player).banished.append(iid)
        game.emit("damage_card", f"{game.who(player)} banishes {game.name(iid)} as damage "
                  "(this attack's damage is banished).")  # fmt: skip
        self_moves.moved(game, iid, "banished_as_damage", None)
        return
    game.player(player).discard.append(iid)
    game.emit("damage_card", f"{game.who(player)} discards {game.name(iid)} as damage.")
    self_moves.moved(game, iid, "discarded_from_life_deck", None)


def _damage_banished(game: Game) -> bool:
    """ "Damage from this attack is banished." on the attack in progress, or "For the
    remainder of combat, life card damage from your attacks is banished." about it."""
    attack = game.state.attack
    ability = game.card(attack.source).attack if attack is not None else None
    if attack is None or ability is None:
        return False
    card = game.card(attack.source)
    return ability.damage_banished or any(
        modifiers.about(game, modifier, attack.attacker, card)
        for modifier in game.active_modifiers(attack.attacker, "damage_banished")
    )


@handler("life_damage")
def life_damage_task(game: Game, args: JsonDict) -> None:
    """ "WHEN TAKING DAMAGE": discard one card at a time from the top. A Dragon Ball goes
    to the bottom and needs a replacement; only Dragon Balls left loses by Survival. A
    card with Endurance may be Banished to prevent that much of the remaining damage."""
    player, remaining, from_attack = args["player"], args["remaining"], args["attack"]
    state = game.player(player)
    choice = args.get("choice")
    if choice is not None:
        endurance = endurance_of(game, player, state.life[-1])
        iid = state.life.pop()
        if choice == "banish":
            banish(game, iid)
            self_moves.moved(game, iid, "banished_for_endurance", None)
            # "after banishing a card for Endurance, ... that card" (engine.panini.triggers)
            triggers.queue(game, player, "endurance_used", card=iid)
            prevented = min(endurance, remaining - 1)
            game.emit(
                "endurance",
                f"{game.who(player)} banishes {game.name(iid)} (Endurance {endurance}) "
                f"and prevents {prevented}.",
            )
            remaining -= 1 + prevented
            if prevented:  # Endurance: the player prevents damage by banishing the card
                queue_trigger(game, player, "damage_prevented")
                if from_attack and game.state.attack is not None:
                    game.state.attack.endurance_prevented += prevented
        else:
            _damage_card(game, player, iid, from_attack)
            remaining -= 1
        _count_critical(game, player, from_attack)
        game.check_survival(player)
        if game.over:
            return
    while remaining > 0:
        if not state.life:
            game.check_survival(player)
            return
        if all(game.card(iid).type == CardType.DRAGON_BALL for iid in state.life):
            game.emit(
                "damage",
                f"{game.who(player)}'s Life Deck holds only Dragon Balls ({len(state.life)}), "
                "which cannot be discarded as damage.",
            )
            game.win(1 - player, "survival")
            return
        top = state.life[-1]
        card = game.card(top)
        if card.type == CardType.DRAGON_BALL:
            put_in_discard(game, state.life.pop())
            queue_trigger(game, player, "ball_revealed")  # "... is revealed when taking damage"
            continue
        endurance = endurance_of(game, player, top)
        if endurance and from_attack and _endurance_allowed(game, player):
            # A card discarded as damage is turned face up: everyone sees what may be banished.
            game.emit(
                "reveal",
                f"{game.who(player)} reveals {card.name} (Endurance {endurance}) while "
                "taking damage.",
            )
            game.ask(
                player,
                "endurance",
                f"{card.name} has Endurance {endurance}; {remaining} card(s) of damage "
                "remain including it.",
                [
                    Option(
                        "banish",
                        f"Banish {card.name} to prevent {min(endurance, remaining - 1)}",
                    ),
                    Option("discard", f"Discard {card.name}"),
                ],
                "life_damage",
                player=player,
                remaining=remaining,
                attack=from_attack,
            )
            return
        state.life.pop()
        _damage_card(game, player, top, from_attack)
        remaining -= 1
        _count_critical(game, player, from_attack)
        game.check_survival(player)
        if game.over:
            return


def _endurance_allowed(game: Game, player: int) -> bool:
    from engine.panini.after_use import endurance_allowed  # after_use builds on this module

    return endurance_allowed(game, player)


def _count_critical(game: Game, player: int, from_attack: bool) -> None:
    attack = game.state.attack
    if from_attack and attack is not None and attack.attacker != player:
        attack.life_cards += 1


def life_damage(game: Game, player: int, amount: int, from_attack: bool) -> None:
    if amount > 0:
        game.emit("damage", f"{game.who(player)} takes {amount} life card(s) of damage.")
        game.then(("life_damage", {"player": player, "remaining": amount, "attack": from_attack}))


@handler("stage_damage")
def stage_damage_task(game: Game, args: JsonDict) -> None:
    """Stages of damage: at zero the rest is taken as life cards ("Whenever you take Power
    Stages of damage at a Power Level of zero")."""
    player, amount, target = args["player"], args["amount"], args["target"]
    game.emit(
        "damage",
        f"{personality_name(game, player, target)} takes {amount} stage(s) of damage.",
    )
    rest = lose_stages(game, player, target, amount)
    if rest:
        life_damage(game, player, rest, from_attack=True)


# --- triggers ("whenever ...") -----------------------------------------------------------
def queue_trigger(
    game: Game,
    player: int,
    event: str,
    attack_type: str | None = None,
    card_type: CardType | None = None,
) -> None:
    triggers.queue(game, player, event, attack_type, card_type)


@handler("flush_triggers")
def flush_triggers_task(game: Game, args: JsonDict) -> None:
    """Contextual effects resolve right after the sentence that caused them; on a tie the
    player who initiated combat resolves all theirs first (GLOSSARY "Effects")."""
    leaving.check(game)  # "Banish this card when you control a Styled Drill."
    queue = game.state.trigger_queue
    if not queue:
        return
    first = game.state.combat_declarer
    if first is None:
        first = game.state.active
    game.state.trigger_queue = []
    game.then(
        *(
            ("order_triggers", {"player": player, "remaining": mine})
            for player in (first, 1 - first)
            if (mine := [t for t in queue if t["player"] == player])
        )
    )


@handler("order_triggers")
def order_triggers_task(game: Game, args: JsonDict) -> None:
    """One player's simultaneous triggers: they choose the order ("you may choose the
    order in which they occur")."""
    player, remaining = args["player"], list(args["remaining"])
    choice = args.get("choice")
    if choice is None and len(remaining) > 1:
        options = [
            Option(f"trigger:{n}", f"Use {game.name(t['card'])} first")
            for n, t in enumerate(remaining)
        ]
        game.ask(player, "order_effects", "Choose which effect resolves next.", options,
                 "order_triggers", player=player, remaining=remaining)
        return
    chosen = remaining.pop(int(choice.split(":")[1]) if choice else 0)
    if remaining:
        game.then(("order_triggers", {"player": player, "remaining": remaining}))
    game.then(triggers.resolve_task(player, chosen))
