"""Trigger events of wave 2 (engine.panini.cardtext.triggers): drawing, discarding from the hand,
gaining stages, an MP lowered a level (2016 GLOSSARY "Effects": contextual timing)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.panini.cards import CardType, load_card_file
from engine.panini.cardtext import compile_text, reproduces

DRAW = {"do": "draw", "amount": 1}


@pytest.mark.parametrize(
    ("event", "fields"),
    [
        ("you draw a card", {"on": "drew"}),
        ("your opponent draws one or more cards", {"on": "drew", "who": "opponent"}),
        ("a player draws a card", {"on": "drew", "who": "any"}),
        ("you discard a card from your hand", {"on": "card_discarded"}),
        ("your opponent discards a card from his or her hand",
         {"on": "card_discarded", "who": "opponent"}),
        ("a card is discarded from a hand", {"on": "card_discarded", "who": "any"}),
        ("a card is discarded from your opponent's hand",
         {"on": "card_discarded", "who": "opponent"}),
        ("you gain stages", {"on": "stages_gained"}),
        ("any personality gains stages", {"on": "stages_gained", "who": "any"}),
        ("your MP gains stages", {"on": "mp_stages_gained"}),
        ("your opponent's MP gains power stages", {"on": "mp_stages_gained", "who": "opponent"}),
        ("you lower a personality level", {"on": "level_lowered"}),
        ("your opponent's MP is lowered a level", {"on": "level_lowered", "who": "opponent"}),
        ("you Rejuvenate an Ally", {"on": "rejuvenated", "card_types": ["ally"]}),
        ("you Rejuvenate a card", {"on": "rejuvenated"}),
        ("a player gains anger", {"on": "anger_raised", "who": "any"}),
        ("an opponent's Setup or Drill enters play",
         {"on": "entered_play", "who": "opponent", "card_types": ["drill", "setup"]}),
        ("a Dragon Ball you control enters play",
         {"on": "entered_play", "card_types": ["dragon_ball"]}),
        ("you take damage from a physical attack",
         {"on": "damage_taken", "attack_type": "physical"}),
        ("a Drill leaves play", {"on": "left_play", "who": "any", "card_types": ["drill"]}),
        ("one of your Setups, Drills, or Allies leaves play",
         {"on": "left_play", "card_types": ["ally", "drill", "setup"]}),
        ("an Ally you control leaves play", {"on": "left_play", "card_types": ["ally"]}),
        ("your Life Deck is shuffled", {"on": "life_deck_shuffled"}),
        ("your opponent's Life Deck is shuffled", {"on": "life_deck_shuffled", "who": "opponent"}),
        ("you search your Life Deck", {"on": "life_deck_searched"}),
        ("you prevent damage", {"on": "damage_prevented"}),
        ("your opponent plays a Setup or Drill",
         {"on": "card_played", "who": "opponent", "card_types": ["drill", "setup"]}),
        ("you play an Ally", {"on": "card_played", "card_types": ["ally"]}),
        ("an Ally you control is banished", {"on": "banished_from_play", "card_types": ["ally"]}),
        ("one of your Setups is banished", {"on": "banished_from_play", "card_types": ["setup"]}),
        ("one of your Allies, Setups, or Drills is destroyed",
         {"on": "destroyed", "card_types": ["ally", "drill", "setup"]}),
        ("a Setup or Drill in play is destroyed",
         {"on": "destroyed", "who": "any", "card_types": ["drill", "setup"]}),
    ],
)
def test_events(event: str, fields: dict[str, object]) -> None:
    result = compile_text(f"CONSTANT: Whenever {event}, draw a card.", CardType.DRILL)
    assert result.status == "automated", result.manual
    assert result.fields["triggers"] == [{**fields, "effects": [DRAW]}]


@pytest.mark.parametrize(
    "event",
    [
        "you discard a card from his hand",  # whose hand?
        "your opponent discards a card from your hand",
        "you draw a card from a card effect",  # by what: not read
        "you gain stages from an attack",  # "from a card effect" is read (effect_stages_gained)
        "your MP would gain stages",  # a replacement, not a trigger
        "you lower a player's anger",  # "you lower your opponent's anger": ruling 191
        "you Rejuvenate a Saiyan Style card",  # a style: not read
        "a Setup you own enters play",  # owner: Dragon Balls alone (ruling 260)
        "one of your other cards leaves the game",  # "other" Drills: ruling 256
        "a Drill leaves play during your turn",
        "you search your opponent's Life Deck",  # not yours
        "a Setup is destroyed from a card effect",  # by what: not read
        "a card is banished",  # from where? not read
        "damage is prevented",  # by whom? not read
        "you play an Event",  # played from the hand in combat: not read
        "you play a card with 'Sword' in the text",  # the title is read (ruling 186)
    ],
)
def test_near_misses_stay_unread(event: str) -> None:
    text = f"CONSTANT: Whenever {event}, draw a card."
    assert compile_text(text, CardType.DRILL).unread == [text]


@pytest.mark.parametrize(
    ("moment", "fields"),
    [
        ("At the end of your Planning Step", {"on": "planning_ended"}),
        ("At the end of your opponent's Planning Step",
         {"on": "planning_ended", "who": "opponent"}),
        ("At the end of any turn", {"on": "turn_ended", "who": "any"}),
    ],
)
def test_moments(moment: str, fields: dict[str, object]) -> None:
    result = compile_text(f"CONSTANT: {moment}, draw a card.", CardType.DRILL)
    assert result.fields["triggers"] == [{**fields, "effects": [DRAW]}]
    # a moment is not an event: "Whenever the end of your Planning Step" is not English
    whenever = f"CONSTANT: Whenever {moment[3:]}, draw a card."
    assert compile_text(whenever, CardType.DRILL).unread == [whenever]


def test_when_you_reach_this_level() -> None:
    text = ("(When you reach this level during combat, your opponent must pass for his or her "
            "next action this combat.) POWER: Draw a card.")  # fmt: skip
    result = compile_text(text, CardType.MAIN_PERSONALITY)
    assert result.status == "automated", result.manual
    assert result.fields["triggers"] == [
        {"on": "level_reached", "during_combat": True, "effects": [
            {"do": "until_end_of_turn", "lasts": "next_action",
             "modifier": {"mod": "skip_action", "who": "opponent"}}]}
    ]  # fmt: skip
    advance = compile_text("(When you advance to this personality level, draw a card.) "
                           "POWER: Draw a card.", CardType.MAIN_PERSONALITY)  # fmt: skip
    assert advance.fields["triggers"] == [{"on": "level_reached", "effects": [DRAW]}]
    # "this level" is a Main Personality level's; another level is not this one
    for text, card_type in (
        ("CONSTANT: When you reach this level, draw a card.", CardType.DRILL),
        ("CONSTANT: When you reach this level, draw a card.", CardType.MASTERY),
        ("(When you reach level 3, draw a card.) POWER: Draw a card.", CardType.MAIN_PERSONALITY),
        ("(When your opponent reaches this level, draw a card.) POWER: Draw a card.",
         CardType.MAIN_PERSONALITY),
    ):
        assert "triggers" not in compile_text(text, card_type).fields, text


def test_armed_with_a_new_event() -> None:
    text = ("Physical attack. DAMAGE: 2 stages. The next time a card is discarded from a hand "
            "this combat, use a critical damage effect.")  # fmt: skip
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.fields["attack"]["effects"] == [
        {"do": "arm_trigger", "once": True, "trigger": {
            "on": "card_discarded", "who": "any", "effects": [{"do": "critical_effect"}]}}
    ]  # fmt: skip


def test_the_scenario_cards_are_what_their_text_compiles_to() -> None:
    for card in load_card_file(Path(__file__).parents[1] / "cards" / "timing.yaml"):
        assert reproduces(card), card.name


def test_and_then_is_and() -> None:
    """ "Draw a card and then discard a card": the second follows the first, as with "and"."""
    text = "CONSTANT: Whenever you advance a personality level, draw a card and then discard a card from your hand."  # noqa: E501
    result = compile_text(text, CardType.MASTERY)
    assert result.fields["triggers"][0]["effects"] == [
        DRAW, {"do": "discard_from_hand", "amount": 1, "if_you_do": True}]  # fmt: skip
    near = "CONSTANT: Whenever you advance a personality level, draw a card and thenceforth sing."
    assert compile_text(near, CardType.MASTERY).unread == [near]


def test_a_trigger_may_pay_a_cost() -> None:
    text = ("CONSTANT: Whenever you perform a successful attack, you may lower your anger 1 level "
            "to draw a card.")  # fmt: skip
    result = compile_text(text, CardType.DRILL)
    assert result.fields["triggers"][0]["effects"] == [
        {"do": "lower_anger", "amount": 1, "may": True}, {**DRAW, "if_you_do": True}]  # fmt: skip
    # "If you do" with nothing before it in the trigger's sentence stays unread
    dangling = "CONSTANT: Whenever you perform a successful attack, if you do, draw a card."
    assert compile_text(dangling, CardType.DRILL).unread == [dangling] or "triggers" not in (
        compile_text(dangling, CardType.DRILL).fields
    )


def test_a_trigger_printed_without_its_comma_before_you_may() -> None:
    text = "CONSTANT: When you perform a Styled attack you may draw a card."
    result = compile_text(text, CardType.DRILL)
    assert result.fields["triggers"] == [
        {"on": "attack_performed", "styled": True, "effects": [{**DRAW, "may": True}]}]  # fmt: skip
    near = "CONSTANT: When you perform a Styled attack you draw a card."  # no comma, no "may"
    assert compile_text(near, CardType.DRILL).unread == [near]


def test_if_you_do_after_a_trigger_is_part_of_it() -> None:
    """ "Whenever ..., you may A. If you do, B.": B is what the trigger does too; when B
    cannot be read, the trigger is left to players with it (never A without B)."""
    head = "CONSTANT: Whenever your opponent plays a Setup or Drill, you may destroy the top 4 cards of your Life Deck."  # noqa: E501
    folded = compile_text(f"{head} If you do, draw a card.", CardType.DRILL)
    assert folded.status == "automated"
    assert folded.fields["triggers"][0]["effects"][1] == {**DRAW, "if_you_do": True}
    left = compile_text(f"{head} If you do, banish that Setup or Drill.", CardType.DRILL)
    assert "triggers" not in left.fields and head in left.manual
