"""A round's frame ("ROUND STRUCTURE & PHASE SEQUENCE"): the Power Phase, the turns of the
Activation Phase, the Cleanup Phase with its Glory, and victory after four rounds
("VICTORY & SCORING")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import JsonDict, Option
from engine.primetime import (
    affiliation,
    command,
    fusion,
    held,
    lasting,
    overload,
    play,
    wish,
)
from engine.primetime.cards import draw_to_limit
from engine.primetime.geometry import in_zoc
from engine.primetime.handlers import HANDLERS
from engine.primetime.state import GloryScored

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState


def fighting(game: PrimeTimeGame, player: int) -> list[ModelState]:
    """A player's models on the table and not Dazed."""
    return [m for m in game.state.models if m.owner == player and m.status == "active"]


@HANDLERS.register("round_start")
def power_phase(game: PrimeTimeGame, args: JsonDict) -> None:
    state = game.state
    state.round += 1
    state.phase = "power"
    if state.round > 1:  # "Initiative alternates each round"
        assert state.first is not None
        state.first = 1 - state.first
    command.new_round(game)  # "once/round" (PT-48)
    for m in state.models:
        m.activations = m.rage = 0
        m.devoted = m.supported = False
    counts = [len(fighting(game, p)) for p in (0, 1)]
    for p, player in enumerate(state.players):
        player.passed = False
        player.joints.clear()  # Joint Attacks: once a round (PT-58)
        # "Generate Order Pool": each non-Dazed model, +1 to the player with fewer
        player.orders = counts[p] + (counts[p] < counts[1 - p])
        affiliation.grant_stats(game, p)  # Layer 1's stat bonuses (PT-59)
        # "Exhausted | 0 BK Gen this round": no "+1/model" for it (PT-51)
        tired = sum(fusion.EXHAUSTED in m.states for m in fighting(game, p))
        gained = generated_bk(game, p, counts[p] - tired)
        player.bk = min(game.rules.bk_cap, player.bk + gained)
        game.emit("bk", f"{game.who(p)} generates {gained} BK ({player.bk} in the pool); "
                  f"{player.orders} orders.")  # fmt: skip
        draw_to_limit(game, p)
    title = " (Sudden Death)" if state.sudden_death else ""
    game.emit("round", f"Round {state.round}{title}: {game.who(state.first or 0)} activates "
              "first.")  # fmt: skip
    first = state.first or 0
    game.then(("fusion", {"player": first}), ("fusion", {"player": 1 - first}),
              ("ascension_phase", {}), ("sk_tax", {}), ("reform", {}),
              ("ascension", {"player": first, "done": []}),
              ("ascension", {"player": 1 - first, "done": []}),
              ("activation_phase", {}))  # fmt: skip


@HANDLERS.register("ascension_phase")
def ascension_phase(game: PrimeTimeGame, args: JsonDict) -> None:
    game.state.phase = "ascension"


@HANDLERS.register("activation_phase")
def activation_phase(game: PrimeTimeGame, args: JsonDict) -> None:
    game.state.phase = "activation"
    first = game.state.turn = game.state.first or 0
    # "At the start of each Activation Phase, before any player spends Order Pool
    # activations, resolve all Saibamen tokens" (the initiative's first, PT-56)
    game.then(("form_fusions", {}), ("saibamen", {"player": first}),
              ("saibamen", {"player": 1 - first}), ("next_activation", {}))


def generated_bk(game: PrimeTimeGame, player: int, models: int) -> int:
    """ "BK Generation (Flat Escalation Model)": flat by round, the Elite Bonus in round 1
    for 3-5 models, +1 per non-Dazed model (PT-11), +1 for Infinite Engine once per team,
    and the affiliation's Layer 1 BK (PT-47)."""
    rules = game.rules
    low, high = rules.elite_models
    elite = rules.elite_bonus if game.state.round == 1 and low <= models <= high else 0
    engine = any(game.character(m).keyword("Infinite Engine") for m in fighting(game, player))
    bonus = affiliation.bk_bonus(game, player)  # "+ affiliation bonuses" (PT-47)
    return rules.flat(game.state.round) + elite + models + int(engine) + bonus


