"""Armed triggers (engine.panini.cardtext.armed): a played card's "At the end of combat, ...",
"Whenever <event> this combat, ...", "The next time <event> this combat, ..." and "Until
the start of your next turn, whenever <event>, ..." (2016 GLOSSARY "Effects": floating
effects, contextual timing)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.panini.cards import CardType, load_card_file
from engine.panini.cardtext import compile_text, reproduces

DRAW = {"do": "draw", "amount": 1}
ATTACK = "Physical attack. DAMAGE: 2 stages. "


def _effects(text: str) -> list[dict[str, object]]:
    result = compile_text(ATTACK + text, CardType.PHYSICAL_COMBAT)
    assert result.status == "automated", (text, result.manual)
    attack = result.fields["attack"]
    effects: list[dict[str, object]] = attack.get("effects", []) + attack.get("hit", [])
    return effects


@pytest.mark.parametrize(
    ("text", "armed"),
    [
        ("At the end of combat, draw a card.",
         {"trigger": {"on": "combat_ended", "who": "any", "effects": [DRAW]}, "once": True}),
        ("Draw a card at the end of combat.",
         {"trigger": {"on": "combat_ended", "who": "any", "effects": [DRAW]}, "once": True}),
        ("HIT: At the end of this combat, you may draw a card.",
         {"trigger": {"on": "combat_ended", "who": "any", "effects": [{**DRAW, "may": True}]},
          "once": True}),
        ("Whenever you Rejuvenate this combat, draw a card.",
         {"trigger": {"on": "rejuvenated", "effects": [DRAW]}}),
        ("Whenever your opponent performs an energy attack this turn, draw a card.",
         {"trigger": {"on": "attack_performed", "who": "opponent", "attack_type": "energy",
                      "effects": [DRAW]}, "lasts": "turn"}),
        ("Each time your MP changes levels this combat, draw a card.",
         {"trigger": {"on": "level_changed", "effects": [DRAW]}}),
        ("The next time your opponent changes levels this combat, you may draw a card.",
         {"trigger": {"on": "level_changed", "who": "opponent",
                      "effects": [{**DRAW, "may": True}]}, "once": True}),
        ("The next time this combat you Rejuvenate, draw a card.",
         {"trigger": {"on": "rejuvenated", "effects": [DRAW]}, "once": True}),
        ("Until the start of your next turn, whenever a player Rejuvenates, draw a card.",
         {"trigger": {"on": "rejuvenated", "who": "any", "effects": [DRAW]},
          "lasts": "next_turn_start"}),
        ("For the remainder of combat, whenever your opponent Rejuvenates, he destroys the top "
         "card of his Life Deck.",
         {"trigger": {"on": "rejuvenated", "who": "opponent", "effects": [
             {"do": "move", "to": "discard", "position": "top", "amount": 1,
              "source": "life_deck", "who": "opponent"}]}}),
    ],
)
def test_armed_sentences(text: str, armed: dict[str, object]) -> None:
    effects = _effects(text)
    assert effects == [{"do": "arm_trigger", **armed}]


@pytest.mark.parametrize(
    ("text", "trigger"),
    [
        ("At the beginning of the next action this combat, end combat.",
         {"on": "action_started", "who": "any", "effects": [{"do": "end_combat"}]}),
        ("End combat at the beginning of the next action this turn.",
         {"on": "action_started", "who": "any", "effects": [{"do": "end_combat"}]}),
        ("At the start of your next action this combat, draw a card.",
         {"on": "action_started", "effects": [DRAW]}),
        ("At the beginning of your opponent's next action, draw a card.",
         {"on": "action_started", "who": "opponent", "effects": [DRAW]}),
    ],
)
def test_at_the_beginning_of_the_next_action(text: str, trigger: dict[str, object]) -> None:
    assert _effects(text) == [{"do": "arm_trigger", "once": True, "trigger": trigger}]


def test_a_condition_at_the_end_of_combat_is_tested_then() -> None:
    text = ("If your anger is 2 or more at the end of combat, draw a card and raise your anger "
            "1 level.")  # fmt: skip
    assert _effects(text) == [{"do": "arm_trigger", "once": True, "trigger": {
        "on": "combat_ended", "who": "any", "effects": [
            {**DRAW, "if": {"anger_at_least": 2}},
            {"do": "raise_anger", "amount": 1, "if_you_do": True}]}}]  # fmt: skip
    for near in ("If that Ally is in play at the end of combat, banish it.",
                 "If you sing at the end of combat, draw a card.",
                 "If your anger is 2 or more at the end of combat, if you have no cards in your "
                 "hand, draw a card."):  # fmt: skip
        assert compile_text(ATTACK + near, CardType.PHYSICAL_COMBAT).manual == [near], near


def test_end_combat() -> None:
    assert _effects("End combat.") == [{"do": "end_combat"}]
    for near in ("End the turn.", "End combat now or later.",
                 "Draw a card and end combat at the beginning of the next action this combat.",
                 "At the beginning of the next action this game, end combat."):
        result = compile_text(ATTACK + near, CardType.PHYSICAL_COMBAT)
        assert result.manual == [near], near


@pytest.mark.parametrize(
    "text",
    [
        # how long it lasts is not said: on a card that leaves play, unclear
        "Whenever you Rejuvenate, draw a card.",
        "The next time you Rejuvenate, draw a card.",
        # said twice
        "Until the start of your next turn, whenever you Rejuvenate this combat, draw a card.",
        # a moment is not an event that happens "the next time"
        "The next time the end of combat this combat, draw a card.",
        # the choice would be asked now, not at the end of combat
        "You may draw a card at the end of combat.",
        # does the first wait too?
        "Destroy a Drill and draw a card at the end of combat.",
        "Discard a card to draw a card at the end of combat.",
        "Draw a card and raise your anger 1 level at the end of combat.",
        # "this attack" when it fires: the attack is over
        "The next time you Rejuvenate this combat, damage from this attack cannot be prevented.",
        # an unknown effect or event
        "At the end of combat, draw a card and sing.",
        "Whenever you sing this combat, draw a card.",
    ],
)
def test_near_misses_stay_unread(text: str) -> None:
    result = compile_text(ATTACK + text, CardType.PHYSICAL_COMBAT)
    assert text in result.manual and "arm_trigger" not in str(result.fields)


def test_if_you_do_after_an_armed_sentence_is_part_of_what_it_does() -> None:
    """Whether "you may ... at the end of combat" was done is known only then."""
    text = "At the end of combat, you may draw a card. If you do, raise your anger 1 level."
    assert _effects(text) == [
        {"do": "arm_trigger", "once": True, "trigger": {
            "on": "combat_ended", "who": "any", "effects": [
                {**DRAW, "may": True}, {"do": "raise_anger", "amount": 1, "if_you_do": True}]}}
    ]  # fmt: skip


def test_armed_sentence_after_if_you_do_is_armed_if_done() -> None:
    effects = _effects("Draw a card. If you do, advance your MP 1 level at the end of combat.")
    assert effects[1]["if_you_do"] is True
    assert effects[1]["do"] == "arm_trigger"


def test_the_scenario_cards_are_what_their_text_compiles_to() -> None:
    for card in load_card_file(Path(__file__).parents[1] / "cards" / "armed.yaml"):
        assert reproduces(card), card.name


def test_that_card_chosen_before_the_trigger_is_not_known_when_it_fires() -> None:
    text = "Choose a card from your discard pile. At the end of combat, banish that card."
    result = compile_text(ATTACK + text, CardType.PHYSICAL_COMBAT)
    assert "At the end of combat, banish that card." in result.manual
    folded = ("Choose a card from your discard pile. At the end of combat, you may draw a "
              "card. If you do, banish that card.")  # fmt: skip
    result = compile_text(ATTACK + folded, CardType.PHYSICAL_COMBAT)
    assert "If you do, banish that card." in result.manual
    # chosen by the trigger itself: known
    # (read as one move: "Choose <a card> and banish that card", engine.panini.cardtext.choose_it)
    inside = "At the end of combat, choose a card from your discard pile and banish that card."
    assert _effects(inside)[0]["trigger"]["effects"] == [  # type: ignore[index]
        {"do": "move", "amount": 1, "source": "discard_pile", "to": "banish"},
    ]


def test_on_a_card_in_play_only_a_power_or_an_attack_arms() -> None:
    """An MP's attack printed without its "POWER:" label arms as it is performed; a Drill's
    unlabelled "... at the end of combat" (its own trigger, each combat, or once?) does not."""
    mp = ("Energy attack costing 2 stages. DAMAGE: 4 life cards. The next time you Rejuvenate "
          "this combat, draw a card.")  # fmt: skip
    result = compile_text(mp, CardType.MAIN_PERSONALITY)
    assert result.status == "automated", result.manual
    assert result.fields["attack"]["effects"][0]["do"] == "arm_trigger"
    drill = "Draw a card at the end of combat."
    assert compile_text(drill, CardType.DRILL).unread == [drill]
    power = compile_text(f"POWER: {drill}", CardType.DRILL)
    assert power.fields["action"]["effects"][0]["do"] == "arm_trigger"


def test_you_may_before_an_armed_effect_is_unread_everywhere() -> None:
    """ "You may <effect> at the beginning of your next action": asked now or then? Left to
    players wherever the sentence is read (a card's own move included)."""
    text = ("(If this card is banished for Endurance, you may end combat at the beginning of "
            "your next action)")  # fmt: skip
    result = compile_text(f"{text} ENDURANCE 1. Stops a physical attack.", CardType.PHYSICAL_COMBAT)
    assert text in result.manual and "arm_trigger" not in str(result.fields)
    # "you may" inside what the trigger does is asked as it fires
    assert _effects("At the beginning of your next action, you may draw a card.") == [
        {"do": "arm_trigger", "once": True,
         "trigger": {"on": "action_started", "effects": [{**DRAW, "may": True}]}}]  # fmt: skip
