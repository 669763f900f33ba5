"""A recorded game as a scenario file (docs/scenarios.md), so a judge can reproduce a
ruling offline with `scouter scenario run`: the set-up after shuffling, every answer by
its label, and the state reached as the expectations."""

from __future__ import annotations

from typing import Any

import yaml

from engine.panini import opening
from engine.panini.cards import CardPool
from engine.panini.game import Game
from engine.panini.replay import PaniniRecord, apply_answer
from engine.panini.scenario import state_paths

SEATS = ("p1", "p2")


def export_scenario(record: PaniniRecord, name: str, pool: CardPool | None = None) -> str:
    """YAML for `record`. It stops at the first recorded answer a scenario cannot express
    (a concession or a judge's correction) and says so in its name."""
    setup = Game.new(record.decks, record.seed, record.ruleset, pool, start=False)
    state = setup.state
    players = {
        seat: {
            "main_personality": [setup.name(iid) for iid in player.mp],
            "mastery": setup.name(player.mastery),
            "life_deck": [setup.name(iid) for iid in reversed(player.life)],  # top first
        }
        for seat, player in zip(SEATS, state.players, strict=True)
    }
    # set-up choices printed on the cards come first (engine.panini.opening)
    step = "opening" if opening.has_choices(setup) else "draw"
    game = Game.new(record.decks, record.seed, record.ruleset, pool)
    decisions: list[dict[str, str]] = []
    stopped = ""
    for number, answer in enumerate(record.decisions, start=1):
        option = game.pending.option(answer.option) if game.pending is not None else None
        if option is None:
            stopped = f" (up to decision {number - 1}: decision {number} is not an option)"
            break
        # Two options share a label only for copies of one card: either copy plays alike.
        decisions.append({SEATS[answer.player]: option.label})
        apply_answer(game, answer)
    scenario: dict[str, Any] = {
        "name": name + stopped,
        "source": "exported by Scouter from a recorded match",
        "ruleset": record.ruleset,
        "seed": state.rng,  # the generator as it stood after the set-up shuffles
        "sandbox": True,
        "players": players,
        "start": {"turn": 1, "active": SEATS[state.first_player], "step": step},
        "decisions": decisions,
        "expect": dict(state_paths(game)),
    }
    return yaml.safe_dump(scenario, sort_keys=False, allow_unicode=True, width=100)

