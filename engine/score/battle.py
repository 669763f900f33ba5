"""The Battle Sequencer (score-ccg-2003-buu-saga-rulebook.txt p. 31-33): phase (d) Attacker
Attacks and phase (e) Defender Defends, from the card or power used to its "If
successful" effects. Page numbers are the Score rulebook's.

1-3: the attacker plays a Combat card from his hand, uses his Main Personality's power or
a Non-Combat card in play, performs a Final Physical Attack (p. 28), or passes; pays the
costs (an energy attack's power stages, p. 38), announces Empower (p. 53) and resolves the
secondary effects. 5-6: the defender may stop the attack with a card or power that stops
its kind and resolves that card's secondary effects. 8-14: an attack not stopped is
successful: base damage from the card, the Physical Attack Table or 4 life cards, with
modifiers (the card's "+", Drills, the Battleground), power stages off the Scouter and the
rest as life cards, Endurance, a Dragon Ball captured on 5 or more. 15: "If successful"
effects, in the order the attacker picks.

4: an Ally takes over Combat when its MP's Scouter is at 0 or 1 (p. 35-36): the attacker
may hand over control in his phase, the defender names who is in control for each attack;
the PAT reads that personality's rating, it uses its own power once per turn, and any
personality may absorb an attack's power stages of damage. 7: Defense Shields on the
defender's Drills and Main Personality.

Cards in play may follow an attack performed or stopped ("Once per Combat, when you
perform a Red attack, ..."); a Sensei's power is used once per game in place of an attack.

11: Personality Captures. Floating damage bonuses ("For the remainder of Combat, ...").

Not refereed yet (docs/games.md): taking over Combat when the opponent uses a card outside
Defender Defends, Fusion."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import Option
from engine.score import damage
from engine.score.cards import Card, CardType, Style, fold
from engine.score.effects import describe, effect_task
from engine.score.handlers import handler
from engine.score.pat import physical_attack_table
from engine.score.powers import Attack, Effect, Power
from engine.score.state import JsonDict

if TYPE_CHECKING:
    from engine.score.game import ScoreGame

TAKEOVER_STAGE = 1  # p. 35: "at 0 or 1 power stage above 0"
HAND_COMBAT = {CardType.PHYSICAL_COMBAT, CardType.ENERGY_COMBAT, CardType.COMBAT}
# p. 52 "Saiyan Heritage Rule" and "Namekian Heritage Rule"
HERITAGE = {
    "saiyan": frozenset(fold(n) for n in (
        "Broly", "Cell", "Cell Jr", "Future Gohan", "Gohan", "Goku", "Goten", "Gotenks",
        "Kid Trunks", "Majin Vegeta", "Mighty Mask", "Nappa", "Paragus", "Raditz", "Trunks",
        "Vegeta")),
    "namekian": frozenset(fold(n) for n in (
        "Cell", "Cell Jr", "Dende", "Lord Slug", "Nail", "Piccolo")),
}  # fmt: skip


# --- what may be used -----------------------------------------------------------------------
def only_problem(game: ScoreGame, index: int, card: Card) -> str | None:
    """p. 52 "'___ only' Effects": only the personality or group named may use the card."""
    only = card.only
    if only is None:
        return None
    player = game.player(index)
    mp = game.card(player.mp_card).personality or ""
    if fold(mp) in {fold(name) for name in only.personalities}:
        return None
    if only.alignment is not None and player.alignment == only.alignment:
        return None
    if only.heritage is not None and fold(mp) in HERITAGE[only.heritage]:
        return None
    return f"{card.title} is not for {mp}"


def stage_cost(game: ScoreGame, attack: Attack) -> int:
    """p. 38: an energy attack costs 2 power stages unless the card says otherwise."""
    if attack.stage_cost is not None:
        return attack.stage_cost
    return game.rules.energy_cost if attack.kind == "energy" else 0


def payable(game: ScoreGame, index: int, power: Power) -> bool:
    """p. 38: "If a personality cannot pay the power stages, he cannot perform an energy
    attack"; a life-card cost may not empty the Life Deck."""
    if power.attack is None:
        return True
    player = game.player(index)
    ally = game.in_control(index)  # "The attacking personality" pays (p. 38)
    stage = player.stage if ally is None else ally.stage
    return stage >= stage_cost(game, power.attack) and (
        len(player.life) > power.attack.life_cost)  # fmt: skip


