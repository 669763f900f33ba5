"""Sentences that forbid something for a while or for good compile to a floating effect or
a constant modifier (engine.panini.cardtext.restrictions; docs/rulings.md 120)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.panini.cards import CardType, load_card_file
from engine.panini.cardtext import compile_text, reproduces

EV, DRILL = CardType.EVENT, CardType.DRILL


def _floating(mod: str, who: str | None = None, lasts: str | None = None) -> dict[str, Any]:
    modifier: dict[str, Any] = {"mod": mod}
    if who:
        modifier["who"] = who
    effect: dict[str, Any] = {"do": "until_end_of_turn", "modifier": modifier}
    if lasts:
        effect["lasts"] = lasts
    return {"action": {"effects": [effect]}}


FLOATING = {
    "Endurance cannot be used this combat.": _floating("no_endurance", "both"),
    "Endurance cannot be used this turn.": _floating("no_endurance", "both"),
    "Your opponent cannot use Endurance for the remainder of combat.":
        _floating("no_endurance", "opponent"),
    "Setups cannot be used this turn.": _floating("no_setups", "both"),
    "Players cannot use Setups this combat.": _floating("no_setups", "both"),
    "Your opponent cannot gain stages this combat.": _floating("no_gain_stages", "opponent"),
    "Your opponent can't use critical damage effects this combat.":
        _floating("no_critical", "opponent"),
    "Until the end of your next turn, your opponent cannot use Endurance.":
        _floating("no_endurance", "opponent", lasts="next_turn"),
}  # fmt: skip

CONSTANT = {
    "CONSTANT: Endurance cannot be used.": [{"mod": "no_endurance", "who": "both"}],
    "[CONSTANT]: Your opponent cannot use Endurance.": [
        {"mod": "no_endurance", "who": "opponent"}],
    "Constant: Players cannot use Setups.": [{"mod": "no_setups", "who": "both"}],
    "[CONSTANT]: You cannot win by MPPV.": [{"mod": "no_mppv"}],
}  # fmt: skip


@pytest.mark.parametrize("text", list(FLOATING))
def test_a_restriction_with_a_duration_floats(text: str) -> None:
    found = compile_text(text, EV)
    assert found.status == "automated", found
    assert {k: v for k, v in found.fields.items() if k != "automation"} == FLOATING[text]


@pytest.mark.parametrize("text", list(CONSTANT))
def test_a_restriction_under_constant_holds_while_in_play(text: str) -> None:
    found = compile_text(text, DRILL)
    assert found.status == "automated", found
    assert found.fields["constant"] == CONSTANT[text]


@pytest.mark.parametrize(
    "text",
    [
        "Endurance cannot be used.",  # no duration and no CONSTANT: how long?
        # ("... Endurance on your Styled attacks this combat." is read: test_restr.py)
        # ("Setups and Drills cannot be used this combat." is read: tests/cardtext/test_restr.py)
        "Your opponent cannot gain stages until the start of your next turn.",
        "Endurance cannot be used this combat by your opponent.",
        "Your opponent cannot use Endurance this combat this turn.",
        # a victory restriction for a while: tests/cardtext/test_gating.py, test_allies.py
        "You cannot win by MPPV until the end of your opponent's next turn.",
    ],
)
def test_near_misses_stay_for_players(text: str) -> None:
    assert compile_text(text, EV).status == "manual"


def test_the_scenario_cards_are_what_their_text_compiles_to() -> None:
    for card in load_card_file(Path(__file__).parents[1] / "cards" / "restrictions.yaml"):
        assert reproduces(card), card.name