def can_activate(game: PrimeTimeGame, m: ModelState) -> bool:
    """Not Dazed, fewer than two activations, and the Focus Tax payable for a second."""
    if m.status != "active" or m.activations >= 2 or not held.may_act(m):
        return False  # a Confection "cannot act" (PT-52)
    return m.activations == 0 or game.state.players[m.owner].bk >= game.rules.focus_tax


@HANDLERS.register("next_activation")
def next_activation(game: PrimeTimeGame, args: JsonDict) -> None:
    """Players alternate; a player who passes, or has no order or model left to use, is
    done for the phase; it ends when both are."""
    state = game.state

    def ready(p: int) -> list[ModelState]:
        player = state.players[p]
        if player.passed or player.orders <= 0:
            return []
        return [m for m in state.models if m.owner == p and can_activate(game, m)]

    player = state.turn
    models = ready(player)
    if not models:
        state.players[player].passed = True
        player = 1 - player
        models = ready(player)
    if not models:
        state.players[player].passed = True
        game.then(("cleanup", {}))
        return
    state.turn = player
    options = [Option(f"model:{m.uid}", game.name(m) + (
        f" (second activation: Focus Tax {game.rules.focus_tax} BK)" if m.activations else ""))
        for m in models]  # fmt: skip
    options += wish.reentry_options(game, player)  # "Between activations"
    options += wish.extra_option(game, player, args.get("spent") != player)
    options.append(Option("pass", "pass (forfeit your remaining activations)"))
    game.ask(player, "activate", f"Round {state.round}: activate a model "
             f"({state.players[player].orders} orders left) or pass.", options,
             "activation_chosen", player=player)  # fmt: skip


@HANDLERS.register("cleanup")
def cleanup(game: PrimeTimeGame, args: JsonDict) -> None:
    state = game.state
    state.phase = "cleanup"
    overload.overload(game)  # "Applied at the start of the next Cleanup Phase"
    if not state.sudden_death:
        score_objectives(game)
    game.then(("hand_limit", {"player": 0}), ("hand_limit", {"player": 1}),
              ("end_of_round", {}))


def score_objectives(game: PrimeTimeGame) -> None:
    """ "Objective Control & ZOC": the highest total OC of non-Dazed, Ground-level models
    within ZOC controls an objective; a tie controls nothing. Each controlled objective
    scores the mission's Glory."""
    state = game.state
    mission = game.pool.missions[state.missions[game.rules.stage(state.round)]]
    scored = [0, 0]
    for index, objective in enumerate(mission.objectives, start=1):
        oc = [0, 0]
        for m in state.models:
            if m.status == "active" and m.level == 0 and in_zoc(game.base(m), objective,
                                                                 mission.zoc):  # fmt: skip
                oc[m.owner] += game.tier(m).oc * held.oc_factor(m)  # Showboating
        if oc[0] == oc[1]:
            continue
        holder = 0 if oc[0] > oc[1] else 1
        scored[holder] += mission.glory
        state.glory_log.append(GloryScored(round=state.round, player=holder,
                                           amount=mission.glory,
                                           source=f"objective {index} of {mission.name}"))
        game.emit("objective", f"{game.who(holder)} controls objective {index} of "
                  f"{mission.name} (OC {oc[holder]} to {oc[1 - holder]}): "
                  f"+{mission.glory} Glory.")  # fmt: skip
    for p in (0, 1):
        state.players[p].glory.append(scored[p])
    winner = None if scored[0] == scored[1] else int(scored[1] > scored[0])
    state.round_winners.append(winner)
    who = "nobody (a draw)" if winner is None else game.who(winner)
    game.emit("round_won", f"Round {state.round}: {scored[0]} Glory to {scored[1]}, won by "
              f"{who}.")  # fmt: skip


