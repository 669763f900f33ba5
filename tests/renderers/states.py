"""Fixed game states for the image tests, built deterministically (seeded setup, scenario
specs in the docs/scenarios.md format, scripted decisions), with the public event texts
that led there."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core.events import Event
from engine.panini.ai import GreedyPlayer
from engine.panini.cards import load_pool
from engine.panini.decklist import Deck, build_deck, parse_deck_list
from engine.panini.game import Game
from engine.panini.scenario import SEATS, ScenarioFile, build_game, find_option, scenario_pool

HERE = Path(__file__).resolve().parent
DECKS = HERE.parent.parent / "data" / "decks"


@dataclass(frozen=True)
class Snapshot:
    game: Game
    events: tuple[str, ...]  # public event texts, oldest first


def _public(events: list[Event] | tuple[Event, ...]) -> list[str]:
    return [event.text for event in events if event.public]


def starter_deck(name: str) -> Deck:
    pool = load_pool()
    text = (DECKS / f"{name}.txt").read_text(encoding="utf-8")
    return build_deck(parse_deck_list(text, pool, name=name), pool)


def start_of_game(seed: int = 7) -> Snapshot:
    game = Game.new([starter_deck("goku-saiyan"), starter_deck("frieza-black")], seed=seed)
    return Snapshot(game, tuple(_public(game.events)))


def mid_game(decisions: int = 60, seed: int = 3) -> Snapshot:
    """Two greedy AIs, `decisions` decisions into a seeded game of two starter decks."""
    game = Game.new([starter_deck("goku-saiyan"), starter_deck("vegeta-red")], seed=seed)
    events = _public(game.events)
    player = GreedyPlayer()
    for _ in range(decisions):
        pending = game.pending
        if pending is None:
            break
        outcome = game.apply(pending.player, player.choose(game, pending), pending.seq)
        assert outcome.ok, outcome.reason
        events += _public(outcome.events)
    return Snapshot(game, tuple(events))


def scenario(spec: dict[str, Any], decisions: list[tuple[str, str]]) -> Snapshot:
    """Build `spec` (a scenario in the docs/scenarios.md format) and make `decisions`,
    each (seat "p1"/"p2", option label)."""
    parsed = ScenarioFile.model_validate({"source": "tests/renderers", **spec})
    game = build_game(parsed, scenario_pool(parsed, HERE / "states.py"))
    events = _public(game.events)
    for seat, label in decisions:
        pending = game.pending
        assert pending is not None and pending.player == SEATS[seat], (seat, label, pending)
        option = find_option(pending, label)
        assert option is not None, (label, [o.label for o in pending.options])
        outcome = game.apply(pending.player, option, pending.seq)
        assert outcome.ok, outcome.reason
        events += _public(outcome.events)
    return Snapshot(game, tuple(events))


FILLER = ["Wild Haymaker", "Driving Elbow Smash", "Focused Ki Shot", "Spinning Heel Drop"] * 4

GOKU_TABLE: dict[str, Any] = {
    "main_personality": "Goku",
    "level": 2,
    "stage": 6,
    "anger": 2,
    "mastery": "Saiyan Warpath Mastery",
    "life_deck": FILLER,
    "hand": ["Saiyan Hard Head Block", "Crossed-Arm Guard", "Hero's Resolve"],
    "discard_pile": ["Saiyan Hammer Kick", "Saiyan Tail Whip Sweep"],
    "banished": ["Saiyan Frenzy Volley"],
    "allies": [{"name": "Krillin, Steadfast Friend", "stage": 4}],
    "setups": ["Training Journal"],
    "drills": ["Saiyan Bloodlust Drill", "Turtle Hermit Homework"],
    "dragon_balls": ["Earth One-Star Dragon Ball",
                     {"name": "Earth Four-Star Dragon Ball", "owner": "p2"}],
    "attached": [{"name": "Crushing Gravity Seal", "owner": "p2"}],
}

FRIEZA_TABLE: dict[str, Any] = {
    "main_personality": "Frieza",
    "level": 3,
    "stage": 4,
    "anger": 4,
    "mastery": "Black Puppeteer Mastery",
    "life_deck": FILLER[:11],
    "hand": ["Relentless Meteor Charge", "Black Venom Lance"],
    "discard_pile": ["Black Mind Fog Blast", "Frieza's Cold Command", "Cruel Laughter"],
    "allies": ["Zarbon, Vain Enforcer", {"name": "Dodoria, Spiked Brute", "stage": 2}],
    "setups": ["Black Snare Trap"],
    "drills": ["Black Tyrant's Decree", "Galactic Conquest Plans"],
    "dragon_balls": ["Earth Two-Star Dragon Ball", "Earth Three-Star Dragon Ball"],
}


def mid_combat() -> Snapshot:
    """Frieza's unstoppable attack on Goku, waiting for Goku's defense; full tables."""
    spec = {
        "name": "renderers: mid-combat",
        "players": {"p1": GOKU_TABLE, "p2": FRIEZA_TABLE},
        "start": {"turn": 5, "active": "p2", "step": "combat_action"},
    }
    return scenario(spec, [("p2", "Attack with Relentless Meteor Charge")])


def captured_dragon_ball() -> Snapshot:
    """Goku's 6-life-card beam is not defended: Critical Damage captures a Dragon Ball."""
    goku = {**GOKU_TABLE, "stage": 8, "hand": ["Goku's Ocean-Splitting Wave"], "attached": []}
    frieza = {**FRIEZA_TABLE, "hand": [], "life_deck": FILLER}
    spec = {
        "name": "renderers: captured Dragon Ball",
        "players": {"p1": goku, "p2": frieza},
        "start": {"turn": 3, "active": "p1", "step": "combat_action"},
    }
    return scenario(spec, [
        ("p1", "Attack with Goku's Ocean-Splitting Wave"),
        ("p2", "Do not defend"),
        ("p1", "Capture Earth Two-Star Dragon Ball"),
        ("p1", "Do not use them"),
    ])


def finished() -> Snapshot:
    """Goku on Level 4 at anger 4 plays Hero's Resolve: Most Powerful Personality Victory."""
    goku = {**GOKU_TABLE, "level": 4, "anger": 4, "hand": ["Hero's Resolve"]}
    frieza = {**FRIEZA_TABLE, "drills": ["Galactic Conquest Plans"]}  # no MPPV blocker
    spec = {
        "name": "renderers: finished",
        "players": {"p1": goku, "p2": frieza},
        "start": {"turn": 9, "active": "p1", "step": "combat_action"},
    }
    return scenario(spec, [("p1", "Play Hero's Resolve")])
