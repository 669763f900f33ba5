"""Cards that attach and their "While attached" text (2016 GLOSSARY "Attached Cards":
"'While attached' text is always active as long as it is attached to the intended
target"; docs/rulings.md 111-112): where the attach is read, and what is read while
attached."""

from __future__ import annotations

from engine.panini.cards import Card, CardType
from engine.panini.cardtext import compile_text

PC, EC = CardType.PHYSICAL_COMBAT, CardType.ENERGY_COMBAT
EV, SETUP, DRILL, MASTERY = CardType.EVENT, CardType.SETUP, CardType.DRILL, CardType.MASTERY


def _card(text: str, card_type: CardType) -> Card:
    """The compiled card must be a valid Card too."""
    fields = compile_text(text, card_type).fields
    return Card.model_validate({"name": "Test Card", "type": card_type, "text": text, **fields})


def test_an_attack_card_attaches_after_use_with_its_while_attached_constant() -> None:
    """Tree of Might-style "While attached, your attacks deal +2 stages of damage." on
    an attack card whose text attaches it (Black Vehicle Toss, Namekian Whack)."""
    text = (
        "Physical attack. Attach to your MP. While attached, your attacks deal +2 stages "
        "of damage. DAMAGE: 3 stages."
    )
    result = compile_text(text, PC)
    assert result.status == "automated"
    assert result.fields["attach_to"] == {"target": "mp"}
    assert result.fields["constant"] == [{"mod": "damage", "stages": 2}]
    assert result.fields["attack"]["damage"] == {"kind": "stages", "amount": 3}
    _card(text, PC)


def test_attach_this_card_to_your_opponents_mp_and_a_defense_that_attaches() -> None:
    text = "Energy attack. Attach this card to your opponent's MP. DAMAGE: 4 life cards."
    assert compile_text(text, EC).fields["attach_to"] == {"target": "mp", "who": "opponent"}
    text = (
        "Stops an energy attack. Attach this card to your MP. While attached, your MP's PUR is +3."
    )
    result = compile_text(text, EC)
    assert result.status == "automated"
    assert result.fields["attach_to"] == {"target": "mp"}
    assert result.fields["constant"] == [{"mod": "mp_pur", "amount": 3}]
    _card(text, EC)


def test_hit_attach_attaches_only_on_a_hit_and_its_card_text_follows() -> None:
    """Black Capture / Blue Surround: "HIT: Attach to your opponent's MP." then the
    attached card's text; "Banish this card when ..." is the attached card's trigger, not a
    HIT effect."""
    text = (
        "Energy attack costing 3 stages. DAMAGE: 5 life cards. HIT: Attach this card to your "
        "opponent's MP. While attached, your opponent cannot raise his anger. Banish this card "
        "when your opponent deals critical damage."
    )
    result = compile_text(text, EC)
    assert result.status == "automated", result.manual
    assert result.fields["attach_to"] == {"target": "mp", "who": "opponent", "on_hit": True}
    assert result.fields["constant"] == [{"mod": "no_anger", "who": "opponent"}]
    assert result.fields["triggers"][0]["on"] == "critical_damage"
    assert "hit" not in result.fields["attack"]
    _card(text, EC)


def test_floating_rule_changes_read_as_constants_while_attached() -> None:
    """What main reads as lasting "this combat" lasts while attached when printed with no
    duration; a next-attack or next-action one, or one with its own duration, is not."""
    cases = {
        "Your opponent cannot gain anger.": {"mod": "no_anger", "who": "opponent"},
        "Your Dragon Balls cannot be captured.": {"mod": "no_capture"},
        "Your opponent cannot perform physical attacks.": {
            "mod": "no_attacks",
            "who": "opponent",
            "attacks": "physical",
        },
    }
    for sentence, modifier in cases.items():
        text = f"POWER: Draw a card. Attach to your MP. While attached, {sentence}"
        result = compile_text(text, EV)
        assert result.fields.get("constant") == [modifier], sentence
        _card(text, EV)
    for sentence in (
        "Your opponent skips his next action.",
        "Your attacks deal +2 stages of damage this combat.",
        "Your next attack this combat deals +2 stages of damage.",
        "Your opponent cannot gain anger this turn.",
    ):
        text = f"POWER: Draw a card. Attach to your MP. While attached, {sentence}"
        result = compile_text(text, EV)
        assert "constant" not in result.fields, sentence
        assert result.unread == [f"While attached, {sentence}"], sentence


