"""Who learns a hand: "Look at your opponent's hand." shows it to the looking player alone;
"Reveal your hand." shows it to both (2016: a hand is kept secret from the opponent)."""

from __future__ import annotations

from pathlib import Path

from engine.panini.game import Game
from engine.panini.scenario import find_option
from tests.scenario_play import play, scenario_game

SCENARIO = Path(__file__).parent / "scenarios" / "vocabulary-look-at-opponents-hand.yaml"


def game() -> Game:
    return scenario_game(SCENARIO)


def test_looking_at_the_opponents_hand_is_private_to_the_looker() -> None:
    current = game()
    before = len(current.events)
    play(current, "Play Prying Eyes")
    shown = [e for e in current.events[before:] if "Sparring Filler C" in e.text]
    assert shown and all(e.private_to == 0 for e in shown)


def test_revealing_your_hand_is_public() -> None:
    current = game()
    before = len(current.events)
    play(current, "Play Open Palm")
    shown = [e for e in current.events[before:] if "Prying Eyes" in e.text]
    assert shown and all(e.private_to is None for e in shown)


def test_declining_an_events_timed_power_names_it_to_its_player_alone() -> None:
    """An Event of the hand offered after damage and declined: the opponent learns neither
    its name nor, from the question, whether one is held (docs/rulings.md 81)."""
    path = Path(__file__).parent / "scenarios" / "triggers-event-in-hand-after-taking-damage.yaml"
    current = scenario_game(path)
    play(current, "Attack with Trigger Heavy Blast")
    play(current, "Do not defend")
    pending = current.pending
    assert pending is not None and pending.kind == "timed_power"
    option = find_option(pending, "Do not use it")
    assert option is not None
    outcome = current.apply(pending.player, option, pending.seq)
    named = [e for e in outcome.events if "Trigger Second Wind" in e.text]
    assert named and all(e.private_to == 0 for e in named)


def test_the_option_to_use_an_event_of_the_hand_stays_off_the_public_board() -> None:
    """The board's public buttons leave out options naming hidden cards
    (engine.panini.view.private_option_ids): "Use <Event>'s Power" names a card of the hand."""
    from engine.panini.view import private_option_ids

    path = Path(__file__).parent / "scenarios" / "triggers-event-in-hand-after-taking-damage.yaml"
    current = scenario_game(path)
    play(current, "Attack with Trigger Heavy Blast")
    play(current, "Do not defend")
    pending = current.pending
    assert pending is not None and pending.kind == "timed_power"
    use = next(o for o in pending.options if o.label.startswith("Use "))
    assert private_option_ids(current) == {use.id}