def attacks_or_acts(power: Power) -> bool:
    """p. 25: in Attacker Attacks a card performs an attack, or does something that is
    neither an attack nor a stop ("cards that cannot perform or stop attacks")."""
    return power.attack is not None or (not power.stops and power.usable)


def stops(power: Power, attack: JsonDict) -> bool:
    """Whether `power` is a stop the defender may play against `attack` (p. 27 phase (e));
    against a Focused attack, a card that stops both kinds only "tries" (p. 50)."""
    return attack["kind"] in power.stops


def really_stops(power: Power, attack: JsonDict) -> bool:
    """p. 50-52: an unstoppable attack is never stopped; a Focused one only by a card that
    stops just its kind."""
    if attack["unstoppable"] or attack["kind"] not in power.stops:
        return False
    return not (attack["focused"] and len(power.stops) > 1)


# --- phases (a) and (b): Prepare -------------------------------------------------------------
@handler("entering")
def entering(game: ScoreGame, args: JsonDict) -> None:
    """p. 24 phases (a) and (b): each player in turn uses the "When entering Combat"
    effects of the cards in his hand, his Main Personality's level, the Battleground or
    Location and his other cards in play, in the order he wants (Allies cannot, p. 36)."""
    index = args["player"]
    player = game.player(index)
    options = []
    for iid in dict.fromkeys(player.hand):
        card = game.card(iid)
        if card.type in HAND_COMBAT and game.power(iid).entering and (
                only_problem(game, index, card) is None):  # fmt: skip
            options.append(Option(f"play:{iid}", f"Play {game.name(iid)}"))
    in_play = [player.mp_card, *player.drills, *player.non_combat]
    ground = game.state.battleground
    if ground is not None and game.state.owners[ground] == index:
        in_play.append(ground)
    for iid in in_play:
        if game.power(iid).entering and iid not in player.triggered_combat:
            options.append(Option(f"use:{iid}", f"Use {game.name(iid)}"))
    if not options:
        return
    options.append(Option("done", "Done: no more \"When entering Combat\" effects"))
    game.ask(index, "entering", "Use \"When entering Combat\" effects?", options, "entered",
             player=index)  # fmt: skip


@handler("entered")
def entered(game: ScoreGame, args: JsonDict) -> None:
    index, choice = args["player"], args["choice"]
    if choice == "done":
        return
    player = game.player(index)
    kind, _, value = choice.partition(":")
    iid = int(value)
    steps = [effect_task(e, index) for e in game.power(iid).entering]
    if kind == "play" or iid in player.non_combat:  # used, then discarded (p. 39)
        (player.hand if kind == "play" else player.non_combat).remove(iid)
        player.resolving.append(iid)
        steps.append(("used_up", {"player": index, "card": iid}))
    else:  # a card that stays in play: once this Combat
        player.triggered_combat.append(iid)
    game.emit("use", f"{game.who(index)} uses {game.name(iid)} on entering Combat.")
    game.then(*steps, ("entering", {"player": index}))


# --- phase (d) Attacker Attacks ---------------------------------------------------------------
@handler("attack_phase")
def attack_phase(game: ScoreGame, args: JsonDict) -> None:
    """Phase (d): attack, use a card in place of an attack, or pass; a player who made a
    Final Physical Attack passes for the rest of Combat (p. 28)."""
    index = game.state.attacker
    player = game.player(index)
    options = [Option("pass", "Pass")]
    if not player.final_attack_used:
        control = [] if args.get("control_done") else control_options(game, index)
        options = [*_attack_options(game, index), *control, *options]
        options += [
            Option(f"final:{iid}", f"Final Physical Attack, discarding {game.name(iid)}")
            for iid in dict.fromkeys(player.hand)
        ]
    if len(options) == 1:
        game.then(("acted", {"choice": "pass"}))
        return
    game.ask(index, "attack", "Your Attacker Attacks phase.", options, "acted")


