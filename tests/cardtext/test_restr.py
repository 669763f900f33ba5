"""Restrictions that forbid or force a step of the game (engine.panini.cardtext.restrictions,
engine.panini.forbidden; docs/rulings.md 195-196): effects that end combat / Rejuvenate cannot be
used, Allies cannot have damage redirected to them, combat cannot / must be declared, your
Dragon Balls cannot be captured (a constant)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.panini.cards import CardType, load_card_file
from engine.panini.cardtext import compile_text, reproduces

EV, DRILL = CardType.EVENT, CardType.DRILL


def _floating(mod: str, who: str | None = None) -> list[dict[str, Any]]:
    modifier: dict[str, Any] = {"mod": mod}
    if who:
        modifier["who"] = who
    return [{"do": "until_end_of_turn", "modifier": modifier}]


FLOATING = {
    "Effects that end combat cannot be used this turn.": _floating("no_end_combat", "both"),
    "Card effects that end the combat cannot be used this combat.":
        _floating("no_end_combat", "both"),
    "Effects that Rejuvenate cards cannot be used this combat.":
        _floating("no_rejuvenate", "both"),
    "Effects that Rejuvinate cards cannot be used this combat.":  # spelling: rulings 118
        _floating("no_rejuvenate", "both"),
    "Allies cannot have damage redirected to them this combat.":
        _floating("no_redirect", "both"),
    "You cannot declare combat this turn.": _floating("no_declare"),
    "Your opponent must declare combat this turn.": _floating("must_declare", "opponent"),
    "Your opponent cannot use Endurance on your Styled attacks this combat.":
        [{"do": "until_end_of_turn",
          "modifier": {"mod": "no_endurance", "who": "opponent", "styled": True}}],
    "Your opponent cannot use effects to advance or lower 1 or more MP levels this turn.":
        _floating("no_level_change", "opponent"),
    "Players cannot use effects that would advance an MP 1 or more levels this combat.":
        _floating("no_level_advance", "both"),
    "Effects that lower a personality 1 or more levels cannot be used this turn.":
        _floating("no_level_lower", "both"),
    "Your Setups in play cannot be destroyed or banished this combat.":
        [{"do": "until_end_of_turn", "modifier": {"mod": "protected", "card_types": ["setup"]}}],
    "Your opponent cannot use Setups as his first action this combat.":
        _floating("no_setup_first", "opponent"),
    "Your opponent cannot use Endurance against your energy attacks this turn.":
        [{"do": "until_end_of_turn",
          "modifier": {"mod": "no_endurance", "who": "opponent", "attacks": "energy"}}],
}  # fmt: skip

CONSTANT = {
    "CONSTANT: Effects that end combat cannot be used.": [{"mod": "no_end_combat", "who": "both"}],
    "[CONSTANT]: Your Dragon Balls cannot be captured.": [{"mod": "no_capture"}],
    "CONSTANT: Your opponent must declare combat.": [{"mod": "must_declare", "who": "opponent"}],
    "Constant: Your other Allies cannot be destroyed or banished by your opponent's card "
    "effects.": [{"mod": "protected", "card_types": ["ally"], "by_opponent": True,
                  "other": True}],
    "CONSTANT: Your Dragon Balls cannot be destroyed or banished.":
        [{"mod": "protected", "card_types": ["dragon_ball"]}],
    "Constant: Players cannot use a Setup as their first action in combat.":
        [{"mod": "no_setup_first", "who": "both"}],
    "Constant: Players cannot use effects that would advance an MP 1 or more levels.":
        [{"mod": "no_level_advance", "who": "both"}],
}  # fmt: skip


@pytest.mark.parametrize("text", list(FLOATING))
def test_a_restriction_with_a_duration_floats(text: str) -> None:
    found = compile_text(text, EV)
    assert found.status == "automated", found
    assert found.fields["action"]["effects"] == FLOATING[text]


@pytest.mark.parametrize("text", list(CONSTANT))
def test_a_restriction_under_constant_holds_while_in_play(text: str) -> None:
    found = compile_text(text, DRILL)
    assert found.status == "automated", found
    assert found.fields["constant"] == CONSTANT[text]


@pytest.mark.parametrize(
    "text",
    [
        "Effects that end combat cannot be used.",  # no duration and no CONSTANT: how long?
        "Effects that end combat cannot be played this turn.",
        "Cards that end combat cannot be played nor used this turn.",
        "Effects that Rejuvenate your cards cannot be used this combat.",
        "Allies cannot have damage redirected to them by your opponent this combat.",
        "You cannot declare combat next turn.",
        "Your opponent must declare combat against you this turn.",
        "You cannot use Endurance on your Styled attacks this combat.",
        "Your opponent cannot use effects that lower your MP 1 or more levels this turn.",
        "Players cannot use effects that advance an MP 2 levels this combat.",
        "Players cannot use a Setup as their second action this combat.",
        "Your other Allies cannot be destroyed or banished this combat.",  # other than what?
        "Your Setups cannot be destroyed this combat.",
        "Your Setups cannot be destroyed or banished by critical damage this combat.",
        "Players cannot use a Setup as their first action unless they attacked this combat.",
        "Your opponent cannot use effects that advance or lower an Ally 1 or more levels "
        "this turn.",
        "Your opponent cannot use Endurance on his attacks this combat.",
        "Your opponent cannot use Endurance on your Styled attacks by Allies this combat.",
        "Your other Dragon Balls cannot be captured this combat.",
        "Dragon Balls attached to your MP cannot be captured this combat.",
    ],
)
def test_near_misses_stay_for_players(text: str) -> None:
    assert compile_text(text, EV).status == "manual", text


@pytest.mark.parametrize(
    "text",
    [
        "CONSTANT: Your other Dragon Balls cannot be captured.",  # not this one: unread
        "CONSTANT: Dragon Balls attached to your MP cannot be captured.",
        "CONSTANT: While you control 1 Dragon Ball, it cannot be captured.",
    ],
)
def test_other_capture_shields_stay_for_players(text: str) -> None:
    assert "constant" not in compile_text(text, DRILL).fields, text


def test_the_scenario_cards_are_what_their_text_compiles_to() -> None:
    for card in load_card_file(Path(__file__).parents[1] / "cards" / "restr.yaml"):
        assert reproduces(card), card.name


SILENCED = {
    "Dragon Balls lose all effects this combat.": ["dragon_ball"],
    "Dragon Balls lose all effects for the remainder of combat.": ["dragon_ball"],
    "Drills and Allies lose all effects until the end of combat.": ["drill", "ally"],
    "Setups, Drills, and Allies lose all effects this combat.": ["setup", "drill", "ally"],
    "For the remainder of combat, Allies lose all of their effects.": ["ally"],
    "Setups and Drills cannot be used this combat.": ["setup", "drill"],
    "Drills cannot be used this turn.": ["drill"],
}


@pytest.mark.parametrize("text", list(SILENCED))
def test_kinds_of_cards_lose_all_effects_for_a_while(text: str) -> None:
    found = compile_text(text, EV)
    assert found.status == "automated", found
    modifier = {"mod": "lose_effects", "card_types": SILENCED[text], "who": "both"}
    assert found.fields["action"]["effects"] == [
        {"do": "until_end_of_turn", "modifier": modifier}
    ]


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("[CONSTANT]:  Dragon Balls lose all effects.", ["dragon_ball"]),
        ("CONSTANT: Drills cannot be used.", ["drill"]),
    ],
)
def test_kinds_of_cards_lose_all_effects_as_a_constant(text: str, kinds: list[str]) -> None:
    found = compile_text(text, CardType.ALLY)
    assert found.fields["constant"] == [{"mod": "lose_effects", "card_types": kinds, "who": "both"}]
    # "Setups cannot be used." alone stays the Setup restriction (docs/rulings.md 120)
    setups = compile_text("CONSTANT: Setups cannot be used.", CardType.ALLY)
    assert setups.fields["constant"] == [{"mod": "no_setups", "who": "both"}]


@pytest.mark.parametrize(
    "text",
    [
        "Dragon Balls lose all effects.",  # no duration outside CONSTANT:
        "Allies with CONSTANT powers lose all effects this turn.",
        "Those cards lose all effects until the end of combat.",
        "Cards with that name lose all effects.",
        "Your Drills lose all effects this combat.",
        "For the remainder of combat, Drills lose all effects this turn.",
        "Drills and Drills lose all effects this combat.",
        "Allies lose all effects at the end of combat.",
        "Setups and Drills cannot be used.",  # no duration outside CONSTANT:
        "Allies and Drills cannot be used this combat.",
        "Your Drills cannot be used this combat.",
    ],
)
def test_other_losses_of_effects_stay_for_players(text: str) -> None:
    assert compile_text(text, EV).status == "manual", text


WISHES = {
    "You may use the immediate effects of a Dragon Ball in play.":
        {"do": "use_dragon_ball", "may": True},
    "You may use the immediate effect of a Dragon Ball in play.":
        {"do": "use_dragon_ball", "may": True},
    "Use the immediate effects of a Dragon Ball you control.":
        {"do": "use_dragon_ball", "whose": "self"},
    "Use the immediate effects of one Dragon Ball your opponent controls.":
        {"do": "use_dragon_ball", "whose": "opponent"},
}  # fmt: skip


@pytest.mark.parametrize("text", list(WISHES))
def test_using_the_immediate_effects_of_a_dragon_ball(text: str) -> None:
    found = compile_text("POWER: " + text, EV)
    assert found.status == "automated", found
    assert found.fields["action"]["effects"] == [WISHES[text]]


def test_using_a_dragon_ball_on_a_hit() -> None:
    text = (
        "Energy attack. DAMAGE: 3 life cards. "
        "HIT : You may use the immediate effects of a Dragon Ball in play."
    )
    found = compile_text(text, CardType.ENERGY_COMBAT)
    assert found.status == "automated", found
    assert found.fields["attack"]["hit"] == [{"do": "use_dragon_ball", "may": True}]


@pytest.mark.parametrize(
    "text",
    [
        "POWER: Use that Dragon Ball's immediate effects.",
        "POWER: Use the immediate effects of a Dragon Ball in your hand.",
        "POWER: Use the immediate effects of a Dragon Ball in play and then return it to "
        "its owner's hand.",
        "POWER: Your opponent may use the immediate effects of a Dragon Ball in play.",
        "POWER: Use the effects of a Dragon Ball in play.",
    ],
)
def test_other_uses_of_dragon_balls_stay_for_players(text: str) -> None:
    assert compile_text(text, EV).status == "manual", text


def test_two_rule_changes_share_one_duration() -> None:
    text = (
        "Your attacks deal +1 life card of damage and your opponent cannot use Endurance "
        "this combat."
    )
    found = compile_text(text, CardType.SETUP)
    assert found.status == "automated", found
    assert found.fields["action"]["effects"] == [
        {"do": "until_end_of_turn", "modifier": {"mod": "damage", "life": 1}},
        {
            "do": "until_end_of_turn",
            "modifier": {"mod": "no_endurance", "who": "opponent"},
            "if_you_do": True,
        },
    ]
    later = compile_text(
        "Your attacks deal +2 stages of damage and your opponent cannot play Events until "
        "the end of your next turn.",
        EV,
    ).fields["action"]["effects"]
    assert [effect.get("lasts") for effect in later] == ["next_turn", "next_turn"]


@pytest.mark.parametrize(
    "text",
    [
        "Your attacks deal +1 life card of damage and draw a card this combat.",
        "Your opponent cannot use Endurance and cannot gain stages this combat.",
        "Your attacks deal +1 life card of damage and your opponent cannot use Endurance.",
    ],
)
def test_a_shared_duration_needs_two_whole_rule_changes(text: str) -> None:
    assert compile_text(text, EV).status == "manual", text


IMMEDIATE = {
    "Dragon Balls lose all immediate effects this combat.": {
        "action": {"effects": [{"do": "until_end_of_turn",
                                "modifier": {"mod": "no_dragon_ball_effects", "who": "both"}}]}},
    "Your opponent cannot use the immediate effects of Dragon Balls this turn.": {
        "action": {"effects": [{"do": "until_end_of_turn", "modifier": {
            "mod": "no_dragon_ball_effects", "who": "opponent"}}]}},
    "[CONSTANT]: Your opponent cannot use the immediate effects of Dragon Balls.": {
        "constant": [{"mod": "no_dragon_ball_effects", "who": "opponent"}]},
}  # fmt: skip


@pytest.mark.parametrize("text", list(IMMEDIATE))
def test_the_immediate_effects_of_dragon_balls_cannot_be_used(text: str) -> None:
    kind = DRILL if text.startswith("[") else EV
    found = compile_text(text, kind)
    assert found.status == "automated", found
    assert {k: v for k, v in found.fields.items() if k != "automation"} == IMMEDIATE[text]


@pytest.mark.parametrize(
    "text",
    [
        "Dragon Balls lose all immediate effects.",  # no duration outside CONSTANT:
        "Your opponent cannot use the immediate effects of your Dragon Balls this turn.",
        "Non-Styled attack cards lose all immediate effects this combat.",
        "Dragon Balls lose all immediate effects this combat this turn.",
    ],
)
def test_other_immediate_effect_losses_stay_for_players(text: str) -> None:
    assert compile_text(text, EV).status == "manual", text
