"""Skipped Actions, the next attack's damage that cannot be prevented, anger that cannot
change (engine.panini.cardtext.next_time; docs/rulings.md 130-131)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.panini.cards import CardType, load_card_file
from engine.panini.cardtext import compile_text, reproduces

EV = CardType.EVENT


def _floating(modifier: dict[str, Any], lasts: str | None = None) -> dict[str, Any]:
    effect: dict[str, Any] = {"do": "until_end_of_turn", "modifier": modifier}
    if lasts:
        effect["lasts"] = lasts
    return {"action": {"effects": [effect]}}


READ = {
    "Skip your next action this combat.": _floating({"mod": "skip_action"}, "next_action"),
    "POWER: Skip your next 2 actions this combat.":
        _floating({"mod": "skip_action", "amount": 2}, "next_action"),
    "Your opponent passes for his next two actions this combat.":
        _floating({"mod": "skip_action", "who": "opponent", "amount": 2}, "next_action"),
    "Your opponent passes for his or her next action this turn.":
        _floating({"mod": "skip_action", "who": "opponent"}, "next_action"),
    "Your opponent skips his first action this combat.":
        _floating({"mod": "skip_action", "who": "opponent", "first_each_combat": True},
                  "next_action"),
    "Your opponent skips their next 3 actions.":
        _floating({"mod": "skip_action", "who": "opponent", "amount": 3}, "next_action"),
    "The next non-Styled attack you perform this combat cannot have its damage prevented.":
        _floating({"mod": "unpreventable", "styled": False}, "next_attack"),
    "Your next Styled energy attack this combat cannot have its damage prevented.":
        _floating({"mod": "unpreventable", "attacks": "energy", "styled": True}, "next_attack"),
    "Damage from your next attack this combat cannot be prevented.":
        _floating({"mod": "unpreventable"}, "next_attack"),
    "Your anger cannot be raised or lowered this turn.": _floating({"mod": "no_anger_change"}),
    "Your anger cannot be lowered this combat.": _floating({"mod": "no_anger_lower"}),
    "Your opponent's anger cannot be raised this combat.":
        _floating({"mod": "no_anger", "who": "opponent"}),
    "The next attack you perform this combat can only be stopped by Physical Combat or "
    "Energy Combat cards.": _floating(
        {"mod": "stopped_only_by", "card_types": ["energy_combat", "physical_combat"]},
        "next_attack"),
    "Your next Styled physical attack this combat can only be stopped by a Physical Combat card.":
        _floating({"mod": "stopped_only_by", "card_types": ["physical_combat"],
                   "attacks": "physical", "styled": True}, "next_attack"),
    "Your opponent's energy attacks can only be stopped by Energy Combat cards this combat.":
        _floating({"mod": "stopped_only_by", "card_types": ["energy_combat"],
                   "attacks": "energy", "who": "opponent"}),
    "Your anger cannot be lowered by critical damage effects this turn.":
        _floating({"mod": "no_anger_lower_critical"}),
    "For the remainder of combat, life card damage from attacks is banished.":
        _floating({"mod": "damage_banished", "who": "both"}),
    "Damage from your opponent's physical attacks is banished this combat.":
        _floating({"mod": "damage_banished", "who": "opponent", "attacks": "physical"}),
    "POWER: Play with your hand revealed this turn.": _floating({"mod": "hand_revealed"}),
    "Your Drills are not discarded when changing levels this combat.":
        _floating({"mod": "drills_kept"}),
    "Allies you control cannot perform attacks this combat.":
        _floating({"mod": "no_ally_attacks"}),
    "Your next attack this combat is considered to be Styled.":
        _floating({"mod": "styled_attacks"}, "next_attack"),
    "The next energy attack you perform this combat is considered Styled.":
        _floating({"mod": "styled_attacks", "attacks": "energy"}, "next_attack"),
    "Allies cannot make attacks this turn.": _floating({"mod": "no_ally_attacks", "who": "both"}),
    "Your opponent's Drills are not discarded when his MP changes levels this turn.":
        _floating({"mod": "drills_kept", "who": "opponent"}),
    "Players can only attack or pass in their actions this combat.":
        _floating({"mod": "attacks_only", "who": "both"}),
    "Your opponent can only attack or pass in his or her next action this combat.":
        _floating({"mod": "attacks_only", "who": "opponent"}, "next_action"),
    "Your opponent plays with his hand revealed until the end of your next turn.":
        _floating({"mod": "hand_revealed", "who": "opponent"}, "next_turn"),
    "Your opponent's card effects cannot lower your anger for the remainder of combat.":
        _floating({"mod": "no_anger_lower_opponent"}),
}  # fmt: skip

CONSTANT = {
    "CONSTANT: Your physical attacks can only be stopped by Physical Combat cards.":
        [{"mod": "stopped_only_by", "card_types": ["physical_combat"], "attacks": "physical"}],
    "[CONSTANT]: All attacks can only be stopped by Event cards.":
        [{"mod": "stopped_only_by", "card_types": ["event"], "who": "both"}],
    "[CONSTANT]: Your opponent's effects cannot lower your anger.":
        [{"mod": "no_anger_lower_opponent"}],
    "CONSTANT: Your anger cannot be lowered by your opponent's effects.":
        [{"mod": "no_anger_lower_opponent"}],
    "CONSTANT: Your anger cannot be lowered by critical damage effects.":
        [{"mod": "no_anger_lower_critical"}],
    "[CONSTANT]: The first Styled physical attack you perform each combat cannot be stopped.":
        [{"mod": "unstoppable", "attacks": "physical", "styled": True,
          "first_each_combat": True}],
    "CONSTANT: Players play with their hand revealed.": [{"mod": "hand_revealed", "who": "both"}],
    "[CONSTANT]: Your Drills are not discarded when you advance or lower a personality level.":
        [{"mod": "drills_kept"}],
    "CONSTANT: Damage from your Styled attacks is banished.":
        [{"mod": "damage_banished", "styled": True}],
    "CONSTANT: Your first non-Styled attack each combat cannot have its damage prevented.":
        [{"mod": "unpreventable", "styled": False, "first_each_combat": True}],
}  # fmt: skip

UNREAD = [
    # "first" needs "this combat" (which combat's first Action is meant otherwise)
    "Your opponent skips his first action.",
    "Your opponent skips his first 2 actions this combat.",
    "Skip your next 0 actions this combat.",
    # whose next attack said twice, or no "this combat": a later turn's attack could be meant
    "Your next attack you perform this combat cannot have its damage prevented.",
    "Your next attack cannot have its damage prevented.",
    # "damage from" and "its damage" must agree
    "Your next attack this combat cannot be prevented.",
    "Damage from your next attack this combat cannot have its damage prevented.",
    # (successful, the attack that hits: tests/cardtext/test_next_attack.py, ruling 161)
    # a cause is not read
    "Your anger cannot be lowered.",
    # no duration outside CONSTANT:; whose anger else than yours; "card effects": any
    "Your opponent's effects cannot lower your anger.",
    "Your opponent's effects cannot lower your MP's anger this combat.",
    "Your anger cannot be lowered by card effects for the remainder of combat.",
    "Your Opponent cannot lower your anger with POWER: cards this combat.",
    # "first" with no "each combat", or whose said twice ("first copied": test_copies.py)
    "CONSTANT: Your first attack cannot be stopped.",
    "CONSTANT: Your first attack you perform each combat cannot be stopped.",
    # how long said twice; "stage damage" is not banished (only cards are)
    "For the remainder of combat, damage from your attacks is banished this combat.",
    "For the remainder of combat, stage damage from your attacks is banished.",
    # whose hand must agree with who plays; no duration outside CONSTANT:
    "Your opponent plays with your hand revealed this turn.",
    "Play with your hand revealed.",
    "You can only attack or pass in his actions this turn.",
    "Players can only attack or pass in their actions.",
    # whose Drills and whose levels must agree; no duration outside CONSTANT:; only advancing
    "Your Drills are not discarded when your opponent changes levels this combat.",
    "Your Drills are not discarded when changing levels.",
    "Your Drills are not discarded when you advance a level this combat.",
    # a kind of attack, or no duration
    "Your opponent's Allies cannot perform energy attacks this combat.",
    "Allies you control cannot perform attacks.",
    "Your next attack is considered to be Styled.",
    "Your next Styled attack this combat is considered to be Styled.",
    "Your opponent can only attack in his next action this combat.",
    # who stops is not a card type; no duration outside CONSTANT:; whose attacks not said
    # (cards "played from the hand": tests/cardtext/test_next_attack.py, ruling 163)
    "Attacks can only be stopped by cards played from the discard pile this combat.",
    "Your physical attacks can only be stopped by Physical Combat cards.",
    "Physical attacks can only be stopped by Physical Combat cards this combat.",
    "Your next attack can only be stopped by Physical Combat cards.",
    "Your physical attacks can only be stopped by Physical Combat and Energy Combat cards "
    "this combat.",
]


@pytest.mark.parametrize("text", list(READ))
def test_read(text: str) -> None:
    found = compile_text(text, EV)
    assert found.status == "automated", found
    assert {k: v for k, v in found.fields.items() if k != "automation"} == READ[text]


@pytest.mark.parametrize("text", UNREAD)
def test_near_misses_stay_unread(text: str) -> None:
    for card_type in (EV, CardType.DRILL):
        assert compile_text(text, card_type).status != "automated"


@pytest.mark.parametrize("text", list(CONSTANT))
def test_constant(text: str) -> None:
    found = compile_text(text, CardType.DRILL)
    assert found.status == "automated", found
    assert found.fields["constant"] == CONSTANT[text]


def test_scenario_cards_are_what_the_compiler_makes() -> None:
    for card in load_card_file(Path(__file__).parents[1] / "cards" / "next_time.yaml"):
        assert reproduces(card), card.name
