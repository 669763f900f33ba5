"""What a player (or a spectator) may see of a Prime Time game: the whole table is open,
hands are private ("A hand is only ever shown to its owner", docs/games.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame


def view(game: PrimeTimeGame, viewer: int | None) -> dict[str, Any]:
    state, pool = game.state, game.pool
    players = []
    for index, p in enumerate(state.players):
        seen: dict[str, Any] = {
            "seat": index, "name": p.name, "affiliation": p.affiliation, "side": p.side,
            "bk": p.bk, "wt": p.wt, "orders": p.orders, "passed": p.passed,
            "glory": list(p.glory), "deck_count": len(p.deck), "hand_count": len(p.hand),
            "discard": [pool.cards[c].name for c in p.discard],
            "in_play": [pool.cards[c].name for c in p.in_play],  # Persistent cards
            "leader": p.leader, "commands_used": list(p.commands),  # PT-48
            "command_lost": p.command_lost,
        }  # fmt: skip
        if index == viewer:
            seen["hand"] = [pool.cards[c].name for c in p.hand]
        players.append(seen)
    models = [{
        "uid": m.uid, "owner": m.owner, "name": game.name(m), "tier": game.tier(m).name,
        "hp": m.hp, "hp_max": game.tier(m).hp, "sk": m.sk, "status": m.status,
        "x": m.x, "y": m.y, "level": m.level, "base_mm": game.tier(m).base,
        "activations": m.activations, "dazes": m.dazes,
        "states": list(m.states) + (["majin brand" if m.brand else "majin"]
                                    if m.majin is not None else [])
        + (["grabbed"] if state.held(m.uid) else []),
    } for m in state.models]  # fmt: skip
    # Saibamen tokens (engine.primetime.saibamen): not models, but on the table
    tokens = [{"id": t.id, "owner": t.owner, "x": t.x, "y": t.y, "grabbing": t.grabbing}
              for t in state.tokens]  # fmt: skip
    missions = [pool.missions[m] for m in state.missions]
    decision = state.pending
    return {
        "ruleset": state.ruleset, "round": state.round, "phase": state.phase,
        "first": state.first, "turn": state.turn, "sudden_death": state.sudden_death,
        "winner": state.winner, "win_reason": state.win_reason, "seq": state.seq,
        "location": None if state.location is None else pool.locations[state.location].name,
        # each deployment zone's depth from its short edge (the map draws the zones)
        "deployment": None if state.location is None
        else pool.locations[state.location].deployment,
        "condition": None if state.condition is None
        else pool.conditions[state.condition].name,
        "missions": [{"name": m.name, "stage": m.stage, "objectives": [list(o) for o in
                      m.objectives], "zoc": m.zoc, "glory": m.glory} for m in missions],
        "terrain": [t.model_dump() for t in state.terrain],
        "round_winners": list(state.round_winners),
        "players": players, "models": models, "tokens": tokens,
        "active": None if state.active is None else state.active.model,
        "waiting": None if decision is None else {
            "player": decision.player, "kind": decision.kind},
        "decision": None if decision is None or decision.player != viewer else {
            "seq": decision.seq, "prompt": decision.prompt,
            "options": [[o.id, o.label] for o in decision.options]},
    }  # fmt: skip