@HANDLERS.register("hand_limit")
def hand_limit(game: PrimeTimeGame, args: JsonDict) -> None:
    """ "Enforce hand limit": discard cards of your choice down to the round's limit."""
    player = args["player"]
    hand = game.state.players[player].hand
    limit = game.rules.hand_limit(game.state.round)
    if len(hand) <= limit:
        return
    game.then(("hand_limit", {"player": player}))
    game.ask(player, "discard", f"Discard down to {limit} cards.",
             [Option(f"card:{i}", game.pool.cards[c].name) for i, c in enumerate(hand)],
             "discarded", player=player)  # fmt: skip


@HANDLERS.register("discarded")
def discarded(game: PrimeTimeGame, args: JsonDict) -> None:
    player = game.state.players[args["player"]]
    card = player.hand.pop(int(args["choice"].split(":")[1]))
    player.discard.append(card)
    game.emit("discard", f"{game.who(args['player'])} discards {game.pool.cards[card].name}.")


@HANDLERS.register("end_of_round")
def end_of_round(game: PrimeTimeGame, args: JsonDict) -> None:
    """Regeneration (+1 HP), then Dazed models return at half their starting HP; after
    the last round, the victory."""
    play.discard_in_play(game)  # "discard Persistent cards"
    for m in game.state.models:
        lasting.cleanup(game, m)
        if m.status == "active" and regenerates(game, m):
            m.hp = min(game.tier(m).hp, m.hp + 1)
        if m.status == "dazed":
            m.status, m.hp = "active", game.half_hp(m)
            game.emit("recover", f"{game.name(m)} returns at {m.hp} HP.")
    fusion.defusions(game)
    rules, state = game.rules, game.state
    if state.round == rules.rounds:
        decide(game)
    elif state.round == rules.rounds + rules.sudden_death_rounds:
        roll_off(game)
    if state.winner is None:
        game.then(("round_start", {}))


THRESHOLD_REGENERATION = "Threshold Regeneration"  # a passive's name (Cell's profile)


def regenerates(game: PrimeTimeGame, m: ModelState) -> bool:
    """ "Regeneration: Recover 1 HP during Cleanup Phase. Namekians only, Base Tier only.";
    Cell's Threshold Regeneration at any tier (PT-24)."""
    character = game.character(m)
    if character.keyword("Regeneration") and character.race == "Namekian" and m.tier == 0:
        return True
    return any(p.name == THRESHOLD_REGENERATION for p in character.passives)


def decide(game: PrimeTimeGame) -> None:
    """ "How to Win": 3+ rounds wins; otherwise more rounds won (PT-9); level: most total
    Glory; still level: Sudden Death."""
    state = game.state
    wins = [state.round_winners.count(p) for p in (0, 1)]
    glory = [sum(state.players[p].glory) for p in (0, 1)]
    if wins[0] != wins[1]:
        winner = int(wins[1] > wins[0])
        game.win(winner, f"{wins[winner]} rounds won to {wins[1 - winner]}")
    elif glory[0] != glory[1]:
        winner = int(glory[1] > glory[0])
        game.win(winner, f"rounds level, {glory[winner]} Glory to {glory[1 - winner]}")
    else:
        state.sudden_death = True
        game.emit("sudden_death", "Rounds and Glory are level: Sudden Death. The next Daze "
                  "or removal from play wins.")  # fmt: skip


def roll_off(game: PrimeTimeGame) -> None:
    """PT-10: Sudden Death that brings no Daze in its rounds ends in a D20 roll-off."""
    while True:
        rolls = (game.d20(), game.d20())
        game.emit("roll", f"Sudden Death roll-off: {rolls[0]} against {rolls[1]}.")
        if rolls[0] != rolls[1]:
            game.win(int(rolls[1] > rolls[0]), "the Sudden Death roll-off")
            return