def _attack_options(game: ScoreGame, index: int) -> list[Option]:
    player = game.player(index)
    options = []
    for iid in dict.fromkeys(player.hand):
        card = game.card(iid)
        power = game.power(iid)
        if card.type not in HAND_COMBAT or not attacks_or_acts(power):
            continue
        if only_problem(game, index, card) or not payable(game, index, power):
            continue
        options.append(Option(f"play:{iid}", f"{_verb(power)} {game.name(iid)}"))
        if power.empower and power.attack is not None:
            options.append(Option(f"empower:{iid}", f"{_verb(power)} {game.name(iid)}, "
                                  f"Empower {power.empower}"))  # fmt: skip
    mp_power = game.power(player.mp_card)
    if not player.mp_power_used and attacks_or_acts(mp_power) and payable(game, index, mp_power):
        options.append(Option("mp", f"{_verb(mp_power)} the power of {game.name(player.mp_card)}"))
    ally = game.in_control(index)
    if ally is not None and not ally.power_used:
        power = game.power(ally.iid)
        if attacks_or_acts(power) and payable(game, index, power):
            options.append(Option("ally", f"{_verb(power)} the power of {game.name(ally.iid)}"))
    for iid in player.non_combat:
        power = game.power(iid)
        if attacks_or_acts(power) and only_problem(game, index, game.card(iid)) is None and (
                payable(game, index, power)):  # fmt: skip
            options.append(Option(f"use:{iid}", f"Use {game.name(iid)}"))
    sensei = player.sensei
    if sensei is not None and not player.sensei_used and attacks_or_acts(game.power(sensei)):
        options.append(Option("sensei", f"Use the power of {game.name(sensei)}"))  # p. 25
    return options


def control_options(game: ScoreGame, index: int) -> list[Option]:
    """p. 35 "Taking Over Combat": an Ally may take over when the MP's Scouter is at 0 or
    1 above 0; the MP (or another Ally) may take it back at any stage."""
    player = game.player(index)
    current = game.in_control(index)
    options = []
    if current is not None:
        options.append(Option("control:mp", f"Put {game.name(player.mp_card)} back in control "
                                            "of Combat"))  # fmt: skip
    if player.stage <= TAKEOVER_STAGE:
        options += [Option(f"control:{a.iid}", f"Put {game.name(a.iid)} in control of Combat")
                    for a in player.allies if current is None or a.iid != current.iid]  # fmt: skip
    return options


def _set_control(game: ScoreGame, index: int, choice: str) -> None:
    player = game.player(index)
    player.control = None if choice == "mp" else int(choice)
    who = game.name(player.mp_card if player.control is None else player.control)
    game.emit("control", f"{who} is in control of Combat for {game.who(index)}.")


def _verb(power: Power) -> str:
    return f"Attack ({power.attack.kind}) with" if power.attack else "Use"


@handler("acted")
def acted(game: ScoreGame, args: JsonDict) -> None:
    state = game.state
    index = state.attacker
    choice = args["choice"]
    if choice.startswith("control:"):  # not an action: the phase goes on
        _set_control(game, index, choice.partition(":")[2])
        game.then(("attack_phase", {"control_done": True}))
        return
    state.attacker = 1 - index  # phase (f) Fight Back: the roles switch
    if choice == "pass":
        state.passes += 1
        game.emit("pass", f"{game.who(index)} passes.")
        if state.passes >= 2:  # p. 26: both passed consecutively
            game.emit("combat", "Combat ends.")
            end_of_combat(game)
            return
        game.then(("attack_phase", {}))
        return
    state.passes = 0
    kind, _, value = choice.partition(":")
    if kind == "final":
        game.then(("final_attack", {"player": index, "card": int(value)}), ("attack_phase", {}))
        return
    iid = _personality(game, index, kind, value)
    source = {"play": "hand", "empower": "hand", "mp": "mp", "ally": "ally",
              "use": "non_combat", "sensei": "sensei"}[kind]  # fmt: skip
    game.then(("use_power", {"player": index, "card": iid, "source": source,
                             "empowered": kind == "empower", "defending": False}),
              ("attack_phase", {}))  # fmt: skip


def _personality(game: ScoreGame, index: int, kind: str, value: str) -> int:
    """The card an option names: the MP's current level, the Ally in control, or a card."""
    if kind == "mp":
        return game.player(index).mp_card
    if kind == "ally":
        ally = game.in_control(index)
        assert ally is not None
        return ally.iid
    if kind == "sensei":
        sensei = game.player(index).sensei
        assert sensei is not None
        return sensei
    return int(value)


