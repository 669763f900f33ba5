"""The escape hatch: a card whose effect is a registered Python hook (DESIGN.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.panini.cards import Card
from engine.panini.scenario import run_scenario

SCENARIO = """
name: a hook swaps anger
source: DESIGN.md (hooks), no rulebook section
sandbox: false
card_files: [{cards}]
cards:
  - {{name: Anger Swap, type: event, text: "Exchange anger with your opponent.",
     action: {{effects: [{{do: hook, name: swap_anger}}]}}}}
players:
  p1: {{main_personality: Goku, mastery: Red Rules Mastery, anger: 1, hand: [Anger Swap],
        life_deck: [Plain Card]}}
  p2: {{main_personality: Vegeta, mastery: Red Rules Mastery, anger: 4,
        life_deck: [Plain Card]}}
start: {{step: combat_action}}
decisions:
  - p1: Play Anger Swap
expect:
  p1.anger: 4
  p2.anger: 1
  p1.discard_pile: [Anger Swap]
"""


def test_hook_effect_runs(tmp_path: Path) -> None:
    cards = Path(__file__).parent / "cards" / "rules.yaml"
    path = tmp_path / "hook.yaml"
    path.write_text(SCENARIO.format(cards=cards))
    result = run_scenario(path)
    assert result.ok, result.failures


def test_unknown_hook_is_rejected_when_the_card_loads() -> None:
    with pytest.raises(ValueError, match="unknown hook 'no-such-hook'"):
        Card.model_validate(
            {"name": "Bad", "type": "event", "text": "x",
             "action": {"effects": [{"do": "hook", "name": "no-such-hook"}]}}
        )
