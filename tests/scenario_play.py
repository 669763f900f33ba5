"""Playing a scenario file decision by decision in a test, to look at what each decision
told whom (events and their `private_to`), which scenario expectations cannot check."""

from __future__ import annotations

from pathlib import Path

from engine.panini.game import Game
from engine.panini.scenario import build_game, find_option, load_scenario, scenario_pool


def scenario_game(path: Path) -> Game:
    """The game a scenario file sets up, before its decisions."""
    spec = load_scenario(path)
    return build_game(spec, scenario_pool(spec, path))


def play(game: Game, *labels: str) -> list[tuple[str, int | None]]:
    """Make the pending decisions by their labels; the (text, private_to) of every event."""
    texts: list[tuple[str, int | None]] = []
    for label in labels:
        decision = game.pending
        assert decision is not None
        option = find_option(decision, label)
        assert option is not None, (label, [o.label for o in decision.options])
        outcome = game.apply(decision.player, option, decision.seq)
        assert outcome.ok, outcome.reason
        texts += [(event.text, event.private_to) for event in outcome.events]
    return texts


def game_with_hand(setup: str, hand: str, tmp_path: Path) -> Game:
    """The game of a scenario `setup` whose CARDS stands for tests/cards and HAND for
    `hand`, written under `tmp_path`."""
    path = tmp_path / "s.yaml"
    cards = Path(__file__).resolve().parent / "cards"
    path.write_text(setup.replace("CARDS", str(cards)).replace("HAND", hand), encoding="utf-8")
    return scenario_game(path)


def seen_by(events: list[tuple[str, int | None]], player: int | None) -> str:
    """The text of the events shown to `player` alone (None: to everyone)."""
    return " ".join(text for text, private in events if private == player)