@handler("final_attack")
def final_attack(game: ScoreGame, args: JsonDict) -> None:
    """p. 28: discard a card to perform a physical attack with Physical Attack Table
    damage; its player passes for the rest of Combat. The defender may stop it."""
    index = args["player"]
    attacker = game.player(index)
    iid = args["card"]
    game.emit("attack", f"{game.who(index)} performs a Final Physical Attack.")
    game.discard_from_hand(index, iid)
    attacker.final_attack_used = True
    # p. 28 "turns any card in your hand into a physical attack": of that card's style
    # (docs/rulings.md 335)
    style = game.card(iid).style
    game.state.attack = _attack_record(game, index, None, Attack("physical"), False, style)
    game.then(*triggered(game, index, "perform_attack", style.value), ("defend", {}))


def _attack_record(game: ScoreGame, index: int, card: int | None, attack: Attack,
                   empowered: bool, style: Style) -> JsonDict:
    made = attack.damage
    ally = game.in_control(index)  # the personality performing it (p. 35-36)
    return {"player": index, "card": card, "kind": attack.kind, "style": style.value,
            "focused": attack.focused, "by_ally": None if ally is None else ally.iid,
            "unstoppable": attack.unstoppable, "empowered": empowered,
            "damage": None if made is None else [made.amount, made.unit, made.plus]}  # fmt: skip


# --- steps 1-3 and 5-6: using a card or power -------------------------------------------------
@handler("use_power")
def use_power(game: ScoreGame, args: JsonDict) -> None:
    index, iid, source = args["player"], args["card"], args["source"]
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
    if power.floating_bonuses:  # p. 48: it floats until the end of Combat
        player.floating.append(iid)
    # step 3 (and 6): secondary effects, all before the opponent does anything (p. 27)
    steps += [effect_task(e, index) for e in power.secondary
              if not (empowered and e.after_empower)]  # fmt: skip
    for text in power.unread:
        if empowered and text in power.unread_after_empower:
            continue
        steps.append(("by_hand", {"player": index, "card": iid, "text": text}))
    if attack is not None:
        game.state.attack = _attack_record(game, index, iid, attack, empowered,
                                           game.card(iid).style)  # fmt: skip
        steps += triggered(game, index, "perform_attack", game.card(iid).style.value)
        steps.append(("defend", {}))
    if source in ("hand", "non_combat"):  # discarded after use (p. 39), the attack resolved
        steps.append(("used_up", {"player": index, "card": iid}))
    game.then(*steps)


@handler("used_up")
def used_up(game: ScoreGame, args: JsonDict) -> None:
    index, iid = args["player"], args["card"]
    game.player(index).resolving.remove(iid)
    _used_up(game, index, iid, game.power(iid))


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
    for player in game.state.players:
        player.control = None
        player.floating = []  # "for the remainder of Combat" (p. 48)
        for iid, _ in player.remaining:
            player.non_combat.remove(iid)
            player.removed.append(iid)
            game.emit("remain", f"{game.name(iid)} is removed from the game: Combat is over.")
        player.remaining = []


@handler("by_hand")
def by_hand(game: ScoreGame, args: JsonDict) -> None:
    """A sentence the referee does not read: the player carries it out at the table."""
    text = f"{game.name(args['card'])}: \"{args['text']}\""
    game.emit("by_hand", f"Resolve by hand: {text}.")
    game.ask(args["player"], "by_hand", f"Resolve by hand, then confirm: {text}",
             [Option("done", "Done")], "by_hand_done")


@handler("by_hand_done")
def by_hand_done(game: ScoreGame, args: JsonDict) -> None:
    return None


# --- phase (e) Defender Defends ---------------------------------------------------------------
@handler("defend")
def defend(game: ScoreGame, args: JsonDict) -> None:
    """Step 5: a card from the hand, the Main Personality's power or a Non-Combat card in
    play that stops the attack, or nothing. A player who made a Final Physical Attack
    cannot defend (p. 28)."""
    attack = game.state.attack
    if attack is None:
        return
    index = 1 - attack["player"]
    player = game.player(index)
    if not args.get("control_done") and player.stage <= TAKEOVER_STAGE and player.allies:
        # step 4: "the Defender must announce which personality is in Control of Combat"
        current = player.control
        choices = [Option("control:mp", f"{game.name(player.mp_card)}")] + [
            Option(f"control:{a.iid}", game.name(a.iid)) for a in player.allies]
        choices.sort(key=lambda o: o.id != f"control:{current if current is not None else 'mp'}")
        game.ask(index, "control", "Who is in control of Combat for this attack?", choices,
                 "defender_control")  # fmt: skip
        return
    options = []
    if not player.final_attack_used:
        for iid in dict.fromkeys(player.hand):
            card = game.card(iid)
            if card.type in HAND_COMBAT and stops(game.power(iid), attack) and (
                    only_problem(game, index, card) is None):  # fmt: skip
                options.append(Option(f"play:{iid}", f"Stop it with {game.name(iid)}"))
        if not player.mp_power_used and stops(game.power(player.mp_card), attack):
            options.append(Option("mp", f"Stop it with the power of "
                                        f"{game.name(player.mp_card)}"))  # fmt: skip
        ally = game.in_control(index)
        if ally is not None and not ally.power_used and stops(game.power(ally.iid), attack):
            options.append(Option("ally", f"Stop it with the power of {game.name(ally.iid)}"))
        for iid in player.non_combat:
            if stops(game.power(iid), attack):
                options.append(Option(f"use:{iid}", f"Stop it with {game.name(iid)}"))
    if not options:
        game.then(("resolve_attack", {"stopped": False}))
        return
    options.append(Option("none", "Do not stop it"))
    game.ask(index, "defend", f"{_attack_text(game, attack)} Stop it?", options, "defended")