def test_while_attached_triggers_and_conditions() -> None:
    """ "While attached when ..." (no comma) and "While attached, whenever ..." are the
    attached card's triggers; "While attached and <condition>, ..." a conditional
    constant."""
    text = "POWER: Attach to your MP. While attached when your MP changes levels, draw a card."
    result = compile_text(text, EV)
    assert result.status == "automated", result.manual
    assert result.fields["triggers"][0]["on"] == "level_changed"
    text = (
        "POWER: Draw a card. Attach to your MP. While attached and you control 2 or more "
        "Dragon Balls, your attacks deal +1 life card of damage."
    )
    result = compile_text(text, EV)
    assert result.status == "automated", result.manual
    (modifier,) = result.fields["constant"]
    assert modifier["life"] == 1 and modifier["requires"]
    _card(text, EV)


def test_setup_power_attach_is_activated_and_unlabelled_attach_enters_attached() -> None:
    result = compile_text(
        "POWER: Attach to your MP. While attached, your attacks deal +2 stages of damage.", SETUP
    )
    assert result.status == "automated"
    assert result.fields["attach_to"] == {"target": "mp", "activated": True}
    text = "POWER: Draw a card. Attach to your MP. While attached, your MP's PUR is +1."
    result = compile_text(text, SETUP)
    assert result.fields["action"] == {"effects": [{"do": "draw", "amount": 1}]}
    _card(text, SETUP)
    text = "Attach to your MP. While attached, your MP's PUR is +1."
    for card_type in (SETUP, DRILL):
        assert compile_text(text, card_type).fields["attach_to"] == {"target": "mp"}


def test_near_misses_stay_unread() -> None:
    # "While attached" on a card that does not attach
    result = compile_text(
        "CONSTANT: While attached, your attacks deal +2 stages of damage.", MASTERY
    )
    assert "constant" not in result.fields and result.status == "manual"
    # an unread effect while attached, and "while attached" not at the start
    text = "POWER: Draw a card. Attach to your MP. While attached, swap hands with your opponent."
    assert compile_text(text, EV).unread == ["While attached, swap hands with your opponent."]
    text = "POWER: Attach to your MP. Your attacks deal +2 stages of damage while attached."
    assert "constant" not in compile_text(text, EV).fields
    # "HIT: Attach" on a card also played to stop: which use attaches is unclear
    text = "Stops a physical attack. Physical attack. DAMAGE: 3 stages. HIT: Attach to your MP."
    assert "attach_to" not in compile_text(text, PC).fields
    # a Combat card that attaches and says where it goes after use: left to players
    text = "(Banish after use.) Physical attack. DAMAGE: 3 stages. Attach to your MP."
    assert "attach_to" not in compile_text(text, PC).fields
    # attached to something the engine does not attach to
    text = "Physical attack. DAMAGE: 3 stages. Attach to one of your opponent's Drills."
    assert "attach_to" not in compile_text(text, PC).fields
    # a Combat card that also moves itself, or stays in play: which wins is for players
    for hit in (
        "Shuffle this card into your Life Deck.",
        "This attack stays in play to be used a second time this combat.",
    ):
        text = f"Physical attack. DAMAGE: 3 stages. Attach to your MP. HIT: {hit}"
        assert "attach_to" not in compile_text(text, PC).fields, hit
    # a Combat card with no attack or defense read
    assert "attach_to" not in compile_text("Attach to your MP.", PC).fields
    # a Setup whose unlabelled attach comes with effects (no Power to run them)
    assert "attach_to" not in compile_text("Draw a card. Attach to your MP.", SETUP).fields


