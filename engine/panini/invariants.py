"""Invariants that hold after every decision of every game (DESIGN.md "Habits"). The
fuzz tests and `scouter simulate` check them; a violation is an engine bug."""

from __future__ import annotations

from engine.panini import modifiers
from engine.panini.game import MAIN_PERSONALITY, Game
from engine.panini.state import GameState


def card_locations(state: GameState) -> list[int]:
    """Every card instance found in some zone (duplicates show a card in two places)."""
    found: list[int] = []
    for player in state.players:
        found += player.mp
        found.append(player.mastery)
        found += player.life + player.hand + player.discard + player.banished
        found += player.setups + player.drills + player.dragon_balls
        found += player.held_discards + player.resolving
        found += [ally.iid for ally in player.allies]
        found += [attached.iid for attached in player.attached]
        found += [staying.iid for staying in player.staying]
    return found


def violations(game: Game, check_json: bool = True) -> list[str]:
    state = game.state
    problems: list[str] = []
    found = sorted(card_locations(state))
    if found != list(range(len(state.cards))):
        missing = set(range(len(state.cards))) - set(found)
        doubled = {iid for iid in found if found.count(iid) > 1}
        problems.append(
            f"cards not conserved: missing {sorted(missing)}, doubled {sorted(doubled)}"
        )
    for index, player in enumerate(state.players):
        top = len(game.card(player.mp_card).power_stages) - 1
        if not 0 <= player.stage <= top:
            problems.append(f"player {index} MP stage {player.stage} out of 0..{top}")
        if not 1 <= player.level <= 4:
            problems.append(f"player {index} level {player.level} out of 1..4")
        # effects may change the anger that advances a level (engine.panini.modifiers)
        most = max(game.rules.anger_to_level, modifiers.anger_to_level(game, index))
        if not 0 <= player.anger <= most:
            problems.append(f"player {index} anger {player.anger} out of bounds")
        if state.winner is None and player.anger >= most and player.level < 4:
            problems.append(f"player {index} holds {player.anger} anger below Level 4")
        for ally in player.allies:
            ally_top = len(game.card(ally.iid).power_stages) - 1
            if not 0 <= ally.stage <= ally_top:
                problems.append(f"player {index} ally {ally.iid} stage {ally.stage} out of bounds")
        allies = {ally.iid for ally in player.allies}
        for attached in player.attached:
            if attached.host != MAIN_PERSONALITY and attached.host not in allies:
                problems.append(f"player {index} card {attached.iid} attached to no personality")
        for iid in [*player.mp, player.mastery]:
            if state.owners[iid] != index:
                problems.append(f"player {index} holds another player's personality/mastery")
        if state.winner is None and not player.life:
            problems.append(f"player {index} has an empty Life Deck but nobody won")
    if (state.pending is None) == (state.winner is None):
        problems.append("there must be exactly one pending decision or a winner")
    if state.pending is not None and state.pending.seq != state.seq:
        problems.append("the pending decision's number is not the state's")
    if check_json:
        text = state.to_json()
        if GameState.from_json(text).to_json() != text:
            problems.append("the state does not survive a JSON round trip")
    return problems