@handler("defender_control")
def defender_control(game: ScoreGame, args: JsonDict) -> None:
    attack = game.state.attack
    assert attack is not None
    _set_control(game, 1 - attack["player"], args["choice"].partition(":")[2])
    game.then(("defend", {"control_done": True}))


def _attack_text(game: ScoreGame, attack: JsonDict) -> str:
    card = attack["card"]
    what = "a Final Physical Attack" if card is None else game.name(card)
    traits = [t for t in ("focused", "unstoppable") if attack[t]]
    kind = " ".join([*traits, attack["kind"]])
    return f"{game.who(attack['player'])} attacks ({kind}) with {what}."


@handler("defended")
def defended(game: ScoreGame, args: JsonDict) -> None:
    attack = game.state.attack
    assert attack is not None
    choice = args["choice"]
    if choice == "none":
        game.then(("resolve_attack", {"stopped": False}))
        return
    index = 1 - attack["player"]
    kind, _, value = choice.partition(":")
    iid = _personality(game, index, kind, value)
    source = {"play": "hand", "mp": "mp", "ally": "ally", "use": "non_combat"}[kind]
    # p. 52: the stopping card's secondary effects happen before it tries to stop
    game.then(("use_power", {"player": index, "card": iid, "source": source,
                             "empowered": False, "defending": True}),
              ("resolve_attack", {"stopped": really_stops(game.power(iid), attack)}))  # fmt: skip


# --- steps 8-15 -------------------------------------------------------------------------------
@handler("resolve_attack")
def resolve_attack(game: ScoreGame, args: JsonDict) -> None:
    state = game.state
    attack = state.attack
    if attack is None:
        return
    index = attack["player"]
    if args["stopped"]:
        game.emit("stop", f"{game.who(1 - index)} stops the attack.")
        state.attack = None
        game.then(*triggered(game, 1 - index, "stop_attack"))
        return
    if not args.get("shields_checked"):  # step 7: Defense Shields
        game.then(("defense_shields", {}))
        return
    stages, life = attack_damage(game, attack)  # steps 9-10
    game.emit("hit", f"The attack is successful: {stages} power stage(s) and {life} life "
              "card(s) of damage.")  # fmt: skip
    game.then(("take_damage", {"stages": stages, "life": life}))