def test_search_for_a_card_that_can_attach_and_place_it_into_play_attached() -> None:
    """Saiyan Body Blow: "You may search your Life Deck for a card that can attach to your
    MP and place it into play attached." (docs/rulings.md 114)"""
    text = (
        "(Banish after use.) Physical attack. DAMAGE: AT +3 stages. You may search your Life "
        "Deck for a card that can attach to your MP and place it into play attached."
    )
    result = compile_text(text, PC)
    assert result.status == "automated"
    assert result.fields["attack"]["effects"] == [
        {
            "do": "move",
            "source": "life_deck",
            "amount": 1,
            "to": "attach",
            "attaches": "mine",
            "may": True,
        }
    ]
    _card(text, PC)
    text = (
        "POWER: Search your Life Deck or discard pile for a Styled card that can attach to "
        "an MP and place it into play attached."
    )
    (move,) = compile_text(text, EV).fields["action"]["effects"]
    assert move["attaches"] == "any" and move["styled"] is True
    assert move["also_from"] == ["discard_pile"]


def test_search_attach_near_misses_stay_unread() -> None:
    for text in (
        # the opponent's Life Deck: a card would come into play under the wrong control
        "POWER: Search your opponent's Life Deck for a card that can attach to your MP and "
        "place it into play attached.",
        # attached to what?
        "POWER: Search your Life Deck for a card that can attach to a Drill and place it "
        "into play attached.",
        # "attached" missing: it would be played as a Setup or Event is not
        "POWER: Search your Life Deck for a card that can attach to your MP and place it "
        "into play.",
        # two cards
        "POWER: Search your Life Deck for 2 cards that can attach to your MP and place them "
        "into play attached.",
    ):
        assert compile_text(text, EV).unread, text


def test_printed_attach_is_read_whatever_else_the_card_says() -> None:
    from engine.panini.cardtext.attached import printed_attach

    assert printed_attach("Stops an energy attack. Attach to your MP. Swap hands.") == {
        "target": "mp"
    }
    assert printed_attach("HIT: Attach this card to your opponent's MP.") == {
        "target": "mp",
        "who": "opponent",
    }
    # two different targets, or none
    assert printed_attach("Attach to your MP. Attach to your opponent's MP.") is None
    assert printed_attach("Draw a card. While attached, draw a card.") is None


def test_an_attached_card_leaves_when_an_event_happens() -> None:
    """Red Trailing Blast: "While attached when your MP changes levels, return this card
    to your hand."; Saiyan Crouch: "Rejuvenate this card when your MP changes levels.";
    "Destroy this card when ..." (docs/rulings.md 115)."""
    cases = {
        "While attached when your MP changes levels, return this card to your hand.": (
            "level_changed",
            "hand",
        ),
        "Rejuvenate this card when your MP changes levels.": ("level_changed", "rejuvenate"),
        "Destroy this card when your opponent deals critical damage.": (
            "critical_damage",
            "discard",
        ),
        "Place this card on top of your Life Deck when your opponent deals critical damage.": (
            "critical_damage",
            "life_top",
        ),
    }
    for sentence, (event, to) in cases.items():
        text = f"Energy attack. Attach to your MP. {sentence} DAMAGE: 3 life cards."
        result = compile_text(text, EC)
        assert result.status == "automated", sentence
        (trigger,) = result.fields["triggers"]
        assert trigger["on"] == event and trigger["effects"][0]["to"] == to, sentence
        assert trigger["effects"][0]["source"] == "this_card"
        _card(text, EC)


def test_leaving_near_misses_stay_unread() -> None:
    for sentence in (
        # ("Destroy this card at the end of combat." is a trigger the attack arms:
        # tests/cardtext/test_armed.py)
        # (a state, "when your MP's power level is 0", is tests/cardtext/test_leaving.py's)
        # a state not read whole
        "Destroy this card when your MP's power level is 0 or so.",
        # another card
        "Destroy a Drill when your opponent deals critical damage.",
        # more than the card moves
        "Destroy this card and draw a card when your opponent deals critical damage.",
    ):
        text = f"Energy attack. Attach to your MP. {sentence} DAMAGE: 3 life cards."
        assert compile_text(text, EC).unread == [sentence], sentence
    # not on a card that stays in play
    text = "Energy attack. Destroy this card when your opponent deals critical damage. DAMAGE: 3."
    assert "triggers" not in compile_text(text, EC).fields


