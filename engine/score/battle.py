"""The Battle Sequencer (score-ccg-2003-buu-saga-rulebook.txt p. 31-33): phase (d) Attacker
Attacks and phase (e) Defender Defends. Page numbers are the Score rulebook's.

Step 1: the attacker plays a Combat card from his hand, uses his personality's power, a
Non-Combat card in play or his Sensei, performs a Final Physical Attack (p. 28), hands
control to an Ally (engine.score.control), or passes; steps 2-3 and 5-6 (costs, Empower,
secondary effects) are engine.score.using. Step 4: the defender names who is in control;
step 5: he may stop the attack with a card or power that stops its kind. Steps 7-15
(Defense Shields, damage, captures, "If successful" effects) are engine.score.hits.

An Ally of the opponent may take control of Combat before a card is played or used
outside Defender Defends (p. 36, engine.score.control)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import Option
from engine.score.control import (
    TAKEOVER_STAGE,
    control_options,
    offer_takeover,
    personality_card,
    set_control,
)
from engine.score.handlers import handler
from engine.score.needed import window
from engine.score.powers import Attack, Power
from engine.score.state import JsonDict
from engine.score.usable import (
    HAND_COMBAT,
    attacks_or_acts,
    only_problem,
    payable,
    really_stops,
    stops,
)
from engine.score.using import attack_record, end_of_combat, triggered

if TYPE_CHECKING:
    from engine.score.game import ScoreGame


# --- what may be used -----------------------------------------------------------------------


# --- phases (a) and (b): Prepare -------------------------------------------------------------


# --- phase (d) Attacker Attacks ---------------------------------------------------------------
@handler("attack_phase")
def attack_phase(game: ScoreGame, args: JsonDict) -> None:
    """Phase (d): attack, use a card in place of an attack, or pass; a player who made a
    Final Physical Attack passes for the rest of Combat (p. 28)."""
    game.state.in_battle = True  # phases (a) and (b) are over (p. 24)
    if not args.get("window_done") and not args.get("control_done"):
        # p. 51: "Use when needed" between the parts of the Battle Sequencer
        game.then(window(game), ("attack_phase", {"window_done": True}))
        return
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
        if power.when_needed:  # used in the windows between parts (engine.score.needed)
            continue
        if attacks_or_acts(power) and only_problem(game, index, game.card(iid)) is None and (
                payable(game, index, power)):  # fmt: skip
            options.append(Option(f"use:{iid}", f"Use {game.name(iid)}"))
    sensei = player.sensei
    if sensei is not None and not player.sensei_used and attacks_or_acts(game.power(sensei)):
        options.append(Option("sensei", f"Use the power of {game.name(sensei)}"))  # p. 25
    return options


def _verb(power: Power) -> str:
    return f"Attack ({power.attack.kind}) with" if power.attack else "Use"


@handler("acted")
def acted(game: ScoreGame, args: JsonDict) -> None:
    state = game.state
    index = state.attacker
    choice = args["choice"]
    if choice.startswith("control:"):  # not an action: the phase goes on
        set_control(game, index, choice.partition(":")[2])
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
    iid = personality_card(game, index, kind, value)
    source = {"play": "hand", "empower": "hand", "mp": "mp", "ally": "ally",
              "use": "non_combat", "sensei": "sensei"}[kind]  # fmt: skip
    game.then(("use_power", {"player": index, "card": iid, "source": source,
                             "empowered": kind == "empower", "defending": False}),
              ("attack_phase", {}))  # fmt: skip


@handler("final_attack")
def final_attack(game: ScoreGame, args: JsonDict) -> None:
    """p. 28: discard a card to perform a physical attack with Physical Attack Table
    damage; its player passes for the rest of Combat. The defender may stop it."""
    index = args["player"]
    if offer_takeover(game, 1 - index, "final_attack", args):
        return  # p. 36: discarding a card to attack is playing it (docs/rulings.md 365)
    attacker = game.player(index)
    iid = args["card"]
    game.emit("attack", f"{game.who(index)} performs a Final Physical Attack.")
    game.discard_from_hand(index, iid)
    attacker.final_attack_used = True
    # p. 28 "turns any card in your hand into a physical attack": of that card's style
    # (docs/rulings.md 335)
    style = game.card(iid).style
    game.state.attack = attack_record(game, index, None, Attack("physical"), False, style)
    game.then(*triggered(game, index, "perform_attack", style.value), ("defend", {}))


# --- steps 1-3 and 5-6: using a card or power -------------------------------------------------


# --- phase (e) Defender Defends ---------------------------------------------------------------
@handler("defend")
def defend(game: ScoreGame, args: JsonDict) -> None:
    """Step 5: a card from the hand, the Main Personality's power or a Non-Combat card in
    play that stops the attack, or nothing. A player who made a Final Physical Attack
    cannot defend (p. 28)."""
    attack = game.state.attack
    if attack is None:
        return
    if not args.get("control_done") and not args.get("window_done"):
        game.then(window(game), ("defend", {"window_done": True}))  # p. 51, after step 3
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
    iid = personality_card(game, index, kind, value)
    source = {"play": "hand", "mp": "mp", "ally": "ally", "use": "non_combat"}[kind]
    # p. 52: the stopping card's secondary effects happen before it tries to stop
    game.then(("use_power", {"player": index, "card": iid, "source": source,
                             "empowered": False, "defending": True}),
              ("resolve_attack", {"stopped": really_stops(game.power(iid), attack)}))  # fmt: skip


# --- steps 8-15 -------------------------------------------------------------------------------