@handler("take_damage")
def take_damage(game: ScoreGame, args: JsonDict) -> None:
    """Steps 12-14. Power stages of damage go to the personality in control of Combat, or
    to another the defender names: "Allies can always absorb power stages of damage
    directed to your Main Personality or other Allies", all of one attack's damage to one
    personality (p. 36); what is past 0 is life cards from the Life Deck."""
    attack = game.state.attack
    assert attack is not None
    index = attack["player"]
    defender = game.player(1 - index)
    stages, life = args["stages"], args["life"]
    target = args.get("choice")
    if (target is None or target == "deal") and stages and defender.allies:
        control = defender.control if game.in_control(1 - index) is not None else None
        first = f"take:{control if control is not None else 'mp'}"
        options = [Option("take:mp", f"{game.name(defender.mp_card)} takes them")] + [
            Option(f"take:{a.iid}", f"{game.name(a.iid)} takes them") for a in defender.allies]
        options.sort(key=lambda o: o.id != first)
        game.ask(1 - index, "absorb", f"Who takes {stages} power stage(s) of damage?",
                 options, "take_damage", **args)  # fmt: skip
        return
    if target is not None and target.startswith("capture:"):
        _personality_capture(game, index, target)
        stages, life, target = 0, 0, None  # the Ally deals no damage instead
    elif target is None and _may_capture_instead(game, attack, stages, life):
        options = [Option("deal", "Deal the damage")] + [
            Option(f"capture:{iid}", f"Capture {game.name(iid)} instead")
            for iid in defender.dragon_balls]  # fmt: skip
        game.ask(index, "personality_capture", "Capture a Dragon Ball instead of dealing the "
                 "damage?", options, "take_damage", **args)  # fmt: skip
        return
    if target == "deal":
        target = None
    taker = None if target in (None, "take:mp") else game.ally(1 - index, int(target[5:]))
    if taker is None:
        defender.stage, overflow = damage.power_stage_damage(defender.stage, stages)
    else:
        taker.stage, overflow = damage.power_stage_damage(taker.stage, stages)
    steps: list[tuple[str, JsonDict]] = []
    if overflow + life:  # step 13, then 14: a Dragon Ball on 5 or more life cards
        steps += [("life_damage", {"player": 1 - index, "remaining": overflow + life,
                                   "discarded": 0, "prevented": 0, "from_attack": True}),
                  ("capture", {"player": index})]  # fmt: skip
    steps.append(("if_successful", {"done": []}))
    game.then(*steps)


def shields(game: ScoreGame, index: int, kind: str) -> list[int]:
    """The Defense Shields of `index` against an attack of `kind` not yet activated this
    Combat: on his Drills and his Main Personality's current level (p. 48)."""
    player = game.player(index)
    sources = [player.mp_card, *player.drills]
    return [iid for iid in sources if kind in game.power(iid).shield
            and iid not in player.shields_used]  # fmt: skip


@handler("defense_shields")
def defense_shields(game: ScoreGame, args: JsonDict) -> None:
    """Step 7 (p. 48-49): a Defense Shield of the attack's kind activates by itself when
    the attack is not stopped, and the attack is unsuccessful; the defender picks which of
    several. A Focused or unstoppable attack sets them all off and is successful. A shield
    activates once per Combat (docs/rulings.md 337)."""
    attack = game.state.attack
    assert attack is not None
    index = 1 - attack["player"]
    ready = shields(game, index, attack["kind"])
    passed = {"stopped": False, "shields_checked": True}
    if not ready:
        game.then(("resolve_attack", passed))
        return
    if attack["focused"] or attack["unstoppable"]:
        game.player(index).shields_used.extend(ready)
        names = ", ".join(game.name(iid) for iid in ready)
        game.emit("shield", f"The attack gets past every Defense Shield ({names}).")
        game.then(("resolve_attack", passed))
        return
    if len(ready) == 1:
        game.then(("shield_activated", {"choice": f"shield:{ready[0]}"}))
        return
    options = [Option(f"shield:{iid}", f"Activate the Defense Shield of {game.name(iid)}")
               for iid in ready]  # fmt: skip
    game.ask(index, "shield", "Which Defense Shield activates?", options, "shield_activated")


@handler("shield_activated")
def shield_activated(game: ScoreGame, args: JsonDict) -> None:
    attack = game.state.attack
    assert attack is not None
    index = 1 - attack["player"]
    iid = int(args["choice"].split(":")[1])
    game.player(index).shields_used.append(iid)
    game.emit("shield", f"The Defense Shield of {game.name(iid)} stops the attack.")
    game.state.attack = None


def attack_damage(game: ScoreGame, attack: JsonDict) -> tuple[int, int]:
    """Steps 9-10: (power stages, life cards) of damage. Base damage: stated on the card,
    else the PAT (physical) or 4 life cards (energy); then the card's "+", Empower, and the
    damage bonuses of the attacker's Drills and of the Battleground or Location (p. 38,
    p. 41: a "+" applies even to an attack of the other kind of damage)."""
    index = attack["player"]
    made = attack["damage"]
    stages = life = 0
    if made is not None and not made[2]:
        amount, unit = made[0], made[1]
        stages, life = (amount, 0) if unit == "stages" else (0, amount)
    elif attack["kind"] == "physical":
        stages = physical_attack_table().base_damage(game.control_rating(index),
                                                     game.control_rating(1 - index))
    else:
        life = game.rules.energy_damage
    if made is not None and made[2]:
        stages, life = (stages + made[0], life) if made[1] == "stages" else (stages, life + made[0])
    card = attack["card"]
    power = game.power(card) if card is not None else None
    if attack["empowered"] and power is not None and power.empower:
        life += power.empower
    for bonus_stages, bonus_life in _bonuses(game, index, attack["kind"], attack["style"]):
        stages, life = stages + bonus_stages, life + bonus_life
    return stages, life


