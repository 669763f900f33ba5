"""The card itself and its restrictions (engine.panini.cardtext.itself): printed notes about the
card as a whole ("(You may banish this card from your hand to stop an attack.)", "You must
banish the top 3 cards of your Life Deck to play this card.", "(This personality cannot
gain stages.)"), read as card-level fields wherever they stand."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text

ATTACK = "Energy attack. DAMAGE: 3 life cards."
PC, EC, EVENT = CardType.PHYSICAL_COMBAT, CardType.ENERGY_COMBAT, CardType.EVENT
MP = CardType.MAIN_PERSONALITY


def _fields(text: str, card_type: CardType = EC) -> dict[str, Any]:
    result = compile_text(text, card_type)
    assert result.status == "automated", result.unread
    return result.fields


@pytest.mark.parametrize(
    ("note", "against", "banished"),
    [
        ("(You may play this card to stop an energy attack.)", "energy", False),
        ("(You may play this card to stop a physical or energy attack.)", "any", False),
        ("(You may play this card from your hand to stop a physical attack.)", "physical", False),
        ("(You may play this card to stop an energy attack instead of as a attack.)", "energy",
         False),
        ("(You may banish this card from your hand to stop a physical attack or energy "
         "attack.)", "any", True),
        ("(You may banish this card to stop an attack.)", "any", True),
    ],
)
def test_a_printed_stop_from_the_hand_is_a_defense_use(
    note: str, against: str, banished: bool
) -> None:
    defense = _fields(f"{note} {ATTACK}")["defense"]
    expected = {"against": against, "stops": True, "instead_of_attack": True}
    assert defense == ({**expected, "banished": True} if banished else expected)


def test_a_printed_stop_with_a_condition_requires_it() -> None:
    text = (
        "(IF you control 3 or more Drills, you may banish this card from your hand to stop a "
        f"physical or energy attack.) {ATTACK}"
    )
    defense = _fields(text)["defense"]
    assert defense["requires"] == {"compare": [{"left": {"of": "drills"}, "op": "ge", "value": 3}]}
    assert defense["banished"] is True


def test_an_events_printed_stop_sits_beside_its_power() -> None:
    fields = _fields("(You may play this card to stop a physical or energy attack.) POWER: Draw a "
                     "card.", EVENT)
    assert fields["action"] == {"effects": [{"do": "draw", "amount": 1}]}
    assert fields["defense"]["against"] == "any"


@pytest.mark.parametrize(
    ("text", "card_type"),
    [
        # another way to play it, or another cause: not a stop of this card's own
        ("(You may play this card from your hand to stop an attack performed by an Ally.)", EC),
        ("(You may discard this card from your hand to stop a physical attack.)", EC),
        ("(If you control a Drill you may banish this card to stop an attack of a foe.)", EC),
        # a card that is not played from the hand against an attack
        ("(You may play this card to stop an energy attack.) CONSTANT: Your physical attacks do "
         "+1 stage of damage.", CardType.DRILL),
        # beside a printed defense: two defenses
        ("(You may play this card to stop an energy attack.) Stops a physical attack.", PC),
    ],
)
def test_near_miss_stops_stay_unread(text: str, card_type: CardType) -> None:
    result = compile_text(text, card_type)
    assert any("to stop" in sentence for sentence in result.unread), result.fields


@pytest.mark.parametrize(
    ("note", "cost"),
    [
        ("(You must banish the top 3 cards of your Life Deck to play this card.)",
         {"do": "move", "position": "top", "amount": 3, "source": "life_deck", "to": "banish"}),
        ("(You must destroy the top 2 cards of your Life Deck to use this card)",
         {"do": "move", "position": "top", "amount": 2, "source": "life_deck", "to": "discard"}),
        ("(You must banish a card from your hand to play this card)",
         {"do": "move", "amount": 1, "source": "hand", "to": "banish"}),
        ("You must lose 2 stages to play this card.", {"do": "lose_stages", "amount": 2}),
    ],
)  # fmt: skip
def test_a_cost_to_play_the_card(note: str, cost: dict[str, Any]) -> None:
    fields = _fields(f"{note} {ATTACK}")
    assert fields["play_cost"] == [cost]
    assert fields["attack"]["damage"] == {"kind": "life", "amount": 3}


@pytest.mark.parametrize(
    ("text", "card_type"),
    [
        # not the player's own cost, or not a fixed amount
        (f"You must banish the top 2 cards of your opponent's Life Deck to play this card. "
         f"{ATTACK}", EC),
        (f"You must banish all cards in your hand to play this card. {ATTACK}", EC),
        (f"You must control a Drill to play this card. {ATTACK}", EC),
        # an Event's Power or a Setup: the cost is left to players
        ("You must banish the top 2 cards of your Life Deck to play this card. POWER: Draw a "
         "card.", EVENT),
    ],
)
def test_near_miss_costs_stay_unread_and_gate_the_card(text: str, card_type: CardType) -> None:
    result = compile_text(text, card_type)
    assert result.status == "manual"
    assert any("to play this card" in sentence for sentence in result.unread)


@pytest.mark.parametrize("note", ["(This personality cannot gain stages.)",
                                  "(This Ally cannot gain power stages.)"])
def test_a_personality_that_cannot_gain_stages(note: str) -> None:
    assert _fields(f"{note} POWER: Draw a card.", CardType.ALLY)["no_stage_gain"] is True


def test_near_miss_no_stage_gain() -> None:
    # another personality, or a card that is no personality
    result = compile_text("(Your MP cannot gain stages.) POWER: Draw a card.", CardType.ALLY)
    assert result.unread == ["(Your MP cannot gain stages.)"]
    for card_type in (EVENT, MP):
        result = compile_text("(This personality cannot gain stages.) POWER: Draw a card.",
                              card_type)  # fmt: skip
        assert result.unread == ["(This personality cannot gain stages.)"]


@pytest.mark.parametrize(
    ("note", "considered"),
    [
        ("(This card is considered Named.)", {"named": True, "every_effect": True}),
        ("(This card is considered to be a Named card for your card effects.)", {"named": True}),
        ("(This card is considered Styled)", {"styled": True, "every_effect": True}),
        ("(This card is considered Styled for your card effects.)", {"styled": True}),
        ("(This card is considered a Styled and Named card for your card effects.)",
         {"styled": True, "named": True}),
        ('(This card is considered to have "Sword" in the title for your card effects.)',
         {"title_has": ["Sword"]}),
        ("(This card's Endurance is considered to be 10 for your card effects.)",
         {"endurance": 10}),
    ],
)
def test_what_the_card_is_considered(note: str, considered: dict[str, Any]) -> None:
    fields = _fields(f"{note} Physical attack. DAMAGE: AT.", PC)
    assert fields["considered"] == considered


@pytest.mark.parametrize(
    "text",
    [
        # a condition, another card, or a rule change for every attack: not this card's note
        "(IF your MP has ALIEN, this card is considered Named.)",
        "(Your attacks are considered Named.)",
        "(This card is considered Styled for your opponent's effects.)",
        # two notes of the kind: the second stays for players
        "(This card is considered Styled.) (This card is considered Named.)",
    ],
)
def test_near_miss_considered_stays_unread(text: str) -> None:
    result = compile_text(f"{text} Physical attack. DAMAGE: AT.", PC)
    assert result.unread and all("considered" in s for s in result.unread)


@pytest.mark.parametrize(
    ("note", "card_type"),
    [
        ("(You cannot win by MPPV if you raise your anger with this effect.)", MP),
        ("(You cannot win by MPPV if you advance a level with this card's effect.)", CardType.ALLY),
        ("(You cannot win by MPPV if you advance a personality level with this Power.)",
         CardType.MASTERY),
    ],
)
def test_no_mppv_on_a_card_in_play_while_its_effects_resolve(
    note: str, card_type: CardType
) -> None:
    text = f"{note} POWER: Raise your anger 2 levels."
    fields = compile_text(text, card_type).fields
    assert fields["no_mppv_while_used"] is True
    assert fields["action"] == {"effects": [{"do": "raise_anger", "amount": 2}]}


@pytest.mark.parametrize(
    ("text", "card_type"),
    [
        # no "if": a rule for the whole game, not this card's use
        ("(You cannot win by MPPV.) POWER: Raise your anger 2 levels.", CardType.MAIN_PERSONALITY),
        ("(You cannot win by MPPV if you raise your anger this turn.) POWER: Raise your anger 2 "
         "levels.", CardType.MAIN_PERSONALITY),
        # a Dragon Ball's effects are no ability that resolves while it is used
        ("(You cannot win by MPPV if you advance a level with this card's effect.) Advance your "
         "MP 1 level.", CardType.DRAGON_BALL),
    ],
)
def test_near_miss_no_mppv_stays_unread_and_gates(text: str, card_type: CardType) -> None:
    result = compile_text(text, card_type)
    assert result.status == "manual"
    assert any("MPPV" in sentence for sentence in result.unread)


@pytest.mark.parametrize(
    ("note", "trigger"),
    [
        # "reach" is advancing to the level (docs/rulings.md 106)
        ("(When you advance to this level, you may draw a card.)",
         {"on": "level_reached", "effects": [{"do": "draw", "amount": 1, "may": True}]}),
        ("(When you advance to this personality level, you may draw a card.)",
         {"on": "level_reached", "effects": [{"do": "draw", "amount": 1, "may": True}]}),
        ("(When you reach this level during combat, your opponent must pass for his or her "
         "next action this combat.)",
         {"on": "level_reached", "during_combat": True, "effects": [
             {"do": "until_end_of_turn", "lasts": "next_action",
              "modifier": {"mod": "skip_action", "who": "opponent"}}]}),
    ],
)
def test_an_mp_levels_own_trigger(note: str, trigger: dict[str, Any]) -> None:
    fields = _fields(f"{note} POWER: Gain 2 stages.", MP)
    assert fields["triggers"] == [trigger]


@pytest.mark.parametrize(
    ("text", "card_type"),
    [
        # "this level" on a card that is no MP level
        ("(When you advance to this level, you may draw a card.) CONSTANT: Your physical "
         "attacks do +1 stage of damage.", CardType.DRILL),
        # another level, or from this level
        ("(When you advance to the next level, you may draw a card.) POWER: Gain 2 stages.", MP),
        ("(When you advance from this level, you may draw a card.) POWER: Gain 2 stages.", MP),
    ],
)
def test_near_miss_level_triggers_stay_unread(text: str, card_type: CardType) -> None:
    result = compile_text(text, card_type)
    assert any("level, you may draw" in sentence for sentence in result.unread)


def test_drills_kept_when_advancing_from_this_level() -> None:
    note = "(Your Drills are not discarded when advancing from this level.)"
    assert _fields(f"{note} POWER: Gain 2 stages.", MP)["keeps_drills"] is True
    # on a card that is no MP level, or when changing levels (lowering too): not read here
    for text, card_type in [
        (f"{note} POWER: Gain 2 stages.", EVENT),
        ("(Your Drills are not discarded when changing from this level.) POWER: Gain 2 stages.",
         MP),
    ]:
        assert "Drills are not discarded" in compile_text(text, card_type).unread[0]


@pytest.mark.parametrize(
    ("note", "title"),
    [
        ('(You may only have one "Saiyan Strength Test" attached.)', "Saiyan Strength Test"),
        ("(You may have only one Saiyan Discovery attached)", "Saiyan Discovery"),
        ("(You may only have one 'Red Inferno' attached)", "Red Inferno"),
        ("(Only one copy of Android 19's Choke can be attached in play.)", "Android 19's Choke"),
        ("(You may only have one copy of Android Attack Drill in play.)", "Android Attack Drill"),
        ("(You may only have one Tree of Might attached.)", "Tree of Might"),
    ],
)
def test_only_one_of_a_title(note: str, title: str) -> None:
    assert _fields(f"{note} POWER: Draw a card.", EVENT)["only_one"] == title


@pytest.mark.parametrize(
    ("text", "card_type"),
    [
        # a kind of card, not one title
        ("(You may only have one copy of each Ally in play.) POWER: Draw a card.", EVENT),
        ("(You may only have one Drill with Android in the title in play.) POWER: Draw a card.",
         EVENT),
        # a Combat card that does not attach (docs/rulings.md 230)
        ("(You may only have one Red Jab attached.) Physical attack. DAMAGE: AT.", PC),
    ],
)
def test_near_miss_only_one_stays_unread(text: str, card_type: CardType) -> None:
    result = compile_text(text, card_type)
    assert any("only have one" in sentence for sentence in result.unread)


@pytest.mark.parametrize(
    ("note", "by", "then"),
    [
        ("(If this card would be discarded from your hand by a card effect, you may banish it "
         "instead to draw a card.)", "effect", [{"do": "draw", "amount": 1, "if_you_do": True}]),
        ("(If this card is discarded from your hand by a card effect, you may banish it instead "
         "to draw a card.)", "effect", [{"do": "draw", "amount": 1, "if_you_do": True}]),
        ("(If this card would be discarded from your hand by one of your effects, you may "
         "banish it instead. If you do, your opponent's MP loses 2 stages.)", "your_effect",
         [{"do": "lose_stages", "amount": 2, "who": "opponent", "personality": "mp",
           "if_you_do": True}]),
    ],
)
def test_banish_it_instead_as_it_is_discarded(note: str, by: str, then: list[Any]) -> None:
    moved = _fields(f"{note} Stops an energy attack.")["when_moved"]
    banish = {"do": "move", "source": "moved_card", "amount": 1, "to": "banish", "may": True}
    assert moved == [{"event": "discarded_from_hand", "by": by, "effects": [banish, *then]}]


@pytest.mark.parametrize(
    "note",
    [
        # another cause, another replacement, another zone
        "(If this card would be discarded from your hand by a personality or Mastery effect, "
        "you may banish it instead to draw a card.)",
        "(If this card would be discarded from your hand by a card effect, you may place it on "
        "top of your Life Deck instead.)",
        "(If this card is Rejuvenated during combat, you may banish it instead to use a "
        "critical damage effect.)",
        "(If this card would be destroyed from your Life Deck by a card effect, you may banish "
        "it instead to draw a card.)",
    ],
)
def test_near_miss_replacements_stay_unread(note: str) -> None:
    result = compile_text(f"{note} Stops an energy attack.", EC)
    assert result.unread == [note]


@pytest.mark.parametrize(
    ("note", "card_type", "zone", "cost_to", "then"),
    [
        ("(You may Rejuvenate this card from your hand as an action to gain 4 stages.)", EVENT,
         "hand", "rejuvenate", {"do": "gain_stages", "amount": 4}),
        ("(If this card is in your discard pile, you may banish it as an action to raise your "
         "anger 2 levels.)", EVENT, "discard_pile", "banish", {"do": "raise_anger", "amount": 2}),
        ("(You may shuffle this Drill from play into its owner's Life Deck as an action. If you "
         "do, your MP gains 3 stages.)", CardType.DRILL, "in_play", "life_shuffle",
         {"do": "gain_stages", "amount": 3, "personality": "mp"}),
        ("(As an action, you may banish this card from your hand to draw a card.)", PC, "hand",
         "banish", {"do": "draw", "amount": 1}),
    ],
)
def test_an_action_of_the_card_where_it_lies(
    note: str, card_type: CardType, zone: str, cost_to: str, then: dict[str, Any]
) -> None:
    body = "POWER: Draw a card." if card_type == EVENT else "Physical attack. DAMAGE: AT."
    if card_type == CardType.DRILL:
        body = "CONSTANT: Your physical attacks do +1 stage of damage."
    (action,) = _fields(f"{note} {body}", card_type)["card_actions"]
    source = "this_card" if zone == "in_play" else "moved_card"
    assert action == {"zone": zone, "effects": [
        {"do": "move", "source": source, "amount": 1, "to": cost_to}, {**then, "if_you_do": True}]}


@pytest.mark.parametrize(
    ("text", "card_type"),
    [
        # no "as an action": a cost or another timing
        ("(You may banish this card from your hand to draw a card.) POWER: Draw a card.", EVENT),
        # from play on a card that is not in play, or from nowhere said
        ("(You may banish this card from play as an action to draw a card.) POWER: Draw a card.",
         EVENT),
        ("(As an action, you may banish this card to draw a card.) POWER: Draw a card.", EVENT),
        # an effect not read whole (an attack performed by the card)
        ("(As an action, you may discard this card from your hand to perform a Styled physical "
         "attack dealing 5 stages of damage.) POWER: Draw a card.", EVENT),
        # an MP level is never in a hand or pile
        ("(You may banish this card from your hand as an action to draw a card.) POWER: Gain 2 "
         "stages.", MP),
    ],
)
def test_near_miss_card_actions_stay_unread(text: str, card_type: CardType) -> None:
    result = compile_text(text, card_type)
    assert "card_actions" not in result.fields
    assert result.unread and result.unread[0].startswith("(")


@pytest.mark.parametrize(
    ("note", "deck_note"),
    [
        ("(Your Life Deck may include non-Personality cards that are 'Heroes only')",
         {"alignment": "hero"}),
        ('(Your Life Deck may include up to 3 copies of each Ally with "Cell Jr." in the '
         "title.)", {"ally_copies": 3, "ally_title_has": "Cell Jr."}),
    ],
)
def test_an_mp_levels_deck_note(note: str, deck_note: dict[str, Any]) -> None:
    assert _fields(f"{note} POWER: Gain 2 stages.", MP)["deck_note"] == deck_note


@pytest.mark.parametrize(
    ("text", "card_type"),
    [
        # not an MP level; a rule the deck check does not know
        ("(Your Life Deck may include non-Personality cards that are 'Heroes only') POWER: "
         "Draw a card.", EVENT),
        # (cards that perform energy attacks: engine/panini/cardtext/limits.py, ruling 229)
        ("(Your Life Deck cannot include cards that perform attacks.) POWER: Gain 2 "
         "stages.", MP),
        ("(Your Life Deck may include up to 3 copies of each Setup.) POWER: Gain 2 stages.", MP),
    ],
)
def test_near_miss_deck_notes_stay_unread(text: str, card_type: CardType) -> None:
    result = compile_text(text, card_type)
    assert "deck_note" not in result.fields and "Life Deck" in result.unread[0]