def test_a_power_of_the_attached_card() -> None:
    """Saiyan Rescue: "While attached, once per turn as an action you may choose a card in
    your discard pile and Rejuvenate it."; Saiyan Resistance: "While attached as an action,
    you may banish this card to raise your anger 1 level." (docs/rulings.md 117)"""
    text = (
        "POWER: Attach to your MP. Rejuvenate 1. While attached, once per turn as an action "
        "you may choose a card in your discard pile and Rejuvenate it."
    )
    result = compile_text(text, EV)
    assert result.status == "automated"
    assert result.fields["attached_action"] == {
        "effects": [{"do": "move", "amount": 1, "source": "discard_pile", "to": "rejuvenate"}]
    }
    assert result.fields["action"] == {"effects": [{"do": "rejuvenate", "amount": 1}]}
    _card(text, EV)
    text = (
        "Stops a physical attack. Attach to your MP. While attached as an action, you may "
        "banish this card to raise your anger 1 level."
    )
    result = compile_text(text, PC)
    assert result.status == "automated"
    first, then = result.fields["attached_action"]["effects"]
    assert "may" not in first and first["source"] == "this_card"
    assert then == {"do": "raise_anger", "amount": 1, "if_you_do": True}
    _card(text, PC)
    # printed in a CONSTANT section of a card that attaches
    text = "POWER: Attach to your MP. CONSTANT: Once per turn as an action, draw a card."
    assert compile_text(text, EV).fields["attached_action"] == {
        "effects": [{"do": "draw", "amount": 1}]
    }


def test_attached_power_near_misses() -> None:
    # a card that does not attach
    result = compile_text("CONSTANT: Once per turn as an action, draw a card.", DRILL)
    assert "attached_action" not in result.fields and result.status == "manual"
    # two of them
    text = (
        "POWER: Attach to your MP. While attached, once per turn as an action you may draw a "
        "card. While attached, as an action you may raise your anger 1 level."
    )
    assert "attached_action" not in compile_text(text, EV).fields
    # an effect not read
    text = "POWER: Attach to your MP. While attached, as an action you may swap hands."
    assert compile_text(text, EV).unread == ["While attached, as an action you may swap hands."]


def test_attached_cards_among_the_cards_in_play_a_move_takes() -> None:
    """Trunks' Knee Bash "Banish a Setup, Drill, or attached card.", Red Mule Kick "You may
    banish an attached card in play." (docs/rulings.md 114)"""
    move = compile_text("POWER: Banish a Setup, Drill, or attached card.", EV).fields["action"]
    assert move["effects"] == [
        {
            "do": "move",
            "source": "in_play",
            "amount": 1,
            "card_types": ["drill", "setup"],
            "to": "banish",
            "attached": True,
            "either_player": True,
        }
    ]
    for sentence, to in (
        ("You may banish an attached card in play.", "banish"),
        ("You may shuffle an attached card in play into its owner's Life Deck.", "life_shuffle"),
        ("You may destroy an attached card.", "discard"),
        ("Banish all attached cards in play.", "banish"),
    ):
        result = compile_text(f"POWER: {sentence}", EV)
        (effect,) = result.fields["action"]["effects"]
        assert effect["attached"] and effect["to"] == to and "card_types" not in effect
        _card(f"POWER: {sentence}", EV)


def test_attached_card_moves_near_misses() -> None:
    for sentence in (
        "Destroy an attached card you control.",  # control and host differ: not read
        "Place an attached card into play.",
        "Banish an attached card from your discard pile.",
        "Search your Life Deck for an attached card and place it into your hand.",
    ):
        assert compile_text(f"POWER: {sentence}", EV).unread, sentence


def test_while_attached_when_entering_combat() -> None:
    """Orange Aid: "While attached, when entering combat you may draw a card." (docs/
    rulings.md 117)"""
    text = "POWER: Attach to your MP. While attached, when entering combat you may draw a card."
    result = compile_text(text, EV)
    assert result.status == "automated"
    assert result.fields["entering_combat"] == [{"do": "draw", "amount": 1, "may": True}]
    _card(text, EV)
    # not on a card that does not attach; an effect not read
    assert compile_text(
        "POWER: Draw a card. While attached, when entering combat, draw a card.", EV
    ).unread
    text = "POWER: Attach to your MP. While attached, when entering combat, swap hands."
    assert compile_text(text, EV).unread == ["While attached, when entering combat, swap hands."]