def _bonuses(game: ScoreGame, index: int, kind: str, style: str) -> list[tuple[int, int]]:
    player = game.player(index)
    sources = [(iid, True) for iid in player.drills]
    for owner in (0, 1):  # each player's Mastery adds to its own player's attacks
        mastery = game.player(owner).mastery
        if mastery is not None:
            sources.append((mastery, owner == index))
    if game.state.battleground is not None:
        ground = game.state.battleground
        sources.append((ground, game.state.owners[ground] == index))
    found = []
    lasting = [(iid, mine, game.power(iid).damage_bonuses) for iid, mine in sources]
    lasting += [(iid, True, game.power(iid).floating_bonuses) for iid in player.floating]
    for _iid, mine, bonuses in lasting:
        for bonus in bonuses:
            if bonus.whose == "yours" and not mine:
                continue
            if bonus.kind is not None and bonus.kind != kind:
                continue
            if bonus.style is not None and bonus.style != style:
                continue
            amount = bonus.bonus.amount
            found.append((amount, 0) if bonus.bonus.unit == "stages" else (0, amount))
    return found


# p. 44 "Personality Captures": the Allies who may capture instead of dealing damage
CAPTURING_ALLIES = frozenset(fold(name) for name in (
    "Bulma", "Chi-Chi", "Frieza", "Garlic Jr.", "Guldo", "Krillin", "Master Roshi",
    "Saibaimen", "Videl", "Tien", "Yamcha"))  # fmt: skip


def _may_capture_instead(game: ScoreGame, attack: JsonDict, stages: int, life: int) -> bool:
    """Step 11, p. 44: an Ally of the list performing a successful attack that deals 1 or
    more life cards of damage may capture a Dragon Ball in play instead."""
    ally = attack["by_ally"]
    if ally is None or not game.player(1 - attack["player"]).dragon_balls:
        return False
    if fold(game.card(ally).personality or "") not in CAPTURING_ALLIES:
        return False
    defending = game.in_control(1 - attack["player"])
    stage = game.player(1 - attack["player"]).stage if defending is None else defending.stage
    return life > 0 or stages > stage  # past 0, power stages are life cards


def _personality_capture(game: ScoreGame, index: int, choice: str) -> None:
    iid = int(choice.split(":")[1])
    game.player(1 - index).dragon_balls.remove(iid)
    game.player(index).dragon_balls.append(iid)
    game.emit("capture", f"{game.who(index)} captures {game.name(iid)} instead of dealing "
              "damage.")  # fmt: skip
    game.then(("captured_power", {"player": index, "card": iid}))


@handler("if_successful")
def if_successful(game: ScoreGame, args: JsonDict) -> None:
    """Step 15: the attacker's "If successful" effects, in the order he picks."""
    attack = game.state.attack
    if attack is None or game.over:
        return
    card = attack["card"]
    effects: tuple[Effect, ...] = () if card is None else game.power(card).if_successful
    left = [i for i, e in enumerate(effects) if i not in args["done"]
            and not (attack["empowered"] and e.after_empower)]  # fmt: skip
    if not left:
        game.state.attack = None
        return
    if len(left) == 1:
        game.then(effect_task(effects[left[0]], attack["player"]),
                  ("if_successful", {"done": [*args["done"], left[0]]}))  # fmt: skip
        return
    options = [Option(f"effect:{i}", _sentence_case(describe(effects[i]))) for i in left]
    game.ask(attack["player"], "order", "Which \"If successful\" effect first?", options,
             "if_successful_chosen", done=args["done"])  # fmt: skip


def _sentence_case(text: str) -> str:
    return text[:1].upper() + text[1:]


@handler("if_successful_chosen")
def if_successful_chosen(game: ScoreGame, args: JsonDict) -> None:
    attack = game.state.attack
    assert attack is not None
    chosen = int(args["choice"].split(":")[1])
    effect = game.power(attack["card"]).if_successful[chosen]
    game.then(effect_task(effect, attack["player"]),
              ("if_successful", {"done": [*args["done"], chosen]}))  # fmt: skip
