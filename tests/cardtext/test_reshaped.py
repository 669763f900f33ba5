"""Trigger sentences printed in another order (engine.panini.cardtext.reshaped): the effect before
"whenever", a condition joined to the event with "and"."""

from __future__ import annotations

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text


def test_an_effect_before_whenever_is_a_trigger() -> None:
    result = compile_text("CONSTANT: Gain 1 stage whenever your opponent gains stages.",
                          CardType.DRILL)  # fmt: skip
    assert result.status == "automated"
    assert result.fields["triggers"] == [
        {"on": "stages_gained", "who": "opponent",
         "effects": [{"do": "gain_stages", "amount": 1}]}
    ]  # fmt: skip


def test_while_attached_effect_before_whenever() -> None:
    text = ("Physical attack. Attach to your opponent's MP. While attached, gain 1 stage "
            "whenever your opponent gains stages. DAMAGE: 5 stages.")  # fmt: skip
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.status == "automated"
    assert result.fields["triggers"][0]["on"] == "stages_gained"


def test_a_condition_joined_to_the_event_is_tested_as_it_happens() -> None:
    text = ("CONSTANT: Whenever you lower your opponent's anger and your MP's level is higher "
            "than your opponent's MP's level, Rejuvenate 1.")  # fmt: skip
    result = compile_text(text, CardType.DRILL)
    assert result.status == "automated"
    trigger = result.fields["triggers"][0]
    assert (trigger["on"], trigger["who"], trigger["by"]) == ("anger_lowered", "opponent", "self")
    effect = trigger["effects"][0]
    assert effect["do"] == "rejuvenate" and effect["if"]["compare"][0]["op"] == "gt"


def test_while_attached_and_whenever_is_while_attached_whenever() -> None:
    text = ("POWER: Attach to your opponent's MP. While attached and whenever your opponent "
            "raises his anger, change that amount to 1.")  # fmt: skip
    result = compile_text(text, CardType.SETUP)
    assert result.status == "automated"
    assert result.fields["constant"] == [{"mod": "anger_raise_set", "amount": 1, "who": "opponent"}]


def test_near_misses_stay_unread() -> None:
    for text in (
        # "and" joins two events, not an event and a condition
        "CONSTANT: Whenever you lower your opponent's anger and Rejuvenate, draw a card.",
        # the effect before "whenever" is not an effect
        "CONSTANT: Your opponent smiles whenever your opponent gains stages.",
        # an unknown event after "whenever"
        "CONSTANT: Gain 1 stage whenever your opponent sneezes.",
    ):
        result = compile_text(text, CardType.DRILL)
        assert "triggers" not in result.fields, text
        assert result.unread, text


def test_one_of_your_effects_causes_your_opponent_to_gain_anger() -> None:
    text = ("CONSTANT: Whenever one of your effects causes your opponent to gain anger, draw a "
            "card.")  # fmt: skip
    trigger = compile_text(text, CardType.DRILL).fields["triggers"][0]
    assert (trigger["on"], trigger["who"], trigger["by"]) == ("anger_raised", "opponent", "self")
    for near in (
        # the engine does not tell who caused stages to be gained: unread
        "CONSTANT: Whenever one of your effects causes your opponent to gain stages, draw a card.",
        # "by" said twice
        "CONSTANT: Whenever one of your effects causes you to lower your opponent's anger, draw "
        "a card.",
    ):
        assert "triggers" not in compile_text(near, CardType.DRILL).fields, near


def test_set_a_players_power_level_to_zero_after_a_head_about_him() -> None:
    text = ("Physical attack. DAMAGE: 6 stages. Whenever your opponent's MP changes levels this "
            "combat, set his power level to 0.")  # fmt: skip
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.status == "automated"
    armed = result.fields["attack"]["effects"][0]["trigger"]
    assert armed["effects"] == [{"do": "set_stage", "stage": 0, "who": "opponent"}]
    # a power level other than 0 is no stage number: unread
    near = "POWER: Set your opponent's power level to 2."
    assert compile_text(near, CardType.EVENT).unread == [near]


def test_a_player_and_his_is_a_trigger_for_each_player() -> None:
    text = ("CONSTANT: Whenever a player does not declare combat during his Combat Step, destroy "
            "the top card of his Life Deck.")  # fmt: skip
    result = compile_text(text, CardType.DRILL)
    assert result.status == "automated"
    top = {"do": "move", "position": "top", "amount": 1, "source": "life_deck", "to": "discard"}
    assert result.fields["triggers"] == [
        {"on": "combat_skipped", "effects": [top]},
        {"on": "combat_skipped", "who": "opponent", "effects": [{**top, "who": "opponent"}]},
    ]
    for near in (
        # "that player" as an object
        "CONSTANT: Whenever a player does not declare combat, look at that player's hand and "
        "banish that player.",
        # "that player's opponent": not read
        "CONSTANT: Whenever a player Rejuvenates, that player's opponent may draw a card.",
    ):
        result = compile_text(near, CardType.DRILL)
        assert "triggers" not in result.fields, near


def test_a_player_armed_for_each_player() -> None:
    text = ("Physical attack. DAMAGE: 1 stage. HIT: After a player draws a card this turn, that "
            "player discards a card from their hand.")  # fmt: skip
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.status == "automated"
    hit = result.fields["attack"]["hit"]
    assert [(h["trigger"]["on"], h["trigger"].get("who"), h["lasts"]) for h in hit] == [
        ("drew", None, "turn"),
        ("drew", "opponent", "turn"),
    ]
    assert "once" not in hit[0]  # "After <event> this turn": each time
    # "that player's opponent": not split, left to players
    near = ("Physical attack. DAMAGE: 1 stage. HIT: After a player draws a card this turn, "
            "that player's opponent draws a card.")  # fmt: skip
    assert compile_text(near, CardType.PHYSICAL_COMBAT).status == "partial"
